/**
 * Is the transaction a wallet's hash names the one that was sent? A wallet may answer any hash, such as
 * one of a transaction mined long ago, so before a send counts as sent or confirmed the chain's own record
 * of that hash (`eth_getTransactionByHash`) must agree with the request on sender, receiver, value, data
 * and chain. The node's answer is decoded and bounded before it is read.
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import type { SentField } from "../../errors"
import { decodeUnknownResult, SchemaDecodeError } from "../../schemas/decode"
import { EvmAddress } from "../../schemas/Primitives"
import type { FallbackTransport } from "../../services/FallbackTransport"
import type { SentRequest } from "../../services/TransactionWatcher"

const HexQuantity = Schema.String.check(
  Schema.isPattern(/^0x[0-9a-fA-F]{1,64}$/, { message: "Expected a hex quantity of at most 32 bytes" })
)
/** Call data: the bound keeps a hostile node's answer from growing without end (128 KB, a block's worth). */
const HexData = Schema.String.check(
  Schema.isPattern(/^0x[0-9a-fA-F]*$/, { message: "Expected call data: 0x followed by hex digits" }),
  Schema.isMaxLength(2 + 2 * 131_072, { message: "Expected call data of at most 128 KB" })
)
const TransactionHash = Schema.String.check(
  Schema.isPattern(/^0x[0-9a-fA-F]{64}$/, { message: "Expected a 32-byte transaction hash" })
)

/** The fields of an `eth_sendTransaction` request that the sent transaction must carry. */
const RequestFields = Schema.Struct({
  to: Schema.optional(Schema.NullOr(EvmAddress)),
  value: Schema.optional(HexQuantity),
  data: Schema.optional(HexData),
  input: Schema.optional(HexData)
})

/**
 * What an `eth_sendTransaction` asks the wallet to send, sent by `account`; a request whose receiver,
 * value or data does not read (or whose `data` and `input` disagree) fails: nothing that cannot be checked
 * is sent.
 */
export const sentRequestOf = (
  params: unknown,
  account: string
): Result.Result<SentRequest, SchemaDecodeError> => {
  const first = Array.isArray(params) ? params[0] : undefined
  return Result.flatMap(
    decodeUnknownResult(RequestFields, "eth_sendTransaction params")(first),
    ({ to, value, data, input }) =>
      data !== undefined && input !== undefined && data.toLowerCase() !== input.toLowerCase()
        ? Result.fail(
            new SchemaDecodeError({
              subject: "eth_sendTransaction params",
              message: "eth_sendTransaction params: [0].data and [0].input differ"
            })
          )
        : Result.succeed({
            from: account,
            to: to ?? null,
            value: value === undefined ? 0n : BigInt(value),
            data: (data ?? input ?? "0x").toLowerCase()
          })
  )
}

/** The fields of `eth_getTransactionByHash`'s answer that are compared; `null` when the node knows none. */
const TransactionResponse = Schema.NullOr(
  Schema.Struct({
    hash: TransactionHash,
    from: EvmAddress,
    to: Schema.optional(Schema.NullOr(EvmAddress)),
    value: HexQuantity,
    input: HexData,
    chainId: Schema.optional(HexQuantity),
    nonce: Schema.optional(HexQuantity)
  })
)
export type OnChainTransaction = NonNullable<typeof TransactionResponse.Type>

export const decodeTransactionResponse = decodeUnknownResult(
  TransactionResponse,
  "eth_getTransactionByHash result"
)

/** `transaction` when it is the one of `hash`: a node that answers for another hash is not believed. */
export const transactionFor = (
  hash: string,
  transaction: OnChainTransaction | null
): OnChainTransaction | undefined =>
  transaction !== null && transaction.hash.toLowerCase() === hash.toLowerCase() ? transaction : undefined

/** The numeric chain of an eip155 network id (`eip155:31337` → 31337n); `undefined` for any other. */
export const chainIdOf = (network: string): bigint | undefined => {
  const match = /^eip155:(\d{1,20})$/.exec(network)
  return match === null ? undefined : BigInt(match[1]!)
}

/**
 * The fields where `transaction` contradicts what was sent on `chainId`; empty when it is the sent one. A
 * node that omits `chainId` (a legacy transaction) answered from the network's own chain, so only a
 * stated chain can differ.
 */
export const mismatchedFields = (
  sent: SentRequest,
  chainId: bigint | undefined,
  transaction: OnChainTransaction
): ReadonlyArray<SentField> => {
  const fields: Array<SentField> = []
  if (transaction.from.toLowerCase() !== sent.from.toLowerCase()) fields.push("from")
  if ((transaction.to?.toLowerCase() ?? null) !== (sent.to?.toLowerCase() ?? null)) fields.push("to")
  if (BigInt(transaction.value) !== sent.value) fields.push("value")
  if (transaction.input.toLowerCase() !== sent.data) fields.push("data")
  if (transaction.chainId !== undefined && BigInt(transaction.chainId) !== chainId) fields.push("chain")
  // A transaction mined before the wallet was asked (an identical earlier send) is not this one.
  if (
    sent.nonceFloor !== undefined &&
    transaction.nonce !== undefined &&
    BigInt(transaction.nonce) < sent.nonceFloor
  )
    fields.push("nonce")
  return fields
}

type Network = Parameters<FallbackTransport["Service"]["request"]>[0]
type Timeout = Parameters<typeof Effect.timeout>[1]

/**
 * What the node answers `request` with, decoded; `undefined` when it does not answer well within `timeout`
 * (the check then goes on without it: a slow node never blocks a send).
 */
const readQuietly = <A>(
  fallback: FallbackTransport["Service"],
  network: Network,
  request: { readonly method: string; readonly params: ReadonlyArray<unknown> },
  decode: (answer: unknown) => Result.Result<A, SchemaDecodeError>,
  timeout: Timeout
): Effect.Effect<A | undefined> => {
  const unread = (why: unknown) => Effect.as(Effect.logDebug(`${request.method}: not read`, why), undefined)
  return fallback.request(network, request).pipe(
    Effect.timeout(timeout),
    Effect.flatMap((answer) => Effect.fromResult(decode(answer))),
    Effect.catch(unread),
    Effect.catchDefect(unread)
  )
}

/**
 * The transaction the network's node holds under `hash`, pending or mined; `undefined` when it holds none
 * (yet), answers for another hash, or does not answer well within `timeout`.
 */
export const transactionByHash = (
  fallback: FallbackTransport["Service"],
  network: Network,
  hash: string,
  timeout: Timeout
): Effect.Effect<OnChainTransaction | undefined> =>
  Effect.map(
    readQuietly(
      fallback,
      network,
      { method: "eth_getTransactionByHash", params: [hash] },
      decodeTransactionResponse,
      timeout
    ),
    (transaction) => (transaction === undefined ? undefined : transactionFor(hash, transaction))
  )

const decodeNonce = decodeUnknownResult(HexQuantity, "eth_getTransactionCount result")

/**
 * How many of the account's transactions the network has mined (`eth_getTransactionCount` at `latest`), read
 * before the wallet is asked: the sent transaction's nonce is no lower (a pending one is not counted, as a
 * wallet may replace it). `undefined` when the node does not answer well within `timeout`; the send is then
 * checked without it.
 */
export const minedCountOf = (
  fallback: FallbackTransport["Service"],
  network: Network,
  account: string,
  timeout: Timeout
): Effect.Effect<bigint | undefined> =>
  Effect.map(
    readQuietly(
      fallback,
      network,
      { method: "eth_getTransactionCount", params: [account, "latest"] },
      decodeNonce,
      timeout
    ),
    (count) => (count === undefined ? undefined : BigInt(count))
  )
