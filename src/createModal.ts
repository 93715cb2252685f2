import * as Data from "effect/Data"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Result from "effect/Result"
import {
  BalanceUnavailableError,
  ConnectorNotConnectedError,
  ConnectorNotFoundError,
  WalletConnectConnectorNotFoundError
} from "./errors"
import type { AccountSnapshot, NetworkSnapshot, WalletInfo, WalletOption } from "./internal/snapshots"
import {
  AirlockLive,
  type AirlockPlatform,
  type AirlockServices,
  makeAirlockLayer
} from "./layers/AirlockLive"
import { type ModalEvent, makeController } from "./react/bridge/controller"
import { type ModalState, makeHostPort, type WalletConnectSnapshot } from "./react/bridge/hostPort"
import { mountModalElement } from "./react/modal/mount"
import { registerModal, unregisterModal } from "./react/registry"
import { decodeModalOptions, type ModalOptionsInput } from "./schemas/ModalOptions"
import type { CaipNetworkId, ChainNamespace, ThemeMode } from "./schemas/Primitives"
import type { ThemeVariables } from "./schemas/Theme"
import { isView, type View } from "./schemas/View"
import { WALLET_CONNECT_ID } from "./services/Connection"
import { ModalConfig } from "./services/ModalConfig"
import type { ThemeState } from "./services/Theme"

export type { ModalState, WalletConnectSnapshot } from "./react/bridge/hostPort"

import type { TrackedTransaction } from "./services/TransactionWatcher"

/**
 * The handle `createModal` returns. Every method is safe to call at any time; after `dispose()` the
 * handle does nothing.
 *
 * @since 0.1.0
 * @category models
 */
export interface Modal {
  /** Opens on `view`, else on Account when connected, else on Connect. An unknown view opens Connect. */
  readonly open: (view?: View) => Promise<void>
  /** Resolves to whether the modal closed: ApproveTransaction stays open unless `force` is set. */
  readonly close: (options?: { readonly force?: boolean }) => Promise<boolean>
  readonly isOpen: () => boolean
  readonly getState: () => ModalState
  readonly subscribeState: (listener: (state: ModalState) => void) => () => void
  readonly getThemeMode: () => ThemeMode
  readonly setThemeMode: (mode: ThemeMode) => Promise<void>
  readonly getThemeVariables: () => ThemeVariables
  readonly setThemeVariables: (variables: ThemeVariables) => Promise<void>
  readonly subscribeTheme: (listener: (theme: ThemeState) => void) => () => void
  /** The connected account of `namespace` (default: the active one). */
  readonly getAccount: (namespace?: ChainNamespace) => AccountSnapshot
  readonly subscribeAccount: (
    listener: (account: AccountSnapshot) => void,
    namespace?: ChainNamespace
  ) => () => void
  readonly getNetwork: () => NetworkSnapshot
  readonly subscribeNetwork: (listener: (network: NetworkSnapshot) => void) => () => void
  /** The wallet connected in the active namespace. */
  readonly getWalletInfo: () => WalletInfo | undefined
  readonly subscribeWalletInfo: (listener: (info: WalletInfo | undefined) => void) => () => void
  /**
   * Switches the wallet to a configured network (adding it to the wallet first when needed), or just the
   * modal when disconnected. Rejects with the typed error, e.g. `ChainNotSupportedError`.
   */
  readonly switchNetwork: (
    caipNetworkId: CaipNetworkId,
    options?: { readonly signal?: AbortSignal }
  ) => Promise<void>
  readonly disconnect: (namespace?: ChainNamespace) => Promise<void>
  /** The active account's native balance (cached 30 s); rejects with 'Token Balance Unavailable'. */
  readonly fetchBalance: () => Promise<{ readonly balance: string; readonly symbol: string }>
  /**
   * Sends a JSON-RPC request to the wallet connected on `namespace` (default: the active one), e.g.
   * `personal_sign` or `solana_signMessage`. Only the methods of SPEC.md §5 are allowed; rejects with the
   * typed error ('Requested RPC call is not allowed', 'Signature declined', a wallet error...). Reads
   * time out after 10 s; a request waiting for the visitor rejects with 'Request was aborted'
   * (`RequestAbortedError`) when `signal` aborts or the modal is closed.
   */
  readonly request: (
    request: { readonly method: string; readonly params?: unknown },
    options?: { readonly namespace?: ChainNamespace; readonly signal?: AbortSignal }
  ) => Promise<unknown>
  /** The browser wallets found on the page, for a host that draws its own list (`features.headless`). */
  readonly getWallets: () => ReadonlyArray<WalletOption>
  readonly subscribeWallets: (listener: (wallets: ReadonlyArray<WalletOption>) => void) => () => void
  /**
   * Connects the wallet `walletId` names (an `id` of `getWallets()`) without the modal's views. Resolves once
   * it connected; rejects with the typed error (e.g. 'Request rejected in wallet').
   */
  readonly connect: (walletId: string) => Promise<void>
  /**
   * Pairs through WalletConnect without the modal's views (for hosts that draw their own QR code from
   * `getWalletConnect().uri`). Resolves once a wallet approved; rejects with the typed error.
   */
  readonly connectWalletConnect: () => Promise<void>
  /** Abandons a connection attempt in progress (its URI stops working). */
  readonly cancelConnect: () => Promise<void>
  readonly getWalletConnect: () => WalletConnectSnapshot
  readonly subscribeWalletConnect: (listener: (pairing: WalletConnectSnapshot) => void) => () => void
  /** The latest modal event (open, close, connect, disconnect, network switch...). */
  readonly getEvent: () => ModalEvent | undefined
  /** Calls `listener` with every modal event, in order, from now on. */
  readonly subscribeEvents: (listener: (event: ModalEvent) => void) => () => void
  /** Transactions sent through Airlock (pending, then confirmed, failed or unknown), newest first. */
  readonly getTransactions: () => ReadonlyArray<TrackedTransaction>
  readonly subscribeTransactions: (
    listener: (transactions: ReadonlyArray<TrackedTransaction>) => void
  ) => () => void
  /** The `<airlock-modal>` element; place it yourself with `disableAppend` or `enableEmbedded`. */
  readonly element: HTMLElement | undefined
  /** Unmounts the modal, stops every service and releases what they hold. */
  readonly dispose: () => Promise<void>
}

/**
 * The second argument of `createModal`.
 *
 * @since 0.1.0
 * @category models
 */
export interface CreateModalSettings<ROut = never, E = never> {
  /** Services that replace ours, e.g. `Layer.succeed(Notifications, myNotifications)`. */
  readonly layer?: Layer.Layer<ROut, E, AirlockPlatform>
}

/**
 * The host's layer needs time to build (it waits on a promise, a timer, the network). The modal must show
 * the moment it is created, so the layer must build at once: do the waiting before `createModal`, and
 * pass what it produced with `Layer.succeed`.
 *
 * @since 0.2.0
 * @category errors
 */
export class AsyncHostLayerError extends Data.TaggedError("AsyncHostLayerError")<{
  readonly cause: unknown
}> {
  override readonly message =
    "Airlock: the layer passed to createModal must build synchronously; await its work first and pass the result with Layer.succeed"
}

/**
 * `createModal` ran without a browser page (a server render). The hooks render a disconnected modal there
 * without one; create the modal in the browser.
 *
 * @since 0.3.0
 * @category errors
 */
export class CreateModalOnServerError extends Data.TaggedError("CreateModalOnServerError") {
  override readonly message =
    "Airlock: createModal needs a browser page (window and document). On a server, render the hooks without a modal; call createModal in the browser"
}

/** Builds every service now; a host layer that cannot build synchronously is refused, not half-started. */
const buildController = (runtime: ManagedRuntime.ManagedRuntime<AirlockServices, never>) => {
  try {
    return makeController(runtime)
  } catch (error) {
    if (typeof error === "object" && error !== null && "_tag" in error && error._tag === "AsyncFiberError") {
      void runtime.dispose()
      throw new AsyncHostLayerError({ cause: error })
    }
    throw error
  }
}

/**
 * Validates the options, builds one runtime from our live services with the host's layer over them,
 * mounts `<airlock-modal>` (unless `disableAppend` or `enableEmbedded`) and returns the handle.
 *
 * Throws the typed options error (`ProjectIdMissingError` or `SchemaDecodeError`) when the options are
 * invalid: a misconfigured modal is a developer's bug, best seen at once.
 *
 * @since 0.1.0
 * @category constructors
 */
export const createModal = <ROut = never, E = never>(
  options: ModalOptionsInput,
  settings: CreateModalSettings<ROut, E> = {}
): Modal => {
  if (typeof window === "undefined" || typeof document === "undefined") throw new CreateModalOnServerError()
  const decoded = decodeModalOptions(options)
  if (Result.isFailure(decoded)) throw decoded.failure
  const config = decoded.success

  const configLayer = Layer.succeed(ModalConfig, config)
  // A host layer that cannot be built is a bug in the host: it surfaces as a defect, not a state.
  const services: Layer.Layer<AirlockServices> =
    settings.layer === undefined
      ? Layer.provideMerge(AirlockLive, configLayer)
      : Layer.provideMerge(makeAirlockLayer(Layer.orDie(settings.layer)), configLayer)
  const runtime = ManagedRuntime.make(services)
  const controller = buildController(runtime)
  const mounted = mountModalElement(controller)
  let disposed = false
  const isDisposed = () => disposed

  const host = makeHostPort(controller, isDisposed)
  const { state, theme, network, walletInfo, wallets, event, transactions, pairing } = host
  const unlessDisposed = <A>(f: () => Promise<A>, fallback: A) => (disposed ? Promise.resolve(fallback) : f())
  const connect = (walletId: string) =>
    disposed
      ? Promise.reject(new ConnectorNotFoundError({ connectorId: walletId }))
      : controller.connectWith(walletId).then((result) => {
          if (result._tag === "Failure") throw result.cause
        })
  let stopAnnouncing: (() => void) | undefined

  const modal: Modal = {
    open: (view) =>
      unlessDisposed(() => controller.open(view !== undefined && isView(view) ? view : undefined), undefined),
    close: (closeOptions) => unlessDisposed(() => controller.close(closeOptions), true),
    isOpen: () => state.get().open,
    getState: state.get,
    subscribeState: state.subscribe,
    getThemeMode: () => theme.get().mode,
    setThemeMode: (mode) => unlessDisposed(() => controller.setThemeMode(mode), undefined),
    getThemeVariables: () => theme.get().variables,
    setThemeVariables: (variables) =>
      unlessDisposed(() => controller.setThemeVariables(variables), undefined),
    subscribeTheme: theme.subscribe,
    getAccount: (namespace) => host.account(namespace).get(),
    subscribeAccount: (listener, namespace) => host.account(namespace).subscribe(listener),
    getNetwork: network.get,
    subscribeNetwork: network.subscribe,
    getWalletInfo: walletInfo.get,
    subscribeWalletInfo: walletInfo.subscribe,
    switchNetwork: (caipNetworkId, switchOptions) =>
      unlessDisposed(
        () =>
          controller.switchNetwork(caipNetworkId, switchOptions).then((result) => {
            if (result._tag === "Failure") throw result.cause
          }),
        undefined
      ),
    disconnect: (namespace) => unlessDisposed(() => controller.disconnect(namespace), undefined),
    fetchBalance: async () => {
      const account = host.account().get()
      const { caipNetwork } = network.get()
      if (disposed || account.address === undefined || caipNetwork === undefined) {
        throw new BalanceUnavailableError({ address: account.address })
      }
      const result = await controller.nativeBalance(caipNetwork, account.address)
      if (result._tag === "Failure") throw result.cause
      return { balance: result.value.formatted, symbol: result.value.symbol }
    },
    // A disposed modal has no wallet: these reject rather than resolve with nothing.
    request: (request, requestOptions) =>
      disposed
        ? Promise.reject(new ConnectorNotConnectedError({}))
        : controller.request(request, requestOptions).then((result) => {
            if (result._tag === "Failure") throw result.cause
            return result.value
          }),
    getWallets: wallets.get,
    subscribeWallets: wallets.subscribe,
    connect,
    connectWalletConnect: () =>
      disposed ? Promise.reject(new WalletConnectConnectorNotFoundError({})) : connect(WALLET_CONNECT_ID),
    cancelConnect: () => unlessDisposed(() => controller.cancelConnect(), undefined),
    getWalletConnect: pairing.get,
    subscribeWalletConnect: pairing.subscribe,
    getEvent: event.get,
    subscribeEvents: (listener) => (disposed ? () => {} : controller.onEvent(listener)),
    getTransactions: transactions.get,
    subscribeTransactions: transactions.subscribe,
    element: mounted?.element,
    dispose: async () => {
      if (disposed) return
      await controller.close({ force: true })
      disposed = true
      stopAnnouncing?.()
      unregisterModal(modal)
      mounted?.unmount()
      await runtime.dispose()
    }
  }
  registerModal(modal)
  if (config.announceEIP6963) {
    void import("./interop/announce").then(({ announceModal }) => {
      if (!disposed) stopAnnouncing = announceModal(modal, window)
    })
  }
  return modal
}
