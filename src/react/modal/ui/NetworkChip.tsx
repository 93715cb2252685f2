import { uiWords } from "../../../messages/compiled/en/ui"
import { useWords } from "../element/useWords"
import { RemoteImage } from "../views/wallets/WalletImage"
import { ChevronDownIcon } from "./icons"

/**
 * The active network as a small pill: its icon (or initial) and name; a button that leads to the networks
 * when switching is offered, plain otherwise.
 */
export const NetworkChip = ({
  name,
  icon,
  onSwitch
}: {
  readonly name: string
  readonly icon: string | undefined
  readonly onSwitch: (() => void) | undefined
}) => {
  const t = useWords("ui", uiWords)
  return onSwitch === undefined ? (
    <span className="network-chip">
      <RemoteImage src={icon} name={name} size={24} />
      <span className="name" translate="no">
        {name}
      </span>
    </span>
  ) : (
    <button type="button" className="network-chip" aria-label={t.switchNetwork({ name })} onClick={onSwitch}>
      <RemoteImage src={icon} name={name} size={24} />
      <span className="name" translate="no">
        {name}
      </span>
      <ChevronDownIcon />
    </button>
  )
}
