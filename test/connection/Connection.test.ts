// @vitest-environment happy-dom

import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import type * as Layer from "effect/Layer"
import * as Metric from "effect/Metric"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import type * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { ChainNotSupportedError, NetworkNotFoundError, normalizeWalletError } from "../../src/errors"
import { ACCOUNTS_PACE } from "../../src/layers/connection/walletEvents"
import { decodeAccounts } from "../../src/layers/connection/walletIo"
import { eip155NetworkId, initialNetworks } from "../../src/layers/networks/NetworksLive"
import { addChainParams, switchNeedsAdd } from "../../src/layers/requests/switchChain"
import { REQUEST_EVENT } from "../../src/layers/wallets/ConnectorsLive"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import type { CaipNetwork } from "../../src/schemas/Network"
import type { CaipNetworkId } from "../../src/schemas/Primitives"
import { connectedConnectorIdKey, StorageKeys } from "../../src/schemas/StorageKeys"
import type { RecentWallet } from "../../src/schemas/Wallet"
import { Connection, type ConnectionState } from "../../src/services/Connection"
import type { Eip1193Provider } from "../../src/services/Connectors"
import { ModalFlow } from "../../src/services/ModalFlow"
import { ModalRouter } from "../../src/services/ModalRouter"
import { Networks } from "../../src/services/Networks"
import { RpcRouter } from "../../src/services/RpcRouter"
import type { MockEip1193Provider } from "../../src/testing/index"
import { ALICE, BOB } from "../kit/accounts"
import {
  activeNetwork,
  address,
  announce,
  configOf,
  connectionState,
  connectTo,
  eip155,
  holding,
  idOf,
  impostorThenReal,
  mockWallet,
  passRestoreWindow,
  routerState,
  servicesLayer,
  status,
  until,
  untilSleeping,
  type WalletInfo,
  waitForState,
  waitForStatus,
  walletA,
  walletB
} from "../kit/connectionWorld"
import { makeArea } from "../kit/fixtures"
import { settle } from "../kit/waits"

/** What a test body runs on: Connection's world, wired as `makeAirlockLayer` does, and the test's scope. */
type ConnectionWorld = Layer.Success<ReturnType<typeof servicesLayer>> | Scope.Scope

interface WorldSeed {
  /** What the storage area holds at start. */
  readonly stored?: Record<string, unknown>
  readonly options?: Partial<ModalOptionsInput>
  /** Wallets that announce themselves before start, answering the discovery request the services make. */
  readonly announcedBeforeStart?: () => void
}

/**
 * A test in Connection's world, over a fresh storage area seeded as `world` says; the body gets the
 * connection and reads the area back with `read`.
 */
const connectionTest = (
  name: string,
  body: (world: {
    readonly connection: Connection["Service"]
    readonly read: ReturnType<typeof makeArea>["read"]
  }) => Generator<Effect.Effect<unknown, unknown, ConnectionWorld>, void, never>,
  world: WorldSeed = {}
) =>
  it.effect(name, () => {
    const { area, read } = makeArea(world.stored)
    const early = world.announcedBeforeStart
    if (early) window.addEventListener(REQUEST_EVENT, early)
    return Effect.flatMap(Connection, (connection) => Effect.gen(() => body({ connection, read }))).pipe(
      Effect.provide(servicesLayer(area, world.options)),
      Effect.ensuring(Effect.sync(() => early && window.removeEventListener(REQUEST_EVENT, early)))
    )
  })

const hang = { _tag: "Hang" } as const
const refusal = { _tag: "Error", code: 4001, message: "User rejected the request." } as const

/** A mock wallet that answers `method` as `behaviour` says (never, or with an error). */
const walletAnswering = (
  method: string,
  behaviour: typeof hang | typeof refusal,
  options: Parameters<typeof mockWallet>[0] = {}
) => {
  const mock = mockWallet(options)
  mock.setBehaviour(method, behaviour)
  return mock
}

/** A mock wallet, announced as Wallet A and connected. */
const connectedWallet = (options: Parameters<typeof mockWallet>[0] = {}) =>
  Effect.gen(function* () {
    const mock = mockWallet(options)
    yield* connectTo(walletA, mock)
    return mock
  })

/** Announces `mock` as `wallet`, and answers it. */
const announced = (wallet: WalletInfo, mock: MockEip1193Provider) => {
  announce(wallet, mock)
  return mock
}

/** Announces `mock` as `wallet`, holding its answers to eth_requestAccounts until the test releases them. */
const announceHeld = (wallet: WalletInfo, mock: MockEip1193Provider) => {
  const late = holding(mock, "eth_requestAccounts")
  announce(wallet, late.provider)
  return late
}

// ---------------------------------------------------------------------------------------------------------
// Pure rules
// ---------------------------------------------------------------------------------------------------------

describe("decodeAccounts, switchNeedsAdd, addChainParams", () => {
  it("keeps only valid EVM addresses", () => {
    assert.deepStrictEqual(decodeAccounts([ALICE, "0x123", 42, null, BOB.toLowerCase()]), [
      ALICE,
      BOB.toLowerCase()
    ])
    assert.deepStrictEqual(decodeAccounts(ALICE), [])
    assert.deepStrictEqual(decodeAccounts(null), [])
    assert.deepStrictEqual(decodeAccounts({ 0: ALICE, length: 1 }), [])
  })

  it("adds the chain for 4902 (top-level or nested), -32603 and 5000, and not for a plain rejection", () => {
    const needsAdd = (error: unknown) => switchNeedsAdd(normalizeWalletError(error))
    assert.isTrue(needsAdd({ code: 4902, message: "Unrecognized chain ID" }))
    assert.isTrue(needsAdd({ code: -32603, message: "x", data: { originalError: { code: 4902 } } }))
    assert.isTrue(needsAdd({ code: -32603, message: "Internal error" }))
    assert.isTrue(needsAdd({ code: 5000, message: "x" }))
    assert.isTrue(needsAdd({ message: "Unrecognized chain ID 0xa" }))
    assert.isFalse(needsAdd({ code: 4001, message: "User rejected" }))
    assert.isFalse(needsAdd({ code: 4100, message: "Unauthorized" }))
  })

  it("builds wallet_addEthereumChain parameters (SPEC.md §7)", () => {
    const network = configOf().networks.find((n) => n.id === 10) as CaipNetwork
    assert.deepStrictEqual(addChainParams(network), {
      chainId: "0xa",
      chainName: "OP Mainnet",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: ["https://optimism.example"],
      blockExplorerUrls: ["https://optimistic.etherscan.io"]
    })
    const plain = configOf().networks[0] as CaipNetwork
    assert.isUndefined(addChainParams(plain).blockExplorerUrls)
  })
})

describe("Networks", () => {
  const networks = configOf().networks

  it("reads chain ids as numbers, hex or decimal strings", () => {
    assert.deepStrictEqual(eip155NetworkId(1), Option.some("eip155:1"))
    assert.deepStrictEqual(eip155NetworkId("0xa"), Option.some("eip155:10"))
    assert.deepStrictEqual(eip155NetworkId("0X7A69"), Option.some("eip155:31337"))
    assert.deepStrictEqual(eip155NetworkId("137"), Option.some("eip155:137"))
    for (const bad of [
      0,
      -1,
      1.5,
      "0x",
      "",
      "abc",
      "1e3",
      null,
      undefined,
      {},
      Number.MAX_VALUE,
      "0x1fffffffffffffff"
    ]) {
      assert.isTrue(Option.isNone(eip155NetworkId(bad)), String(bad))
    }
  })

  it("starts on the stored network, an Unknown Network when it is no longer configured (SPEC.md §4)", () => {
    const stored = initialNetworks(networks, undefined, { eip155: "eip155:1" }, Option.none())
    assert.strictEqual(stored.active.eip155?._tag, "Known")
    const gone = initialNetworks(networks, undefined, { eip155: "eip155:56" }, Option.none())
    assert.deepStrictEqual(gone.active.eip155, {
      _tag: "Unknown",
      caipNetworkId: "eip155:56",
      chainNamespace: "eip155",
      name: "Unknown Network"
    })
    const fresh = initialNetworks(networks, networks[1], {}, Option.none())
    assert.strictEqual(fresh.active.eip155?._tag === "Known" && fresh.active.eip155.network.id, 1)
    const first = initialNetworks(networks, undefined, {}, Option.some("solana"))
    assert.strictEqual(first.activeNamespace, "eip155")
  })

  connectionTest("persists setActive, and an unconfigured id becomes Unknown", function* ({ read }) {
    const networksService = yield* Networks
    const known = yield* networksService.setActive("eip155:10")
    assert.strictEqual(known._tag, "Known")
    assert.deepStrictEqual(read(StorageKeys.activeNetworkIds.key), { eip155: "eip155:10" })
    assert.strictEqual(read(StorageKeys.activeNamespace.key), "eip155")
    const unknown = yield* networksService.setActive("eip155:56")
    assert.strictEqual(unknown._tag, "Unknown")
    assert.deepStrictEqual(read(StorageKeys.activeNetworkIds.key), { eip155: "eip155:56" })
  })
})

// ---------------------------------------------------------------------------------------------------------
// Connect
// ---------------------------------------------------------------------------------------------------------

describe("Connection.connect", () => {
  connectionTest(
    "a wallet whose eth_chainId answers garbage is not connected, and no chain is claimed for it",
    function* ({ read }) {
      const before = yield* activeNetwork
      const mock = mockWallet({ chainId: 1 })
      mock.setBehaviour("eth_chainId", { _tag: "Result", value: "banana" })
      const failed = yield* Effect.flip(connectTo(walletA, mock))
      assert.strictEqual(failed._tag, "UnknownWalletError")
      assert.strictEqual(eip155(yield* connectionState).status, "disconnected")
      assert.strictEqual(yield* activeNetwork, before)
      assert.notDeepEqual(read(StorageKeys.connectionStatus.key), { eip155: "connected" })
    }
  )

  connectionTest(
    "connects, follows the wallet's chain and persists status, connector key and recent wallet",
    function* ({ read }) {
      const mock = mockWallet({ chainId: 1 })
      yield* connectTo(walletA, mock)
      const state = eip155(yield* connectionState)
      assert.strictEqual(state.status, "connected")
      if (state.status !== "connected") return
      assert.strictEqual(state.address, ALICE)
      assert.deepStrictEqual(state.allAccounts, [ALICE])
      assert.strictEqual(state.connector.provider, mock)
      assert.strictEqual(state.accountType, "eoa")
      assert.isUndefined((yield* connectionState).attempt)
      assert.strictEqual(yield* activeNetwork, "eip155:1")
      assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { eip155: "connected" })
      assert.strictEqual(read(connectedConnectorIdKey("eip155").key), "dev.airlock.a")
      assert.deepStrictEqual(read(StorageKeys.connectedNamespaces.key), ["eip155"])
      const recent = [{ id: "dev.airlock.a", name: "Wallet A", rdns: "dev.airlock.a" }]
      assert.deepStrictEqual(read(StorageKeys.recentWallets.key), recent)
      const connection = yield* Connection
      assert.deepStrictEqual(yield* SubscriptionRef.get(connection.recentWallets), recent)
      assert.isTrue(Option.isSome(yield* connection.connected("eip155")))
      // Opening without a view lands on Account now.
      const flow = yield* ModalFlow
      yield* flow.open()
      assert.strictEqual((yield* routerState).view, "Account")
    }
  )

  connectionTest(
    "keeps two recent wallets, newest first, across connections",
    function* ({ read }) {
      yield* connectTo(walletA, mockWallet())
      yield* connectTo(walletB, mockWallet({ accounts: [BOB] }))
      yield* connectTo(walletA, mockWallet())
      assert.deepStrictEqual(
        (read(StorageKeys.recentWallets.key) as ReadonlyArray<RecentWallet>).map((w) => w.id),
        ["dev.airlock.a", "dev.airlock.b"]
      )
    },
    { stored: { [StorageKeys.recentWallets.key]: [{ id: "dev.old", name: "Old" }] } }
  )

  connectionTest("fails with ConnectorNotFoundError for an unknown connector", function* ({ connection }) {
    const error = yield* Effect.flip(connection.connect("eip6963:nobody"))
    assert.strictEqual(error._tag, "ConnectorNotFoundError")
    assert.strictEqual(yield* status, "disconnected")
  })

  connectionTest(
    "50 concurrent connects make one eth_requestAccounts and all get the same result (R5)",
    function* ({ connection }) {
      const mock = mockWallet()
      announce(walletA, mock)
      const results = yield* Effect.all(
        Array.from({ length: 50 }, () => Effect.result(connection.connect(idOf(walletA)))),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(mock.count("eth_requestAccounts"), 1)
      assert.isTrue(results.every(Result.isSuccess))
      assert.strictEqual(yield* address, ALICE)
    }
  )

  connectionTest(
    "50 concurrent connects to a refusing wallet make one prompt and all get the same error",
    function* ({ connection }) {
      const mock = announced(walletA, walletAnswering("eth_requestAccounts", refusal))
      const results = yield* Effect.all(
        Array.from({ length: 50 }, () => Effect.flip(connection.connect(idOf(walletA)))),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(mock.count("eth_requestAccounts"), 1)
      assert.isTrue(results.every((e) => e === results[0]))
      assert.strictEqual(results[0]?._tag, "UserRejectedRequestError")
    }
  )

  connectionTest(
    "a rejection (4001) fails with UserRejectedRequestError and leaves a Failed attempt",
    function* ({ connection, read }) {
      const mock = announced(walletA, walletAnswering("eth_requestAccounts", refusal))
      const error = yield* Effect.flip(connection.connect(idOf(walletA)))
      assert.strictEqual(error._tag, "UserRejectedRequestError")
      const state = yield* connectionState
      assert.strictEqual(eip155(state).status, "disconnected")
      assert.strictEqual(state.attempt?._tag, "Failed")
      assert.strictEqual(state.attempt?.connectorId, idOf(walletA))
      assert.strictEqual(state.attempt?._tag === "Failed" && state.attempt.error, error)
      assert.deepStrictEqual(yield* SubscriptionRef.get(connection.recentWallets), [])
      assert.isUndefined(read(connectedConnectorIdKey("eip155").key))
      assert.strictEqual(mock.listenerCount(), 0)
    }
  )

  connectionTest(
    "a wallet answering no valid account fails and never shows connected",
    function* ({ connection }) {
      for (const [uuid, value] of [
        ["empty", []],
        ["garbage", ["0x123", "alice", null]],
        ["not-a-list", ALICE]
      ] as const) {
        const mock = mockWallet()
        mock.setBehaviour("eth_requestAccounts", { _tag: "Result", value })
        const wallet = { uuid, name: uuid, rdns: `dev.${uuid}` }
        announce(wallet, mock)
        const error = yield* Effect.flip(connection.connect(idOf(wallet)))
        assert.strictEqual(error._tag, "UnknownWalletError")
        assert.strictEqual(yield* status, "disconnected")
      }
    }
  )

  connectionTest(
    "a wallet that never answers stays connecting until cancel, which rejects every caller (R3)",
    function* ({ connection }) {
      const mock = announced(walletA, walletAnswering("eth_requestAccounts", hang))
      // Forked by the test fiber itself: a fiber forked in a concurrent worker of Effect.all ends with it.
      const callers = yield* Effect.all(
        Array.from({ length: 5 }, () => Effect.forkChild(connection.connect(idOf(walletA))))
      )
      yield* until(() => mock.count("eth_requestAccounts") === 1)
      yield* TestClock.adjust("1 hour")
      assert.strictEqual(yield* status, "connecting")
      assert.deepStrictEqual((yield* connectionState).attempt, {
        _tag: "Waiting",
        connectorId: idOf(walletA)
      })
      yield* connection.cancel
      const errors = yield* Effect.forEach(callers, (caller) => Effect.flip(Fiber.join(caller)))
      assert.isTrue(errors.every((e) => e._tag === "UserRejectedRequestError" && e.code === 4001))
      const state = yield* connectionState
      assert.strictEqual(eip155(state).status, "disconnected")
      assert.isUndefined(state.attempt)
      assert.strictEqual(mock.count("eth_requestAccounts"), 1)
    }
  )

  connectionTest(
    "six tries on a wallet that never answers, each cancelled, leave one prompt in the wallet; its late answer connects the last",
    function* ({ connection }) {
      const mock = mockWallet()
      const slow = announceHeld(walletA, mock)
      for (let attempt = 1; attempt <= 6; attempt++) {
        const caller = yield* Effect.forkChild(connection.connect(idOf(walletA)))
        yield* settle
        yield* connection.cancel
        yield* Effect.flip(Fiber.join(caller))
      }
      assert.strictEqual(slow.held(), 1)
      const last = yield* Effect.forkChild(connection.connect(idOf(walletA)))
      yield* settle
      assert.strictEqual(slow.held(), 1)
      slow.release()
      yield* Fiber.join(last)
      assert.strictEqual(yield* status, "connected")
      assert.strictEqual(mock.count("eth_requestAccounts"), 1)
    }
  )

  connectionTest(
    "closing the modal mid-connect settles the callers as rejected (R3)",
    function* ({ connection }) {
      const router = yield* ModalRouter
      const mock = announced(walletA, walletAnswering("eth_requestAccounts", hang))
      yield* router.open("Connect")
      yield* router.push("ConnectingExternal", { connectorId: idOf(walletA) })
      const first = yield* Effect.forkChild(connection.connect(idOf(walletA)))
      const second = yield* Effect.forkChild(connection.connect(idOf(walletA)))
      yield* until(() => mock.count("eth_requestAccounts") === 1)
      assert.isTrue(yield* router.close())
      const errors = yield* Effect.all([Effect.flip(Fiber.join(first)), Effect.flip(Fiber.join(second))])
      assert.isTrue(errors.every((e) => e._tag === "UserRejectedRequestError"))
      assert.strictEqual(yield* status, "disconnected")
    }
  )

  connectionTest("a late wallet answer after cancel changes nothing (R3)", function* ({ connection, read }) {
    const mock = mockWallet()
    const late = announceHeld(walletA, mock)
    const caller = yield* Effect.forkChild(connection.connect(idOf(walletA)))
    yield* until(() => late.held() === 1)
    yield* connection.cancel
    const error = yield* Effect.flip(Fiber.join(caller))
    assert.strictEqual(error._tag, "UserRejectedRequestError")
    const before = yield* connectionState
    late.release()
    yield* settle
    yield* until(() => mock.count("eth_requestAccounts") === 1)
    yield* settle
    assert.strictEqual(yield* connectionState, before)
    assert.strictEqual(yield* status, "disconnected")
    assert.strictEqual(mock.listenerCount(), 0)
    assert.isUndefined(read(StorageKeys.connectionStatus.key))
    assert.deepStrictEqual(yield* SubscriptionRef.get(connection.recentWallets), [])
  })

  // The controller promises "Resolves to whether the wallet connected" and then routes to Account: an
  // attempt superseded by a connect to another wallet must not report success.
  connectionTest("a connect superseded by a newer one does not report success", function* ({ connection }) {
    const first = mockWallet()
    const held = announceHeld(walletA, first)
    const second = announced(walletB, walletAnswering("eth_requestAccounts", hang, { accounts: [BOB] }))
    const superseded = yield* Effect.forkChild(connection.connect(idOf(walletA)))
    yield* until(() => held.held() === 1)
    yield* Effect.forkChild(connection.connect(idOf(walletB)))
    yield* until(() => second.count("eth_requestAccounts") === 1)
    held.release()
    const exit = yield* Fiber.await(superseded)
    assert.isTrue(Exit.isFailure(exit), "reported success without a connection")
    assert.isTrue(Option.isNone(yield* connection.connected("eip155")))
    // The newer attempt still owns the state.
    assert.deepStrictEqual((yield* connectionState).attempt, {
      _tag: "Waiting",
      connectorId: idOf(walletB)
    })
  })

  // A failed connect must not put back another attempt's "connecting": once that attempt is abandoned,
  // nothing would ever clear it (found by test/properties/connection.property.test.ts).
  connectionTest(
    "a refused connect to a second wallet, then closing the modal, does not leave connecting forever",
    function* ({ connection }) {
      const router = yield* ModalRouter
      const first = announced(walletA, walletAnswering("eth_requestAccounts", hang))
      announce(walletB, walletAnswering("eth_requestAccounts", refusal, { accounts: [BOB] }))
      yield* router.open("Connect")
      yield* Effect.forkChild(connection.connect(idOf(walletA)))
      yield* until(() => first.count("eth_requestAccounts") === 1)
      yield* Effect.flip(connection.connect(idOf(walletB)))
      yield* router.close()
      yield* settle
      assert.strictEqual(yield* status, "disconnected")
    }
  )

  // A cancelled connect must not put back a stale copy of the state and undo what the wallet said
  // meanwhile: here the wallet disconnects during a second prompt, and stays disconnected after the cancel
  // (found by test/properties/connection.property.test.ts).
  connectionTest(
    "a wallet that disconnects during a second prompt stays disconnected after cancel",
    function* ({ connection, read }) {
      const mock = yield* connectedWallet()
      mock.setBehaviour("eth_requestAccounts", { _tag: "Hang" })
      yield* Effect.forkChild(connection.connect(idOf(walletA)))
      yield* until(() => mock.count("eth_requestAccounts") === 2)
      mock.emit("disconnect", { code: 4900, message: "Disconnected" })
      yield* waitForStatus("disconnected")
      yield* connection.cancel
      yield* settle
      assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { eip155: "disconnected" })
      assert.strictEqual(yield* status, "disconnected")
    }
  )

  // Single-flight joins the wallet's pending prompt and makes it the newest intent again: after A, B, A
  // the visitor approves A's prompt, and A connects.
  connectionTest(
    "clicking a wallet again after picking another one connects it when approved (R6)",
    function* ({ connection }) {
      const first = mockWallet()
      const held = announceHeld(walletA, first)
      const second = announced(walletB, walletAnswering("eth_requestAccounts", hang, { accounts: [BOB] }))
      yield* Effect.forkChild(connection.connect(idOf(walletA)))
      yield* until(() => held.held() === 1)
      yield* Effect.forkChild(connection.connect(idOf(walletB)))
      yield* until(() => second.count("eth_requestAccounts") === 1)
      const again = yield* Effect.forkChild(connection.connect(idOf(walletA)))
      yield* settle
      assert.strictEqual(held.held(), 1, "still one prompt for A")
      held.release()
      yield* Fiber.join(again)
      assert.strictEqual(yield* address, ALICE)
    }
  )

  connectionTest("cancelling a second connect keeps the connection already made", function* ({ connection }) {
    const first = yield* connectedWallet()
    const second = announced(walletB, walletAnswering("eth_requestAccounts", hang, { accounts: [BOB] }))
    const caller = yield* Effect.forkChild(connection.connect(idOf(walletB)))
    yield* until(() => second.count("eth_requestAccounts") === 1)
    assert.strictEqual(yield* address, ALICE)
    yield* connection.cancel
    yield* Effect.flip(Fiber.join(caller))
    assert.strictEqual(yield* address, ALICE)
    assert.strictEqual(first.listenerCount(), 3)
  })
})

// ---------------------------------------------------------------------------------------------------------
// Wallet events
// ---------------------------------------------------------------------------------------------------------

describe("Connection follows the wallet", () => {
  connectionTest(
    "a wallet another announcement claims after the connect is flagged on the connection (T5)",
    function* () {
      const mock = yield* connectedWallet()
      const before = eip155(yield* SubscriptionRef.get((yield* Connection).state))
      assert.isFalse(before.status === "connected" && before.connector.suspicious)
      announce({ ...walletA, uuid: "impostor" }, mockWallet())
      const state = eip155(
        yield* waitForState((s) => {
          const c = eip155(s)
          return c.status === "connected" && c.connector.suspicious
        })
      )
      // Still the wallet the visitor chose, now shown with the impersonation tag.
      assert.strictEqual(state.status === "connected" && state.connector.provider, mock)
    }
  )

  connectionTest("accountsChanged with new accounts updates the address", function* () {
    const mock = yield* connectedWallet()
    mock.emit("accountsChanged", [BOB, ALICE])
    const state = eip155(
      yield* waitForState((s) => {
        const c = eip155(s)
        return c.status === "connected" && c.address === BOB
      })
    )
    assert.deepStrictEqual(state.status === "connected" && state.allAccounts, [BOB, ALICE])
  })

  connectionTest(
    "a flood of accountsChanged costs one state update now and one per pace (50 ms); the newest accounts win",
    function* ({ connection }) {
      const mock = yield* connectedWallet()
      const updates: Array<ConnectionState> = []
      const following = yield* Deferred.make<void>()
      yield* SubscriptionRef.changes(connection.state).pipe(
        Stream.runForEach((s) =>
          Effect.andThen(
            Effect.sync(() => updates.push(s)),
            Deferred.succeed(following, undefined)
          )
        ),
        Effect.forkScoped
      )
      yield* Deferred.await(following)
      const before = updates.length
      for (let i = 0; i < 1000; i++) mock.emit("accountsChanged", i % 2 === 0 ? [ALICE, BOB] : [BOB, ALICE])
      yield* settle
      yield* TestClock.adjust(ACCOUNTS_PACE)
      yield* waitForState((s) => {
        const c = eip155(s)
        return c.status === "connected" && c.address === BOB
      })
      yield* settle
      const flood = updates.slice(before).map((s) => {
        const c = eip155(s)
        return c.status === "connected" ? c.allAccounts : []
      })
      // The first change at once, then the newest of the 999 others once the pace has passed.
      assert.deepStrictEqual(flood, [
        [ALICE, BOB],
        [BOB, ALICE]
      ])
    }
  )

  connectionTest("accountsChanged with [] disconnects and persists it", function* ({ read }) {
    const mock = yield* connectedWallet()
    mock.emit("accountsChanged", [])
    yield* waitForStatus("disconnected")
    assert.strictEqual(mock.listenerCount(), 0)
    assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { eip155: "disconnected" })
    assert.isUndefined(read(connectedConnectorIdKey("eip155").key))
  })

  connectionTest("accountsChanged with only invalid addresses disconnects too", function* () {
    const mock = yield* connectedWallet()
    mock.emit("accountsChanged", ["0xnot-an-address", 42])
    yield* waitForStatus("disconnected")
  })

  connectionTest(
    "chainChanged: configured → active, unconfigured → Unknown + UnsupportedChain, back → Account",
    function* () {
      const networksService = yield* Networks
      const waitForNetwork = (id: string) =>
        SubscriptionRef.changes(networksService.state).pipe(
          Stream.map((s) => {
            const active = s.active.eip155
            return active?._tag === "Known"
              ? active.network.caipNetworkId
              : `unknown:${active?.caipNetworkId}`
          }),
          Stream.filter((active) => active === id),
          Stream.runHead
        )
      const flow = yield* ModalFlow
      const mock = yield* connectedWallet()
      yield* flow.open()
      mock.emit("chainChanged", "0x1")
      yield* waitForNetwork("eip155:1")
      mock.emit("chainChanged", "0x38")
      yield* waitForNetwork("unknown:eip155:56")
      // ModalFlow follows the network in its own fiber.
      yield* settle
      const route = yield* routerState
      assert.isTrue(route.open)
      assert.strictEqual(route.view, "UnsupportedChain")
      assert.strictEqual(yield* status, "connected")
      mock.emit("chainChanged", "0xa")
      yield* waitForNetwork("eip155:10")
      yield* settle
      assert.strictEqual((yield* routerState).view, "Account")
      // Nonsense chain ids are ignored.
      mock.emit("chainChanged", "banana")
      mock.emit("chainChanged", { chainId: 1 })
      yield* settle
      assert.strictEqual(yield* activeNetwork, "eip155:10")
    }
  )

  connectionTest(
    "with allowUnsupportedChain an unconfigured chain does not open UnsupportedChain",
    function* () {
      const mock = yield* connectedWallet()
      mock.emit("chainChanged", "0x38")
      yield* settle
      assert.strictEqual(yield* activeNetwork, "unknown:eip155:56")
      assert.isFalse((yield* routerState).open)
    },
    { options: { allowUnsupportedChain: true } }
  )

  connectionTest(
    "connecting to a wallet on an unconfigured chain opens UnsupportedChain (SPEC.md §4)",
    function* () {
      yield* connectTo(walletA, mockWallet({ chainId: 56, chains: [56] }))
      assert.strictEqual(yield* status, "connected")
      assert.strictEqual(yield* activeNetwork, "unknown:eip155:56")
      // ModalFlow follows the connection in its own fiber.
      yield* settle
      assert.isTrue((yield* routerState).open)
      assert.strictEqual((yield* routerState).view, "UnsupportedChain")
    }
  )

  connectionTest("the wallet's disconnect event disconnects", function* () {
    const mock = yield* connectedWallet()
    mock.emit("disconnect", { code: 4900, message: "Disconnected" })
    yield* waitForStatus("disconnected")
    assert.strictEqual(mock.listenerCount(), 0)
  })

  connectionTest("events from the previous wallet are ignored after switching wallets (T16)", function* () {
    const old = mockWallet()
    const current = mockWallet({ accounts: [BOB] })
    yield* connectTo(walletA, old)
    yield* connectTo(walletB, current)
    assert.strictEqual(yield* address, BOB)
    assert.strictEqual(old.listenerCount(), 0)
    assert.strictEqual(current.listenerCount(), 3)
    old.emit("accountsChanged", [])
    old.emit("accountsChanged", [ALICE])
    old.emit("chainChanged", "0x38")
    old.emit("disconnect", { code: 4900 })
    yield* settle
    assert.strictEqual(yield* address, BOB)
    assert.strictEqual(yield* activeNetwork, "eip155:31337")
  })
})

// ---------------------------------------------------------------------------------------------------------
// Disconnect
// ---------------------------------------------------------------------------------------------------------

// Connection disconnects; ModalFlow.disconnect also closes the modal.
describe("Connection.disconnect", () => {
  connectionTest(
    "removes the wallet's listeners, revokes, persists disconnected and closes the modal",
    function* ({ read }) {
      const flow = yield* ModalFlow
      const mock = yield* connectedWallet()
      assert.strictEqual(mock.listenerCount(), 3)
      yield* flow.open()
      yield* flow.disconnect()
      // Done at once: the connection is dropped, persisted and the modal closed before the wallet is told.
      assert.strictEqual(mock.listenerCount(), 0)
      assert.strictEqual(yield* status, "disconnected")
      assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { eip155: "disconnected" })
      assert.isUndefined(read(connectedConnectorIdKey("eip155").key))
      assert.deepStrictEqual(read(StorageKeys.connectedNamespaces.key), [])
      assert.isFalse((yield* routerState).open)
      // The revoke goes out in the background.
      yield* settle
      assert.strictEqual(mock.count("wallet_revokePermissions"), 1)
      // Events after disconnecting change nothing.
      mock.emit("accountsChanged", [ALICE])
      yield* settle
      assert.strictEqual(yield* status, "disconnected")
    }
  )

  connectionTest("gives a wallet that never answers the revoke 1 s at most (R2)", function* () {
    const flow = yield* ModalFlow
    const mock = walletAnswering("wallet_revokePermissions", hang)
    yield* connectTo(walletA, mock)
    yield* flow.open()
    // Tracks the fibers disconnect starts: the background revoke. They inherit the metrics service, which
    // hears every fiber's start and end (Effect 4 has no Supervisor).
    let live = 0
    const tracker: Metric.FiberRuntimeMetricsService = {
      recordFiberStart: () => {
        live++
      },
      recordFiberEnd: () => {
        live--
      }
    }
    const start = yield* Clock.currentTimeMillis
    const disconnecting = yield* Effect.forkChild(
      Effect.provideService(flow.disconnect(), Metric.FiberRuntimeMetrics, tracker)
    )
    yield* until(() => mock.count("wallet_revokePermissions") === 1)
    // disconnect returned at once, without waiting for the wallet (the clock has not moved).
    assert.isDefined(disconnecting.pollUnsafe())
    yield* Fiber.join(disconnecting)
    assert.strictEqual(yield* Clock.currentTimeMillis, start)
    assert.strictEqual(yield* status, "disconnected")
    assert.isFalse((yield* routerState).open)
    // The revoke waits in the background for 1 s at most, then is abandoned.
    yield* untilSleeping
    yield* TestClock.adjust("999 millis")
    yield* settle
    assert.isAbove(live, 0, "the revoke was abandoned before 1 s")
    yield* TestClock.adjust("1 millis")
    yield* settle
    assert.strictEqual(live, 0, "the revoke still runs after 1 s")
    assert.strictEqual(mock.count("wallet_revokePermissions"), 1)
    assert.strictEqual(yield* status, "disconnected")
  })

  connectionTest("cancels a connect in progress", function* ({ connection }) {
    const mock = mockWallet()
    const late = announceHeld(walletA, mock)
    const caller = yield* Effect.forkChild(connection.connect(idOf(walletA)))
    yield* until(() => late.held() === 1)
    yield* connection.disconnect()
    assert.strictEqual((yield* Effect.flip(Fiber.join(caller)))._tag, "UserRejectedRequestError")
    late.release()
    yield* until(() => mock.count("eth_requestAccounts") === 1)
    yield* settle
    assert.strictEqual(yield* status, "disconnected")
  })

  // THREATS.md R6/T16: the best-effort revoke (up to 1 s) runs in the background; a connect the visitor
  // starts while the old wallet is still being told must not be cancelled by the older disconnect.
  connectionTest(
    "a connect started while the revoke is still pending is not cancelled by the disconnect",
    function* ({ connection }) {
      const flow = yield* ModalFlow
      const old = walletAnswering("wallet_revokePermissions", hang)
      yield* connectTo(walletA, old)
      yield* flow.open()
      const disconnecting = yield* Effect.forkChild(flow.disconnect())
      yield* until(() => old.count("wallet_revokePermissions") === 1)
      // The visitor picks another wallet while the old one is being told.
      const next = mockWallet({ accounts: [BOB] })
      const late = announceHeld(walletB, next)
      yield* flow.open("Connect")
      const connecting = yield* Effect.forkChild(connection.connect(idOf(walletB)))
      yield* until(() => late.held() === 1)
      yield* untilSleeping
      yield* TestClock.adjust("1 second")
      yield* Fiber.join(disconnecting)
      yield* settle
      late.release()
      const exit = yield* Fiber.await(connecting)
      assert.isTrue(Exit.isSuccess(exit), "the newer connect was cancelled by the older disconnect")
      assert.strictEqual(yield* address, BOB)
    }
  )
})

describe("Connection.cancel before an attempt starts", () => {
  // A close that reaches the flow just after a connect was forked interrupts the attempt before it ran:
  // the callers must still hear about it, and the wallet must stay connectable.
  connectionTest(
    "a connect cancelled before its attempt ran settles as rejected, and the next one connects",
    function* ({ connection }) {
      const flow = yield* ModalFlow
      yield* connectTo(walletA, mockWallet())
      yield* flow.open()
      yield* flow.disconnect()
      const next = mockWallet({ accounts: [BOB] })
      announce(walletB, next)
      // Straight after the close, in the same fiber: the flow's cancel lands while the attempt is forked.
      const hung = Effect.as(
        Effect.promise(() => new Promise<void>((resolve) => setTimeout(resolve, 500))),
        "hung" as const
      )
      const first = yield* Effect.raceFirst(Effect.exit(connection.connect(idOf(walletB))), hung)
      assert.notStrictEqual(first, "hung", "a cancelled connect never settled")
      if (first !== "hung" && Exit.isFailure(first))
        assert.strictEqual(Option.getOrThrow(Exit.findErrorOption(first))._tag, "UserRejectedRequestError")
      yield* connection.connect(idOf(walletB))
      assert.strictEqual(yield* address, BOB)
    }
  )
})

// ---------------------------------------------------------------------------------------------------------
// Switch network
// ---------------------------------------------------------------------------------------------------------

// RpcRouter switches the wallet Connection holds.
describe("RpcRouter.switchNetwork", () => {
  /**
   * Connects `provider` (by default `mock` itself) as Wallet A and switches to `target`; answers how often
   * the wallet was asked to switch and to add a chain, and the network then active.
   */
  const switching = (mock: MockEip1193Provider, target: CaipNetworkId, provider: Eip1193Provider = mock) =>
    Effect.gen(function* () {
      yield* connectTo(walletA, provider)
      yield* Effect.flatMap(RpcRouter, (rpc) => rpc.switchNetwork(target))
      return {
        switched: mock.count("wallet_switchEthereumChain"),
        added: mock.count("wallet_addEthereumChain"),
        active: yield* activeNetwork
      }
    })

  /** The parameters of the wallet's first `method` request. */
  const paramsOf = (mock: MockEip1193Provider, method: string) =>
    mock.calls().find((c) => c.method === method)?.params

  connectionTest("switches a wallet that knows the chain", function* () {
    const mock = mockWallet()
    assert.deepStrictEqual(yield* switching(mock, "eip155:1"), { switched: 1, added: 0, active: "eip155:1" })
    assert.deepStrictEqual(paramsOf(mock, "wallet_switchEthereumChain"), [{ chainId: "0x1" }])
  })

  connectionTest("adds the chain on 4902, then switches (SPEC.md §8)", function* () {
    const mock = mockWallet()
    assert.deepStrictEqual(yield* switching(mock, "eip155:10"), {
      switched: 2,
      added: 1,
      active: "eip155:10"
    })
    assert.deepStrictEqual(paramsOf(mock, "wallet_addEthereumChain"), [
      {
        chainId: "0xa",
        chainName: "OP Mainnet",
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: ["https://optimism.example"],
        blockExplorerUrls: ["https://optimistic.etherscan.io"]
      }
    ])
  })

  const onceThen = (mock: MockEip1193Provider, error: { code: number; message: string; data?: unknown }) => {
    mock.setBehaviour("wallet_switchEthereumChain", { _tag: "Error", ...error })
    const provider: Eip1193Provider = {
      request: (args) => {
        if (args.method === "wallet_addEthereumChain")
          mock.setBehaviour("wallet_switchEthereumChain", { _tag: "Default" })
        return mock.request(args)
      },
      on: mock.on,
      removeListener: mock.removeListener
    }
    return provider
  }

  const addCodes: ReadonlyArray<readonly [string, { code: number; message: string; data?: unknown }]> = [
    [
      "a MetaMask Mobile 4902 nested in data.originalError",
      {
        code: -32603,
        message: "Internal JSON-RPC error.",
        data: { originalError: { code: 4902, message: "Unrecognized chain ID" } }
      }
    ],
    ["-32603", { code: -32603, message: "Internal JSON-RPC error." }],
    ["5000", { code: 5000, message: "Chain not approved" }]
  ]
  for (const [label, error] of addCodes) {
    connectionTest(`adds the chain on ${label}, then switches`, function* () {
      const mock = mockWallet()
      assert.deepStrictEqual(yield* switching(mock, "eip155:10", onceThen(mock, error)), {
        switched: 2,
        added: 1,
        active: "eip155:10"
      })
    })
  }

  connectionTest(
    "fails with ChainNotSupportedError 'Chain is not supported' when adding fails",
    function* () {
      const rpc = yield* RpcRouter
      const mock = mockWallet()
      mock.setBehaviour("wallet_addEthereumChain", { _tag: "Error", code: -32000, message: "nope" })
      yield* connectTo(walletA, mock)
      const error = yield* Effect.flip(rpc.switchNetwork("eip155:10"))
      assert.instanceOf(error, ChainNotSupportedError)
      assert.strictEqual(error.message, "Chain is not supported")
      assert.strictEqual(error._tag === "ChainNotSupportedError" && error.chainId, "eip155:10")
      assert.strictEqual(yield* activeNetwork, "eip155:31337")
      assert.strictEqual(yield* status, "connected")
    }
  )

  connectionTest(
    "fails with ChainNotSupportedError when the chain is still unknown after adding",
    function* () {
      const rpc = yield* RpcRouter
      const mock = mockWallet()
      mock.setBehaviour("wallet_addEthereumChain", { _tag: "Result", value: null })
      yield* connectTo(walletA, mock)
      const error = yield* Effect.flip(rpc.switchNetwork("eip155:10"))
      assert.strictEqual(error._tag, "ChainNotSupportedError")
    }
  )

  connectionTest("passes a user rejection through, on the switch or on the add", function* () {
    const rpc = yield* RpcRouter
    const mock = yield* connectedWallet()
    mock.setBehaviour("wallet_switchEthereumChain", { _tag: "Error", code: 4001, message: "User rejected" })
    const onSwitch = yield* Effect.flip(rpc.switchNetwork("eip155:1"))
    assert.strictEqual(onSwitch._tag, "UserRejectedRequestError")
    assert.strictEqual(mock.count("wallet_addEthereumChain"), 0)
    mock.setBehaviour("wallet_switchEthereumChain", { _tag: "Default" })
    mock.setBehaviour("wallet_addEthereumChain", { _tag: "Error", code: 4001, message: "User rejected" })
    const onAdd = yield* Effect.flip(rpc.switchNetwork("eip155:10"))
    assert.strictEqual(onAdd._tag, "UserRejectedRequestError")
    assert.strictEqual(yield* activeNetwork, "eip155:31337")
  })

  connectionTest("only changes the modal's network when not connected", function* ({ read }) {
    const rpc = yield* RpcRouter
    const mock = mockWallet()
    announce(walletA, mock)
    yield* rpc.switchNetwork("eip155:10")
    assert.strictEqual(yield* activeNetwork, "eip155:10")
    assert.strictEqual(mock.calls().length, 0)
    assert.deepStrictEqual(read(StorageKeys.activeNetworkIds.key), { eip155: "eip155:10" })
  })

  connectionTest("refuses a network the host did not configure", function* () {
    const rpc = yield* RpcRouter
    const error = yield* Effect.flip(rpc.switchNetwork("eip155:56"))
    assert.instanceOf(error, NetworkNotFoundError)
  })
})

// ---------------------------------------------------------------------------------------------------------
// Restore on start (THREATS.md T13, R4, R6)
// ---------------------------------------------------------------------------------------------------------

const storedConnection = (key = "dev.airlock.a", status = "connected") => ({
  [StorageKeys.connectionStatus.key]: { eip155: status },
  [connectedConnectorIdKey("eip155").key]: key
})

/** The stored wallet announces itself and is never asked; the stored status reads disconnected. */
const storedWalletLeftAlone = (read: ReturnType<typeof makeArea>["read"]) =>
  Effect.gen(function* () {
    const mock = mockWallet({ connected: true })
    announce(walletA, mock)
    yield* settle
    assert.strictEqual(yield* status, "disconnected")
    assert.strictEqual(mock.calls().length, 0)
    assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { eip155: "disconnected" })
  })

describe("Connection restore", () => {
  connectionTest(
    "reconnects once the stored wallet announces itself and reports its accounts",
    function* ({ read }) {
      yield* waitForStatus("connecting")
      const mock = mockWallet({ connected: true, chainId: 1 })
      announce(walletA, mock)
      yield* passRestoreWindow
      yield* waitForStatus("connected")
      assert.strictEqual(yield* address, ALICE)
      assert.strictEqual(mock.count("eth_accounts"), 1)
      assert.strictEqual(mock.count("eth_requestAccounts"), 0)
      assert.strictEqual(yield* activeNetwork, "eip155:1")
      assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { eip155: "connected" })
      // It follows the restored wallet's events.
      mock.emit("accountsChanged", [])
      yield* waitForStatus("disconnected")
    },
    { stored: storedConnection() }
  )

  const wallet = mockWallet({ connected: true })
  connectionTest(
    "reconnects a wallet that announced before start",
    function* () {
      yield* passRestoreWindow
      yield* waitForStatus("connected")
    },
    { stored: storedConnection(), announcedBeforeStart: () => announce(walletA, wallet) }
  )

  connectionTest(
    "drops the stored connection when the wallet reports no account",
    function* ({ read }) {
      const mock = mockWallet({ connected: false })
      announce(walletA, mock)
      yield* passRestoreWindow
      yield* waitForStatus("disconnected")
      yield* settle
      assert.strictEqual(mock.count("eth_accounts"), 1)
      assert.strictEqual(mock.count("eth_requestAccounts"), 0)
      assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { eip155: "disconnected" })
      assert.isUndefined(read(connectedConnectorIdKey("eip155").key))
      assert.strictEqual(mock.listenerCount(), 0)
    },
    { stored: storedConnection() }
  )

  connectionTest(
    "gives up when the restore's window closes without the wallet announcing itself",
    function* ({ read }) {
      yield* waitForStatus("connecting")
      yield* untilSleeping
      yield* TestClock.adjust("1999 millis")
      assert.strictEqual(yield* status, "connecting")
      yield* TestClock.adjust("1 millis")
      yield* waitForStatus("disconnected")
      yield* settle
      assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { eip155: "disconnected" })
      assert.isUndefined(read(connectedConnectorIdKey("eip155").key))
    },
    { stored: storedConnection() }
  )

  const real = mockWallet({ connected: true })
  const impostor = mockWallet({ connected: true, accounts: [BOB] })
  connectionTest(
    "does not pick either wallet when two claim the stored key",
    function* () {
      yield* passRestoreWindow
      yield* waitForStatus("disconnected")
      assert.strictEqual(real.count("eth_accounts") + impostor.count("eth_accounts"), 0)
    },
    {
      stored: storedConnection(),
      announcedBeforeStart: () => {
        announce(walletA, real)
        announce({ ...walletA, uuid: "impostor" }, impostor)
      }
    }
  )

  connectionTest(
    "an impostor announcing the stored key before the real wallet is not reconnected (T5, R17)",
    function* ({ read }) {
      yield* waitForStatus("connecting")
      const { impostor, real } = yield* impostorThenReal("300 millis")
      yield* passRestoreWindow
      yield* waitForStatus("disconnected")
      yield* settle
      assert.strictEqual(impostor.count("eth_accounts") + real.count("eth_accounts"), 0)
      assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { eip155: "disconnected" })
    },
    { stored: storedConnection() }
  )

  connectionTest(
    "does nothing with enableReconnect: false",
    function* ({ read }) {
      yield* storedWalletLeftAlone(read)
      assert.isUndefined(read(connectedConnectorIdKey("eip155").key))
    },
    { stored: storedConnection(), options: { enableReconnect: false } }
  )

  for (const stored of ["connecting", "reconnecting", "buffering"] as const) {
    connectionTest(
      `treats a stored '${stored}' as disconnected`,
      function* ({ read }) {
        yield* storedWalletLeftAlone(read)
      },
      { stored: storedConnection("dev.airlock.a", stored) }
    )
  }

  connectionTest(
    "a connect during the restore wins over it (R6)",
    function* ({ connection }) {
      yield* waitForStatus("connecting")
      const chosen = mockWallet({ accounts: [BOB] })
      yield* connectTo(walletB, chosen)
      // The stored wallet shows up afterwards and says it is still authorised.
      const stored = mockWallet({ connected: true })
      announce(walletA, stored)
      yield* passRestoreWindow
      yield* until(() => stored.count("eth_chainId") === 1)
      yield* settle
      assert.strictEqual(yield* address, BOB)
      assert.strictEqual(stored.listenerCount(), 0)
      assert.strictEqual(Option.getOrThrow(yield* connection.connected("eip155")).connector.provider, chosen)
    },
    { stored: storedConnection() }
  )

  connectionTest(
    "gives up when the stored wallet never answers eth_accounts (10 s, R2)",
    function* () {
      const mock = announced(walletA, walletAnswering("eth_accounts", hang, { connected: true }))
      yield* passRestoreWindow
      yield* until(() => mock.count("eth_accounts") === 1)
      yield* untilSleeping
      yield* TestClock.adjust("9999 millis")
      assert.strictEqual(yield* status, "connecting")
      yield* TestClock.adjust("1 millis")
      yield* waitForStatus("disconnected")
    },
    { stored: storedConnection() }
  )

  // A connect that fails during the restore must not put back the restore's "connecting": the restore
  // sees a newer epoch and leaves the state alone, so the status would spin forever (T14).
  connectionTest(
    "a failed connect during the restore does not leave the status connecting forever",
    function* ({ connection }) {
      yield* waitForStatus("connecting")
      announce(walletB, walletAnswering("eth_requestAccounts", refusal))
      yield* Effect.flip(connection.connect(idOf(walletB)))
      // The stored wallet never shows up: the restore gives up.
      yield* untilSleeping
      yield* TestClock.adjust("1 minute")
      yield* settle
      assert.strictEqual(yield* status, "disconnected")
    },
    { stored: storedConnection() }
  )

  connectionTest(
    "a disconnect during the restore wins over it (R6)",
    function* ({ connection, read }) {
      yield* waitForStatus("connecting")
      const stored = mockWallet({ connected: true })
      const late = holding(stored, "eth_accounts")
      announce(walletA, late.provider)
      yield* passRestoreWindow
      yield* until(() => late.held() === 1)
      yield* connection.disconnect()
      late.release()
      yield* until(() => stored.count("eth_chainId") === 1)
      yield* settle
      assert.strictEqual(yield* status, "disconnected")
      assert.strictEqual(stored.listenerCount(), 0)
      assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { eip155: "disconnected" })
    },
    { stored: storedConnection() }
  )
})
