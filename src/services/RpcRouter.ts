import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as PubSub from "effect/PubSub"
import type * as Scope from "effect/Scope"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type {
  AccountMismatchError,
  BatchError,
  BatchStoppedError,
  BitcoinError,
  ChainNotSupportedError,
  ConnectorNotConnectedError,
  MethodNotAllowedError,
  NetworkNotFoundError,
  ProviderRequestError,
  RequestAbortedError,
  SignatureDeclinedError,
  TransactionMismatchError,
  WalletError
} from "../errors"
import type { AbiFunction } from "../schemas/ContractAbi"
import type { SchemaDecodeError } from "../schemas/decode"
import type { CaipNetworkId, ChainNamespace } from "../schemas/Primitives"
import type { BitcoinPreview } from "./BitcoinPreview"
import type { RpcResponseError } from "./RpcTransport"

/** A dapp's JSON-RPC request to the connected wallet. */
export interface WalletRequest {
  readonly method: string
  readonly params?: unknown
}

export interface RequestOptions {
  /** The namespace whose wallet answers (default: the active one). */
  readonly namespace?: ChainNamespace | undefined
  /** Aborting it settles the request with 'Request was aborted'; the wallet may still show its prompt. */
  readonly signal?: AbortSignal | undefined
  /** The called contract's JSON ABI, as the dapp gave it (decoded before use): the review decodes calls by it. */
  readonly abi?: unknown
}

/** The modal's own requests, which show what they ask in their own view (Send's preview, sign-in). */
export interface ModalRequestOptions extends RequestOptions {
  /** `true`: no preview in ApproveTransaction; a wallet whose requests the modal approves still asks. */
  readonly described?: boolean | undefined
}

/** A simulated change to the sender's balance, with the token's symbol and decimals when they were read. */
export interface PreviewChange {
  readonly token: "native" | `0x${string}`
  /** In the token's base units. */
  readonly delta: bigint
  readonly symbol: string | undefined
  readonly decimals: number | undefined
}

/** A token contract's symbol and decimals as the chain answered them: its amounts read in human units. */
export interface TokenDenomination {
  /** The contract's address, lower case. */
  readonly token: `0x${string}`
  readonly symbol: string
  readonly decimals: number
}

/** What the chain's simulation of a transaction says (`eth_simulateV1`, at most 2 s). */
export type PreviewSimulation =
  | { readonly _tag: "Simulating" }
  | {
      readonly _tag: "Simulated"
      readonly changes: ReadonlyArray<PreviewChange>
      /** The tokens whose symbol and decimals were read: those it moves and those its calls address. */
      readonly tokens?: ReadonlyArray<TokenDenomination> | undefined
    }
  /** It would fail on chain: in a batch, at call `call` (its index), for `reason` when the contract gave one. */
  | { readonly _tag: "Reverted"; readonly call?: number | undefined; readonly reason?: string | undefined }
  /** The network did not answer in time, or does not simulate. */
  | { readonly _tag: "NotSimulated" }

/** Why a request did not get an answer. */
export type RequestError =
  | WalletError
  | MethodNotAllowedError
  | SchemaDecodeError
  | ConnectorNotConnectedError
  | SignatureDeclinedError
  | RequestAbortedError
  /** The request names another sender or signer than the connected account. */
  | AccountMismatchError
  /** The wallet's answer to a send names a known transaction other than the one sent. */
  | TransactionMismatchError
  /** A batch the modal answers itself: all-or-nothing on a wallet that cannot, or an unknown batch id. */
  | BatchError
  /** A Bitcoin request the modal checked and refused, or that the network did not take. */
  | BitcoinError

/** Why a read of the network's RPC got no answer. */
export type ChainReadError =
  /** Not a read-only method that a node answers for anyone. */
  | MethodNotAllowedError
  | SchemaDecodeError
  /** The active EVM network is not one the host configured (or there is none): no RPC to ask. */
  | NetworkNotFoundError
  /** The node did not answer (time-out, network, HTTP status, not JSON-RPC). */
  | ProviderRequestError
  /** The node's own JSON-RPC error: its code and data (a revert's) are the dapp's to read. */
  | RpcResponseError
  /** The request path did not load. */
  | RequestAbortedError

export type SwitchNetworkError =
  | WalletError
  | ChainNotSupportedError
  | NetworkNotFoundError
  | RequestAbortedError

/**
 * An unsafe request shown in ApproveTransaction: answered there (in-modal approval), or previewed while
 * the wallet asks (SPEC.md §5: every unsafe EVM request, unless `features.preview` is off).
 */
export interface PendingApproval {
  /** The request's id (`UnsafeSettled.id`): the key of its entry in the transaction stack. */
  readonly id: number
  readonly method: string
  /** The params as the dapp sent them, checked against the method's schema. */
  readonly params: unknown
  readonly namespace: ChainNamespace
  /** The network the wallet acts on, and the account asked to act. */
  readonly network: CaipNetworkId | undefined
  readonly from: string
  /**
   * `modal`: the visitor answers here (Approve, Reject); `wallet`: the wallet asks, the modal previews;
   * `frame`: the embedded wallet's approval screen asks, shown in place in ApproveTransaction.
   */
  readonly answeredIn: "modal" | "wallet" | "frame"
  /** The transaction's simulation; `undefined` for what sends none (a signature) or has no network. */
  readonly simulation: PreviewSimulation | undefined
  /** The functions of the ABI the dapp gave, by which the review decodes its calls. */
  readonly abi?: ReadonlyArray<AbiFunction> | undefined
  /** A batch sent call by call, while it goes: how many calls landed, which one is on its way. */
  readonly batch?: BatchProgress | undefined
  /** A Bitcoin request's PSBT or message, decoded in words' structure. */
  readonly bitcoin?: BitcoinPreview | undefined
}

/** Where a batch the modal sends call by call stands (EIP-5792 on a wallet without batches). */
export interface BatchProgress {
  readonly total: number
  /** Calls included on chain so far (the last one may have reverted). */
  readonly included: number
  /** The call (index) the wallet was asked to send and whose receipt is awaited. */
  readonly sending: number | undefined
}

/** What `ModalFlow` follows of the requests. */
export type RpcEvent =
  /** A method off the lists was refused: the modal opens on its error (SPEC.md §8). */
  | { readonly _tag: "Disallowed"; readonly error: MethodNotAllowedError }
  /** A signature the visitor declined. */
  | { readonly _tag: "SignatureDeclined"; readonly error: SignatureDeclinedError }
  /** A batch sent call by call stopped before its end: the visitor is told which calls went through. */
  | { readonly _tag: "BatchStopped"; readonly error: BatchStoppedError }
  /**
   * A batch the visitor approved was sent, or a dapp asked to show one the modal sent
   * (`wallet_showCallsStatus`): show its status. `landed`: the calls that went through, when the modal sent
   * them one by one; a batch the wallet took as one lands whole or not at all.
   */
  | {
      readonly _tag: "BatchStatus"
      readonly id: string
      readonly calls: number
      readonly landed: ReadonlyArray<number> | undefined
    }
  /** An unsafe request waits for an answer in the modal or a preview beside the wallet's: show ApproveTransaction. */
  | { readonly _tag: "ApprovalRequested"; readonly approval: PendingApproval }
  /** An unsafe request finished; `approval` when it went through ApproveTransaction. */
  | {
      readonly _tag: "UnsafeSettled"
      /** Each unsafe request's own, unique for the router's life; its approval's id when it has one. */
      readonly id: number
      readonly method: string
      readonly outcome: "success" | "error" | "cancel"
      readonly approval: PendingApproval | undefined
    }

export interface RpcRouterShape {
  /**
   * Sends a request to the wallet of the namespace. Only listed methods go through (SPEC.md §5), with
   * their params checked and the answer decoded; reads time out after 10 s, unsafe requests wait for the
   * visitor but stay abortable (a signal, closing the modal).
   */
  readonly request: (
    request: WalletRequest,
    options?: ModalRequestOptions
  ) => Effect.Effect<unknown, RequestError>
  /**
   * Switches the wallet to a configured network, adding it first when the wallet does not know it; just
   * the modal when disconnected. A second identical switch while the wallet's prompt is open joins it (one
   * wallet prompt), even after the modal's close settled the first caller.
   */
  readonly switchNetwork: (
    caipNetworkId: CaipNetworkId,
    options?: { readonly signal?: AbortSignal | undefined }
  ) => Effect.Effect<void, SwitchNetworkError>
  /**
   * A read-only request answered by the active EVM network's RPC, not a wallet (the EIP-1193 provider's
   * reads before any account is connected, and a node's own methods such as `net_version`): 10 s at most;
   * never opens the modal.
   */
  readonly readChain: (request: WalletRequest) => Effect.Effect<unknown, ChainReadError>
  /** Requests shown in ApproveTransaction (approvals and previews), oldest first. */
  readonly approvals: SubscriptionRef.SubscriptionRef<ReadonlyArray<PendingApproval>>
  /**
   * The visitor's answer in ApproveTransaction; `false` rejects with 4001 (a previewed request stops
   * waiting for its wallet, which may still show its prompt).
   */
  readonly decide: (id: number, approved: boolean) => Effect.Effect<void>
  /** Settles every pending unsafe request and switch with 'Request was aborted' (the modal closed). */
  readonly abortPending: Effect.Effect<void>
  /** Request events from now on, for as long as the scope lasts. */
  readonly events: Effect.Effect<PubSub.Subscription<RpcEvent>, never, Scope.Scope>
}

/**
 * Every request to a wallet, the dapp's and the modal's own: method lists, params and result checks,
 * time-out class, abort, and in-modal approval (SPEC.md §5, §6).
 *
 * @since 0.2.0
 * @category tags
 */
export class RpcRouter extends Context.Service<RpcRouter, RpcRouterShape>()("@airlock/RpcRouter") {}
