import { useEffect, useState } from "react"

/** SPEC.md §9: an image that has not loaded after 2 s gives way to the placeholder. */
export const IMAGE_TIMEOUT_MS = 2000

const initialOf = (name: string) => (Array.from(name)[0] ?? "?").toUpperCase()

const Placeholder = ({ name, className }: { readonly name: string; readonly className: string }) => (
  <span className={`${className} placeholder`} aria-hidden="true">
    {name === "" ? null : initialOf(name)}
  </span>
)

interface ImageProps {
  readonly src: string
  readonly name: string
  readonly size: number | undefined
  readonly className: string
}

const LazyImage = ({ src, name, size, className }: ImageProps) => {
  const [state, setState] = useState<"loading" | "loaded" | "failed">("loading")
  useEffect(() => {
    const timer = setTimeout(
      () => setState((current) => (current === "loading" ? "failed" : current)),
      IMAGE_TIMEOUT_MS
    )
    return () => clearTimeout(timer)
  }, [])
  if (state === "failed") return <Placeholder name={name} className={className} />
  return (
    <img
      className={className}
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onLoad={() => setState("loaded")}
      onError={() => setState("failed")}
    />
  )
}

/**
 * A remote image (wallet, token or account icon, NFT preview) through `<img src>` only, given a URL already
 * made safe (THREATS.md T3): the initial of `name` instead when there is none, it fails, or it has not
 * loaded within {@link IMAGE_TIMEOUT_MS}.
 */
export const RemoteImage = ({
  src,
  name,
  size,
  className = "wallet-icon"
}: {
  readonly src: string | undefined
  readonly name: string
  readonly size?: number
  readonly className?: string
}) =>
  src === undefined ? (
    <Placeholder name={name} className={className} />
  ) : (
    <LazyImage key={src} src={src} name={name} size={size} className={className} />
  )

/** A listing's image (40 px). */
export const WalletImage = ({ src, name }: { readonly src: string | undefined; readonly name: string }) => (
  <RemoteImage src={src} name={name} size={40} />
)
