/** An icon through `<img src>` only (THREATS.md T3), given a URL already made safe; the initial otherwise. */
export const WalletIcon = ({ icon, name }: { readonly icon: string | undefined; readonly name: string }) =>
  icon === undefined ? (
    <span className="wallet-icon placeholder" aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  ) : (
    <img
      className="wallet-icon"
      src={icon}
      alt=""
      width={32}
      height={32}
      decoding="async"
      loading="lazy"
      referrerPolicy="no-referrer"
    />
  )
