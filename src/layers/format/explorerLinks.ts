/** Links to a network's block explorer, for a transaction the modal sent: `<explorer>/tx/<hash>`. */

/** The explorer page of transaction `hash` (an EVM hash or a Solana signature), when the network names one. */
export const transactionUrl = (
  network:
    | { readonly blockExplorers?: { readonly default: { readonly url: string } } | undefined }
    | undefined,
  hash: string
): string | undefined => {
  const base = network?.blockExplorers?.default.url
  return base === undefined ? undefined : `${base.replace(/\/+$/, "")}/tx/${encodeURIComponent(hash)}`
}
