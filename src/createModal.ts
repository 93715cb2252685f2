import * as Data from "effect/Data"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Result from "effect/Result"
import {
  type AirlockError,
  BalanceUnavailableError,
  ConnectorNotConnectedError,
  ConnectorNotFoundError,
  WalletConnectConnectorNotFoundError
} from "./errors"
import { type ProviderShell, providerShell } from "./interop/providerShell"
import { AirlockLive, type AirlockServices, makeAirlockLayer } from "./layers/runtime/AirlockLive"
import { ModalConfigLive } from "./layers/runtime/ModalConfigLive"
import type { CreateModalSettings, Modal } from "./Modal"
import { makeController } from "./react/modal/bridge/controller"
import { makeHostPort } from "./react/modal/bridge/hostPort"
import type { Result as PortResult } from "./react/modal/bridge/run"
import { mountModalElement } from "./react/modal/element/mount"
import { registerModal, unregisterModal } from "./react/registry"
import { decodeModalOptions, type ModalOptionsInput } from "./schemas/ModalOptions"
import { isView } from "./schemas/View"
import { WALLET_CONNECT_ID } from "./services/Connection"

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

/**
 * A port's result as the host gets it: the value, or a rejection with the typed error (or the defect) as
 * it is. The host presents it, once (the EIP-1193 adapter through `present`).
 */
const settled = <A>(result: PortResult<A, AirlockError>): A => {
  if (result._tag === "Success") return result.value
  throw result._tag === "Failure" ? result.error : result.defect
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

  const configLayer = ModalConfigLive(config)
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
  const { state, theme, locale, network, walletInfo, wallets, event, transactions, pairing } = host
  const unlessDisposed = <A>(f: () => Promise<A>, fallback: A) => (disposed ? Promise.resolve(fallback) : f())
  const connect = (walletId: string) =>
    disposed
      ? Promise.reject(new ConnectorNotFoundError({ connectorId: walletId }))
      : controller.connectWith(walletId).then(settled)
  let stopAnnouncing: (() => void) | undefined
  // The EIP-1193 provider, made on the first ask; its working part loads then, not with the page.
  let provider: ProviderShell | undefined

  const modal: Modal = {
    open: (view, openOptions) =>
      unlessDisposed(
        () =>
          controller.open(
            view !== undefined && isView(view) ? view : undefined,
            undefined,
            openOptions?.askedBy === "dapp" ? { askedBy: "dapp" } : undefined
          ),
        undefined
      ),
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
    getLocale: locale.get,
    setLocale: (requested) =>
      unlessDisposed(() => controller.setLocale(requested).then(settled), locale.get()),
    subscribeLocale: locale.subscribe,
    getAccount: (namespace) => host.account(namespace).get(),
    subscribeAccount: (listener, namespace) => host.account(namespace).subscribe(listener),
    getNetwork: network.get,
    subscribeNetwork: network.subscribe,
    getWalletInfo: walletInfo.get,
    subscribeWalletInfo: walletInfo.subscribe,
    switchNetwork: (caipNetworkId, switchOptions) =>
      unlessDisposed(() => controller.switchNetwork(caipNetworkId, switchOptions).then(settled), undefined),
    disconnect: (namespace) => unlessDisposed(() => controller.disconnect(namespace), undefined),
    fetchBalance: async () => {
      const account = host.account().get()
      const { caipNetwork } = network.get()
      if (disposed || account.address === undefined || caipNetwork === undefined) {
        throw new BalanceUnavailableError({ address: account.address })
      }
      const balance = settled(await controller.nativeBalance(caipNetwork, account.address))
      return { balance: balance.formatted, symbol: balance.symbol }
    },
    // A disposed modal has no wallet: these reject rather than resolve with nothing.
    request: (request, requestOptions) =>
      disposed
        ? Promise.reject(new ConnectorNotConnectedError({}))
        : controller.request(request, requestOptions).then(settled),
    getProvider: () => {
      provider ??= providerShell((listeners) =>
        import("./interop/modalProvider").then((part) =>
          part.startModalProvider(modal, runtime, controller, listeners)
        )
      )
      // A disposed modal's provider serves nothing.
      if (disposed) provider.stop()
      return provider.provider
    },
    getWallets: wallets.get,
    subscribeWallets: wallets.subscribe,
    connect,
    connectWalletConnect: () =>
      disposed ? Promise.reject(new WalletConnectConnectorNotFoundError({})) : connect(WALLET_CONNECT_ID),
    cancelConnect: () => unlessDisposed(() => controller.cancelConnect(), undefined),
    getWalletConnect: pairing.get,
    subscribeWalletConnect: pairing.subscribe,
    getAccountActions: host.accountActions.get,
    subscribeAccountActions: host.accountActions.subscribe,
    getConnectOptions: host.connectOptions.get,
    subscribeConnectOptions: host.connectOptions.subscribe,
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
      provider?.stop()
      unregisterModal(modal)
      mounted?.unmount()
      await runtime.dispose()
    }
  }
  registerModal(modal, { locale: controller.locale, prepare: mounted?.prepare ?? (() => {}) })
  if (config.announceEIP6963) {
    void import("./interop/announce").then(({ announceModal }) => {
      if (!disposed) stopAnnouncing = announceModal(modal, window)
    })
  }
  return modal
}
