/**
 * What a Send review shows, or why there is none. On EVM: an account name resolved, the network fee
 * (estimate × gas price, through the ranked RPC fallback) and the chain's simulation of the transaction (at
 * most 2 s: the preview never waits longer, and says "not simulated" when the chain does not answer). On
 * Solana (`solanaSend`): the planned transfer, its fee and the rent of a token account it creates. The form's
 * own problems are a refusal; a chain that fails is the typed `SendPreparationError`.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { CaipNetwork } from "../../../schemas/Network"
import type { CaipNetworkId } from "../../../schemas/Primitives"
import type { BlockchainApiShape } from "../../../services/BlockchainApi"
import type { FallbackTransportShape } from "../../../services/FallbackTransport"
import type {
  ReceiverProblem,
  SendAmountProblem,
  SendableToken,
  SendDraft,
  SendNamespace,
  SendPreparationError,
  SendPreview
} from "../../../services/Send"
import { simulateTransactions } from "../../requests/requestSimulation"
import { accountNameOf, coinTypeOf } from "../names/accountNames"
import type { BitcoinSend } from "./bitcoinSend"
import { checkAmount, checkReceiver, feeProblem, reserveProblem, sendTransaction } from "./sendForm"
import type { SolanaSend } from "./solanaSend"

const FEE_TIMEOUT = "5 seconds"

const quantity = (value: unknown): bigint | undefined =>
  typeof value === "string" && /^0x[0-9a-fA-F]{1,64}$/.test(value) ? BigInt(value) : undefined

/** The connected account Send sends from, on the active namespace. */
export interface Sender {
  readonly namespace: SendNamespace
  readonly address: string
  readonly network: CaipNetwork
}

/** What a review found wrong in the form: the visitor's to mend, not a failure. */
export interface Refusal {
  readonly amountProblem?: SendAmountProblem | undefined
  readonly receiverProblem?: ReceiverProblem | undefined
}

/** What a review comes to: the preview, or the form's problems; a chain that failed is its error. */
export type Reviewed = Effect.Effect<SendPreview | Refusal, SendPreparationError>

/** The fee in USD, when the native coin's price is known. */
const feeOf = (fee: bigint | undefined, native: SendableToken | undefined, decimals: number) =>
  fee === undefined
    ? undefined
    : {
        amount: fee,
        usd:
          native === undefined || native.price === 0
            ? undefined
            : (Number(fee) / 10 ** decimals) * native.price
      }

/** The form's problems, when the token, the amount or the receiver is wrong. */
const problemsOf = (
  amount: ReturnType<typeof checkAmount> | undefined,
  receiver: { readonly ok: true } | { readonly ok: false; readonly problem: ReceiverProblem }
): Refusal => ({
  amountProblem: amount === undefined ? "empty" : amount.ok ? undefined : amount.problem,
  receiverProblem: receiver.ok ? undefined : receiver.problem
})

export const makeSendPreviews = (
  fallback: FallbackTransportShape,
  api: BlockchainApiShape,
  solana: Effect.Effect<SolanaSend, SendPreparationError>,
  bitcoin: Effect.Effect<BitcoinSend, SendPreparationError>
) => {
  /** The address a provider account name gives for this chain (else its EVM one), or why there is none. */
  const resolveName = (name: string, chainId: number) =>
    api.profile(name).pipe(
      Effect.map((profile) => {
        const entry = profile.addresses[String(coinTypeOf(chainId))] ?? profile.addresses["60"]
        const found = entry === undefined ? undefined : checkReceiver(entry.address)
        return found?.ok === true ? found : ({ ok: false, problem: "unknown-name" } as const)
      }),
      Effect.orElseSucceed(() => ({ ok: false, problem: "unknown-name" }) as const)
    )

  const read = (chainId: CaipNetworkId, method: string, params: ReadonlyArray<unknown>) =>
    fallback.request(chainId, { method, params: [...params] }).pipe(Effect.option)

  /** The EVM preview: a name resolved, the fee estimated and the transaction simulated. */
  const evm = (from: Sender, draft: SendDraft, tokens: ReadonlyArray<SendableToken>): Reviewed =>
    Effect.gen(function* () {
      const token = tokens.find((t) => t.key === draft.token)
      const receiverName = accountNameOf(draft.receiver)
      const receiver =
        receiverName === undefined
          ? checkReceiver(draft.receiver)
          : yield* resolveName(receiverName, Number(from.network.id))
      const amount = token === undefined ? undefined : checkAmount(draft.amount, token)
      if (token === undefined || amount === undefined || !amount.ok || !receiver.ok)
        return problemsOf(amount, receiver)
      const chainId = from.network.caipNetworkId
      const transaction = sendTransaction(from.address, token, receiver.address, amount.amount)
      const [gas, gasPrice, simulated] = yield* Effect.all(
        [
          read(chainId, "eth_estimateGas", [transaction]).pipe(Effect.timeoutOption(FEE_TIMEOUT)),
          read(chainId, "eth_gasPrice", []).pipe(Effect.timeoutOption(FEE_TIMEOUT)),
          simulateTransactions(fallback, chainId, from.address, [transaction])
        ],
        { concurrency: "unbounded" }
      )
      const gasUnits = quantity(Option.getOrUndefined(Option.flatten(gas)))
      const price = quantity(Option.getOrUndefined(Option.flatten(gasPrice)))
      const fee = gasUnits === undefined || price === undefined ? undefined : gasUnits * price
      const native = tokens.find((t) => t.key === "native")
      // The fee is paid in the native coin, whatever is sent.
      const unpaid = fee === undefined ? undefined : feeProblem(token, amount.amount, fee, native)
      if (unpaid !== undefined) return { amountProblem: unpaid } satisfies Refusal
      const nativeDecimals = native?.decimals ?? from.network.nativeCurrency.decimals
      return {
        token,
        amount: amount.amount,
        receiver: receiver.address,
        receiverName,
        request: { namespace: "eip155", transaction },
        fee: feeOf(fee, native, nativeDecimals),
        accountRent: 0n,
        nativeSymbol: from.network.nativeCurrency.symbol,
        nativeDecimals,
        call: transaction.data === undefined ? { _tag: "None" } : { _tag: "EvmData", data: transaction.data },
        simulation: simulated
      } satisfies SendPreview
    })

  /** The Solana preview: the transfer planned on the chain, its fee and the rent of an account it creates. */
  const onSolana = (from: Sender, draft: SendDraft, tokens: ReadonlyArray<SendableToken>): Reviewed =>
    Effect.gen(function* () {
      const loaded = yield* solana
      const token = tokens.find((t) => t.key === draft.token)
      const amount = token === undefined ? undefined : checkAmount(draft.amount, token)
      const receiver = loaded.checkReceiver(draft.receiver)
      if (token === undefined || amount === undefined || !amount.ok || !receiver.ok)
        return problemsOf(amount, receiver)
      const network = from.network.caipNetworkId
      const { transfer, rent, fee, reserve } = yield* loaded.plan(
        network,
        from.address,
        token,
        receiver.address,
        amount.amount
      )
      const native = tokens.find((t) => t.key === "native")
      // The fee and a new token account's rent are paid in SOL, whatever is sent.
      const cost = fee === undefined && rent === 0n ? undefined : (fee ?? 0n) + rent
      const unpaid = cost === undefined ? undefined : feeProblem(token, amount.amount, cost, native)
      // The chain refuses to leave the sender's account with SOL below its rent-exempt minimum.
      const spent = (cost ?? 0n) + (token.key === "native" ? amount.amount : 0n)
      const stranded = reserve === undefined ? undefined : reserveProblem(native, spent, reserve)
      if (unpaid !== undefined || stranded !== undefined)
        return { amountProblem: unpaid ?? stranded } satisfies Refusal
      const nativeDecimals = native?.decimals ?? from.network.nativeCurrency.decimals
      return {
        token,
        amount: amount.amount,
        receiver: receiver.address,
        request: { namespace: "solana", network, transfer },
        fee: feeOf(fee, native, nativeDecimals),
        accountRent: rent,
        nativeSymbol: from.network.nativeCurrency.symbol,
        nativeDecimals,
        call:
          transfer.kind === "sol"
            ? { _tag: "None" }
            : { _tag: "SolanaTokenTransfer", mint: transfer.mint, createsAccount: transfer.createsAccount },
        simulation: undefined
      } satisfies SendPreview
    })

  /** The Bitcoin preview: the transfer built into a PSBT from the account's coins, its fee and fee rate. */
  const onBitcoin = (from: Sender, draft: SendDraft, tokens: ReadonlyArray<SendableToken>): Reviewed =>
    Effect.gen(function* () {
      const loaded = yield* bitcoin
      const token = tokens.find((t) => t.key === "native")
      const amount = token === undefined ? undefined : checkAmount(draft.amount, token)
      const receiver = draft.receiver.trim()
      const receiverOk = loaded.checkReceiver(from.network, receiver)
      const problem: Refusal = problemsOf(
        amount,
        receiver === ""
          ? { ok: false, problem: "empty" }
          : receiverOk
            ? { ok: true }
            : { ok: false, problem: "format" }
      )
      if (token === undefined || amount === undefined || !amount.ok || !receiverOk) return problem
      const plan = yield* loaded.plan(from.network, from.address, receiver, amount.amount)
      return {
        token,
        amount: amount.amount,
        receiver,
        request: {
          namespace: "bip122",
          network: from.network.caipNetworkId,
          psbt: plan.psbt,
          signInputs: plan.signInputs
        },
        fee: feeOf(plan.fee, token, token.decimals),
        accountRent: 0n,
        nativeSymbol: from.network.nativeCurrency.symbol,
        nativeDecimals: token.decimals,
        call: { _tag: "BitcoinTransfer", feeRate: plan.feeRate, vsize: plan.vsize },
        simulation: undefined
      } satisfies SendPreview
    })

  return (from: Sender, draft: SendDraft, tokens: ReadonlyArray<SendableToken>): Reviewed =>
    from.namespace === "solana"
      ? onSolana(from, draft, tokens)
      : from.namespace === "bip122"
        ? onBitcoin(from, draft, tokens)
        : evm(from, draft, tokens)
}
