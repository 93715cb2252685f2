/**
 * The wallets' few reads of the local chain's Esplora HTTP API: an address's UTXOs, the fee estimates and the
 * broadcast. Every call times out; answers are checked before use. Free of DOM code.
 */
import type { Utxo } from "./transfer"

export interface Esplora {
  readonly utxos: (address: string) => Promise<ReadonlyArray<Utxo>>
  /** sat/vB for confirmation within `target` blocks (the nearest target Esplora answers). */
  readonly feeRate: (target?: number) => Promise<number>
  /** `POST /tx` with the hex; answers the txid. */
  readonly broadcast: (txHex: string) => Promise<string>
}

const TIMEOUT_MS = 10_000

const isUtxo = (value: unknown): value is Utxo => {
  const v = value as Partial<Utxo> | null
  return (
    typeof v === "object" &&
    v !== null &&
    typeof v.txid === "string" &&
    /^[0-9a-f]{64}$/.test(v.txid) &&
    Number.isSafeInteger(v.vout) &&
    Number.isSafeInteger(v.value) &&
    (v.value ?? -1) >= 0
  )
}

export const createEsplora = (baseUrl: () => string | undefined, fetchFn?: typeof fetch): Esplora => {
  // The page's fetch is read at each call (a test or the page may replace it after the wallet starts).
  const fetchNow: typeof fetch = fetchFn ?? ((input, init) => globalThis.fetch(input, init))
  const call = async (path: string, init?: RequestInit): Promise<Response> => {
    const base = baseUrl()
    if (base === undefined) throw new Error("The sandbox's Bitcoin chain is not configured.")
    const response = await fetchNow(`${base.replace(/\/$/, "")}${path}`, {
      ...init,
      signal: AbortSignal.timeout(TIMEOUT_MS)
    })
    if (!response.ok) {
      const text = (await response.text()).slice(0, 500)
      throw new Error(`Esplora ${path} answered ${response.status}: ${text}`)
    }
    return response
  }
  return {
    utxos: async (address) => {
      const body: unknown = await (await call(`/address/${encodeURIComponent(address)}/utxo`)).json()
      if (!Array.isArray(body) || !body.every(isUtxo)) throw new Error("Esplora's UTXO list is malformed.")
      return body
    },
    feeRate: async (target = 6) => {
      const body: unknown = await (await call("/fee-estimates")).json()
      const rates = Object.entries(typeof body === "object" && body !== null ? body : {})
        .map(([blocks, rate]) => [Number(blocks), rate] as const)
        .filter(
          (e): e is readonly [number, number] => Number.isFinite(e[0]) && typeof e[1] === "number" && e[1] > 0
        )
        .sort((a, b) => a[0] - b[0])
      const chosen = rates.find(([blocks]) => blocks >= target) ?? rates.at(-1)
      // An empty estimate list (a fresh chain) means the minimum relay fee.
      return chosen?.[1] ?? 1
    },
    broadcast: async (txHex) => {
      const txid = (await (await call("/tx", { method: "POST", body: txHex })).text()).trim()
      if (!/^[0-9a-f]{64}$/.test(txid)) throw new Error("Esplora's broadcast answer is not a txid.")
      return txid
    }
  }
}
