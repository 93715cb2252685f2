import { useEffect, useState } from "react"

/** SPEC.md §9: an image that has not loaded after 2 s gives way to the placeholder. */
export const IMAGE_TIMEOUT_MS = 2000

const initialOf = (name: string) => (Array.from(name)[0] ?? "?").toUpperCase()

const Placeholder = ({ name }: { readonly name: string }) => (
  <span className="wallet-icon placeholder" aria-hidden="true">
    {initialOf(name)}
  </span>
)

const LazyImage = ({ src, name }: { readonly src: string; readonly name: string }) => {
  const [state, setState] = useState<"loading" | "loaded" | "failed">("loading")
  useEffect(() => {
    const timer = setTimeout(
      () => setState((current) => (current === "loading" ? "failed" : current)),
      IMAGE_TIMEOUT_MS
    )
    return () => clearTimeout(timer)
  }, [])
  if (state === "failed") return <Placeholder name={name} />
  return (
    <img
      className="wallet-icon"
      src={src}
      alt=""
      width={40}
      height={40}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onLoad={() => setState("loaded")}
      onError={() => setState("failed")}
    />
  )
}

/**
 * A listing's image, lazily loaded through `<img src>` only (THREATS.md T3); the wallet's initial when
 * there is no image, it fails, or it takes longer than {@link IMAGE_TIMEOUT_MS}.
 */
export const WalletImage = ({ src, name }: { readonly src: string | undefined; readonly name: string }) =>
  src === undefined ? <Placeholder name={name} /> : <LazyImage key={src} src={src} name={name} />
