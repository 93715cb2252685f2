/**
 * The Send flow, loaded with its first use, on the form-flow machine: the form checked when reviewed
 * (`sendPreview`, by `sendForm`'s rules), then the preview, bound to the namespace, network and account it
 * was made for, then the request through `RpcRouter`, which tracks what was sent to its end. Solana's
 * transaction code (`solanaSend`: kit and the programs' clients) loads with the first Solana review only;
 * confirming builds the transfer on a fresh blockhash. An EVM transaction names its chain, so a wallet on
 * another one refuses it even if it switched after the machine's check.
 */
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { ProviderRequestError, type ReviewChangedError } from "../../../errors"
import type { CaipNetworkId } from "../../../schemas/Primitives"
import { AccountData } from "../../../services/AccountData"
import { BlockchainApi } from "../../../services/BlockchainApi"
import { FallbackTransport } from "../../../services/FallbackTransport"
import { HttpFetch } from "../../../services/HttpFetch"
import { RpcRouter, type WalletRequest } from "../../../services/RpcRouter"
import type {
  ReviewBinding,
  SendDraft,
  SendNamespace,
  SendPreparationError,
  SendPreview,
  SendShape,
  SendState
} from "../../../services/Send"
import { hexChainId } from "../../requests/switchChain"
import { lazyImplementation, lazyPart } from "../../runtime/lazy"
import { type Editing, makeFormFlow } from "../formFlow"
import { sendableTokens } from "./sendForm"
import { makeSendPreviews, type Sender } from "./sendPreview"

/** A Send on Solana (`solanaSend.ts`), loaded with the first Solana review. */
export const SolanaSendLazy = lazyPart("@airlock/solanaSend", () => import("./solanaSend"))
/** A Send on Bitcoin (`bitcoinSend.ts`), loaded with the first Bitcoin review. */
export const BitcoinSendLazy = lazyPart("@airlock/bitcoinSend", () => import("./bitcoinSend"))

/** What Send sends from: the active account when its namespace is one Send works on (EVM, Solana, Bitcoin). */
const senderOf = (active: ReviewBinding | undefined): Sender | undefined =>
  active?.namespace === "eip155" || active?.namespace === "solana" || active?.namespace === "bip122"
    ? { namespace: active.namespace, address: active.address, network: active.network }
    : undefined

/** The hash (EVM), the signature (Solana) or the txid (Bitcoin) a wallet's answer names. */
const sentId = (answer: unknown): string => {
  if (typeof answer === "string") return answer
  const signature =
    typeof answer === "object" && answer !== null
      ? "signature" in answer
        ? answer.signature
        : "txid" in answer
          ? answer.txid
          : undefined
      : undefined
  return typeof signature === "string" ? signature : ""
}

export const makeSend = (state: SubscriptionRef.SubscriptionRef<SendState>) =>
  Effect.gen(function* () {
    const accountData = yield* AccountData
    const fallback = yield* FallbackTransport
    const rpc = yield* RpcRouter
    const api = yield* BlockchainApi
    const solanaSend = yield* lazyImplementation(SolanaSendLazy, (module) =>
      Effect.succeed(module.makeSolanaSend(fallback))
    )
    const solana = solanaSend.pipe(
      Effect.mapError(
        (error) => new ProviderRequestError({ reason: "network", endpoint: "solana-send code", cause: error })
      )
    )
    const fetch = yield* HttpFetch
    const bitcoinSend = yield* lazyImplementation(BitcoinSendLazy, (module) =>
      Effect.succeed(module.makeBitcoinSend(fetch))
    )
    const bitcoin = bitcoinSend.pipe(
      Effect.mapError(
        (error) =>
          new ProviderRequestError({ reason: "network", endpoint: "bitcoin-send code", cause: error })
      )
    )
    const preview = makeSendPreviews(fallback, api, solana, bitcoin)
    const tokensOn = (chainId: CaipNetworkId) =>
      Effect.map(SubscriptionRef.get(accountData.tokens), (tokens) =>
        tokens._tag === "Ready" ? sendableTokens(tokens.value, chainId) : []
      )

    /** The form again after a review no longer matched what is active: on the active account's tokens. */
    const reopened = (from: SendState, reviewChanged: ReviewChangedError): Effect.Effect<SendState> =>
      Effect.gen(function* () {
        const sender = senderOf(yield* flow.active)
        const tokens = sender === undefined ? [] : yield* tokensOn(sender.network.caipNetworkId)
        const draft = "draft" in from ? from.draft : { token: "native", amount: "", receiver: "" }
        const editing: SendState = {
          _tag: "Editing",
          namespace: sender?.namespace ?? ("preview" in from ? from.preview.request.namespace : "eip155"),
          // A token not held on the active network is not kept chosen, nor its amount: in the native coin's
          // units it would be another sum (1 sUSD is not 1 ETH).
          draft: tokens.some((t) => t.key === draft.token)
            ? draft
            : { ...draft, token: "native", amount: "" },
          tokens,
          reviewChanged
        }
        return editing
      })

    const flow = yield* makeFormFlow<SendState, SendDraft>(state, {
      draftOf: (editing) => editing.draft,
      edited: ({ namespace, tokens }, draft) => ({ _tag: "Editing", namespace, draft, tokens }),
      binding: {
        of: (current) =>
          current._tag === "Preview" || current._tag === "Sending" || current._tag === "Failed"
            ? current.binding
            : undefined,
        changed: (from, change) => reopened(from, change)
      }
    })

    /** The connected account on the active namespace (EVM or Solana), on a network the host configured. */
    const account = Effect.map(flow.active, senderOf)

    const start: SendShape["start"] = flow.start(
      Effect.gen(function* () {
        const from = yield* account
        const tokens = from === undefined ? [] : yield* tokensOn(from.network.caipNetworkId)
        return {
          _tag: "Editing",
          namespace: from?.namespace ?? "eip155",
          draft: { token: "native", amount: "", receiver: "" },
          tokens
        }
      })
    )

    const edit: SendShape["edit"] = (change) => flow.edit((draft) => ({ ...draft, ...change }))

    const review: SendShape["review"] = Effect.gen(function* () {
      const from = yield* account
      if (from === undefined) return
      const { namespace } = from
      yield* flow.review({
        begin: (current) =>
          current._tag === "Editing"
            ? {
                working: { _tag: "Reviewing", namespace, draft: current.draft, tokens: current.tokens },
                input: current
              }
            : undefined,
        work: ({ draft, tokens }) => preview(from, draft, tokens),
        land: (outcome, { draft, tokens }): SendState =>
          outcome._tag === "Failure"
            ? { _tag: "Editing", namespace, draft, tokens, previewError: outcome.failure }
            : "request" in outcome.success
              ? { _tag: "Preview", draft, tokens, preview: outcome.success, binding: from }
              : { _tag: "Editing", namespace, draft, tokens, ...outcome.success }
      })
    })

    /** What the wallet is asked, on which namespace; a Solana transfer is built now on a fresh blockhash. */
    const walletRequest = (
      { request }: SendPreview,
      { network }: ReviewBinding
    ): Effect.Effect<
      { readonly args: WalletRequest; readonly namespace: SendNamespace },
      SendPreparationError
    > =>
      request.namespace === "bip122"
        ? Effect.succeed({
            args: {
              method: "signPsbt",
              params: {
                account: request.signInputs[0]?.address,
                psbt: request.psbt,
                signInputs: request.signInputs,
                broadcast: true
              }
            },
            namespace: "bip122" as const
          })
        : request.namespace === "eip155"
          ? Effect.succeed({
              args: {
                method: "eth_sendTransaction",
                params: [{ ...request.transaction, chainId: hexChainId(network) }]
              },
              namespace: "eip155" as const
            })
          : Effect.map(
              Effect.flatMap(solana, (loaded) => loaded.wire(request.network, request.transfer)),
              (transaction) => ({
                args: { method: "solana_signAndSendTransaction", params: { transaction } },
                namespace: "solana" as const
              })
            )

    const confirm: SendShape["confirm"] = Effect.asVoid(
      flow.confirm({
        begin: (current) =>
          current._tag === "Preview"
            ? { working: { ...current, _tag: "Sending" }, input: current }
            : undefined,
        // Solana's transfer is built on a fresh blockhash first: the binding is checked again after it.
        work: ({ preview, binding }, _show, bound) =>
          Effect.flatMap(walletRequest(preview, binding), ({ args, namespace }) =>
            Effect.andThen(
              bound,
              rpc.request(args, { namespace, described: true }).pipe(
                // A Bitcoin send is no transaction the watcher follows: the balances are read again now.
                Effect.tap(() => (namespace === "bip122" ? accountData.refresh : Effect.void))
              )
            )
          ),
        land: (outcome, { draft, tokens, preview, binding }): SendState =>
          outcome._tag === "Success"
            ? { _tag: "Sent", hash: sentId(outcome.success), preview, network: binding.network }
            : { _tag: "Failed", draft, tokens, preview, binding, error: outcome.failure }
      })
    )

    const back: SendShape["back"] = flow.back((current) =>
      current._tag === "Reviewing" || current._tag === "Preview" || current._tag === "Failed"
        ? {
            _tag: "Editing",
            namespace: current._tag === "Reviewing" ? current.namespace : current.preview.request.namespace,
            draft: current.draft,
            tokens: current.tokens
          }
        : undefined
    )

    // The form lists what the account holds now: balances that arrive or change after Send opened join it.
    yield* flow.follow(
      SubscriptionRef.changes(accountData.tokens).pipe(
        Stream.mapEffect(() =>
          Effect.flatMap(account, (from) =>
            from === undefined ? Effect.succeed(undefined) : tokensOn(from.network.caipNetworkId)
          )
        ),
        Stream.map(
          (tokens) =>
            (editing: Editing<SendState>): Editing<SendState> =>
              tokens === undefined ? editing : { ...editing, tokens }
        )
      )
    )

    return { start, edit, review, confirm, back }
  })
