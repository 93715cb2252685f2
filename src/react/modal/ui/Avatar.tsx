import { RemoteImage } from "../views/wallets/WalletImage"
import { avatarBackground } from "./avatarGradient"

/**
 * The account's picture: its name avatar (a URL already made safe) when it has one, else a gradient drawn
 * from its address. Decorative: the name or address beside it says whose it is.
 */
export const Avatar = ({
  address,
  avatar
}: {
  readonly address: string
  readonly avatar: string | undefined
}) =>
  avatar === undefined ? (
    <span className="avatar" aria-hidden="true" style={{ backgroundImage: avatarBackground(address) }} />
  ) : (
    <RemoteImage src={avatar} name="" size={64} className="avatar" />
  )
