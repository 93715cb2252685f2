import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { PayFailedError } from "../payErrors"
import type { CaipNetwork } from "../schemas/Network"

/**
 * What a host asks to be paid (`modal.pay`): `amount` in the asset's own units as a decimal string ("5",
 * "0.1"), `asset` as CAIP-19 (`eip155:1/slip44:60`, `eip155:1/erc20:0x…`, `solana:<ref>/slip44:501`,
 * `solana:<ref>/token:<mint>`), `network` (CAIP-2) when given the asset's own chain.
 */
export interface PayRequest {
  readonly recipient: string
  readonly amount: string
  readonly asset: string
  readonly network?: string | undefined
}

/** What a confirmed payment resolves with: the transaction's hash (a signature on Solana). */
export interface PayResult {
  readonly status: "success"
  readonly txHash: string
}

/** The namespaces Pay moves assets on. */
export type PayNamespace = "eip155" | "solana"

/** The asset a payment moves, as read from the request and the chain. */
export interface PayAsset {
  /** The CAIP-19 id as the host gave it. */
  readonly id: string
  /** `native`, or the token: an EVM contract (checksummed) or a Solana mint (base58). */
  readonly key: "native" | (string & {})
  readonly symbol: string
  readonly decimals: number
}

/** A decoded request: every field checked, the amount in the asset's smallest unit. */
export interface PayDetails {
  readonly namespace: PayNamespace
  readonly network: CaipNetwork
  readonly asset: PayAsset
  readonly amount: bigint
  /** Checksummed on EVM, base58 on Solana. */
  readonly recipient: string
}

/** The visitor's balance of the asset on the payment's network, in its smallest unit. */
export type PayBalance =
  | { readonly _tag: "Loading" }
  | { readonly _tag: "Known"; readonly amount: bigint }
  | { readonly _tag: "Unavailable" }

/** Who would pay with a wallet: the account connected on the payment's namespace, if any. */
export type PayPayer =
  | { readonly _tag: "None" }
  | {
      readonly _tag: "Connected"
      readonly address: string
      /** The wallet's name, plain text. */
      readonly wallet: string
      readonly balance: PayBalance
    }

/** An exchange the visitor can pay from (the provider's list). */
export interface PayExchange {
  readonly id: string
  /** Plain text. */
  readonly name: string
  /** Fit for `<img src>` only. */
  readonly imageUrl: string | undefined
}

/** What a payment waits for once the visitor chose how to pay. */
export type PayStep =
  /** The wallet is switching to the payment's network. */
  | { readonly _tag: "Switching" }
  /** The wallet shows the transfer. */
  | { readonly _tag: "Wallet" }
  /** The exchange's deposit page (http(s)) is for the visitor to open; its transfer is awaited. */
  | { readonly _tag: "Exchange"; readonly exchange: PayExchange; readonly url: string }
  /** Sent: the network's confirmation is awaited. */
  | { readonly _tag: "Confirming"; readonly hash: string }

export type PayState =
  | { readonly _tag: "Idle" }
  /** The request is being checked (a token's symbol and decimals read from its chain). */
  | { readonly _tag: "Checking" }
  | {
      readonly _tag: "Ready"
      readonly details: PayDetails
      readonly payer: PayPayer
      /** The exchanges that pay the asset; empty while not known, or none. */
      readonly exchanges: ReadonlyArray<PayExchange>
      /** Why the last attempt did not go through; the visitor may try again. */
      readonly problem?: PayFailedError | undefined
    }
  | {
      readonly _tag: "Paying"
      readonly details: PayDetails
      readonly payer: PayPayer
      readonly exchanges: ReadonlyArray<PayExchange>
      readonly step: PayStep
    }
  | { readonly _tag: "Paid"; readonly details: PayDetails; readonly txHash: string }

export interface PayShape {
  readonly state: SubscriptionRef.SubscriptionRef<PayState>
  /**
   * Checks the request, opens the Pay view and waits: succeeds once the transfer it led to is confirmed on
   * chain; fails with the reason (an invalid request at once, without opening anything). A new payment
   * replaces one under way, which fails as `closed`.
   */
  readonly pay: (request: unknown) => Effect.Effect<PayResult, PayFailedError>
  /** Shows the Connect view; once connected, the modal comes back to the payment. */
  readonly connect: Effect.Effect<void>
  /**
   * Pays with the connected wallet: switches to the payment's network first when needed. A balance known
   * to be short is refused in the view, not sent.
   */
  readonly payWithWallet: Effect.Effect<void>
  /**
   * Opens a deposit session on the exchange and follows it (every 2 s, 15 minutes at most: then `expired`)
   * until the exchange names its transfer, which must be confirmed on chain and pay the recipient the
   * amount in the asset.
   */
  readonly payFromExchange: (exchangeId: string) => Effect.Effect<void>
}

/**
 * A payment a host asks for (`features.pay`): the request, the Pay view's state, and its settlement by the
 * connected wallet or an exchange, confirmed on chain.
 *
 * @since 0.5.0
 * @category tags
 */
export class Pay extends Context.Service<Pay, PayShape>()("@airlock/Pay") {}
