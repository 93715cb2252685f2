/**
 * The request and flow owners over one connected wallet on the sandbox chain, for tests of requests:
 * what was tracked and refreshed is counted; the chains answer reads through `chains` (none by default).
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as PubSub from "effect/PubSub"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { ModalFlowLive } from "../../src/layers/flow/ModalFlowLive"
import { NetworksLive } from "../../src/layers/networks/NetworksLive"
import { RpcRouterLive } from "../../src/layers/requests/RpcRouterLive"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import { AccountData } from "../../src/services/AccountData"
import type { WalletConnector } from "../../src/services/Connectors"
import type { FallbackTransport } from "../../src/services/FallbackTransport"
import {
  type Submission,
  type TrackedTransaction,
  TransactionWatcher
} from "../../src/services/TransactionWatcher"
import { WalletConnect } from "../../src/services/WalletConnect"
import {
  type MockEip1193Provider,
  type MockWalletOptions,
  makeMockEip1193Provider
} from "../../src/testing/mockWallet"
import { ALICE } from "../kit/accounts"
import { makeRecorder } from "../kit/emitters"
import { decodedOptions, mainnetNetwork, sandboxNetwork, withAuthConnector } from "../kit/fixtures"
import {
  allowedOrigin,
  fixedConnection,
  idleAccountData,
  idleCatalog,
  idleFlows,
  idleNames,
  idleSignIn,
  modalCore,
  unansweredChains
} from "../kit/flowLayers"
import { preloadedParts } from "../kit/lazyParts"

export const HASH = `0x${"ab".repeat(32)}`

/** A transaction watcher that only records what it is asked to track, in `tracked`. */
export const recordingWatcher = (tracked: Array<Submission>) =>
  Layer.effect(
    TransactionWatcher,
    Effect.gen(function* () {
      const settled = yield* PubSub.unbounded<TrackedTransaction>()
      return TransactionWatcher.of({
        transactions: yield* SubscriptionRef.make<ReadonlyArray<TrackedTransaction>>([]),
        track: (submission) => Effect.sync(() => void tracked.push(submission)),
        waitForReceipt: () => Effect.never,
        settled: PubSub.subscribe(settled)
      })
    })
  )

/** Everything the request and flow owners run on, with one wallet connected on the sandbox chain. */
export const world = (
  connector: WalletConnector,
  options: {
    readonly features?: ModalOptionsInput["features"]
    readonly chains?: Layer.Layer<FallbackTransport>
    readonly accountType?: "eoa" | "smartAccount"
    /** In place of the watcher that only records (`tracked` then stays empty). */
    readonly watcher?: Layer.Layer<TransactionWatcher>
  } = {}
) => {
  const tracked: Array<Submission> = []
  const refreshes = { count: 0 }
  const connection = fixedConnection({
    connector,
    address: ALICE,
    ...(options.accountType === undefined ? {} : { accountType: options.accountType })
  })
  const watcher = options.watcher ?? recordingWatcher(tracked)
  // Account data that loads nothing, counting its refreshes.
  const accountData = Layer.effect(
    AccountData,
    Effect.gen(function* () {
      const idle = yield* AccountData
      return AccountData.of({ ...idle, refresh: Effect.sync(() => void refreshes.count++) })
    })
  ).pipe(Layer.provide(idleAccountData))
  const walletConnect = Layer.succeed(WalletConnect, { openWallet: Effect.void } as never)
  const core = modalCore(
    decodedOptions({
      networks: [sandboxNetwork, mainnetNetwork],
      ...(options.features === undefined ? {} : { features: options.features })
    })
  )
  const chain = Layer.mergeAll(
    NetworksLive,
    connection,
    watcher,
    walletConnect,
    allowedOrigin,
    accountData,
    idleSignIn,
    idleNames,
    idleFlows,
    idleCatalog,
    withAuthConnector(core),
    options.chains ?? unansweredChains
  ).pipe(Layer.provideMerge(core))
  const requests = RpcRouterLive.pipe(Layer.provideMerge(chain))
  const layer = ModalFlowLive.pipe(Layer.provideMerge(requests), Layer.provide(preloadedParts))
  return { layer, tracked, refreshes }
}

/** `provider` as an announced browser wallet. */
export const browserWallet = (provider: MockEip1193Provider): WalletConnector => ({
  id: "eip6963:a",
  key: "dev.airlock.a",
  type: "ANNOUNCED",
  chain: "eip155",
  name: "Wallet A",
  icon: undefined,
  rdns: "dev.airlock.a",
  provider,
  suspicious: false,
  uuid: "a"
})

/**
 * `provider` as a browser wallet that tells what it is asked: `untilAsked(method, n)` waits until it has
 * been asked `method` `n` times (once by default).
 */
export const watchedWallet = (provider: MockEip1193Provider) => {
  const asked = makeRecorder<string>()
  const connector = browserWallet({
    ...provider,
    request: (args) => {
      asked.push(args.method)
      return provider.request(args)
    }
  })
  return { connector, untilAsked: (method: string, n = 1) => asked.untilCount((m) => m === method, n) }
}

/** A wallet connected on the sandbox chain that never answers `method`, watched. */
export const hangingWallet = (method: string, options: MockWalletOptions = {}) => {
  const provider = makeMockEip1193Provider({ chainId: 31337, connected: true, ...options })
  provider.setBehaviour(method, { _tag: "Hang" })
  return { provider, ...watchedWallet(provider) }
}
