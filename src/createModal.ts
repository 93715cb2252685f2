/**
 * The handle `createModal` returns at once, with what the first paint needs of it: its element, its values
 * (closed, disconnected until told otherwise) and its commands. The modal itself (`modalEngine.ts`: the
 * options decoded, the services, the interface) is a chunk fetched right after that paint, or at the first
 * command; the handle then forwards to it. Once that chunk is here (a second modal, `preloadModal`, a
 * test), `createModal` builds at once, as it always did.
 */
import { ConnectorNotConnectedError, ConnectorNotFoundError } from "./connectionErrors"
import { BalanceUnavailableError, WalletConnectConnectorNotFoundError } from "./errors"
import { type ProviderShell, providerShell } from "./interop/providerShell"
import type { AccountSnapshot, CreateModalSettings, Modal } from "./Modal"
import {
  accountWithout,
  closedState,
  englishLocale,
  idlePairing,
  noConnectOptions,
  noNetwork,
  noThemeVariables,
  nothing
} from "./modalDefaults"
import type { ModalEngine } from "./modalEngine"
import { CreateModalOnServerError, ModalLoadError } from "./modalErrors"
import { afterNextPaint } from "./react/modal/element/frames"
import { createModalElement } from "./react/modal/element/modalElement"
import { registerModal, unregisterModal } from "./react/registry"
import { CONNECTION_STATUS_KEY } from "./schemas/connectionStatusKey"
import type { ModalOptionsInput } from "./schemas/ModalOptions"
import type { ChainNamespace, ThemeMode } from "./schemas/Primitives"

export { AsyncHostLayerError, CreateModalOnServerError, ModalLoadError } from "./modalErrors"

type EngineModule = typeof import("./modalEngine")

let engineModule: EngineModule | undefined
let engineLoad: Promise<EngineModule> | undefined

/** The modal's chunk, fetched once whoever asks first; a failed fetch is asked again by the next call. */
const loadEngine = (): Promise<EngineModule> => {
  if (engineModule !== undefined) return Promise.resolve(engineModule)
  engineLoad ??= import("./modalEngine").then(
    (module) => (engineModule = module),
    (cause: unknown) => {
      engineLoad = undefined
      throw new ModalLoadError({ cause })
    }
  )
  return engineLoad
}

/**
 * Fetches the modal's code now. Once it resolves, `createModal` builds the modal at once: invalid options
 * throw from the call itself, and every value is live from the start (tests, or a page that opens the
 * modal as it loads). Rejects with `ModalLoadError` when the code cannot be fetched.
 *
 * @since 0.4.0
 * @category constructors
 */
export const preloadModal = (): Promise<void> => loadEngine().then(() => undefined)

/**
 * The namespaces storage says were connected, so that a returning visitor's button says "Connecting…" from
 * the first paint, not "Connect Wallet" until the modal's code is here. Only a label: the modal decodes
 * storage (with its schemas) and decides the connection itself a moment later. Not read when the host's
 * layer may keep storage elsewhere.
 */
const storedConnections = (hostLayer: boolean): ReadonlyArray<ChainNamespace> => {
  if (hostLayer) return nothing
  try {
    const statuses: unknown = JSON.parse(globalThis.localStorage?.getItem(CONNECTION_STATUS_KEY) ?? "null")
    if (typeof statuses !== "object" || statuses === null) return nothing
    const namespaces: ReadonlyArray<ChainNamespace> = ["eip155", "solana"]
    return namespaces.filter((namespace) => Reflect.get(statuses, namespace) === "connected")
  } catch {
    return nothing
  }
}

/** The host's mode, else the system's (dark where the page cannot tell), as `ThemeLive` decides it. */
const requestedThemeMode = (mode: unknown): ThemeMode => {
  if (mode === "dark" || mode === "light") return mode
  try {
    return globalThis.matchMedia?.("(prefers-color-scheme: dark)").matches === false ? "light" : "dark"
  } catch {
    return "dark"
  }
}

/** A subscription made before the modal is built: moved onto it then. */
/** The handle's commands that resolve with nothing, and with nothing once the modal is disposed. */
type VoidCommand =
  | "open"
  | "setThemeMode"
  | "setThemeVariables"
  | "switchNetwork"
  | "disconnect"
  | "cancelConnect"
  | "setLegalConsent"

interface WaitingSubscription {
  readonly attach: (engine: ModalEngine) => void
  stop: (() => void) | undefined
}

/** A host's listener that throws is the host's bug: reported, never in the modal's way. */
const tell = (listener: () => void) => {
  try {
    listener()
  } catch (error) {
    queueMicrotask(() => {
      throw error
    })
  }
}

/**
 * Returns the modal's handle at once and mounts `<airlock-modal>` (unless `disableAppend`,
 * `enableEmbedded` or `features.headless`). The modal's code follows the page's first paint; until it is
 * here the handle reads closed and disconnected, and its commands wait for it.
 *
 * Invalid options (`ProjectIdMissingError`, `SchemaDecodeError`) or a host layer that cannot build at once
 * (`AsyncHostLayerError`) throw from this call once the code is here (after `preloadModal()`, or for a
 * second modal); before that, they reject every command and are logged to the console.
 *
 * @since 0.1.0
 * @category constructors
 */
export const createModal = <ROut = never, E = never>(
  options: ModalOptionsInput,
  settings: CreateModalSettings<ROut, E> = {}
): Modal => {
  if (typeof window === "undefined" || typeof document === "undefined") throw new CreateModalOnServerError()
  // Read before the options are decoded (by the modal's code): a value that is not `true` is the default.
  const element = createModalElement({
    headless: options?.features?.headless === true,
    placedByHost: options?.disableAppend === true || options?.enableEmbedded === true
  })
  const reconnecting = storedConnections(settings.layer !== undefined)

  let engine: ModalEngine | undefined
  /** Why the modal could not be built (its options, the host's layer): every command rejects with it. */
  let refusal: { readonly error: unknown } | undefined
  let starting: Promise<ModalEngine | undefined> | undefined
  let disposed = false
  let stopAnnouncing: (() => void) | undefined
  // The EIP-1193 provider, made on the first ask; its working part loads then, not with the page.
  let provider: ProviderShell | undefined
  const waiting = new Set<WaitingSubscription>()

  const build = (module: EngineModule) => {
    const built = module.makeModalEngine(options, settings, element)
    engine = built
    for (const subscription of waiting) subscription.attach(built)
    waiting.clear()
    if (built.announces) {
      void import("./interop/announce").then(({ announceModal }) => {
        if (!disposed) stopAnnouncing = announceModal(modal, window)
      })
    }
  }

  /** The modal, built on its code's arrival; `undefined` once disposed before that. */
  const started = (): Promise<ModalEngine | undefined> => {
    if (engine !== undefined) return Promise.resolve(engine)
    if (refusal !== undefined) return Promise.reject(refusal.error)
    starting ??= loadEngine().then(
      (module) => {
        if (disposed) return undefined
        if (engine === undefined && refusal === undefined) {
          try {
            build(module)
          } catch (error) {
            refusal = { error }
            element?.remove()
            console.error(error)
          }
        }
        if (refusal !== undefined) throw refusal.error
        return engine
      },
      (error: unknown) => {
        starting = undefined
        throw error
      }
    )
    return starting
  }

  /** A command: run by the modal once built; what a disposed modal answers otherwise. */
  const command = <A>(run: (engine: ModalEngine) => Promise<A>, whenDisposed: () => Promise<A>) => {
    if (disposed) return whenDisposed()
    // At once when built: an open takes effect in the click's own task, which then renders the view.
    if (engine !== undefined) return run(engine)
    return started().then((built) => (built === undefined || disposed ? whenDisposed() : run(built)))
  }

  /** A subscription: the modal's own once built; until then kept, and its listener told the value then. */
  const subscription =
    <A>(
      subscribe: (engine: ModalEngine, listener: (value: A) => void) => () => void,
      current: ((engine: ModalEngine) => A) | undefined
    ) =>
    (listener: (value: A) => void): (() => void) => {
      if (engine !== undefined) return subscribe(engine, listener)
      if (disposed) return () => {}
      const entry: WaitingSubscription = {
        stop: undefined,
        attach: (built) => {
          entry.stop = subscribe(built, listener)
          if (current !== undefined) tell(() => listener(current(built)))
        }
      }
      waiting.add(entry)
      return () => {
        waiting.delete(entry)
        entry.stop?.()
        entry.stop = undefined
      }
    }

  const pendingAccount = (namespace?: ChainNamespace): AccountSnapshot => {
    const shown = namespace ?? reconnecting[0] ?? "eip155"
    return accountWithout(shown, reconnecting.includes(shown) ? "connecting" : "disconnected")
  }
  const currentLocale = () => engine?.getLocale() ?? "en"
  const connect = (walletId: string) =>
    command(
      (built) => built.connect(walletId),
      () => Promise.reject(new ConnectorNotFoundError({ connectorId: walletId }))
    )
  const done = () => Promise.resolve()
  /** A command a disposed modal answers with nothing: the modal's own once built. */
  const forward =
    <K extends VoidCommand>(name: K) =>
    (...args: Parameters<Modal[K]>) =>
      command((built) => (built[name] as (...forwarded: typeof args) => Promise<void>)(...args), done)
  // A disposed modal has no wallet: what asks one rejects rather than resolve with nothing.
  const noWallet = () => Promise.reject(new ConnectorNotConnectedError({}))

  const modal: Modal = {
    open: forward("open"),
    close: (closeOptions) =>
      command(
        (built) => built.close(closeOptions),
        () => Promise.resolve(true)
      ),
    isOpen: () => engine?.isOpen() ?? false,
    getState: () => engine?.getState() ?? closedState,
    subscribeState: subscription(
      (built, listener) => built.subscribeState(listener),
      (built) => built.getState()
    ),
    getThemeMode: () => engine?.getThemeMode() ?? requestedThemeMode(options?.themeMode),
    setThemeMode: forward("setThemeMode"),
    getThemeVariables: () => engine?.getThemeVariables() ?? noThemeVariables,
    setThemeVariables: forward("setThemeVariables"),
    subscribeTheme: subscription(
      (built, listener) => built.subscribeTheme(listener),
      (built) => ({ mode: built.getThemeMode(), variables: built.getThemeVariables() })
    ),
    getLocale: currentLocale,
    setLocale: (requested) =>
      command(
        (built) => built.setLocale(requested),
        () => Promise.resolve(currentLocale())
      ),
    subscribeLocale: subscription(
      (built, listener) => built.subscribeLocale(listener),
      (built) => built.getLocale()
    ),
    getAccount: (namespace) => engine?.getAccount(namespace) ?? pendingAccount(namespace),
    subscribeAccount: (listener, namespace) =>
      subscription<AccountSnapshot>(
        (built, each) => built.subscribeAccount(each, namespace),
        (built) => built.getAccount(namespace)
      )(listener),
    getNetwork: () => engine?.getNetwork() ?? noNetwork,
    subscribeNetwork: subscription(
      (built, listener) => built.subscribeNetwork(listener),
      (built) => built.getNetwork()
    ),
    getWalletInfo: () => engine?.getWalletInfo(),
    subscribeWalletInfo: subscription(
      (built, listener) => built.subscribeWalletInfo(listener),
      (built) => built.getWalletInfo()
    ),
    switchNetwork: forward("switchNetwork"),
    disconnect: forward("disconnect"),
    fetchBalance: () =>
      command(
        (built) => built.fetchBalance(),
        () => Promise.reject(new BalanceUnavailableError({ address: modal.getAccount().address }))
      ),
    request: (request, requestOptions) =>
      command((built) => built.request(request, requestOptions), noWallet),
    grantPermissions: (request, grantOptions) =>
      command((built) => built.grantPermissions(request, grantOptions), noWallet),
    getProvider: () => {
      provider ??= providerShell((listeners) =>
        started().then((built) => {
          if (built === undefined) throw new ConnectorNotConnectedError({})
          return built.startProvider(modal, listeners)
        })
      )
      // A disposed modal's provider serves nothing.
      if (disposed) provider.stop()
      return provider.provider
    },
    getWallets: () => engine?.getWallets() ?? nothing,
    subscribeWallets: subscription(
      (built, listener) => built.subscribeWallets(listener),
      (built) => built.getWallets()
    ),
    connect,
    connectWalletConnect: () =>
      command(
        (built) => built.connectWalletConnect(),
        () => Promise.reject(new WalletConnectConnectorNotFoundError({}))
      ),
    cancelConnect: forward("cancelConnect"),
    getWalletConnect: () => engine?.getWalletConnect() ?? idlePairing,
    subscribeWalletConnect: subscription(
      (built, listener) => built.subscribeWalletConnect(listener),
      (built) => built.getWalletConnect()
    ),
    getAccountActions: () => engine?.getAccountActions() ?? nothing,
    subscribeAccountActions: subscription(
      (built, listener) => built.subscribeAccountActions(listener),
      (built) => built.getAccountActions()
    ),
    getConnectOptions: () => engine?.getConnectOptions() ?? noConnectOptions,
    subscribeConnectOptions: subscription(
      (built, listener) => built.subscribeConnectOptions(listener),
      (built) => built.getConnectOptions()
    ),
    setLegalConsent: forward("setLegalConsent"),
    getEvent: () => engine?.getEvent(),
    // Events are told from now on: none is owed for the time before the modal was built.
    subscribeEvents: subscription((built, listener) => built.subscribeEvents(listener), undefined),
    getTransactions: () => engine?.getTransactions() ?? nothing,
    subscribeTransactions: subscription(
      (built, listener) => built.subscribeTransactions(listener),
      (built) => built.getTransactions()
    ),
    pay: (request) => command((built) => built.pay(request), noWallet),
    element,
    dispose: async () => {
      if (disposed) return
      const built = engine
      if (built !== undefined) await built.close({ force: true })
      if (disposed) return
      disposed = true
      waiting.clear()
      stopAnnouncing?.()
      provider?.stop()
      unregisterModal(modal)
      element?.remove()
      await built?.dispose()
    }
  }

  if (engineModule !== undefined) {
    try {
      build(engineModule)
    } catch (error) {
      element?.remove()
      throw error
    }
  } else {
    // After the first paint, so that paint never waits for the modal; at once for an embedded card, which
    // shows from the start; sooner too if a command asks.
    const start = () => {
      if (!disposed) started().catch(() => undefined)
    }
    if (options?.enableEmbedded === true) start()
    else afterNextPaint(start)
  }
  registerModal(modal, {
    locale: {
      get: () => engine?.companion.locale.get() ?? englishLocale,
      subscribe: subscription<void>(
        (built, listener) => built.companion.locale.subscribe(() => listener()),
        () => undefined
      )
    },
    prepare: () => {
      if (engine !== undefined) engine.companion.prepare()
      else if (!disposed)
        started().then(
          (built) => built?.companion.prepare(),
          () => undefined
        )
    }
  })

  return modal
}
