/**
 * The handle `createModal` returns and the public types it speaks in. Types only: every module may import
 * it, and it imports no implementation.
 */
import type * as Layer from "effect/Layer"
import type * as KeyValueStore from "effect/persistence/KeyValueStore"
import type { AccountType } from "./schemas/Kinds"
import type { ConnectMethod, ConnectorGroup } from "./schemas/ModalOptions"
import type { CaipNetwork } from "./schemas/Network"
import type { GrantedPermissions, PermissionsRequest } from "./schemas/PermissionsRequest"
import type { CaipNetworkId, ChainNamespace, ThemeMode } from "./schemas/Primitives"
import type { ConnectionStatus } from "./schemas/StorageKeys"
import type { ThemeVariables } from "./schemas/ThemeVariables"
import type { View } from "./schemas/View"
import type { LegalConsentState } from "./services/LegalConsent"
import type { LocaleTag } from "./services/Locale"
import type { ModalConfig } from "./services/ModalConfig"
import type { ModalEvent } from "./services/ModalEvents"
import type { PayRequest, PayResult } from "./services/Pay"
import type { ThemeState } from "./services/Theme"
import type { TrackedTransaction } from "./services/TransactionWatcher"

/**
 * What a host's override layer may build on: the validated options and the key-value store. The modal's
 * HTTP goes through `HttpFetch` (a reference with the browser's `fetch` as its default); a layer that needs
 * effect's `HttpClient` provides one itself (`BrowserHttpLive`).
 */
export type AirlockPlatform = ModalConfig | KeyValueStore.KeyValueStore

/** What hosts see of an account (the `useAirlockAccount` shape). */
export interface AccountSnapshot {
  readonly namespace: ChainNamespace
  readonly status: ConnectionStatus
  readonly isConnected: boolean
  readonly address: string | undefined
  /** `namespace:reference:address` (CAIP-10), when connected on a known chain. */
  readonly caipAddress: string | undefined
  readonly allAccounts: ReadonlyArray<{
    readonly namespace: ChainNamespace
    readonly address: string
    readonly type: AccountType
  }>
}

/** What hosts see of the active network (the `useAirlockNetwork` shape). */
export interface NetworkSnapshot {
  readonly namespace: ChainNamespace
  /** Undefined when the wallet is on a network the app does not configure. */
  readonly caipNetwork: CaipNetwork | undefined
  readonly caipNetworkId: CaipNetworkId | undefined
  readonly chainId: number | string | undefined
  readonly name: string | undefined
  readonly supported: boolean
}

/** The wallet behind a namespace's connection (the `useWalletInfo` shape). */
export interface WalletInfo {
  readonly name: string
  readonly icon: string | undefined
  readonly rdns: string | undefined
}

/** A browser wallet a headless host lists (the `getWallets()` shape); `id` is what `connect` takes. */
export interface WalletOption {
  readonly id: string
  readonly namespace: ChainNamespace
  /** Plain text: render it as text. */
  readonly name: string
  /** An image data URI or an https URL: render it through `<img src>` only. */
  readonly icon: string | undefined
  readonly rdns: string | undefined
  /** Another wallet claims the same rdns or uuid: show a warning and never pick it for the visitor. */
  readonly suspicious: boolean
}

/**
 * What the Account view offers the connected account, in its order (the `getAccountActions()` shape):
 * copying the address, the account's flows (Send, Swap, Buy, Receive, Choose a name) where the options,
 * the namespace, the visitor's time zone and the account's name allow them, the network switch (unless
 * `enableNetworkSwitch` is off), the embedded wallet's account-type switch (where its frame offers the
 * smart account) and email update, and Disconnect.
 */
export type AccountAction =
  | "copyAddress"
  | "send"
  | "swap"
  | "buy"
  | "receive"
  | "chooseName"
  | "switchNetwork"
  | "switchAccountType"
  | "updateEmail"
  | "disconnect"

/** A row of the Connect view's wallet list (the `getConnectOptions().wallets` shape). */
export type ConnectWalletRow =
  /** Pairing with any wallet: `connectWalletConnect()`. */
  | { readonly kind: "walletConnect"; readonly group: "walletConnect" }
  /** A wallet on the page: `connect(wallet.id)`. */
  | {
      readonly kind: "wallet"
      readonly group: ConnectorGroup
      readonly wallet: WalletOption
      readonly tag: "Recent" | "Installed" | "Possible impersonation" | undefined
    }
  /** A listed wallet that is not on the page: it pairs through WalletConnect. */
  | {
      readonly kind: "listing"
      readonly group: ConnectorGroup
      readonly id: string
      /** Plain text: render it as text. */
      readonly name: string
      /** An https URL: render it through `<img src>` only. */
      readonly icon: string | undefined
    }

/** The ways to connect the Connect view offers, in its order (the `getConnectOptions()` shape). */
export interface ConnectOptions {
  /** Email, social and wallet login, in the configured order or the default one (SPEC.md §2). */
  readonly methods: ReadonlyArray<ConnectMethod>
  /** The wallet rows, group by group in `features.connectorTypeOrder`, each wallet once. */
  readonly wallets: ReadonlyArray<ConnectWalletRow>
  /** Whether the whole listing (All Wallets) is offered. */
  readonly allWallets: boolean
  /**
   * Whether the wallets sit behind a "Continue with a wallet" button rather than beside email and social
   * login (`features.emailShowWallets` off while either is offered, as in AppKit).
   */
  readonly walletsCollapsed: boolean
  /**
   * The legal checkbox (`features.legalCheckbox`): while `required` and not `accepted`, every way to connect
   * is refused ('Agree to the terms to connect', `LegalConsentRequiredError`); `setLegalConsent` answers.
   */
  readonly legal: LegalConsentState
}

/** What a host that draws its own QR code sees of WalletConnect pairing. */
export interface WalletConnectSnapshot {
  readonly status: "idle" | "preparing" | "ready"
  /** The `wc:` URI to show while `ready`; replaced by a fresh one before it expires. */
  readonly uri: string | undefined
  /** When the URI stops working (milliseconds since the epoch). */
  readonly expiresAt: number | undefined
}

/** An event of the modal's EIP-1193 provider (`getProvider()`), with the payload EIP-1193 gives it. */
export type ModalProviderEvent =
  /** `accounts`: the addresses `eth_accounts` now answers (`[]` once none is authorised). */
  | "accountsChanged"
  /** `chainId`: the hex id of the chain the provider now serves. */
  | "chainChanged"
  /** `{ chainId }`: the provider serves a chain (first after it is created, or after a `disconnect`). */
  | "connect"
  /** A `ProviderRpcError` (4900): the provider serves no chain any more (no EVM network, or disposed). */
  | "disconnect"

/**
 * The modal as an EIP-1193 provider of its EVM side, for ethers' `BrowserProvider`, viem's `custom`
 * transport or any library written for `window.ethereum`. `eth_requestAccounts` opens the modal; requests
 * that need the visitor (signatures, sends) go through the modal's approval; reads answer from the
 * connected wallet, or from the network's RPC before one is connected; a method that needs an account
 * before any is authorised is refused with 4100, one the modal does not serve with 4200, without opening
 * the modal.
 */
export interface ModalProvider {
  readonly request: (args: { readonly method: string; readonly params?: unknown }) => Promise<unknown>
  readonly on: (event: ModalProviderEvent, listener: (payload: never) => void) => ModalProvider
  readonly removeListener: (event: ModalProviderEvent, listener: (payload: never) => void) => ModalProvider
}

/** How the provider rejects: EIP-1193's `ProviderRpcError`, with the catalogue's words as its message. */
export interface ProviderRpcError extends Error {
  readonly code: number
  /** A node's error data (a revert's), when the network's RPC answered with an error. */
  readonly data?: unknown
}

/** What the host sees of the router. */
export interface ModalState {
  readonly open: boolean
  readonly view: View
}

/**
 * The handle `createModal` returns. Every method is safe to call at any time; after `dispose()` the
 * handle does nothing.
 *
 * @since 0.1.0
 * @category models
 */
export interface Modal {
  /**
   * Opens on `view`, else on Account when connected, else on Connect. An unknown view opens Connect. While
   * requests wait in ApproveTransaction, the view waits behind them: it shows once the last one settles. A
   * view named is a command: Send, Swap, Buy and Choose a name start their flow, a WalletConnect view starts
   * pairing. A view that cannot show now (its option off, no connected account, a network or region it
   * does not serve, nothing under way for it to show) is refused: the modal stays as it was, shows why
   * once as a toast, and the promise rejects with the typed error (e.g. `ViewUnavailableError`,
   * `ConnectorNotConnectedError`); do not show it again. `{ askedBy: "dapp" }`: the open asks for an
   * account (as `eth_requestAccounts` does), and the modal closes once connected, unless sign-in still
   * needs it; by default the visitor opened it, and the account shows once connected.
   */
  readonly open: (view?: View, options?: { readonly askedBy?: "dapp" | "visitor" }) => Promise<void>
  /**
   * Resolves to whether the modal closed: while requests wait in ApproveTransaction it stays open unless
   * `force` is set, which rejects each with 'Request was aborted'.
   */
  readonly close: (options?: { readonly force?: boolean }) => Promise<boolean>
  readonly isOpen: () => boolean
  readonly getState: () => ModalState
  readonly subscribeState: (listener: (state: ModalState) => void) => () => void
  readonly getThemeMode: () => ThemeMode
  readonly setThemeMode: (mode: ThemeMode) => Promise<void>
  readonly getThemeVariables: () => ThemeVariables
  readonly setThemeVariables: (variables: ThemeVariables) => Promise<void>
  readonly subscribeTheme: (listener: (theme: ThemeState) => void) => () => void
  /** The locale the modal renders in (the `locale` option resolved: "pt-PT" → "pt-BR", unknown → "en"). */
  readonly getLocale: () => LocaleTag
  /**
   * Renders the modal in another language, open or not: resolves to the locale chosen once its messages
   * have loaded (the old language stays until then); rejects with `LocaleUnavailableError` if they cannot.
   */
  readonly setLocale: (locale: string) => Promise<LocaleTag>
  readonly subscribeLocale: (listener: (locale: LocaleTag) => void) => () => void
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
    options?: {
      readonly namespace?: ChainNamespace
      readonly signal?: AbortSignal
      /** The called contract's JSON ABI: a batch's review names its calls by function and arguments. */
      readonly abi?: ReadonlyArray<unknown>
    }
  ) => Promise<unknown>
  /**
   * ERC-7715 smart session (`features.smartSessions`): asks the connected EVM wallet to let `request.signer`
   * act for the account within `request.permissions` until `request.expiry`. The request is decoded first,
   * reviewed in ApproveTransaction (or the wallet's own screen), and the wallet's answer decoded. Rejects
   * with `SmartSessionsOffError` when the feature is off, `SmartSessionError` (its `reason`: invalid-request,
   * declined, unsupported, refused, invalid-answer), `ConnectorNotConnectedError` or `RequestAbortedError`.
   */
  readonly grantPermissions: (
    request: PermissionsRequest,
    options?: { readonly signal?: AbortSignal }
  ) => Promise<GrantedPermissions>
  /**
   * The modal as an EIP-1193 provider (the same object on every call): `new BrowserProvider(
   * modal.getProvider())` in ethers 6, `custom(modal.getProvider())` in viem. After `dispose()` it emits
   * `disconnect` and rejects with 4900.
   */
  readonly getProvider: () => ModalProvider
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
  /**
   * What the Account view offers the active namespace's account, in its order (none while it is not
   * connected): a host that draws its own account menu offers the same.
   */
  readonly getAccountActions: () => ReadonlyArray<AccountAction>
  readonly subscribeAccountActions: (listener: (actions: ReadonlyArray<AccountAction>) => void) => () => void
  /**
   * The ways to connect the Connect view offers, in its order: the login methods, the wallet rows (the
   * listing's once it loaded) and whether All Wallets is offered.
   */
  readonly getConnectOptions: () => ConnectOptions
  readonly subscribeConnectOptions: (listener: (options: ConnectOptions) => void) => () => void
  /**
   * The visitor's answer to the legal checkbox (`features.legalCheckbox`): `true` once they agreed to the
   * app's terms and privacy policy (remembered for the page's origin), `false` to take it back. Does
   * nothing with the option off. A headless host shows the links and the box itself (`getConnectOptions().legal`).
   */
  readonly setLegalConsent: (accepted: boolean) => Promise<void>
  /** The latest modal event (open, close, connect, disconnect, network switch...). */
  readonly getEvent: () => ModalEvent | undefined
  /** Calls `listener` with every modal event, in order, from now on. */
  readonly subscribeEvents: (listener: (event: ModalEvent) => void) => () => void
  /** Transactions sent through Airlock (pending, then confirmed, failed or unknown), newest first. */
  readonly getTransactions: () => ReadonlyArray<TrackedTransaction>
  readonly subscribeTransactions: (
    listener: (transactions: ReadonlyArray<TrackedTransaction>) => void
  ) => () => void
  /**
   * Asks the visitor to pay (`features.pay`): `amount` of `asset` (CAIP-19: `eip155:1/slip44:60`,
   * `eip155:1/erc20:0x…`, `solana:<ref>/slip44:501`, `solana:<ref>/token:<mint>`) to `recipient`. Opens the
   * Pay view, where the visitor pays with a wallet (connecting one first, switching network if needed).
   * Resolves with `{ status: "success", txHash }` once the transfer is confirmed on chain; rejects with
   * `PayFailedError` (its `reason`: `invalid-amount`, `invalid-recipient`, `unsupported-asset`,
   * `unsupported-network`, `declined`, `insufficient-balance`, `expired`, `closed`, `failed`), or with
   * `PayFeatureOffError` while `features.pay` is off (nothing of Pay is fetched then).
   */
  readonly pay: (request: PayRequest) => Promise<PayResult>
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
