/**
 * Every service whose code loads lazily says a failed chunk load in the catalogue's words, or carries on
 * without it where SPEC.md lets it (no name, no origin verdict). Here every part fails to load, at once.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import {
  BalanceUnavailableError,
  HistoryFetchError,
  ProviderRequestError,
  RequestAbortedError,
  TransactionWaitTimeoutError,
  WalletConnectConnectorNotFoundError
} from "../../src/errors"
import { AccountDataLazy } from "../../src/layers/account/AccountDataLive"
import { BalanceServiceLive } from "../../src/layers/account/BalanceServiceLive"
import { HistoryServiceLive } from "../../src/layers/account/HistoryServiceLive"
import { IdentityServiceLive } from "../../src/layers/account/IdentityServiceLive"
import { BlockchainApiLive } from "../../src/layers/provider/BlockchainApiLive"
import { OriginGuardLive } from "../../src/layers/provider/OriginGuardLive"
import { RpcRouterLive } from "../../src/layers/requests/RpcRouterLive"
import { TransactionWatcherLive } from "../../src/layers/requests/TransactionWatcherLive"
import { WalletConnectLive } from "../../src/layers/walletconnect/WalletConnectLive"
import { BalanceService } from "../../src/services/BalanceService"
import { BlockchainApi } from "../../src/services/BlockchainApi"
import { Connection } from "../../src/services/Connection"
import { FallbackTransport } from "../../src/services/FallbackTransport"
import { HistoryService } from "../../src/services/HistoryService"
import { IdentityService } from "../../src/services/IdentityService"
import { ModalConfig } from "../../src/services/ModalConfig"
import { Networks } from "../../src/services/Networks"
import { OriginGuard } from "../../src/services/OriginGuard"
import { ProviderApi } from "../../src/services/ProviderApi"
import { RpcRouter } from "../../src/services/RpcRouter"
import { Storage } from "../../src/services/Storage"
import { TransactionWatcher } from "../../src/services/TransactionWatcher"
import { WalletConnect } from "../../src/services/WalletConnect"
import { WalletConnectClient } from "../../src/services/WalletConnectClient"
import { connect, inWorld, loaded } from "../account/accountDataWorld"
import { ALICE } from "../kit/accounts"
import { decodedOptions, sandboxNetwork } from "../kit/fixtures"
import { unloadableParts } from "../kit/lazyParts"
import { untilState } from "../kit/waits"

const HASH = `0x${"ab".repeat(32)}`

/** What the lazy constructors would need; never used, since their code never arrives. */
const unused = Layer.mergeAll(
  Layer.succeed(ModalConfig, decodedOptions()),
  Layer.succeed(BlockchainApi, {} as never),
  Layer.succeed(FallbackTransport, {} as never),
  Layer.succeed(ProviderApi, {} as never),
  Layer.succeed(Connection, {} as never),
  Layer.succeed(Networks, {} as never),
  Layer.succeed(WalletConnect, {} as never),
  Layer.succeed(WalletConnectClient, {} as never),
  Layer.succeed(Storage, {} as never)
)

/** Moves the test clock past every retry of a load (each fails at once, so each wait is registered). */
const passRetries = TestClock.adjust("1 minute")

const provided = <A, E, R>(layer: Layer.Layer<A, E, R>): Layer.Layer<A, E> =>
  layer.pipe(Layer.provide(unused as Layer.Layer<R>), Layer.provide(unloadableParts))

describe("a lazy service whose code does not load", () => {
  it.effect("balances: 'Token Balance Unavailable'; refreshing does nothing", () =>
    Effect.gen(function* () {
      const balances = yield* BalanceService
      const error = yield* Effect.flip(balances.nativeBalance(sandboxNetwork as never, ALICE))
      assert.instanceOf(error, BalanceUnavailableError)
      yield* balances.refresh(sandboxNetwork as never, ALICE)
    }).pipe(Effect.provide(provided(BalanceServiceLive)))
  )

  it.effect("activity: 'Failed to fetch transactions'", () =>
    Effect.gen(function* () {
      const histories = yield* HistoryService
      assert.instanceOf(yield* Effect.flip(histories.page(sandboxNetwork as never, ALICE)), HistoryFetchError)
    }).pipe(Effect.provide(provided(HistoryServiceLive)))
  )

  it.effect("names: none, as when the API is unavailable", () =>
    Effect.gen(function* () {
      const identities = yield* IdentityService
      assert.isTrue(Option.isNone(yield* identities.identity(ALICE)))
    }).pipe(Effect.provide(provided(IdentityServiceLive)))
  )

  it.effect("the Blockchain API: a failed network request", () =>
    Effect.gen(function* () {
      const api = yield* BlockchainApi
      assert.instanceOf(yield* Effect.flip(api.balance(ALICE, "eip155:31337")), ProviderRequestError)
    }).pipe(Effect.provide(provided(BlockchainApiLive)))
  )

  it.effect("the origin check: blocks nothing (the provider's services still enforce the list)", () =>
    Effect.gen(function* () {
      const guard = yield* OriginGuard
      yield* guard.check
    }).pipe(Effect.provide(provided(OriginGuardLive)))
  )

  it.effect("requests: 'Request was aborted', never a hang", () =>
    Effect.gen(function* () {
      const rpc = yield* RpcRouter
      const error = yield* Effect.flip(rpc.request({ method: "eth_accounts" }))
      assert.instanceOf(error, RequestAbortedError)
      const switched = yield* Effect.flip(rpc.switchNetwork("eip155:31337"))
      assert.instanceOf(switched, RequestAbortedError)
    }).pipe(
      Effect.provide(provided(Layer.merge(RpcRouterLive, Layer.succeed(TransactionWatcher, {} as never))))
    )
  )

  it.effect(
    "WalletConnect: connecting fails as 'not found' and the pairing is idle again; no session restores",
    () =>
      Effect.gen(function* () {
        const walletConnect = yield* WalletConnect
        assert.instanceOf(yield* Effect.flip(walletConnect.connect()), WalletConnectConnectorNotFoundError)
        assert.strictEqual((yield* SubscriptionRef.get(walletConnect.pairing))._tag, "Idle")
        assert.isTrue(Option.isNone(yield* walletConnect.restore))
      }).pipe(Effect.provide(provided(WalletConnectLive)))
  )

  it.effect("a sent transaction whose watch code stayed away: listed at once, as 'unknown'", () =>
    Effect.gen(function* () {
      const watcher = yield* TransactionWatcher
      yield* watcher.track({
        kind: "transaction",
        hash: HASH,
        network: "eip155:31337",
        from: ALICE,
        to: ALICE,
        value: "1"
      })
      const [listed] = yield* SubscriptionRef.get(watcher.transactions)
      assert.strictEqual(listed?.id, HASH)
      assert.strictEqual(listed?.status, "unknown")
      const waited = yield* Effect.flip(watcher.waitForReceipt("eip155:31337", HASH))
      assert.instanceOf(waited, TransactionWaitTimeoutError)
    }).pipe(Effect.provide(provided(TransactionWatcherLive)))
  )

  it.effect("account data: balances and activity show their failure once the retries are spent", () =>
    Effect.gen(function* () {
      // The loads' code fails to load; its first attempt says so, and the retries wait on the test clock.
      const attempted = yield* Deferred.make<void>()
      const attempts = { count: 0 }
      const parts = Layer.merge(
        unloadableParts,
        Layer.succeed(AccountDataLazy, {
          _tag: "Import",
          load: () => {
            attempts.count += 1
            Deferred.doneUnsafe(attempted, Exit.void)
            throw new Error("Failed to fetch dynamically imported module")
          }
        })
      )
      yield* inWorld(
        {},
        (w) =>
          Effect.gen(function* () {
            yield* connect(w, ALICE)
            yield* Deferred.await(attempted)
            yield* passRetries
            const balance = yield* untilState(w.data.nativeBalance, loaded)
            assert.strictEqual(balance._tag, "Failed")
            assert.strictEqual((yield* untilState(w.data.tokens, loaded))._tag, "Failed")
            assert.strictEqual((yield* untilState(w.data.activity, loaded))._tag, "Failed")
            assert.strictEqual((yield* untilState(w.data.nfts, loaded))._tag, "Failed")
          }),
        parts
      )
      assert.strictEqual(attempts.count, 4)
    })
  )
})
