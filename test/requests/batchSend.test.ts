/**
 * Issue 34: a `wallet_sendCalls` batch for a wallet without EIP-5792 goes call by call, each exactly as
 * reviewed and after the previous receipt; the dapp gets an id whose `wallet_getCallsStatus` the modal
 * answers; `atomicRequired` refuses the fallback (5760); a wallet whose chain is `atomic` gets the batch as is.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as PubSub from "effect/PubSub"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { FallbackTransport } from "../../src/services/FallbackTransport"
import { RpcRouter } from "../../src/services/RpcRouter"
import { type TrackedTransaction, TransactionWatcher } from "../../src/services/TransactionWatcher"
import { makeMockEip1193Provider } from "../../src/testing/mockWallet"
import { ALICE, BOB, CAROL } from "../kit/accounts"
import { browserWallet, world } from "./requestWorld"

const hashOf = (n: number) => `0x${n.toString(16).padStart(64, "0")}`
const receipt = (hash: string, status: "0x1" | "0x0") => ({
  logs: [{ address: BOB, data: "0x", topics: [] }],
  status,
  blockHash: `0x${"cd".repeat(32)}`,
  blockNumber: "0x10",
  gasUsed: "0x5208",
  transactionHash: hash,
  extra: "dropped"
})

/** A chain whose receipts say `reverted` for the hashes listed, success for the others. */
const chain = (reverted: ReadonlyArray<string>) =>
  Layer.succeed(
    FallbackTransport,
    FallbackTransport.of({
      request: (_network, request) => {
        const [hash] = request.params as ReadonlyArray<string>
        if (request.method === "eth_getTransactionReceipt")
          return Effect.succeed(receipt(hash!, reverted.includes(hash!) ? "0x0" : "0x1"))
        return Effect.succeed(null)
      },
      ranking: () => Effect.die("unused")
    })
  )

/** A watcher whose receipts come at once. */
const minedAtOnce = Layer.effect(
  TransactionWatcher,
  Effect.gen(function* () {
    const settled = yield* PubSub.unbounded<TrackedTransaction>()
    return TransactionWatcher.of({
      transactions: yield* SubscriptionRef.make<ReadonlyArray<TrackedTransaction>>([]),
      track: () => Effect.void,
      waitForReceipt: (_network, hash) =>
        Effect.succeed({ transactionHash: hash, blockNumber: 16n, status: "success" as const }),
      settled: PubSub.subscribe(settled)
    })
  })
)

/** A wallet without EIP-5792 (`wallet_sendCalls` is no method of its) that answers each send with the next hash. */
const plainWallet = (options: { readonly declineAt?: number; readonly capabilities?: unknown } = {}) => {
  const provider = makeMockEip1193Provider({ chainId: 31337, connected: true })
  const sent: Array<unknown> = []
  const asked: Array<string> = []
  const connector = browserWallet({
    ...provider,
    request: (args) => {
      asked.push(args.method)
      if (args.method === "wallet_getCapabilities")
        return options.capabilities === undefined
          ? Promise.reject({ code: -32601, message: "Method not found" })
          : Promise.resolve(options.capabilities)
      if (args.method === "wallet_sendCalls")
        return options.capabilities === undefined
          ? Promise.reject({
              code: -32601,
              message: "The method wallet_sendCalls does not exist / is not available"
            })
          : Promise.resolve({ id: "0xwallets" })
      if (
        (args.method === "wallet_getCallsStatus" || args.method === "wallet_showCallsStatus") &&
        options.capabilities === undefined
      )
        return Promise.reject({ code: -32601, message: "Method not found" })
      if (args.method === "eth_sendTransaction") {
        sent.push((args.params as ReadonlyArray<unknown>)[0])
        if (sent.length - 1 === options.declineAt)
          return Promise.reject({ code: 4001, message: "User rejected" })
        return Promise.resolve(hashOf(sent.length))
      }
      return provider.request(args)
    }
  })
  return { connector, sent, asked }
}

const calls = [{ to: BOB, data: "0x095ea7b3" }, { to: CAROL, value: "0x1", data: "0x12" }, { to: BOB }]
const sendCalls = (extra: Record<string, unknown> = {}) =>
  Effect.flatMap(RpcRouter, (rpc) =>
    rpc.request({
      method: "wallet_sendCalls",
      params: [{ version: "2.0.0", chainId: "0x7a69", from: ALICE, atomicRequired: false, calls, ...extra }]
    })
  )
const statusOf = (id: string) =>
  Effect.flatMap(RpcRouter, (rpc) => rpc.request({ method: "wallet_getCallsStatus", params: [id] }))

const untilFinal = (id: string) =>
  Effect.gen(function* () {
    for (;;) {
      const answer = (yield* statusOf(id)) as { readonly status: number }
      if (answer.status !== 100) return answer
      yield* Effect.yieldNow
    }
  })

const run = (
  wallet: ReturnType<typeof plainWallet>,
  reverted: ReadonlyArray<string>,
  body: Effect.Effect<void, unknown, RpcRouter>
) =>
  Effect.provide(
    body,
    world(wallet.connector, { features: { preview: false }, chains: chain(reverted), watcher: minedAtOnce })
      .layer
  )

describe("wallet_sendCalls on a wallet without EIP-5792", () => {
  it.effect("sends each call as reviewed, in order, and answers the status with every receipt", () => {
    const wallet = plainWallet()
    return run(
      wallet,
      [],
      Effect.gen(function* () {
        const answer = (yield* sendCalls({ id: "0xdapp" })) as { readonly id: string }
        assert.strictEqual(answer.id, "0xdapp")
        const status = (yield* untilFinal(answer.id)) as Record<string, unknown>
        assert.deepStrictEqual(wallet.sent, [
          { from: ALICE, to: BOB, data: "0x095ea7b3" },
          { from: ALICE, to: CAROL, value: "0x1", data: "0x12" },
          { from: ALICE, to: BOB }
        ])
        assert.strictEqual(status.status, 200)
        assert.strictEqual(status.atomic, false)
        assert.strictEqual(status.chainId, "0x7a69")
        const receipts = status.receipts as ReadonlyArray<Record<string, unknown>>
        assert.deepStrictEqual(
          receipts.map((r) => r.transactionHash),
          [hashOf(1), hashOf(2), hashOf(3)]
        )
        assert.strictEqual(receipts[0]!.extra, undefined)
      })
    )
  })

  it.effect("shows its own batch's status (known: no answer); an id it does not know is 5730", () => {
    const wallet = plainWallet()
    return run(
      wallet,
      [],
      Effect.gen(function* () {
        const { id } = (yield* sendCalls()) as { readonly id: string }
        const rpc = yield* RpcRouter
        assert.strictEqual(yield* rpc.request({ method: "wallet_showCallsStatus", params: [id] }), null)
        const unknown = yield* Effect.exit(statusOf("0x1234"))
        const error = Exit.findErrorOption(unknown)
        assert.isTrue(error._tag === "Some" && error.value._tag === "BatchError")
        if (error._tag === "Some" && error.value._tag === "BatchError")
          assert.strictEqual(error.value.code, 5730)
      })
    )
  })

  it.effect("stops at a reverted call: the status is partial and lists the calls included", () => {
    const wallet = plainWallet()
    return run(
      wallet,
      [hashOf(2)],
      Effect.gen(function* () {
        const { id } = (yield* sendCalls()) as { readonly id: string }
        assert.match(id, /^0x[0-9a-f]{64}a110c4a110c4$/)
        const status = (yield* untilFinal(id)) as {
          status: number
          receipts: ReadonlyArray<{ status: string }>
        }
        assert.strictEqual(status.status, 600)
        assert.deepStrictEqual(
          status.receipts.map((r) => r.status),
          ["0x1", "0x0"]
        )
        assert.strictEqual(wallet.sent.length, 2)
      })
    )
  })

  it.effect("a first call declined rejects the request (4001); nothing else is sent", () => {
    const wallet = plainWallet({ declineAt: 0 })
    return run(
      wallet,
      [],
      Effect.gen(function* () {
        const exit = yield* Effect.exit(sendCalls())
        assert.isTrue(Exit.isFailure(exit))
        const error = Exit.findErrorOption(exit)
        assert.strictEqual(error._tag === "Some" ? error.value._tag : "", "UserRejectedRequestError")
        assert.strictEqual(wallet.sent.length, 1)
      })
    )
  })

  it.effect("atomicRequired refuses the fallback with 5760, before any call is sent", () => {
    const wallet = plainWallet()
    return run(
      wallet,
      [],
      Effect.gen(function* () {
        const exit = yield* Effect.exit(sendCalls({ atomicRequired: true }))
        const error = Exit.findErrorOption(exit)
        assert.isTrue(error._tag === "Some" && error.value._tag === "BatchError")
        if (error._tag === "Some" && error.value._tag === "BatchError")
          assert.strictEqual(error.value.code, 5760)
        assert.strictEqual(wallet.sent.length, 0)
      })
    )
  })

  it.effect("asks the wallet's capabilities once per account and chain", () => {
    const wallet = plainWallet()
    return run(
      wallet,
      [],
      Effect.gen(function* () {
        yield* sendCalls()
        yield* sendCalls()
        assert.strictEqual(wallet.asked.filter((m) => m === "wallet_getCapabilities").length, 1)
        // Known to have no batches: the second goes call by call without asking wallet_sendCalls again.
        assert.strictEqual(wallet.asked.filter((m) => m === "wallet_sendCalls").length, 0)
        assert.strictEqual(wallet.sent.length, 6)
      })
    )
  })

  it.effect("a wallet whose chain is atomic gets the batch as is", () => {
    const wallet = plainWallet({ capabilities: { "0x7a69": { atomic: { status: "supported" } } } })
    return run(
      wallet,
      [],
      Effect.gen(function* () {
        const answer = yield* sendCalls({ atomicRequired: true })
        assert.deepStrictEqual(answer, { id: "0xwallets" })
        assert.strictEqual(wallet.sent.length, 0)
        // Known from now on: the modal shows its status, the wallet is not asked to.
        const rpc = yield* RpcRouter
        assert.strictEqual(
          yield* rpc.request({ method: "wallet_showCallsStatus", params: ["0xwallets"] }),
          null
        )
        assert.isFalse(wallet.asked.includes("wallet_showCallsStatus"))
      })
    )
  })
})

describe("wallet_getCapabilities through Airlock", () => {
  const capabilities = (wallet: ReturnType<typeof plainWallet>) =>
    run(
      wallet,
      [],
      Effect.flatMap(RpcRouter, (rpc) =>
        rpc.request({ method: "wallet_getCapabilities", params: [ALICE, ["0x7a69", "0x1"]] })
      ).pipe(
        Effect.tap((answer) => Effect.sync(() => Object.assign(seen, { answer }))),
        Effect.asVoid
      )
    )
  const seen: { answer?: unknown } = {}

  it.effect(
    "a wallet without EIP-5792: every chain asked for reads atomic unsupported (batches go call by call)",
    () =>
      Effect.andThen(capabilities(plainWallet()), () =>
        Effect.sync(() =>
          assert.deepStrictEqual(seen.answer, {
            "0x7a69": { atomic: { status: "unsupported" } },
            "0x1": { atomic: { status: "unsupported" } }
          })
        )
      )
  )

  it.effect("a wallet's own atomic status stands; its other chains gain atomic unsupported", () =>
    Effect.andThen(
      capabilities(
        plainWallet({ capabilities: { "0x7a69": { atomic: { status: "ready" } }, "0xa": { x: 1 } } })
      ),
      () =>
        Effect.sync(() =>
          assert.deepStrictEqual(seen.answer, {
            "0x7a69": { atomic: { status: "ready" } },
            "0xa": { x: 1, atomic: { status: "unsupported" } },
            "0x1": { atomic: { status: "unsupported" } }
          })
        )
    )
  )
})

describe("the status of a batch the visitor approved", () => {
  /** The router's BatchStatus events, taken as they come. */
  const batchEvents = Effect.gen(function* () {
    const rpc = yield* RpcRouter
    const events = yield* rpc.events
    return Effect.flatMap(PubSub.take(events), (event) =>
      event._tag === "BatchStatus" ? Effect.succeed(event) : Effect.fail("not a batch status" as const)
    ).pipe(Effect.eventually)
  })

  it.effect(
    "an atomic batch opens its status; showCallsStatus on it shows it again, the wallet not asked",
    () => {
      const wallet = plainWallet({ capabilities: { "0x7a69": { atomic: { status: "ready" } } } })
      return Effect.provide(
        Effect.scoped(
          Effect.gen(function* () {
            const next = yield* batchEvents
            const rpc = yield* RpcRouter
            assert.deepStrictEqual(yield* sendCalls(), { id: "0xwallets" })
            assert.deepStrictEqual(yield* next, {
              _tag: "BatchStatus",
              id: "0xwallets",
              calls: 3,
              landed: undefined
            })
            assert.strictEqual(
              yield* rpc.request({ method: "wallet_showCallsStatus", params: ["0xwallets"] }),
              null
            )
            assert.deepStrictEqual(yield* next, {
              _tag: "BatchStatus",
              id: "0xwallets",
              calls: 3,
              landed: undefined
            })
            assert.isFalse(wallet.asked.includes("wallet_showCallsStatus"))
            // A batch the modal never sent is the wallet's to show.
            yield* Effect.exit(rpc.request({ method: "wallet_showCallsStatus", params: ["0xother"] }))
            assert.isTrue(wallet.asked.includes("wallet_showCallsStatus"))
          })
        ),
        world(wallet.connector, { chains: chain([]), watcher: minedAtOnce }).layer
      )
    }
  )

  it.effect("one by one, its status names the calls that landed before the one that reverted", () => {
    const wallet = plainWallet()
    return Effect.provide(
      Effect.scoped(
        Effect.gen(function* () {
          const next = yield* batchEvents
          const { id } = (yield* sendCalls()) as { readonly id: string }
          assert.deepStrictEqual(yield* next, { _tag: "BatchStatus", id, calls: 3, landed: [0] })
        })
      ),
      world(wallet.connector, { chains: chain([hashOf(2)]), watcher: minedAtOnce }).layer
    )
  })
})
