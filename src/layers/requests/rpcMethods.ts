/**
 * Which RPC requests a dapp may send through the modal (SPEC.md §5–6): safe methods run without asking,
 * unsafe ones need the visitor's approval (ApproveTransaction), anything else is refused.
 *
 * SPEC §5's "Allowed methods: eth_*" abbreviates the eth_ methods on the two lists below (FACTS: the safe
 * list holds read-only eth_ methods only); it is not a prefix rule. A prefix rule would let a page reach
 * eth_sign, eth_signTransaction or eth_signTypedData (v1/v3) with no approval, so a method is allowed only
 * when it is listed here, spelled exactly (case-sensitive).
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { MethodNotAllowedError } from "../../errors"
import {
  BitcoinGetAccountAddressesParams,
  BitcoinSendTransferParams,
  BitcoinSignMessageParams,
  BitcoinSignPsbtParams
} from "../../schemas/Bitcoin"
import { decodeUnknownResult, type SchemaDecodeError } from "../../schemas/decode"
import {
  type ChainNamespace,
  EvmAddress,
  HexString,
  nonEmptyArrayOf,
  RecordKey
} from "../../schemas/Primitives"
import {
  SolanaSignAllTransactionsParams,
  SolanaSignAllTransactionsResult,
  SolanaSignAndSendTransactionParams,
  SolanaSignAndSendTransactionResult,
  SolanaSignInParams,
  SolanaSignInResult,
  SolanaSignMessageParams,
  SolanaSignMessageResult,
  SolanaSignTransactionParams,
  SolanaSignTransactionResult
} from "../../schemas/Solana"

/**
 * Read-only: account, chain id, balance, call, estimates, logs and filters, receipts, blocks and
 * transactions, raw send, capabilities, calls status, assets (EIP-5792/7811), user operations (ERC-4337).
 */
export const SAFE_RPC_METHODS = [
  "eth_accounts",
  "eth_blockNumber",
  "eth_call",
  "eth_chainId",
  "eth_estimateGas",
  "eth_feeHistory",
  "eth_gasPrice",
  "eth_getAccount",
  "eth_getBalance",
  "eth_getBlockByHash",
  "eth_getBlockByNumber",
  "eth_getBlockReceipts",
  "eth_getBlockTransactionCountByHash",
  "eth_getBlockTransactionCountByNumber",
  "eth_getCode",
  "eth_getFilterChanges",
  "eth_getFilterLogs",
  "eth_getLogs",
  "eth_getProof",
  "eth_getStorageAt",
  "eth_getTransactionByBlockHashAndIndex",
  "eth_getTransactionByBlockNumberAndIndex",
  "eth_getTransactionByHash",
  "eth_getTransactionCount",
  "eth_getTransactionReceipt",
  "eth_getUncleCountByBlockHash",
  "eth_getUncleCountByBlockNumber",
  "eth_maxPriorityFeePerGas",
  "eth_newBlockFilter",
  "eth_newFilter",
  "eth_newPendingTransactionFilter",
  // Already signed by the wallet: sending it spends nothing the visitor has not approved.
  "eth_sendRawTransaction",
  "eth_syncing",
  "eth_uninstallFilter",
  "wallet_getCapabilities",
  "wallet_getCallsStatus",
  // Issue 34: asks the wallet to show a batch's status (EIP-5792); a batch of the modal's own is answered by it.
  "wallet_showCallsStatus",
  "wallet_getAssets",
  "eth_getUserOperationReceipt",
  "eth_estimateUserOperationGas",
  "eth_getUserOperationByHash",
  "eth_supportedEntryPoints",
  // bip122 (WalletConnect's names): answered from the connection, not the wallet.
  "getAccountAddresses"
] as const
export type SafeRpcMethod = (typeof SAFE_RPC_METHODS)[number]

/** Methods that sign, send or grant: each one waits for the visitor's approval. */
export const UNSAFE_RPC_METHODS = [
  "personal_sign",
  "eth_signTypedData_v4",
  "eth_sendTransaction",
  "solana_signMessage",
  "solana_signTransaction",
  "solana_signAllTransactions",
  "solana_signAndSendTransaction",
  // Sign-In-With-Solana by a wallet that writes the message itself (Wallet Standard `solana:signIn`).
  "solana_signIn",
  "wallet_sendCalls",
  "wallet_grantPermissions",
  "wallet_revokePermissions",
  "eth_sendUserOperation",
  // bip122: a message (BIP-322 or legacy), a PSBT, a transfer the modal builds as a PSBT.
  "signMessage",
  "signPsbt",
  "sendTransfer"
] as const
export type UnsafeRpcMethod = (typeof UNSAFE_RPC_METHODS)[number]

export type AllowedRpcMethod = SafeRpcMethod | UnsafeRpcMethod
export type RpcMethodKind = "safe" | "unsafe"
export type RpcMethodClass = RpcMethodKind | "disallowed"

// Sets, not object keys: "constructor" or "__proto__" must not look listed.
const safe: ReadonlySet<string> = new Set(SAFE_RPC_METHODS)
const unsafe: ReadonlySet<string> = new Set(UNSAFE_RPC_METHODS)

export const isAllowedRpcMethod = (method: string): method is AllowedRpcMethod =>
  safe.has(method) || unsafe.has(method)

export const classifyRpcMethod = (method: string): RpcMethodClass =>
  safe.has(method) ? "safe" : unsafe.has(method) ? "unsafe" : "disallowed"

/** WalletConnect's bip122 methods, the names every Bitcoin connector answers (FACTS-NEXT §4). */
const bitcoin: ReadonlySet<string> = new Set([
  "getAccountAddresses",
  "signMessage",
  "signPsbt",
  "sendTransfer"
])

/** The namespace a listed method belongs to: solana_ to solana, bip122's own to bip122, the rest to eip155. */
export const rpcMethodNamespace = (method: AllowedRpcMethod): "eip155" | "solana" | "bip122" =>
  method.startsWith("solana_") ? "solana" : bitcoin.has(method) ? "bip122" : "eip155"

const HexData = Schema.String.check(
  Schema.isPattern(/^0x[0-9a-fA-F]*$/, { message: "Expected call data: 0x followed by hex digits" })
)

const Capabilities = Schema.Record(RecordKey, Schema.Unknown)

/**
 * One call of `wallet_sendCalls` (EIP-5792). SPEC.md §5 asks for a `to` starting with 0x; a full EVM
 * address is required, since anything shorter is no account the approval view could show.
 */
export const WalletCall = Schema.Struct({
  to: EvmAddress,
  data: Schema.optional(HexData),
  value: Schema.optional(HexString),
  capabilities: Schema.optional(Capabilities)
}).annotate({ identifier: "WalletCall" })
export type WalletCall = typeof WalletCall.Type

/** The single request object of `wallet_sendCalls`: the EIP-5792 fields, others dropped. */
export const WalletSendCallsRequest = Schema.Struct({
  version: Schema.optional(Schema.String),
  id: Schema.optional(Schema.String),
  from: Schema.optional(EvmAddress),
  chainId: Schema.optional(HexString),
  atomicRequired: Schema.optional(Schema.Boolean),
  calls: nonEmptyArrayOf(WalletCall, "Expected at least one call"),
  capabilities: Schema.optional(Capabilities)
}).annotate({ identifier: "WalletSendCallsRequest" })
export type WalletSendCallsRequest = typeof WalletSendCallsRequest.Type

export const WalletSendCallsParams = Schema.Tuple([WalletSendCallsRequest]).annotate({
  identifier: "WalletSendCallsParams"
})
export type WalletSendCallsParams = typeof WalletSendCallsParams.Type

/** JSON-RPC 2.0 params of a method without its own rule: absent, by position or by name. */
export const JsonRpcParams = Schema.Union([
  Schema.Undefined,
  Schema.Array(Schema.Unknown),
  Schema.Record(RecordKey, Schema.Unknown)
]).annotate({ identifier: "JsonRpcParams" })
export type JsonRpcParams = typeof JsonRpcParams.Type

interface Rule<M extends AllowedRpcMethod, K extends RpcMethodKind, P> {
  readonly method: M
  readonly kind: K
  readonly params: P
}

type CheckedMethod =
  | "wallet_sendCalls"
  | "solana_signMessage"
  | "solana_signTransaction"
  | "solana_signAllTransactions"
  | "solana_signAndSendTransaction"
  | "solana_signIn"
  | "getAccountAddresses"
  | "signMessage"
  | "signPsbt"
  | "sendTransfer"

/** An accepted request: its method, whether it needs approval, and its decoded params. */
export type RequestRule =
  | Rule<"wallet_sendCalls", "unsafe", WalletSendCallsParams>
  | Rule<"solana_signMessage", "unsafe", SolanaSignMessageParams>
  | Rule<"solana_signTransaction", "unsafe", SolanaSignTransactionParams>
  | Rule<"solana_signAllTransactions", "unsafe", SolanaSignAllTransactionsParams>
  | Rule<"solana_signAndSendTransaction", "unsafe", SolanaSignAndSendTransactionParams>
  | Rule<"solana_signIn", "unsafe", SolanaSignInParams>
  | Rule<"getAccountAddresses", "safe", typeof BitcoinGetAccountAddressesParams.Type | undefined>
  | Rule<"signMessage", "unsafe", BitcoinSignMessageParams>
  | Rule<"signPsbt", "unsafe", BitcoinSignPsbtParams>
  | Rule<"sendTransfer", "unsafe", BitcoinSendTransferParams>
  | Rule<Exclude<AllowedRpcMethod, CheckedMethod>, RpcMethodKind, JsonRpcParams>

const decodeRule = (
  method: AllowedRpcMethod,
  params: unknown
): Result.Result<RequestRule, SchemaDecodeError> => {
  const subject = `${method} params`
  switch (method) {
    case "wallet_sendCalls":
      return Result.map(
        decodeUnknownResult(WalletSendCallsParams, subject)(params),
        (decoded): RequestRule => ({ method, kind: "unsafe", params: decoded })
      )
    case "solana_signMessage":
      return Result.map(
        decodeUnknownResult(SolanaSignMessageParams, subject)(params),
        (decoded): RequestRule => ({ method, kind: "unsafe", params: decoded })
      )
    case "solana_signTransaction":
      return Result.map(
        decodeUnknownResult(SolanaSignTransactionParams, subject)(params),
        (decoded): RequestRule => ({ method, kind: "unsafe", params: decoded })
      )
    case "solana_signAllTransactions":
      return Result.map(
        decodeUnknownResult(SolanaSignAllTransactionsParams, subject)(params),
        (decoded): RequestRule => ({ method, kind: "unsafe", params: decoded })
      )
    case "solana_signAndSendTransaction":
      return Result.map(
        decodeUnknownResult(SolanaSignAndSendTransactionParams, subject)(params),
        (decoded): RequestRule => ({ method, kind: "unsafe", params: decoded })
      )
    case "solana_signIn":
      return Result.map(
        decodeUnknownResult(SolanaSignInParams, subject)(params),
        (decoded): RequestRule => ({ method, kind: "unsafe", params: decoded })
      )
    case "getAccountAddresses":
      return Result.map(
        decodeUnknownResult(Schema.UndefinedOr(BitcoinGetAccountAddressesParams), subject)(params),
        (decoded): RequestRule => ({ method, kind: "safe", params: decoded })
      )
    case "signMessage":
      return Result.map(
        decodeUnknownResult(BitcoinSignMessageParams, subject)(params),
        (decoded): RequestRule => ({ method, kind: "unsafe", params: decoded })
      )
    case "signPsbt":
      return Result.map(
        decodeUnknownResult(BitcoinSignPsbtParams, subject)(params),
        (decoded): RequestRule => ({ method, kind: "unsafe", params: decoded })
      )
    case "sendTransfer":
      return Result.map(
        decodeUnknownResult(BitcoinSendTransferParams, subject)(params),
        (decoded): RequestRule => ({ method, kind: "unsafe", params: decoded })
      )
    default:
      return Result.map(
        decodeUnknownResult(JsonRpcParams, subject)(params),
        (decoded): RequestRule => ({ method, kind: safe.has(method) ? "safe" : "unsafe", params: decoded })
      )
  }
}

/**
 * Whether a dapp's request may go to the wallet on `namespace`, and how: an unlisted method, or a listed
 * one of the other namespace (solana_* on eip155, eth_* on solana or bip122; nothing on polkadot or cosmos),
 * is refused with 'Requested RPC call is not allowed'; params that break the method's rule are a
 * `SchemaDecodeError`. Total: never throws, whatever the input.
 */
export const validateRequest = (
  namespace: ChainNamespace,
  method: string,
  params: unknown
): Result.Result<RequestRule, MethodNotAllowedError | SchemaDecodeError> =>
  isAllowedRpcMethod(method) && rpcMethodNamespace(method) === namespace
    ? decodeRule(method, params)
    : Result.fail(new MethodNotAllowedError({ method }))

/** A 32-byte transaction hash. */
const TransactionHash = HexString.check(Schema.isBetweenLength(66, 66))

/** What the wallet must answer to the methods whose answer a dapp acts on; other answers pass as JSON. */
const RESULTS: Partial<Record<AllowedRpcMethod, Schema.Decoder<unknown>>> = {
  personal_sign: HexString,
  eth_signTypedData_v4: HexString,
  eth_sendTransaction: TransactionHash,
  eth_sendRawTransaction: TransactionHash,
  solana_signMessage: SolanaSignMessageResult,
  solana_signTransaction: SolanaSignTransactionResult,
  solana_signAllTransactions: SolanaSignAllTransactionsResult,
  solana_signAndSendTransaction: SolanaSignAndSendTransactionResult,
  solana_signIn: SolanaSignInResult
}

/** A wallet's answer to an accepted request, decoded where the method says what it must be. */
export const decodeResult = (
  method: AllowedRpcMethod,
  result: unknown
): Result.Result<unknown, SchemaDecodeError> => {
  const schema = RESULTS[method]
  return schema === undefined
    ? Result.succeed(result)
    : Result.map(decodeUnknownResult(schema, `${method} result`)(result), (decoded): unknown => decoded)
}
