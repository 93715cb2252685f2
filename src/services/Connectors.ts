import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Option from "effect/Option"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { ConnectorType } from "../schemas/Connector"
import type { ChainNamespace } from "../schemas/Primitives"

/**
 * One request. `chainId` (CAIP-2) names the network a Solana or Bitcoin request is meant for, for the
 * wallets that take it per request (the Wallet Standard's; Bitcoin's connectors check addresses with its
 * rules); EIP-1193 wallets ignore it.
 */
export interface WalletRequestArgs {
  readonly method: string
  readonly params?: unknown
  readonly chainId?: string
}

/** The EIP-1193 surface Airlock uses from a wallet. Every answer is untrusted and decoded. */
export interface Eip1193Provider {
  readonly request: (args: WalletRequestArgs) => Promise<unknown>
  readonly on?: (event: string, listener: (payload: unknown) => void) => unknown
  readonly removeListener?: (event: string, listener: (payload: unknown) => void) => unknown
  /**
   * Offered by the providers Airlock builds itself (the embedded wallet): the request stops, in the
   * wallet too, when `signal` aborts. Browser wallets have only `request`.
   */
  readonly requestWithSignal?: (args: WalletRequestArgs, signal: AbortSignal) => Promise<unknown>
}

/**
 * A wallet the visitor can pick. `id` is unique on this page (EIP-6963 uuids change on every load);
 * `key` is what survives a reload (the rdns, else the name) and what recent wallets remember.
 */
export interface WalletConnector {
  readonly id: string
  readonly key: string
  readonly type: ConnectorType
  readonly chain: ChainNamespace
  /** Plain text, cleaned of control and direction-override characters. */
  readonly name: string
  /** An image data URI or an https URL, for `<img src>` only. */
  readonly icon: string | undefined
  readonly rdns: string | undefined
  /** The object the wallet announced: the one requests go to. */
  readonly provider: Eip1193Provider
  /** Another announcement claims this rdns or uuid with a different provider (THREATS.md T5). */
  readonly suspicious: boolean
  /** The EIP-6963 uuid, for announced wallets. */
  readonly uuid: string | undefined
  /**
   * `modal`: the wallet has no screen of its own (a test double), so its unsafe requests are approved in
   * ApproveTransaction before they reach it. `frame`: the embedded wallet asks on its own approval
   * screen, which ApproveTransaction shows in place. Absent: the wallet asks itself.
   */
  readonly approval?: "modal" | "frame" | undefined
  /**
   * A Solana wallet that signs in itself (Wallet Standard `solana:signIn`): its provider answers
   * `solana_signIn` with the input fields of Sign-In-With-Solana.
   */
  readonly signsIn?: boolean | undefined
  /** The networks (CAIP-2) a Solana or Bitcoin wallet says it serves; absent: every network of its namespace. */
  readonly chains?: ReadonlyArray<string> | undefined
}

export interface ConnectorsShape {
  /** Every wallet found on the page that the options do not exclude, in discovery order. */
  readonly connectors: SubscriptionRef.SubscriptionRef<ReadonlyArray<WalletConnector>>
  readonly byId: (id: string) => Effect.Effect<Option.Option<WalletConnector>>
  /**
   * The connector a stored key names, decided once `windowMillis` ms have passed (never fewer than the
   * 500 ms settle window): the one wallet then claiming the key. None when nobody claims it, and none at
   * once when a second wallet claims it within the window (the key is ambiguous: never auto-select then).
   */
  readonly awaitKey: (key: string, windowMillis: number) => Effect.Effect<Option.Option<WalletConnector>>
}

/**
 * Wallet discovery: EIP-6963 announcements for the whole page life, the generic `window.ethereum`
 * browser wallet, and Wallet Standard registrations when the host has a Solana or Bitcoin network (for
 * Bitcoin, sats-connect's providers list too).
 *
 * @since 0.1.0
 * @category tags
 */
export class Connectors extends Context.Service<Connectors, ConnectorsShape>()("@airlock/Connectors") {}
