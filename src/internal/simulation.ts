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

/** The transaction to simulate, as a wallet would be asked to send it. */
export interface SimulatedTransaction {
  readonly from: string
  readonly to?: string | undefined
  readonly value?: string | undefined
  readonly data?: string | undefined
  readonly gas?: string | undefined
}

/** The `eth_simulateV1` request for one transaction on top of the latest block. */
export const simulationRequest = (transaction: SimulatedTransaction) => ({
  method: "eth_simulateV1",
  params: [
    {
      blockStateCalls: [
        {
          calls: [
            {
              from: transaction.from,
              ...(transaction.to === undefined ? {} : { to: transaction.to }),
              ...(transaction.value === undefined ? {} : { value: transaction.value }),
              ...(transaction.data === undefined ? {} : { input: transaction.data }),
              ...(transaction.gas === undefined ? {} : { gas: transaction.gas })
            }
          ]
        }
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
  logs: Schema.Array(Log).check(Schema.isMaxLength(MAX_LOGS))
})

const SimulateResponse = Schema.Array(
  Schema.Struct({ calls: Schema.Array(SimulatedCall).check(Schema.isMinLength(1), Schema.isMaxLength(1)) })
).check(Schema.isMinLength(1), Schema.isMaxLength(1))

const decodeResponse = Schema.decodeUnknownOption(SimulateResponse)

/** A change to the sender's balance of one token (`native` for the chain's coin); `delta` in base units. */
export interface BalanceChange {
  readonly token: "native" | `0x${string}`
  readonly delta: bigint
}

export type Simulation =
  | { readonly _tag: "Simulated"; readonly changes: ReadonlyArray<BalanceChange> }
  /** The transaction would revert: the wallet would send one that fails. */
  | { readonly _tag: "Reverted" }

const addressOfTopic = (topic: string) => `0x${topic.slice(26).toLowerCase()}`

/**
 * The sender's balance changes a simulation answer shows, in the order tokens first moved; `None` when the
 * answer is not a simulation of one call. ERC-721 transfers (a fourth topic) are not balances and are
 * left out; changes that cancel out are dropped.
 */
export const simulatedChanges = (answer: unknown, sender: string): Option.Option<Simulation> =>
  Option.map(decodeResponse(answer), ([block]) => {
    const [call] = block!.calls
    if (call!.status !== "0x1") return { _tag: "Reverted" } as const
    const account = sender.toLowerCase()
    const deltas = new Map<BalanceChange["token"], bigint>()
    for (const log of call!.logs) {
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
    return { _tag: "Simulated", changes } as const
  })
