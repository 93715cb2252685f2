import { RemoteImage } from "./WalletImage"

/** A wallet, token or account icon (32 px), with the 2 s rule of every remote image. */
export const WalletIcon = ({ icon, name }: { readonly icon: string | undefined; readonly name: string }) => (
  <RemoteImage src={icon} name={name} size={32} />
)
