import type { KeyValue } from "../../sandbox/wallets/injected/types"

/** A wallet's storage in memory, its entries readable by the test. */
export const memoryStorage = (): KeyValue & { readonly data: Map<string, string> } => {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key)
  }
}
