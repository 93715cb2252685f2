/**
 * How a batch goes to the wallet (EIP-5792): as is, when `wallet_getCapabilities` says the chain's `atomic`
 * status is `supported` or `ready`; call by call otherwise (no `atomic`, `unsupported`, or a wallet without
 * the methods). The answer is decoded and bounded, and cached per account and chain.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { WalletError } from "../../errors"
import { boundedText, safeGet } from "../../walletErrors"

const AtomicStatus = Schema.Literals(["supported", "ready", "unsupported"])
export type AtomicStatus = typeof AtomicStatus.Type

/** One chain's capabilities: only `atomic` is read, the rest is the wallet's own business. */
const ChainCapabilities = Schema.Struct({
  atomic: Schema.optional(Schema.Struct({ status: AtomicStatus }))
})

const decodeChain = Schema.decodeUnknownOption(ChainCapabilities)

/** The most chains of one answer that are read: a wallet cannot make the modal walk a huge object. */
const MAX_CHAINS = 64

/**
 * The `atomic` status of `chainId` (hex) in a `wallet_getCapabilities` answer: the chain's own entry, or the
 * `0x0` entry that holds on every chain; `undefined` when neither says (the wallet does not batch there).
 */
export const atomicStatusOf = (answer: unknown, chainId: string): AtomicStatus | undefined => {
  if (typeof answer !== "object" || answer === null || Array.isArray(answer)) return undefined
  const keys = Object.keys(answer)
  if (keys.length > MAX_CHAINS) return undefined
  const read = (key: string) =>
    keys.includes(key) ? Option.getOrUndefined(decodeChain(safeGet(answer, key)))?.atomic?.status : undefined
  return read(chainId.toLowerCase()) ?? read("0x0")
}

/** Atomic batches go to the wallet as they are; any other status sends the calls one by one. */
export const sendsAtomically = (status: AtomicStatus | undefined): boolean =>
  status === "supported" || status === "ready"

/**
 * Texts by which wallets (and the nodes behind them) say they have no `wallet_sendCalls` (FACTS-NEXT §1,
 * viem's fallback list), lower case.
 */
const UNSUPPORTED_TEXTS = [
  "does not exist / is not available",
  "missing or invalid. request()",
  "did not match any variant of untagged enum",
  "account upgraded to unsupported contract",
  "eip-7702 not supported",
  "unsupported wc_ method",
  "feature toggled misconfigured",
  "jsonrpcengine: response has no error or result"
]

/** EIP-1474 "method not found". */
const METHOD_NOT_FOUND = -32601

const textsOf = (error: WalletError): ReadonlyArray<string> =>
  [
    error.message,
    boundedText(safeGet(error.cause, "message")),
    boundedText(safeGet(error.cause, "details")),
    boundedText(safeGet(safeGet(error.cause, "data"), "message"))
  ].flatMap((text) => (text === undefined ? [] : [text.toLowerCase()]))

/**
 * Whether a wallet's error to `wallet_sendCalls` or `wallet_getCapabilities` means it has no EIP-5792 (4200,
 * -32601, or one of the known texts): the batch then goes call by call. Any other error (a rejection, a
 * refused chain) is the wallet's answer and stands.
 */
export const lacksBatches = (error: WalletError): boolean =>
  error._tag === "UnsupportedMethodError" ||
  error.code === METHOD_NOT_FOUND ||
  textsOf(error).some((text) => UNSUPPORTED_TEXTS.some((known) => text.includes(known)))

/** The most account-and-chain pairs whose capabilities are kept. */
export const MAX_CAPABILITIES = 16

/** `cache` with `status` under `key`, the oldest dropped past {@link MAX_CAPABILITIES}. */
export const withCapability = (
  cache: ReadonlyMap<string, AtomicStatus | "none">,
  key: string,
  status: AtomicStatus | "none"
): ReadonlyMap<string, AtomicStatus | "none"> => {
  const next = new Map(cache)
  next.delete(key)
  next.set(key, status)
  while (next.size > MAX_CAPABILITIES) next.delete(next.keys().next().value as string)
  return next
}

/** The cache key: the connector, the account and the chain (a change of any one asks again). */
export const capabilityKey = (connectorId: string, address: string, chainId: string): string =>
  `${connectorId}|${address.toLowerCase()}|${chainId.toLowerCase()}`
