/**
 * The world of the sandbox's local Bitcoin chain's tests (bitcoinChain and bitcoinEsplora .test.ts):
 * importing this starts the chain (sandbox/bitcoin/chain.mjs) once for the file, resets it before each test
 * and stops it after; a reader of its Esplora API.
 */
import { afterAll, beforeAll, beforeEach } from "vitest"
import { type SandboxBitcoin, startSandboxBitcoin } from "../../sandbox/bitcoin/chain.mjs"

export let chain: SandboxBitcoin
beforeAll(async () => {
  chain = await startSandboxBitcoin()
})
afterAll(async () => {
  await chain?.stop()
})
beforeEach(() => chain.reset())

// biome-ignore lint/suspicious/noExplicitAny: the tests read Esplora's JSON field by field
export type Json = any

/** An Esplora GET: its JSON, or its text when it is not JSON; throws on a status other than 2xx. */
export const get = async (path: string): Promise<Json> => {
  const response = await fetch(`${chain.esploraUrl}${path}`)
  const text = await response.text()
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`)
  return response.headers.get("content-type")?.startsWith("application/json") ? JSON.parse(text) : text
}
