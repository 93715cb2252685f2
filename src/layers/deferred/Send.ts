/**
 * The Send flow, loaded with its first use: the form checked by `sendForm`'s rules, then a preview with
 * the network fee (estimate × gas price, through the ranked RPC fallback) and the chain's simulation of the
 * transaction (at most 2 s: the preview never waits longer, and says "not simulated" when the chain does
 * not answer), then the request through `RpcRouter`, which tracks it to its receipt.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { accountNameOf, coinTypeOf } from "../../internal/accountNames"
import {
  checkAmount,
  checkReceiver,
  feeProblem,
  sendableTokens,
  sendTransaction
} from "../../internal/sendForm"
import { callDataSummary } from "../../internal/tokenCalls"
import type { CaipNetworkId } from "../../schemas/Primitives"
import { AccountData } from "../../services/AccountData"
import { BlockchainApi } from "../../services/BlockchainApi"
import { Connection } from "../../services/Connection"
import { FallbackTransport } from "../../services/FallbackTransport"
import { Networks } from "../../services/Networks"
import { RpcRouter } from "../../services/RpcRouter"
import type { SendDraft, SendPreview, SendShape, SendState } from "../../services/Send"
import { simulateTransactions } from "./requestSimulation"

const FEE_TIMEOUT = "5 seconds"

const quantity = (value: unknown): bigint | undefined =>
  typeof value === "string" && /^0x[0-9a-fA-F]{1,64}$/.test(value) ? BigInt(value) : undefined

export const makeSend = (state: SubscriptionRef.SubscriptionRef<SendState>) =>
  Effect.gen(function* () {
    const accountData = yield* AccountData
    const connection = yield* Connection
    const networks = yield* Networks
    const fallback = yield* FallbackTransport
    const rpc = yield* RpcRouter
    const api = yield* BlockchainApi

    /** The connected EVM account and its network, when the network is one the host configured. */
    const account = Effect.gen(function* () {
      const evm = (yield* SubscriptionRef.get(connection.state)).namespaces.eip155
      const active = (yield* SubscriptionRef.get(networks.state)).active.eip155
      if (evm?.status !== "connected" || active?._tag !== "Known") return undefined
      return { address: evm.address, network: active.network }
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

    const read = (chainId: CaipNetworkId, method: string, params: ReadonlyArray<unknown>) =>
      fallback.request(chainId, { method, params: [...params] }).pipe(Effect.option)

    const start: SendShape["start"] = Effect.gen(function* () {
      const from = yield* account
      const tokens = from === undefined ? [] : yield* tokensOn(from.network.caipNetworkId)
      yield* SubscriptionRef.set(state, {
        _tag: "Editing",
        draft: { token: "native", amount: "", receiver: "" },
        tokens
      })
    })

    const edit: SendShape["edit"] = (change) =>
      SubscriptionRef.update(
        state,
        (current): SendState =>
          current._tag === "Editing"
            ? { _tag: "Editing", draft: { ...current.draft, ...change }, tokens: current.tokens }
            : current
      )

    const review: SendShape["review"] = Effect.gen(function* () {
      const current = yield* SubscriptionRef.get(state)
      const from = yield* account
      if (current._tag !== "Editing" || from === undefined) return
      const { draft, tokens } = current
      const token = tokens.find((t) => t.key === draft.token)
      const receiverName = accountNameOf(draft.receiver)
      yield* SubscriptionRef.set(state, { _tag: "Reviewing", draft, tokens })
      const receiver =
        receiverName === undefined
          ? checkReceiver(draft.receiver)
          : yield* resolveName(receiverName, Number(from.network.id))
      const amount = token === undefined ? undefined : checkAmount(draft.amount, token)
      if (token === undefined || amount === undefined || !amount.ok || !receiver.ok)
        return yield* SubscriptionRef.set(state, {
          _tag: "Editing",
          draft,
          tokens,
          amountProblem: amount === undefined ? "empty" : amount.ok ? undefined : amount.problem,
          receiverProblem: receiver.ok ? undefined : receiver.problem
        })
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
      if (unpaid !== undefined)
        return yield* SubscriptionRef.set(state, { _tag: "Editing", draft, tokens, amountProblem: unpaid })
      const nativeDecimals = native?.decimals ?? from.network.nativeCurrency.decimals
      const preview: SendPreview = {
        token,
        amount: amount.amount,
        receiver: receiver.address,
        receiverName,
        transaction,
        fee:
          fee === undefined
            ? undefined
            : {
                amount: fee,
                usd:
                  native === undefined || native.price === 0
                    ? undefined
                    : (Number(fee) / 10 ** nativeDecimals) * native.price
              },
        nativeSymbol: from.network.nativeCurrency.symbol,
        nativeDecimals,
        call: callDataSummary(transaction.data),
        simulation: simulated
      }
      // The visitor may have gone back meanwhile.
      yield* SubscriptionRef.updateSome(state, (now) =>
        now._tag === "Reviewing" ? Option.some({ _tag: "Preview", draft, tokens, preview }) : Option.none()
      )
    })

    const confirm: SendShape["confirm"] = Effect.gen(function* () {
      const current = yield* SubscriptionRef.get(state)
      if (current._tag !== "Preview") return
      const { draft, tokens, preview } = current
      yield* SubscriptionRef.set(state, { _tag: "Sending", draft, tokens, preview })
      const sent = yield* Effect.result(
        rpc.request(
          { method: "eth_sendTransaction", params: [preview.transaction] },
          { namespace: "eip155", described: true }
        )
      )
      yield* SubscriptionRef.set(
        state,
        sent._tag === "Success"
          ? { _tag: "Sent", hash: typeof sent.success === "string" ? sent.success : "", preview }
          : { _tag: "Failed", draft, tokens, preview, error: sent.failure }
      )
    })

    const back: SendShape["back"] = Effect.gen(function* () {
      const current = yield* SubscriptionRef.get(state)
      const draft = draftOf(current)
      if (draft === undefined || current._tag === "Editing" || current._tag === "Sending") return
      const tokens = "tokens" in current ? current.tokens : []
      yield* SubscriptionRef.set(state, { _tag: "Editing", draft, tokens })
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
