import type { ButtonHTMLAttributes } from "react"
import { truncateAddress } from "../schemas/ThirdPartyText"
import { useAirlock } from "./useAirlock"
import { useAirlockAccount } from "./useAirlockAccount"
import { useAirlockState } from "./useAirlockState"

export interface ConnectButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "onClick" | "children"> {
  /** The button's text while disconnected; "Connect Wallet" by default. */
  readonly label?: string
}

/**
 * A plain `<button>` that opens the modal: "Connect Wallet" while disconnected, the account's short
 * address once connected. Style it like any button of yours.
 *
 * @since 0.1.0
 * @category components
 */
export const ConnectButton = ({ label = "Connect Wallet", type = "button", ...rest }: ConnectButtonProps) => {
  const { open } = useAirlock()
  const state = useAirlockState()
  const account = useAirlockAccount()
  const text =
    account.isConnected && account.address !== undefined
      ? truncateAddress(account.address)
      : account.status === "connecting" || account.status === "reconnecting"
        ? "Connecting…"
        : label
  return (
    <button
      {...rest}
      type={type}
      aria-haspopup="dialog"
      aria-expanded={state.open}
      aria-busy={text === "Connecting…" || undefined}
      onClick={() => void open()}
    >
      {text}
    </button>
  )
}
