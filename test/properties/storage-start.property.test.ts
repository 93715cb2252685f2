// @vitest-environment happy-dom
/**
 * THREATS.md T13, R4: whatever sits in `localStorage` under our keys, start-up works, the status is
 * `disconnected` or a reconnect in progress, corrupt values read at start are removed, and nothing is left
 * failing in the background (no unhandled rejection, no fiber dying with an error).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Metric from "effect/Metric"
import * as Pull from "effect/Pull"
import * as References from "effect/References"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as SubscriptionRef from "effect/SubscriptionRef"
import fc from "fast-check"
import { afterEach, beforeEach } from "vitest"
import { createModal } from "../../src/createModal"
import { ConnectionLive } from "../../src/layers/connection/ConnectionLive"
import { ModalRouterLive } from "../../src/layers/modal/ModalRouterLive"
import { NetworksLive } from "../../src/layers/networks/NetworksLive"
import { SafeKeyValueStoreLive } from "../../src/layers/platform/SafeKeyValueStoreLive"
import { StorageLive } from "../../src/layers/platform/StorageLive"
import { ConnectorsLive } from "../../src/layers/wallets/ConnectorsLive"
import type { Modal } from "../../src/Modal"
import { accountSnapshot } from "../../src/react/modal/bridge/snapshots"
import { EmbeddedStorageKeys } from "../../src/schemas/EmbeddedStorageKeys"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import { ChainNamespaces } from "../../src/schemas/Primitives"
import { connectedConnectorIdKey, type StorageKey, StorageKeys } from "../../src/schemas/StorageKeys"
import { Connection } from "../../src/services/Connection"
import { ModalConfig } from "../../src/services/ModalConfig"
import { Networks } from "../../src/services/Networks"
import { baseOptions, decodedOptions, sandboxNetwork, withWalletConnect } from "../kit/fixtures"
import { withFlow } from "../kit/flowLayers"
import { preloadedParts } from "../kit/lazyParts"
import { solanaCluster } from "../kit/networks"
import { makeTestHttp } from "../kit/platform"

/** The real (poisoned) `localStorage` stays; HTTP requests fail as unstubbed instead of leaving the machine. */
/** The host layer: an HTTP client nothing answers, and the modal's code loaded already. */
const unstubbedHttp = Layer.merge(makeTestHttp().layer, preloadedParts)

const options: ModalOptionsInput = {
  ...baseOptions,
  networks: [
    sandboxNetwork,
    solanaCluster("5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", "Solana", "https://rpc.solana.example")
  ],
  // Nothing is appended: the modal element is not under test here.
  disableAppend: true
}
const config = decodedOptions(options)

const storageKeys: ReadonlyArray<StorageKey<unknown, unknown>> = [
  ...(Object.values(StorageKeys) as ReadonlyArray<StorageKey<unknown, unknown>>),
  ...(Object.values(EmbeddedStorageKeys) as ReadonlyArray<StorageKey<unknown, unknown>>),
  ...ChainNamespaces.map((ns) => connectedConnectorIdKey(ns) as StorageKey<unknown, unknown>)
]

/** The keys start-up reads: each must be absent or valid once the modal has started (R4). */
const readAtStart: ReadonlyArray<StorageKey<unknown, unknown>> = [
  StorageKeys.activeNamespace,
  StorageKeys.activeNetworkIds,
  StorageKeys.recentWallets,
  StorageKeys.connectionStatus,
  connectedConnectorIdKey("eip155")
] as ReadonlyArray<StorageKey<unknown, unknown>>

const isValidStored = (key: StorageKey<unknown, unknown>, raw: string) =>
  Result.isSuccess(
    Schema.decodeUnknownResult(
      Schema.fromJsonString(Schema.Struct({ v: Schema.Literal(1), data: key.schema }))
    )(raw)
  )

const MB = "x".repeat(1024 * 1024)
const envelope = (v: unknown, data: unknown) => JSON.stringify({ v, data })

/** A plausible value for a key: what a valid envelope around the right kind of data looks like. */
const plausible = fc.constantFrom<unknown>(
  "eip155",
  "solana",
  "cosmos",
  { eip155: "connected" },
  { eip155: "connecting" },
  { eip155: "reconnecting", solana: "connected" },
  { eip155: "eip155:31337" },
  { eip155: "eip155:56" },
  { solana: "eip155:1" },
  { eip155: "smartAccount" },
  [{ id: "io.metamask", name: "MetaMask", rdns: "io.metamask" }],
  [
    { id: "a", name: "A" },
    { id: "a", name: "A" },
    { id: "b", name: "B" },
    { id: "c", name: "C" }
  ],
  ["eip155", "solana"],
  ["eip155:1"],
  { href: "https://wallet.example", name: "W" },
  "google",
  "user@example.com",
  true,
  1_700_000_000_000,
  -1,
  "io.metamask",
  "dev.airlock.sandbox",
  "   "
)

/** What a stored string can be: garbage, other JSON, wrong envelopes, hostile keys, huge, or valid. */
const storedValue: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40, unit: "binary" }) },
  { weight: 2, arbitrary: fc.json({ maxDepth: 2, depthSize: "xsmall" }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "null",
      "undefined",
      "[]",
      "[1,2,3]",
      "{}",
      "true",
      "0",
      '""',
      "NaN",
      '{"v":1}',
      '{"v":1,"data":null}',
      '{"__proto__":{"polluted":true}}',
      '{"v":1,"data":{"__proto__":{"polluted":true},"eip155":"connected"}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '{"v":1,"data":{"constructor":{"prototype":{"polluted":true}}}}',
      "[object Object]",
      "{'v':1}",
      '{"v":1,"data":"io.metamask"',
      MB,
      envelope(1, MB),
      envelope(1, [MB])
    )
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom<unknown>(0, 2, "1", null, 1.5, -1), plausible)
      .map(([v, d]) => envelope(v, d))
  },
  { weight: 3, arbitrary: plausible.map((d) => envelope(1, d)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2, depthSize: "xsmall" }).map((d) => envelope(1, d)) }
)

const seedArb = fc.tuple(...storageKeys.map(() => storedValue))

const seed = (values: ReadonlyArray<string | undefined>) => {
  localStorage.clear()
  storageKeys.forEach((key, i) => {
    const value = values[i]
    if (value !== undefined) localStorage.setItem(key.key, value)
  })
}

const unhandled: Array<unknown> = []
const onUnhandled = (reason: unknown) => {
  unhandled.push(reason)
}
beforeEach(() => {
  unhandled.length = 0
  process.on("unhandledRejection", onUnhandled)
})
afterEach(() => {
  process.off("unhandledRejection", onUnhandled)
  localStorage.clear()
})

const drain = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)))

const isPolluted = () =>
  Reflect.get({}, "polluted") !== undefined || Reflect.get(Object.prototype, "polluted") !== undefined

describe("start-up over a poisoned localStorage", () => {
  it("the live services start, keep a sane status and drop corrupt values (1000 runs over every key)", async () => {
    // Any fiber that ends with an error or a defect, and any log with a cause: collect those. Effect 4 no
    // longer logs a failed fiber's end, so the runtime's fiber-end hook (FiberRuntimeMetrics) reports it.
    const failures: Array<string> = []
    // While the runtime shuts down, the inner fibers of a stream that merges two (ModalFlow's zipLatest)
    // end with the stream's end signal, Cause.Done: a normal end, not an error. At any other time it counts.
    let disposing = false
    const endsNormally = (cause: Cause.Cause<unknown>) =>
      cause.reasons.every((r) => Cause.isInterruptReason(r) || Pull.isDoneFailure(r))
    const recorder = Logger.make(({ cause, message }) => {
      if (cause.reasons.length > 0) failures.push(`${String(message)}: ${Cause.pretty(cause)}`)
    })
    const fiberEnds: Metric.FiberRuntimeMetricsService = {
      recordFiberStart: () => {},
      recordFiberEnd: (_context, exit) => {
        if (Exit.isSuccess(exit) || Cause.hasInterruptsOnly(exit.cause)) return
        if (disposing && endsNormally(exit.cause)) return
        failures.push(`Fiber terminated with an unhandled error: ${Cause.pretty(exit.cause)}`)
      }
    }
    const observed = Layer.mergeAll(
      Logger.layer([recorder]),
      Layer.succeed(References.MinimumLogLevel, "All"),
      Layer.succeed(Metric.FiberRuntimeMetrics, fiberEnds)
    )
    // The services that read storage at start, wired as makeAirlockLayer does, over the page's localStorage.
    const platform = Layer.merge(Layer.succeed(ModalConfig, config), SafeKeyValueStoreLive)
    const core = Layer.mergeAll(StorageLive, ModalRouterLive).pipe(Layer.provideMerge(platform))
    const chain = Layer.mergeAll(NetworksLive, ConnectorsLive).pipe(Layer.provideMerge(core))
    const services = withFlow(ConnectionLive.pipe(Layer.provideMerge(withWalletConnect(chain)))).pipe(
      Layer.provide(Layer.merge(observed, preloadedParts))
    )

    await fc.assert(
      fc.asyncProperty(seedArb, async (values) => {
        seed(values)
        const runtime = ManagedRuntime.make(services)
        try {
          const snapshot = () =>
            runtime.runSync(
              Effect.gen(function* () {
                const connection = yield* Connection
                const networks = yield* Networks
                return accountSnapshot(
                  yield* SubscriptionRef.get(connection.state),
                  yield* SubscriptionRef.get(networks.state)
                )
              })
            )
          assert.include(["disconnected", "connecting"], snapshot().status)
          await drain()
          const account = snapshot()
          assert.include(["disconnected", "connecting"], account.status)
          assert.isFalse(account.isConnected)
          for (const key of readAtStart) {
            const raw = localStorage.getItem(key.key)
            assert.isTrue(
              raw === null || isValidStored(key, raw),
              `${key.key} still holds ${raw?.slice(0, 80)}`
            )
          }
          assert.isFalse(isPolluted(), "Object.prototype was polluted")
        } finally {
          disposing = true
          await runtime.dispose()
          disposing = false
        }
        assert.deepStrictEqual(failures, [])
        assert.deepStrictEqual(unhandled, [])
      }),
      { numRuns: 1000 }
    )
  })

  it("createModal never throws and reports disconnected or connecting (40 runs over every key)", async () => {
    await fc.assert(
      fc.asyncProperty(seedArb, async (values) => {
        seed(values)
        let modal: Modal | undefined
        try {
          modal = createModal(options, { layer: unstubbedHttp })
          assert.include(["disconnected", "connecting"], modal.getAccount().status)
          await drain()
          assert.include(["disconnected", "connecting"], modal.getAccount().status)
          assert.include(["disconnected", "connecting"], modal.getAccount("solana").status)
          const network = modal.getNetwork()
          assert.include(["eip155", "solana"], network.namespace)
          await modal.open()
          assert.strictEqual(modal.getState().view, "Connect")
          assert.isFalse(isPolluted(), "Object.prototype was polluted")
        } finally {
          await modal?.dispose()
        }
        assert.deepStrictEqual(unhandled, [])
      }),
      { numRuns: 40 }
    )
  })

  it("reads a stored connection as a reconnect in progress, never as connected", async () => {
    seed([])
    localStorage.setItem(StorageKeys.connectionStatus.key, envelope(1, { eip155: "connected" }))
    localStorage.setItem(connectedConnectorIdKey("eip155").key, envelope(1, "io.metamask"))
    const modal = createModal(options, { layer: unstubbedHttp })
    try {
      await drain()
      assert.strictEqual(modal.getAccount().status, "connecting")
      assert.isUndefined(modal.getAccount().address)
    } finally {
      await modal.dispose()
    }
  })
})
