/**
 * The Send flow, loaded with its first use: the form checked by `sendForm`'s rules, then a preview, then
 * the request through `RpcRouter`, which tracks what was sent to its end. On EVM the preview has the
 * network fee (estimate × gas price, through the ranked RPC fallback) and the chain's simulation of the
 * transaction (at most 2 s: the preview never waits longer, and says "not simulated" when the chain does
 * not answer). On Solana (`solanaSend`, loaded with the first Solana review) it has the planned transfer,
 * its fee and the rent of a token account it creates; confirming builds it on a fresh blockhash.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { ProviderRequestError } from "../../../errors"
import type { CaipNetwork } from "../../../schemas/Network"
import type { CaipNetworkId } from "../../../schemas/Primitives"
import { AccountData } from "../../../services/AccountData"
import { BlockchainApi } from "../../../services/BlockchainApi"
import { Connection } from "../../../services/Connection"
import { FallbackTransport } from "../../../services/FallbackTransport"
import { Networks } from "../../../services/Networks"
import { RpcRouter, type WalletRequest } from "../../../services/RpcRouter"
import type {
  ReceiverProblem,
  SendAmountProblem,
  SendableToken,
  SendDraft,
  SendNamespace,
  SendPreparationError,
  SendPreview,
  SendShape,
  SendState
} from "../../../services/Send"
import { simulateTransactions } from "../../requests/requestSimulation"
import { callDataSummary } from "../../requests/tokenCalls"
import { deferredImplementation } from "../deferredFlow"
import { accountNameOf, coinTypeOf } from "../names/accountNames"
import {
  checkAmount,
  checkReceiver,
  feeProblem,
  reserveProblem,
  sendableTokens,
  sendTransaction
} from "./sendForm"

const FEE_TIMEOUT = "5 seconds"

const quantity = (value: unknown): bigint | undefined =>
  typeof value === "string" && /^0x[0-9a-fA-F]{1,64}$/.test(value) ? BigInt(value) : undefined

/** The connected account Send sends from, on the active namespace. */
interface Sender {
  readonly namespace: SendNamespace
  readonly address: string
  readonly network: CaipNetwork
}

/** What a review found wrong in the form, or why it could not prepare the preview. */
interface Refusal {
  readonly amountProblem?: SendAmountProblem | undefined
  readonly receiverProblem?: ReceiverProblem | undefined
  readonly previewError?: SendPreparationError | undefined
}

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

export const makeSend = (state: SubscriptionRef.SubscriptionRef<SendState>) =>
  Effect.gen(function* () {
    const accountData = yield* AccountData
    const connection = yield* Connection
    const networks = yield* Networks
    const fallback = yield* FallbackTransport
    const rpc = yield* RpcRouter
    const api = yield* BlockchainApi
    // Solana's transaction code (kit and the programs' clients) loads with the first Solana review only.
    const solanaSend = yield* deferredImplementation(() =>
      import("./solanaSend").then((module) => Effect.succeed(module.makeSolanaSend(fallback)))
    )
    const solana = solanaSend.pipe(
      Effect.mapError(
        (error) => new ProviderRequestError({ reason: "network", endpoint: "solana-send code", cause: error })
      )
    )

    /** The connected account on the active namespace (EVM or Solana), on a network the host configured. */
    const account = Effect.gen(function* () {
      const { activeNamespace, active } = yield* SubscriptionRef.get(networks.state)
      if (activeNamespace !== "eip155" && activeNamespace !== "solana") return undefined
      const connected = (yield* SubscriptionRef.get(connection.state)).namespaces[activeNamespace]
      const network = active[activeNamespace]
      if (connected?.status !== "connected" || network?._tag !== "Known") return undefined
      const sender: Sender = {
        namespace: activeNamespace,
        address: connected.address,
        network: network.network
      }
      return sender
    })

    const tokensOn = (chainId: CaipNetworkId) =>
      Effect.map(SubscriptionRef.get(accountData.tokens), (tokens) =>
        tokens._tag === "Ready" ? sendableTokens(tokens.value, chainId) : []
      )

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

    const draftOf = (current: SendState): SendDraft | undefined =>
      current._tag === "Idle" || current._tag === "Sent" ? undefined : current.draft

    const namespaceOf = (current: SendState): SendNamespace =>
      current._tag === "Editing" || current._tag === "Reviewing"
        ? current.namespace
        : current._tag === "Idle"
          ? "eip155"
          : current.preview.request.namespace

    const read = (chainId: CaipNetworkId, method: string, params: ReadonlyArray<unknown>) =>
      fallback.request(chainId, { method, params: [...params] }).pipe(Effect.option)

    /** The EVM preview: a name resolved, the fee estimated and the transaction simulated. */
    const evmPreview = (
      from: Sender,
      draft: SendDraft,
      tokens: ReadonlyArray<SendableToken>
    ): Effect.Effect<SendPreview | Refusal> =>
      Effect.gen(function* () {
        const token = tokens.find((t) => t.key === draft.token)
        const receiverName = accountNameOf(draft.receiver)
        const receiver =
          receiverName === undefined
            ? checkReceiver(draft.receiver)
            : yield* resolveName(receiverName, Number(from.network.id))
        const amount = token === undefined ? undefined : checkAmount(draft.amount, token)
        if (token === undefined || amount === undefined || !amount.ok || !receiver.ok)
          return {
            amountProblem: amount === undefined ? "empty" : amount.ok ? undefined : amount.problem,
            receiverProblem: receiver.ok ? undefined : receiver.problem
          } satisfies Refusal
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
          call: callDataSummary(transaction.data),
          simulation: simulated
        } satisfies SendPreview
      })

    /** The Solana preview: the transfer planned on the chain, its fee and the rent of an account it creates. */
    const solanaPreview = (
      from: Sender,
      draft: SendDraft,
      tokens: ReadonlyArray<SendableToken>
    ): Effect.Effect<SendPreview | Refusal> =>
      Effect.gen(function* () {
        const loaded = yield* solana
        const token = tokens.find((t) => t.key === draft.token)
        const amount = token === undefined ? undefined : checkAmount(draft.amount, token)
        const receiver = loaded.checkReceiver(draft.receiver)
        if (token === undefined || amount === undefined || !amount.ok || !receiver.ok)
          return {
            amountProblem: amount === undefined ? "empty" : amount.ok ? undefined : amount.problem,
            receiverProblem: receiver.ok ? undefined : receiver.problem
          } satisfies Refusal
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
              ? "No data"
              : `Token transfer (transferChecked) of ${transfer.mint}${
                  transfer.createsAccount ? ", creating the receiver's token account" : ""
                }`,
          simulation: undefined
        } satisfies SendPreview
      }).pipe(Effect.catch((previewError) => Effect.succeed({ previewError } satisfies Refusal)))

    const start: SendShape["start"] = Effect.gen(function* () {
      const from = yield* account
      const tokens = from === undefined ? [] : yield* tokensOn(from.network.caipNetworkId)
      yield* SubscriptionRef.set(state, {
        _tag: "Editing",
        namespace: from?.namespace ?? "eip155",
        draft: { token: "native", amount: "", receiver: "" },
        tokens
      })
    })

    const edit: SendShape["edit"] = (change) =>
      SubscriptionRef.update(
        state,
        (current): SendState =>
          current._tag === "Editing"
            ? {
                _tag: "Editing",
                namespace: current.namespace,
                draft: { ...current.draft, ...change },
                tokens: current.tokens
              }
            : current
      )

    const review: SendShape["review"] = Effect.gen(function* () {
      const current = yield* SubscriptionRef.get(state)
      const from = yield* account
      if (current._tag !== "Editing" || from === undefined) return
      const { draft, tokens } = current
      const namespace = from.namespace
      yield* SubscriptionRef.set(state, { _tag: "Reviewing", namespace, draft, tokens })
      const outcome =
        namespace === "solana"
          ? yield* solanaPreview(from, draft, tokens)
          : yield* evmPreview(from, draft, tokens)
      // The visitor may have gone back meanwhile.
      yield* SubscriptionRef.updateSome(state, (now) =>
        now._tag !== "Reviewing"
          ? Option.none()
          : "request" in outcome
            ? Option.some({ _tag: "Preview", draft, tokens, preview: outcome })
            : Option.some({ _tag: "Editing", namespace, draft, tokens, ...outcome })
      )
    })

    /** What the wallet is asked, on which namespace; a Solana transfer is built now on a fresh blockhash. */
    const walletRequest = ({
      request
    }: SendPreview): Effect.Effect<
      { readonly args: WalletRequest; readonly namespace: SendNamespace },
      SendPreparationError
    > =>
      request.namespace === "eip155"
        ? Effect.succeed({
            args: { method: "eth_sendTransaction", params: [request.transaction] },
            namespace: "eip155" as const
          })
        : Effect.map(
            Effect.flatMap(solana, (loaded) => loaded.wire(request.network, request.transfer)),
            (transaction) => ({
              args: { method: "solana_signAndSendTransaction", params: { transaction } },
              namespace: "solana" as const
            })
          )

    /** The hash (EVM) or the signature (Solana) a wallet's answer names. */
    const sentId = (answer: unknown): string => {
      if (typeof answer === "string") return answer
      const signature =
        typeof answer === "object" && answer !== null && "signature" in answer ? answer.signature : undefined
      return typeof signature === "string" ? signature : ""
    }

    const confirm: SendShape["confirm"] = Effect.gen(function* () {
      const current = yield* SubscriptionRef.get(state)
      if (current._tag !== "Preview") return
      const { draft, tokens, preview } = current
      yield* SubscriptionRef.set(state, { _tag: "Sending", draft, tokens, preview })
      const sent = yield* Effect.result(
        Effect.flatMap(walletRequest(preview), ({ args, namespace }) =>
          rpc.request(args, { namespace, described: true })
        )
      )
      yield* SubscriptionRef.set(
        state,
        sent._tag === "Success"
          ? { _tag: "Sent", hash: sentId(sent.success), preview }
          : { _tag: "Failed", draft, tokens, preview, error: sent.failure }
      )
    })

    const back: SendShape["back"] = Effect.gen(function* () {
      const current = yield* SubscriptionRef.get(state)
      const draft = draftOf(current)
      if (draft === undefined || current._tag === "Editing" || current._tag === "Sending") return
      const tokens = "tokens" in current ? current.tokens : []
      yield* SubscriptionRef.set(state, { _tag: "Editing", namespace: namespaceOf(current), draft, tokens })
    })

    // The form lists what the account holds now: balances that arrive or change after Send opened join it.
    yield* SubscriptionRef.changes(accountData.tokens).pipe(
      Stream.runForEach(() =>
        Effect.gen(function* () {
          const from = yield* account
          if (from === undefined) return
          const tokens = yield* tokensOn(from.network.caipNetworkId)
          yield* SubscriptionRef.updateSome(state, (current) =>
            current._tag === "Editing" ? Option.some({ ...current, tokens }) : Option.none()
          )
        })
      ),
      Effect.forkScoped
    )

    return { start, edit, review, confirm, back }
  })
