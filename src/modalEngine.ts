/**
 * The modal itself, behind the handle `createModal` returns at once (`createModal.ts`): the options
 * decoded, one runtime of our services with the host's layer over them, the bridge's controller and the
 * shadow root's React tree. A chunk of its own, fetched right after the page's first paint, so that paint
 * holds only the handle and the button.
 */
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Result from "effect/Result"
import type { AirlockError } from "./errors"
import { BalanceUnavailableError } from "./errors"
import type { ProviderCore, ProviderListeners } from "./interop/providerShell"
import { AirlockLive, type AirlockServices, makeAirlockLayer } from "./layers/runtime/AirlockLive"
import { ModalConfigLive } from "./layers/runtime/ModalConfigLive"
import type { CreateModalSettings, Modal } from "./Modal"
import { AsyncHostLayerError } from "./modalErrors"
import { PayFeatureOffError } from "./payOffError"
import { makeController } from "./react/modal/bridge/controller"
import { makeHostPort } from "./react/modal/bridge/hostPort"
import type { Result as PortResult } from "./react/modal/bridge/run"
import { mountModalElement } from "./react/modal/element/mount"
import type { ModalCompanion } from "./react/registry"
import { decodeModalOptions, type ModalOptionsInput } from "./schemas/ModalOptions"
import { isView } from "./schemas/View"
import { WALLET_CONNECT_ID } from "./services/Connection"

/** What the handle forwards to: the modal's commands and values, live until `dispose`. */
export type EngineCommands = Omit<Modal, "element" | "getProvider" | "dispose">

export interface ModalEngine extends EngineCommands {
  /** What the components of airlock/react read beside the handle (its locale, its interface's fetch). */
  readonly companion: ModalCompanion
  /** The working part of `handle.getProvider()`. */
  readonly startProvider: (handle: Modal, listeners: ProviderListeners) => Promise<ProviderCore>
  /** Whether to announce the handle as an EIP-6963 wallet (`announceEIP6963`). */
  readonly announces: boolean
  /** Unmounts the interface and stops every service (the handle has closed the modal first). */
  readonly dispose: () => Promise<void>
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
 * Decodes the options, builds the services and renders the interface into `element` (`undefined` for a
 * headless host). Throws the typed options error (`ProjectIdMissingError` or `SchemaDecodeError`) or
 * `AsyncHostLayerError`, having started nothing.
 */
export const makeModalEngine = <ROut, E>(
  options: ModalOptionsInput,
  settings: CreateModalSettings<ROut, E>,
  element: HTMLElement | undefined
): ModalEngine => {
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
  const mounted = element === undefined ? undefined : mountModalElement(controller, element)

  // Values freeze once disposed: the handle reads them after, as they were.
  let disposed = false
  const host = makeHostPort(controller, () => disposed)
  const { state, theme, locale, network, walletInfo, wallets, event, transactions, pairing } = host
  const connect = (walletId: string) => controller.connectWith(walletId).then(settled)

  return {
    companion: { locale: controller.locale, prepare: mounted?.prepare ?? (() => {}) },
    announces: config.announceEIP6963,
    startProvider: (handle, listeners) =>
      import("./interop/modalProvider").then((part) =>
        part.startModalProvider(handle, runtime, controller, listeners)
      ),
    open: (view, openOptions) =>
      controller.open(
        view !== undefined && isView(view) ? view : undefined,
        undefined,
        openOptions?.askedBy === "dapp" ? { askedBy: "dapp" } : undefined
      ),
    close: (closeOptions) => controller.close(closeOptions),
    isOpen: () => state.get().open,
    getState: state.get,
    subscribeState: state.subscribe,
    getThemeMode: () => theme.get().mode,
    setThemeMode: (mode) => controller.setThemeMode(mode),
    getThemeVariables: () => theme.get().variables,
    setThemeVariables: (variables) => controller.setThemeVariables(variables),
    subscribeTheme: theme.subscribe,
    getLocale: locale.get,
    setLocale: (requested) => controller.setLocale(requested).then(settled),
    subscribeLocale: locale.subscribe,
    getAccount: (namespace) => host.account(namespace).get(),
    subscribeAccount: (listener, namespace) => host.account(namespace).subscribe(listener),
    getNetwork: network.get,
    subscribeNetwork: network.subscribe,
    getWalletInfo: walletInfo.get,
    subscribeWalletInfo: walletInfo.subscribe,
    switchNetwork: (caipNetworkId, switchOptions) =>
      controller.switchNetwork(caipNetworkId, switchOptions).then(settled),
    disconnect: (namespace) => controller.disconnect(namespace),
    fetchBalance: async () => {
      const account = host.account().get()
      const { caipNetwork } = network.get()
      if (account.address === undefined || caipNetwork === undefined) {
        throw new BalanceUnavailableError({ address: account.address })
      }
      const balance = settled(await controller.nativeBalance(caipNetwork, account.address))
      return { balance: balance.formatted, symbol: balance.symbol }
    },
    request: (request, requestOptions) => controller.request(request, requestOptions).then(settled),
    grantPermissions: (request, grantOptions) =>
      controller.smartSessions.grant(request, grantOptions).then(settled),
    getWallets: wallets.get,
    subscribeWallets: wallets.subscribe,
    connect,
    connectWalletConnect: () => connect(WALLET_CONNECT_ID),
    cancelConnect: () => controller.cancelConnect(),
    getWalletConnect: pairing.get,
    subscribeWalletConnect: pairing.subscribe,
    getAccountActions: host.accountActions.get,
    subscribeAccountActions: host.accountActions.subscribe,
    getConnectOptions: host.connectOptions.get,
    subscribeConnectOptions: host.connectOptions.subscribe,
    setLegalConsent: (accepted) => controller.legal.setAccepted(accepted),
    getEvent: event.get,
    subscribeEvents: (listener) => controller.onEvent(listener),
    getTransactions: transactions.get,
    subscribeTransactions: transactions.subscribe,
    // Off, nothing of Pay loads: the refusal is made here.
    pay: (request) =>
      config.features.pay
        ? controller.pay.request(request).then(settled)
        : Promise.reject(new PayFeatureOffError({})),
    dispose: async () => {
      disposed = true
      mounted?.unmount()
      await runtime.dispose()
    }
  }
}
