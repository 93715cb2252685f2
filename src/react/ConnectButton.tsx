import { type ButtonHTMLAttributes, useSyncExternalStore } from "react"
import { buttonWords } from "../messages/compiled/en/button"
import { englishLocale } from "../modalDefaults"
import { truncateAddress } from "../schemas/ThirdPartyText"
import { useModal } from "./AirlockProvider"
import { companionOf } from "./registry"
import { useAirlock } from "./useAirlock"
import { useAirlockAccount } from "./useAirlockAccount"
import { useAirlockState } from "./useAirlockState"

export interface ConnectButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "onClick" | "children"> {
  /** The button's text while disconnected; "Connect Wallet" (in the modal's language) by default. */
  readonly label?: string
}

const english = () => englishLocale
const unsubscribe = () => () => {}

/**
 * A plain `<button>` that opens the modal: "Connect Wallet" while disconnected, the account's short
 * address once connected. It speaks the modal's language (English until another one has loaded, at page
 * load). A pointer over it, a press or focus fetches the modal's interface, if the idle page has not yet.
 * Style it like any button of yours.
 *
 * @since 0.1.0
 * @category components
 */
export const ConnectButton = ({
  label,
  type = "button",
  onPointerEnter,
  onPointerDown,
  onFocus,
  ...rest
}: ConnectButtonProps) => {
  const { open } = useAirlock()
  const state = useAirlockState()
  const account = useAirlockAccount()
  const modal = useModal()
  const localeStore = companionOf(modal)?.locale
  const prepare = () => companionOf(modal)?.prepare()
  const locale = useSyncExternalStore(
    localeStore?.subscribe ?? unsubscribe,
    localeStore?.get ?? english,
    english
  )
  const words = locale.catalog?.button ?? buttonWords
  const connecting = account.status === "connecting" || account.status === "reconnecting"
  const text =
    account.isConnected && account.address !== undefined
      ? truncateAddress(account.address)
      : connecting
        ? words.connecting()
        : (label ?? words.connect())
  return (
    <button
      {...rest}
      type={type}
      aria-haspopup="dialog"
      aria-expanded={state.open}
      aria-busy={connecting || undefined}
      onPointerEnter={(event) => {
        prepare()
        onPointerEnter?.(event)
      }}
      onPointerDown={(event) => {
        prepare()
        onPointerDown?.(event)
      }}
      onFocus={(event) => {
        prepare()
        onFocus?.(event)
      }}
      onClick={() => void open()}
    >
      {text}
    </button>
  )
}
