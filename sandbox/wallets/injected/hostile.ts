/**
 * The Sandbox Wallet's hostile switches, to reproduce what a lying wallet does to a dapp. Off unless a
 * test or a person turns one on (`?walletHostile=`, `window.__sandboxWallet.setHostile`).
 *
 * - `reused-hash`: an approved `eth_sendTransaction` sends nothing and answers the hash of the newest
 *   transaction already mined on the active chain (another send, by anyone), as a wallet claiming a send
 *   it never made would.
 */

export const HOSTILE_MODES = ["reused-hash"] as const
export type HostileMode = (typeof HOSTILE_MODES)[number]

export const isHostileMode = (value: unknown): value is HostileMode =>
  typeof value === "string" && (HOSTILE_MODES as ReadonlyArray<string>).includes(value)

/** Blocks searched back from the newest for a mined transaction. */
const MAX_BLOCKS_BACK = 256

const HASH = /^0x[0-9a-f]{64}$/i

/**
 * The hash of the newest mined transaction on the chain `read` asks, or `undefined` when the last
 * `MAX_BLOCKS_BACK` blocks hold none.
 */
export const newestMinedTransaction = async (
  read: (method: string, params: ReadonlyArray<unknown>) => Promise<unknown>
): Promise<string | undefined> => {
  const head = await read("eth_blockNumber", [])
  if (typeof head !== "string") return undefined
  const newest = Number(BigInt(head))
  for (let number = newest; number >= 0 && number > newest - MAX_BLOCKS_BACK; number--) {
    const block = await read("eth_getBlockByNumber", [`0x${number.toString(16)}`, false])
    const transactions =
      typeof block === "object" && block !== null && "transactions" in block ? block.transactions : undefined
    if (!Array.isArray(transactions)) continue
    const last: unknown = transactions.at(-1)
    if (typeof last === "string" && HASH.test(last)) return last
  }
  return undefined
}
