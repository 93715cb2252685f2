/**
 * The Swap flow, loaded with its first use, on the form-flow machine. The form is checked by `swapForm`'s
 * rules and quoted once the typing pauses (`swapPlan`'s quote). Reviewing has `swapPlan` check the
 * allowance, build the approval when it is short and the swap at the visitor's slippage, and price both.
 * Confirming sends the approval and waits for it to be mined before the swap, both through `RpcRouter`
 * (which tracks every transaction), and refreshes the balances. The form is bound to the EVM account and
 * network it was opened for: the machine checks them before the review and before each transaction, and
 * each transaction names its chain. Each quote also asks the USD prices of its two tokens (`swapPrices`),
 * beside it: they join the form when they come, and a quote never waits for them.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as FiberHandle from "effect/FiberHandle"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import {
  ConnectorNotConnectedError,
  type ReviewChangedError,
  SwapFailedError,
  SwapNetworkUnsupportedError
} from "../../../errors"
import type { CaipNetworkId } from "../../../schemas/Primitives"
import { AccountData } from "../../../services/AccountData"
import { BlockchainApi } from "../../../services/BlockchainApi"
import { Connection } from "../../../services/Connection"
import { FallbackTransport } from "../../../services/FallbackTransport"
import { ModalConfig } from "../../../services/ModalConfig"
import { Networks } from "../../../services/Networks"
import { Notifications } from "../../../services/Notifications"
import { RpcRouter } from "../../../services/RpcRouter"
import type { ReviewBinding } from "../../../services/Send"
import type {
  SwapDraft,
  SwapPlan,
  SwapShape,
  SwapState,
  SwapToken,
  SwapTransaction
} from "../../../services/Swap"
import { TransactionWatcher } from "../../../services/TransactionWatcher"
import { followedAccount } from "../../account/followedAccount"
import { hexChainId } from "../../requests/switchChain"
import { type Editing, makeFormFlow } from "../formFlow"
import { batchesAtomically, sendApproveAndSwap } from "./swapBatch"
import { checkSwap, DEFAULT_SLIPPAGE, SWAP_NETWORKS, slippageBps, swapTokens } from "./swapForm"
import { makeSwapPlans } from "./swapPlan"
import { makePriceBook, pricedForm, withPrices } from "./swapPrices"

/** How long typing must pause before the form is quoted. */
export const QUOTE_DELAY_MS = 400
/** A reviewed plan older than this is quoted again before anything is sent. */
export const PLAN_LIFETIME_MS = 30_000

export const makeSwap = (state: SubscriptionRef.SubscriptionRef<SwapState>) =>
  Effect.gen(function* () {
    const api = yield* BlockchainApi
    const accountData = yield* AccountData
    const rpc = yield* RpcRouter
    const watcher = yield* TransactionWatcher
    const notifications = yield* Notifications
    const config = yield* ModalConfig
    const connection = yield* Connection
    const networks = yield* Networks
    const supported: ReadonlyArray<string> = config.swapNetworks ?? SWAP_NETWORKS
    const plans = makeSwapPlans(api, yield* FallbackTransport, supported)
    const prices = yield* makePriceBook(api)
    // One lookup at a time: a newer quote's replaces the older one's.
    const pricing = yield* FiberHandle.make<void, never>()

    /** Asks the USD prices of `tokens` in the background; they join the form when they come. */
    const price = (tokens: ReadonlyArray<SwapToken>) =>
      FiberHandle.run(
        pricing,
        Effect.flatMap(prices.lookup(tokens.map((token) => token.caip)), (found) =>
          SubscriptionRef.update(state, (now) => withPrices(now, found))
        )
      )

    const balances = Effect.map(SubscriptionRef.get(accountData.tokens), (tokens) =>
      tokens._tag === "Ready" ? tokens.value : []
    )

    /** The form's problem once typing paused, or its quote for the account the form is bound to. */
    const quoteForm = ({ draft, tokens, binding }: Editing<SwapState>) =>
      Effect.gen(function* () {
        const checked = checkSwap(draft, tokens)
        const bps = slippageBps(draft.slippage)
        if (!checked.ok || bps === undefined) {
          const problem = !checked.ok ? checked.problem : "slippage"
          // An empty amount or a missing token is not a mistake yet.
          const shown = problem === "empty" || problem === "no-target" ? undefined : problem
          return (now: Editing<SwapState>): Editing<SwapState> => ({
            ...now,
            quote: { _tag: "None" },
            problem: shown
          })
        }
        yield* price([checked.from, checked.to])
        const quote = yield* Effect.result(
          plans.quote(binding, checked.from, checked.to, checked.amount, bps)
        )
        // Prices that came before the quote are on it already.
        const known = yield* prices.known
        return (now: Editing<SwapState>): Editing<SwapState> =>
          pricedForm(
            {
              ...now,
              quote:
                quote._tag === "Success"
                  ? { _tag: "Quoted", quote: quote.success }
                  : { _tag: "NoQuote", error: quote.failure }
            },
            known
          )
      })

    /** Why no EVM account on a configured network is active: none is connected, or its network is not one. */
    const noOwner = Effect.gen(function* () {
      const followed = followedAccount(
        yield* SubscriptionRef.get(connection.state),
        yield* SubscriptionRef.get(networks.state)
      )
      return followed === undefined
        ? new ConnectorNotConnectedError({})
        : new SwapNetworkUnsupportedError({ chainId: followed.networkId })
    })

    /** A new form on the active EVM account and network, or why there is none. */
    const opened: Effect.Effect<SwapState> = Effect.gen(function* () {
      const owner = yield* flow.active
      if (owner?.namespace !== "eip155") return { _tag: "Unavailable", error: yield* noOwner }
      const chainId = owner.network.caipNetworkId
      if (!supported.includes(chainId)) {
        const error = new SwapNetworkUnsupportedError({ chainId: owner.network.id })
        yield* notifications.showError(error)
        return { _tag: "Unavailable", error }
      }
      yield* SubscriptionRef.set(state, { _tag: "Loading" })
      const listed = yield* Effect.result(api.convertTokens(chainId))
      if (listed._tag === "Failure") return { _tag: "Unavailable", error: listed.failure }
      const tokens = swapTokens(listed.success.items, yield* balances, chainId)
      return {
        _tag: "Editing",
        draft: {
          from: tokens[0]?.caip ?? "",
          to: undefined,
          amount: "",
          slippage: DEFAULT_SLIPPAGE,
          approval: "exact"
        },
        tokens,
        binding: owner,
        quote: { _tag: "None" }
      } satisfies SwapState
    })

    /** The flow opened again on what is active after `reviewChanged`, which it names. */
    const reopened = (reviewChanged: ReviewChangedError): Effect.Effect<SwapState> =>
      Effect.map(opened, (next) =>
        next._tag === "Editing" || next._tag === "Unavailable" ? { ...next, reviewChanged } : next
      )

    const flow = yield* makeFormFlow<SwapState, SwapDraft>(state, {
      draftOf: (editing) => editing.draft,
      edited: (editing, draft) => ({
        ...editing,
        draft,
        quote: { _tag: "Quoting" },
        problem: undefined,
        reviewChanged: undefined
      }),
      quote: { pauseMs: QUOTE_DELAY_MS, run: quoteForm },
      binding: {
        of: (current) => ("binding" in current ? current.binding : undefined),
        // The form's tokens are its network's: it opens again on what is active.
        changed: (_, change) => reopened(change)
      }
    })

    const start: SwapShape["start"] = flow.start(opened)

    const edit: SwapShape["edit"] = (change) => flow.edit((draft) => ({ ...draft, ...change }))

    const flip: SwapShape["flip"] = flow.edit((draft) =>
      draft.to === undefined ? draft : { ...draft, from: draft.to, to: draft.from }
    )

    /**
     * Prepares the plan for the form `begin` finds in the current state: "Preparing…" meanwhile (the
     * review still on screen when a plan is made again), then the preview, or the form with why there is none. `preparedAt`: when the quote's first plan was made (a
     * plan made again for another approval keeps its quote's age).
     */
    const prepare = (
      begin: (current: SwapState) =>
        | {
            readonly form: Editing<SwapState>
            readonly preparedAt?: number
            /** The plan on screen that the new one replaces (see `Preparing.replacing`). */
            readonly replacing?: SwapPlan
          }
        | undefined
    ) =>
      Effect.asVoid(
        flow.review({
          begin: (current) => {
            const found = begin(current)
            const quoted = found?.form.quote
            if (found === undefined || quoted?._tag !== "Quoted") return undefined
            const { form } = found
            return {
              working: {
                _tag: "Preparing",
                draft: form.draft,
                tokens: form.tokens,
                binding: form.binding,
                quote: quoted,
                replacing: found.replacing
              },
              input: { ...found, quote: quoted.quote }
            }
          },
          work: ({ form, quote }) => plans.plan(form.binding, form.draft, form.tokens, quote),
          land: (outcome, { form: { draft, tokens, binding, quote }, preparedAt }): SwapState =>
            outcome._tag === "Failure"
              ? {
                  _tag: "Editing",
                  draft,
                  tokens,
                  binding,
                  quote: { _tag: "NoQuote", error: outcome.failure }
                }
              : typeof outcome.success === "string"
                ? { _tag: "Editing", draft, tokens, binding, quote, problem: outcome.success }
                : {
                    _tag: "Preview",
                    draft,
                    tokens,
                    binding,
                    plan: {
                      ...outcome.success,
                      preparedAt: Math.min(
                        preparedAt ?? outcome.success.preparedAt,
                        outcome.success.preparedAt
                      )
                    }
                  }
        })
      )

    const review: SwapShape["review"] = prepare((current) =>
      current._tag === "Editing" ? { form: current } : undefined
    )

    const chooseApproval: SwapShape["chooseApproval"] = (choice) =>
      prepare((current) =>
        (current._tag === "Preview" || current._tag === "Failed") &&
        current.plan.approves !== undefined &&
        current.plan.approves !== choice
          ? {
              form: {
                _tag: "Editing",
                draft: { ...current.draft, approval: choice },
                tokens: current.tokens,
                binding: current.binding,
                quote: { _tag: "Quoted", quote: current.plan.quote }
              },
              preparedAt: current.plan.preparedAt,
              replacing: current.plan
            }
          : undefined
      )

    /**
     * Sends one of the plan's transactions on the binding's chain, once `bound` found it still the active
     * one, and waits until it is mined; a revert fails with `reason`.
     */
    const sendMined = (
      binding: ReviewBinding,
      bound: Effect.Effect<void, ReviewChangedError>,
      tx: SwapTransaction,
      sent: (hash: string) => Effect.Effect<void>,
      reason: "reverted" | "approval-reverted"
    ) =>
      Effect.gen(function* () {
        const chainId: CaipNetworkId = binding.network.caipNetworkId
        yield* bound
        const answer = yield* rpc.request(
          { method: "eth_sendTransaction", params: [{ ...tx, chainId: hexChainId(binding.network) }] },
          { namespace: "eip155", described: true }
        )
        const hash = typeof answer === "string" ? answer : ""
        yield* sent(hash)
        const receipt = yield* watcher.waitForReceipt(chainId, hash)
        if (receipt.status === "reverted") return yield* new SwapFailedError({ reason })
        return hash
      })

    const confirm: SwapShape["confirm"] = Effect.gen(function* () {
      const current = yield* SubscriptionRef.get(state)
      if (current._tag !== "Preview") return
      const { draft, tokens, binding, plan } = current
      if ((yield* Clock.currentTimeMillis) - plan.preparedAt > PLAN_LIFETIME_MS)
        return yield* flow.back((now) =>
          now === current
            ? { _tag: "Editing", draft, tokens, binding, quote: { _tag: "Quoting" }, problem: "expired" }
            : undefined
        )
      const form = { draft, tokens, binding, plan }
      const landed = yield* flow.confirm({
        begin: (now) =>
          now === current
            ? {
                working: { _tag: plan.approval === undefined ? "Swapping" : "Approving", ...form },
                input: plan
              }
            : undefined,
        work: ({ approval, swap }, show, bound) =>
          Effect.gen(function* () {
            // A wallet that batches atomically gets both as one prompt; the others, two steps.
            if (
              approval !== undefined &&
              (yield* batchesAtomically(rpc, swap.from, hexChainId(binding.network)))
            ) {
              yield* bound
              yield* show({ _tag: "Swapping", ...form })
              return yield* sendApproveAndSwap(rpc, hexChainId(binding.network), approval, swap)
            }
            if (approval !== undefined) {
              const approved = (hash: string) => show({ _tag: "Approving", ...form, hash })
              yield* sendMined(binding, bound, approval, approved, "approval-reverted")
              yield* show({ _tag: "Swapping", ...form })
            }
            const swapped = (hash: string) => show({ _tag: "Swapping", ...form, hash })
            return yield* sendMined(binding, bound, swap, swapped, "reverted")
          }),
        land: (outcome): SwapState =>
          outcome._tag === "Success"
            ? { _tag: "Swapped", plan, hash: outcome.success, network: binding.network }
            : { _tag: "Failed", ...form, error: outcome.failure }
      })
      if (landed !== undefined) yield* accountData.refresh
    })

    const back: SwapShape["back"] = flow.back((current) =>
      current._tag === "Preview" || current._tag === "Failed" || current._tag === "Preparing"
        ? {
            _tag: "Editing",
            draft: current.draft,
            tokens: current.tokens,
            binding: current.binding,
            quote: { _tag: "Quoting" }
          }
        : undefined
    )

    // Balances that arrive or change while the form shows join it (a swap's own result among them).
    // The prices the API gave stay on them.
    yield* flow.follow(
      Stream.mapEffect(SubscriptionRef.changes(accountData.tokens), (loaded) =>
        Effect.map(prices.known, (known) => (editing: Editing<SwapState>): Editing<SwapState> => {
          if (loaded._tag !== "Ready") return editing
          const chainId = editing.tokens[0]?.caip.split(":").slice(0, 2).join(":") ?? ""
          const listed = editing.tokens.map((token) => ({
            name: token.name,
            symbol: token.symbol,
            address: token.caip,
            decimals: token.decimals,
            logoUri: token.logoUri
          }))
          return pricedForm({ ...editing, tokens: swapTokens(listed, loaded.value, chainId) }, known)
        })
      )
    )

    return { start, edit, flip, review, confirm, back, chooseApproval }
  })
