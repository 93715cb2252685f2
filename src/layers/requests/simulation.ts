/**
 * What a transaction would change in its sender's balances, from `eth_simulateV1` with traced transfers
 * (anvil and geth answer it; other nodes refuse it, and the preview then says "not simulated"). Native
 * transfers are traced as ERC-20 `Transfer` logs of a pseudo-token at 0xeeee…eeee. The answer comes from
 * an RPC node, so it is decoded and bounded before it is read.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"

/** The pseudo-token whose `Transfer` logs stand for native transfers in traced simulations. */
export const NATIVE_TRANSFER_ADDRESS = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"
/** `keccak256("Transfer(address,address,uint256)")`, shared by ERC-20 and ERC-721. */
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"
const MAX_LOGS = 512
/** A batch of more calls than this is not simulated (`wallet_sendCalls` lists are bounded by the dapp). */
export const MAX_SIMULATED_CALLS = 10

/** The transaction to simulate, as a wallet would be asked to send it. */
export interface SimulatedTransaction {
  readonly from: string
  readonly to?: string | undefined
  readonly value?: string | undefined
  readonly data?: string | undefined
  readonly gas?: string | undefined
}

const simulatedCall = (transaction: SimulatedTransaction) => ({
  from: transaction.from,
  ...(transaction.to === undefined ? {} : { to: transaction.to }),
  ...(transaction.value === undefined ? {} : { value: transaction.value }),
  ...(transaction.data === undefined ? {} : { input: transaction.data }),
  ...(transaction.gas === undefined ? {} : { gas: transaction.gas })
})

/**
 * The `eth_simulateV1` request for one transaction, or a batch run in order (each call sees the state the
 * previous ones left), on top of the latest block.
 */
export const simulationRequest = (
  transactions: SimulatedTransaction | ReadonlyArray<SimulatedTransaction>
) => ({
  method: "eth_simulateV1",
  params: [
    {
      blockStateCalls: [
        { calls: (Array.isArray(transactions) ? transactions : [transactions]).map(simulatedCall) }
      ],
      traceTransfers: true,
      validation: false
    },
    "latest"
  ]
})

const Hex = (maxLength: number) =>
  Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]*$/), Schema.isMaxLength(maxLength))

const Log = Schema.Struct({
  address: Hex(42),
  topics: Schema.Array(Hex(66)).check(Schema.isMaxLength(4)),
  data: Hex(2 + 64 * 64)
})

const SimulatedCall = Schema.Struct({
  status: Schema.String,
  logs: Schema.Array(Log).check(Schema.isMaxLength(MAX_LOGS)),
  /** A failed call's revert data, read only for its `Error(string)` reason. */
  returnData: Schema.optional(Hex(2 + 64 * 16))
})

const SimulateResponse = Schema.Array(
  Schema.Struct({
    calls: Schema.Array(SimulatedCall).check(Schema.isMinLength(1), Schema.isMaxLength(MAX_SIMULATED_CALLS))
  })
).check(Schema.isMinLength(1), Schema.isMaxLength(1))

const decodeResponse = Schema.decodeUnknownOption(SimulateResponse)

/** A change to the sender's balance of one token (`native` for the chain's coin); `delta` in base units. */
export interface BalanceChange {
  readonly token: "native" | `0x${string}`
  readonly delta: bigint
}

export type Simulation =
  | { readonly _tag: "Simulated"; readonly changes: ReadonlyArray<BalanceChange> }
  /**
   * The transaction would revert: the wallet would send one that fails. In a batch, `call` is the first
   * failing call's index; `reason` its `Error(string)` text when it gave a short printable one.
   */
  | { readonly _tag: "Reverted"; readonly call?: number | undefined; readonly reason?: string | undefined }

/** `Error(string)`'s selector: the revert reason Solidity's `require` and `revert("…")` give. */
const ERROR_STRING = "0x08c379a0"
const MAX_REASON_LENGTH = 120

/** A revert's `Error(string)` reason as short printable text (no control or direction characters). */
export const revertReason = (data: string | undefined): string | undefined => {
  if (data === undefined || !data.toLowerCase().startsWith(ERROR_STRING)) return undefined
  const body = `0x${data.slice(10)}`
  const offset = wordAt(body, 0)
  const length = wordAt(body, 1)
  if (offset !== 32n || length === undefined || length === 0n || length > BigInt(MAX_REASON_LENGTH * 4))
    return undefined
  const hex = body.slice(2 + 128, 2 + 128 + Number(length) * 2)
  if (hex.length !== Number(length) * 2) return undefined
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytesOf(hex))
    return text.length <= MAX_REASON_LENGTH && /^[\p{L}\p{N}\p{S}\p{P} ]+$/u.test(text) ? text : undefined
  } catch {
    return undefined
  }
}

const addressOfTopic = (topic: string) => `0x${topic.slice(26).toLowerCase()}`

/**
 * The sender's balance changes a simulation answer shows, summed over its calls in the order tokens first
 * moved; `None` when the answer is not a simulation of one block of calls. A batch with one failing call
 * reverts. ERC-721 transfers (a fourth topic) are not balances and are left out; changes that cancel out
 * are dropped.
 */
export const simulatedChanges = (answer: unknown, sender: string): Option.Option<Simulation> =>
  Option.flatMap(decodeResponse(answer), ([block]) => {
    const calls = block!.calls
    const failing = calls.findIndex((call) => call.status !== "0x1")
    if (failing !== -1)
      return Option.some({
        _tag: "Reverted",
        call: failing,
        reason: revertReason(calls[failing]!.returnData)
      } as const)
    const logs = calls.flatMap((call) => call.logs)
    if (logs.length > MAX_LOGS) return Option.none()
    const account = sender.toLowerCase()
    const deltas = new Map<BalanceChange["token"], bigint>()
    for (const log of logs) {
      if (log.topics.length !== 3 || log.topics[0]?.toLowerCase() !== TRANSFER_TOPIC) continue
      if (log.data.length !== 66) continue
      const from = addressOfTopic(log.topics[1]!)
      const to = addressOfTopic(log.topics[2]!)
      const amount = BigInt(log.data)
      const contract = log.address.toLowerCase()
      const token = contract === NATIVE_TRANSFER_ADDRESS ? "native" : (contract as `0x${string}`)
      const delta = (from === account ? -amount : 0n) + (to === account ? amount : 0n)
      if (delta !== 0n || from === account || to === account)
        deltas.set(token, (deltas.get(token) ?? 0n) + delta)
    }
    const changes = [...deltas].flatMap(([token, delta]) => (delta === 0n ? [] : [{ token, delta }]))
    return Option.some({ _tag: "Simulated", changes } as const)
  })

/** ERC-20 `symbol()` and `decimals()` selectors, read to show a simulated change of an unknown token. */
export const SYMBOL_CALL = "0x95d89b41"
export const DECIMALS_CALL = "0x313ce567"
const MAX_SYMBOL_LENGTH = 16

/** `decimals()`'s answer: one word holding 0-255 (anything else is not a token's decimals). */
export const decodeDecimals = (answer: unknown): number | undefined => {
  if (typeof answer !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(answer)) return undefined
  const value = BigInt(answer)
  return value <= 255n ? Number(value) : undefined
}

const wordAt = (hex: string, index: number): bigint | undefined => {
  const word = hex.slice(2 + index * 64, 2 + (index + 1) * 64)
  return word.length === 64 ? BigInt(`0x${word}`) : undefined
}

const printableSymbol = (bytes: Uint8Array): string | undefined => {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/\0+$/, "")
    return /^[\p{L}\p{N}\p{S}\p{P} ]{1,16}$/u.test(text) && text.trim() === text ? text : undefined
  } catch {
    return undefined
  }
}

const bytesOf = (hex: string): Uint8Array =>
  Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))

/**
 * `symbol()`'s answer: an ABI string, or the `bytes32` older tokens return, as short printable text
 * (letters, digits, symbols, punctuation; no control or direction characters); else `undefined`.
 */
export const decodeSymbol = (answer: unknown): string | undefined => {
  if (typeof answer !== "string" || !/^0x([0-9a-fA-F]{64})+$/.test(answer) || answer.length > 2 + 64 * 8)
    return undefined
  if (answer.length === 66) return printableSymbol(bytesOf(answer.slice(2)))
  const offset = wordAt(answer, 0)
  if (offset !== 32n) return undefined
  const length = wordAt(answer, 1)
  if (length === undefined || length === 0n || length > BigInt(MAX_SYMBOL_LENGTH)) return undefined
  const data = answer.slice(2 + 128, 2 + 128 + Number(length) * 2)
  return data.length === Number(length) * 2 ? printableSymbol(bytesOf(data)) : undefined
}

const hexField = (record: Readonly<Record<string, unknown>>, key: string): string | undefined => {
  const value = record[key]
  return typeof value === "string" && /^0x[0-9a-fA-F]*$/.test(value) ? value : undefined
}

const asRecord = (value: unknown): Readonly<Record<string, unknown>> | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Readonly<Record<string, unknown>>)
    : undefined

/**
 * What a request would send, to simulate it: `eth_sendTransaction`'s transaction or `wallet_sendCalls`'
 * batch, from `account` (never the request's own `from`); `undefined` for a request that sends nothing (a signature), a batch over
 * `MAX_SIMULATED_CALLS`, or params that do not read as transactions.
 */
export const transactionsOf = (
  method: string,
  params: unknown,
  account: string
): ReadonlyArray<SimulatedTransaction> | undefined => {
  const first = asRecord(Array.isArray(params) ? params[0] : undefined)
  if (first === undefined) return undefined
  // The connected account sends, whatever `from` the dapp wrote: the preview shows what it would lose.
  const from = account
  const transaction = (call: Readonly<Record<string, unknown>>, gas: boolean): SimulatedTransaction => ({
    from,
    to: hexField(call, "to"),
    value: hexField(call, "value"),
    data: hexField(call, "data") ?? hexField(call, "input"),
    gas: gas ? hexField(call, "gas") : undefined
  })
  if (method === "eth_sendTransaction") return [transaction(first, true)]
  if (method !== "wallet_sendCalls" || !Array.isArray(first.calls)) return undefined
  const calls = first.calls.slice(0, MAX_SIMULATED_CALLS + 1).map(asRecord)
  if (calls.length > MAX_SIMULATED_CALLS || calls.some((call) => call === undefined)) return undefined
  return calls.map((call) => transaction(call!, false))
}
