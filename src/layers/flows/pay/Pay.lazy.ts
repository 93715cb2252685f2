/**
 * The Pay flow, loaded with the first `modal.pay` while `features.pay` is on: the request checked
 * (`payRequest`, with the asset's decimals read from its chain: `payChain`), the Pay view opened, and the
 * payment made with the connected wallet through `RpcRouter` (the same path as Send's, which the watcher
 * follows to its receipt). The host's promise settles once: with the hash when the transfer is confirmed on
 * chain; with the last obstacle (declined, short balance, failed) or `closed` when the visitor closes the
 * modal; a new payment replaces one under way.
 */
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as FiberHandle from "effect/FiberHandle"
import * as PubSub from "effect/PubSub"
import * as Ref from "effect/Ref"
import * as Result from "effect/Result"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { PayFailedError, type PayFailureReason } from "../../../payErrors"
import { Connection, type ConnectionState } from "../../../services/Connection"
import { FallbackTransport } from "../../../services/FallbackTransport"
import { ModalConfig } from "../../../services/ModalConfig"
import { ModalRouter } from "../../../services/ModalRouter"
import { Networks } from "../../../services/Networks"
import type { PayDetails, PayExchange, PayPayer, PayResult, PayShape, PayState } from "../../../services/Pay"
import { type RequestError, RpcRouter } from "../../../services/RpcRouter"
import { type TrackedTransaction, TransactionWatcher } from "../../../services/TransactionWatcher"
import { makeProviderHttp } from "../../provider/providerHttp"
import { sentTransaction } from "../../requests/submissions"
import { lazyImplementation } from "../../runtime/lazy"
import { makePayChain } from "./payChain"
import { checkedTransfer, makePayExchanges } from "./payExchange"
import { parsePayRequest, payAmount } from "./payRequest"
import { makeWalletRequest, requestReason, SolanaPayLazy } from "./payWallet"

/** How often an exchange's session is asked about, and how long it may take before the payment expires. */
const EXCHANGE_POLL = "2 seconds"
const EXCHANGE_DEADLINE = "15 minutes"
/** A transaction hash an exchange may name: the payment is checked on chain under it. */
const EVM_HASH = /^0x[0-9a-fA-F]{64}$/

/** A payment under way: what the host awaits, and the last reason it could not go through. */
interface Current {
  readonly details: PayDetails
  readonly done: Deferred.Deferred<PayResult, PayFailedError>
  readonly obstacle: Ref.Ref<PayFailureReason | undefined>
}

export const makePay = (state: SubscriptionRef.SubscriptionRef<PayState>) =>
  Effect.gen(function* () {
    const config = yield* ModalConfig
    const connection = yield* Connection
    const networks = yield* Networks
    const router = yield* ModalRouter
    const rpc = yield* RpcRouter
    const watcher = yield* TransactionWatcher
    const fallback = yield* FallbackTransport
    const scope = yield* Effect.scope
    const chain = makePayChain(fallback)
    const exchanges = makePayExchanges(
      yield* makeProviderHttp({ baseUrl: config.blockchainApiUrl, projectId: config.projectId })
    )
    const solana = yield* lazyImplementation(SolanaPayLazy, (module) =>
      Effect.succeed(module.makeSolanaSend(fallback))
    )
    const walletRequest = makeWalletRequest(solana)
    const current = yield* Ref.make<Current | undefined>(undefined)
    // The attempt under way (a wallet's prompt, a confirmation): one at a time, stopped by a close.
    const attempt = yield* FiberHandle.make<void, never>()
    const balances = yield* FiberHandle.make<void, never>()

    /** Settles the payment under way, once; the view stays on its last state. */
    const settle = (outcome: Result.Result<PayResult, PayFailedError>) =>
      Effect.gen(function* () {
        const under = yield* Ref.getAndSet(current, undefined)
        if (under === undefined) return
        yield* Result.isSuccess(outcome)
          ? Deferred.succeed(under.done, outcome.success)
          : Deferred.fail(under.done, outcome.failure)
      })

    /** Ends the payment under way from outside its attempt (a close, a new payment): the attempt stops. */
    const end = (reason: (under: Current) => Effect.Effect<PayFailureReason>) =>
      Effect.gen(function* () {
        const under = yield* Ref.get(current)
        if (under === undefined) return
        const why = yield* reason(under)
        yield* FiberHandle.clear(attempt)
        yield* settle(Result.fail(new PayFailedError({ reason: why })))
      })

    /** Ready or Paying, with `payer` replaced. */
    const withPayer = (payer: PayPayer) =>
      SubscriptionRef.update(
        state,
        (s): PayState => (s._tag === "Ready" || s._tag === "Paying" ? { ...s, payer } : s)
      )

    /** Who pays on the details' namespace, its balance read from the chain in the background. */
    const followPayer = (details: PayDetails, connected: ConnectionState) =>
      Effect.gen(function* () {
        const account = connected.namespaces[details.namespace]
        if (account?.status !== "connected") return yield* withPayer({ _tag: "None" })
        const payer = { _tag: "Connected" as const, address: account.address, wallet: account.connector.name }
        yield* withPayer({ ...payer, balance: { _tag: "Loading" } })
        const balance = yield* chain.balance(details, account.address)
        yield* withPayer({
          ...payer,
          balance: balance === undefined ? { _tag: "Unavailable" } : { _tag: "Known", amount: balance }
        })
      })

    const refreshPayer = Effect.gen(function* () {
      const under = yield* Ref.get(current)
      if (under === undefined) return
      yield* FiberHandle.run(
        balances,
        Effect.flatMap(SubscriptionRef.get(connection.state), (c) => followPayer(under.details, c))
      )
    })

    // A wallet connected, switched account or left: who pays, and with what balance, follows it.
    yield* SubscriptionRef.changes(connection.state).pipe(
      // Its current value first: each payment reads it when it starts.
      Stream.drop(1),
      Stream.map((c) => c.namespaces),
      Stream.changes,
      Stream.runForEach(() => refreshPayer),
      Effect.forkScoped
    )

    // The visitor closed the modal: the payment under way ends with what stood in its way, or `closed`.
    const routerEvents = yield* router.subscribe
    yield* Effect.forkScoped(
      Effect.forever(
        Effect.flatMap(PubSub.take(routerEvents), () =>
          Effect.andThen(
            end((under) => Effect.map(Ref.get(under.obstacle), (obstacle) => obstacle ?? "closed")),
            // Nothing waits any more: the view has nothing to show until the next payment.
            SubscriptionRef.set(state, { _tag: "Idle" })
          )
        )
      )
    )

    const pay: PayShape["pay"] = (request) =>
      Effect.gen(function* () {
        // One payment at a time: the one it replaces ends as closed.
        yield* end(() => Effect.succeed("closed"))
        yield* SubscriptionRef.set(state, { _tag: "Checking" })
        const parsed = parsePayRequest(request, config.networks)
        const details = yield* Result.isFailure(parsed)
          ? Effect.fail(parsed.failure)
          : Effect.flatMap(chain.asset(parsed.success), (asset) =>
              Effect.map(
                Effect.fromResult(payAmount(parsed.success.amountText, asset.decimals)),
                (amount) => ({
                  namespace: parsed.success.namespace,
                  network: parsed.success.network,
                  asset,
                  amount,
                  recipient: parsed.success.recipient
                })
              )
            )
        const done = yield* Deferred.make<PayResult, PayFailedError>()
        const obstacle = yield* Ref.make<PayFailureReason | undefined>(undefined)
        yield* Ref.set(current, { details, done, obstacle })
        yield* SubscriptionRef.set(state, { _tag: "Ready", details, payer: { _tag: "None" }, exchanges: [] })
        yield* router.open("Pay")
        yield* refreshPayer
        // The exchanges that pay this asset, in the background: the wallet's way needs none of them.
        yield* Effect.forkIn(
          Effect.flatMap(exchanges.list(details), (offered) =>
            SubscriptionRef.update(
              state,
              (s): PayState =>
                (s._tag === "Ready" || s._tag === "Paying") && s.details === details
                  ? { ...s, exchanges: offered }
                  : s
            )
          ),
          scope
        )
        return yield* Deferred.await(done)
      }).pipe(
        Effect.tapError(() =>
          SubscriptionRef.update(state, (s): PayState => (s._tag === "Checking" ? { _tag: "Idle" } : s))
        )
      )

    const connect: PayShape["connect"] = router.push("Connect")

    /** Back to the view's choices, saying why the attempt did not go through; the host hears it on close. */
    const stopped = (under: Current, error: RequestError | PayFailedError) =>
      Effect.gen(function* () {
        const reason = requestReason(error)
        yield* Ref.set(under.obstacle, reason)
        yield* SubscriptionRef.update(
          state,
          (s): PayState =>
            s._tag === "Paying" || s._tag === "Ready"
              ? {
                  _tag: "Ready",
                  details: s.details,
                  payer: s.payer,
                  exchanges: s.exchanges,
                  problem: new PayFailedError({ reason, cause: error })
                }
              : s
        )
      })

    const step = (next: Extract<PayState, { _tag: "Paying" }>["step"]) =>
      SubscriptionRef.update(
        state,
        (s): PayState =>
          s._tag === "Ready" || s._tag === "Paying"
            ? { _tag: "Paying", details: s.details, payer: s.payer, exchanges: s.exchanges, step: next }
            : s
      )

    /** The first settlement of `hash` the watcher reports. */
    const settledAs = (
      settled: PubSub.Subscription<TrackedTransaction>,
      hash: string
    ): Effect.Effect<TrackedTransaction> =>
      Effect.flatMap(PubSub.take(settled), (tx) =>
        tx.id === hash ? Effect.succeed(tx) : settledAs(settled, hash)
      )

    /** Switch if needed, ask the wallet, then wait for the chain to confirm what it sent. */
    const viaWallet = (under: Current, from: string) =>
      Effect.scoped(
        Effect.gen(function* () {
          const { details } = under
          const nets = yield* SubscriptionRef.get(networks.state)
          const active = nets.active[details.namespace]
          if (
            nets.activeNamespace !== details.namespace ||
            active?._tag !== "Known" ||
            active.network.caipNetworkId !== details.network.caipNetworkId
          ) {
            yield* step({ _tag: "Switching" })
            yield* Effect.mapError(
              rpc.switchNetwork(details.network.caipNetworkId),
              (cause) =>
                new PayFailedError({
                  reason: cause._tag === "UserRejectedRequestError" ? "declined" : "failed",
                  cause
                })
            )
          }
          yield* step({ _tag: "Wallet" })
          const args = yield* Effect.mapError(
            walletRequest(details, from),
            (cause) => new PayFailedError({ reason: "failed", cause })
          )
          // Subscribed before the wallet is asked: its settlement cannot pass unseen.
          const settled = yield* watcher.settled
          const answer = yield* rpc.request(args, { namespace: details.namespace, described: true })
          // The id the watcher follows this send by, read by its own rule.
          const sent = sentTransaction(args.method, args.params, answer)
          if (sent?.kind !== "transaction")
            return yield* Effect.fail(new PayFailedError({ reason: "failed" }))
          const hash = sent.hash
          yield* step({ _tag: "Confirming", hash })
          const tx = yield* settledAs(settled, hash)
          if (tx.status === "confirmed") {
            const txHash = tx.hash ?? hash
            yield* SubscriptionRef.set(state, { _tag: "Paid", details, txHash })
            return yield* settle(Result.succeed({ status: "success", txHash }))
          }
          // The watch gave up: it may still land, so nothing may be paid again.
          if (tx.status === "unknown")
            return yield* settle(Result.fail(new PayFailedError({ reason: "expired" })))
          return yield* Effect.fail(new PayFailedError({ reason: "failed" }))
        })
      ).pipe(Effect.catch((error) => stopped(under, error)))

    const payWithWallet: PayShape["payWithWallet"] = Effect.gen(function* () {
      const under = yield* Ref.get(current)
      const now = yield* SubscriptionRef.get(state)
      if (under === undefined || now._tag !== "Ready") return
      if (now.payer._tag === "None") return yield* connect
      if (now.payer.balance._tag === "Known" && now.payer.balance.amount < under.details.amount) {
        return yield* stopped(under, new PayFailedError({ reason: "insufficient-balance" }))
      }
      yield* FiberHandle.run(attempt, viaWallet(under, now.payer.address))
    })

    /** The exchange's session, asked about until it names its transfer, fails, or the deadline passes. */
    const exchangeTransfer = (
      exchangeId: string,
      sessionId: string
    ): Effect.Effect<string, PayFailedError> => {
      const ask: Effect.Effect<string, PayFailedError> = Effect.flatMap(
        Effect.option(exchanges.status(exchangeId, sessionId)),
        (answer) => {
          if (answer._tag === "Some" && answer.value.status === "FAILED")
            return Effect.fail(new PayFailedError({ reason: "failed" }))
          const hash = answer._tag === "Some" ? answer.value.txHash : undefined
          if (
            answer._tag === "Some" &&
            answer.value.status === "SUCCESS" &&
            hash !== undefined &&
            EVM_HASH.test(hash)
          )
            return Effect.succeed(hash)
          // Not yet, or the provider did not answer this time: ask again.
          return Effect.andThen(Effect.sleep(EXCHANGE_POLL), ask)
        }
      )
      return Effect.timeoutOrElse(ask, {
        duration: EXCHANGE_DEADLINE,
        orElse: () => Effect.fail(new PayFailedError({ reason: "expired" }))
      })
    }

    /** A deposit session, its page shown, its transfer awaited, then confirmed and checked on chain. */
    const viaExchange = (under: Current, exchange: PayExchange) =>
      Effect.gen(function* () {
        const { details } = under
        const session = yield* exchanges.open(exchange.id, details)
        yield* step({ _tag: "Exchange", exchange, url: session.url })
        const hash = yield* exchangeTransfer(exchange.id, session.sessionId)
        yield* step({ _tag: "Confirming", hash })
        const receipt = yield* Effect.mapError(
          watcher.waitForReceipt(details.network.caipNetworkId, hash),
          (cause) => new PayFailedError({ reason: "expired", cause })
        )
        // The exchange's word is not the payment: the chain must show this hash paying the recipient.
        const pays = receipt.status === "success" && (yield* checkedTransfer(fallback, details, hash))
        if (!pays) return yield* Effect.fail(new PayFailedError({ reason: "failed" }))
        yield* SubscriptionRef.set(state, { _tag: "Paid", details, txHash: hash })
        yield* settle(Result.succeed({ status: "success", txHash: hash }))
      }).pipe(Effect.catch((error) => stopped(under, error)))

    const payFromExchange: PayShape["payFromExchange"] = (exchangeId) =>
      Effect.gen(function* () {
        const under = yield* Ref.get(current)
        const now = yield* SubscriptionRef.get(state)
        if (under === undefined || now._tag !== "Ready") return
        const exchange = now.exchanges.find((offered) => offered.id === exchangeId)
        if (exchange === undefined) return
        yield* FiberHandle.run(attempt, viaExchange(under, exchange))
      })

    return { pay, connect, payWithWallet, payFromExchange } satisfies Omit<PayShape, "state">
  })
