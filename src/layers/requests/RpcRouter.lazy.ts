import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import * as SubscriptionRef from "effect/SubscriptionRef"
import {
  BatchError,
  BatchStoppedError,
  ConnectorNotConnectedError,
  type RequestAbortedError,
  SignatureDeclinedError,
  TransactionMismatchError,
  UserRejectedRequestError
} from "../../errors"
import { ContractAbi, functionsOf } from "../../schemas/ContractAbi"
import { decodeUnknownResult } from "../../schemas/decode"
import type { ChainNamespace } from "../../schemas/Primitives"
import { Connection } from "../../services/Connection"
import { FallbackTransport } from "../../services/FallbackTransport"
import { ModalConfig } from "../../services/ModalConfig"
import { Networks } from "../../services/Networks"
import type {
  PendingApproval,
  PreviewSimulation,
  RequestError,
  RpcEvent,
  RpcRouterShape
} from "../../services/RpcRouter"
import { TransactionWatcher } from "../../services/TransactionWatcher"
import { WalletConnect } from "../../services/WalletConnect"
import { walletRead, walletRequest } from "../connection/walletIo"
import { activeId } from "../networks/activeNetwork"
import { makeBatches } from "./batchSend"
import { isBitcoinRule, makeBitcoinRoute } from "./bitcoinRoute"
import { lacksBatches } from "./callsCapabilities"
import { landedCalls } from "./callsOneByOne"
import { makeChainReads } from "./chainReads"
import { makeNetworkSwitch } from "./networkSwitch"
import { outcomeOf } from "./requestOutcome"
import { foreignSender } from "./requestSender"
import { simulateTransactions } from "./requestSimulation"
import { decodeResult, validateRequest } from "./rpcMethods"
import { chainIdOf, minedCountOf, mismatchedFields, sentRequestOf, transactionByHash } from "./sentCheck"
import { transactionsOf } from "./simulation"
import { sentTransaction } from "./submissions"
import { inCatalogueWords } from "./walletWords"

/** Requests whose refusal reads 'Signature declined' (SPEC.md §8). */
const SIGN_METHODS: ReadonlySet<string> = new Set([
  "personal_sign",
  "eth_signTypedData_v4",
  "solana_signMessage",
  "solana_signIn"
])

/**
 * THREATS.md R2 (read RPC ≤ 10 s): how long the answer to a send waits for the node's record of its hash.
 * A node that does not know the hash yet (or does not answer) leaves the check to the receipt's watch.
 */
const SENT_CHECK_TIMEOUT = "10 seconds"
/** The nonce read before a send is asked of the wallet delays its prompt by at most this. */
const NONCE_READ_TIMEOUT = "2 seconds"

const rejectedInModal = () =>
  new UserRejectedRequestError({ code: 4001, message: "The visitor rejected the request", cause: undefined })

/** What the requests share with `RpcRouterLive`, which owns the approvals and the abort generations. */
export interface RouterState {
  readonly publish: (event: RpcEvent) => Effect.Effect<void>
  readonly approvals: SubscriptionRef.SubscriptionRef<ReadonlyArray<PendingApproval>>
  readonly decisions: Ref.Ref<ReadonlyMap<number, Deferred.Deferred<boolean>>>
  /** `effect`, settled as aborted by the caller's signal or by the modal closing. */
  readonly abortable: <A, E>(
    effect: Effect.Effect<A, E>,
    signal: AbortSignal | undefined
  ) => Effect.Effect<A, E | RequestAbortedError>
}

/**
 * The request path (method lists, params and results, in-modal approval, the preview of what an unsafe
 * EVM request does, tracking of what was sent) and network switching, loaded by `RpcRouterLive` with the
 * first request.
 */
export const makeRpcRequests = (router: RouterState) =>
  Effect.gen(function* () {
    const connection = yield* Connection
    const networks = yield* Networks
    const walletConnect = yield* WalletConnect
    const watcher = yield* TransactionWatcher
    const fallback = yield* FallbackTransport
    const config = yield* ModalConfig
    const { features } = config
    const scope = yield* Effect.scope
    const { publish, approvals, decisions, abortable } = router
    const nextId = yield* Ref.make(0)
    const batches = yield* makeBatches({ fallback, watcher })

    const activeNetworkOf = (ns: ChainNamespace) =>
      Effect.map(SubscriptionRef.get(networks.state), (s) => {
        const active = s.active[ns]
        return active === undefined ? undefined : activeId(active)
      })

    /**
     * Shows the request in ApproveTransaction; the visitor's answer there completes the result (a
     * rejection is 4001). A transaction's simulation fills in while the request waits.
     */
    const showInModal = (approval: PendingApproval) =>
      Effect.gen(function* () {
        const decision = yield* Deferred.make<boolean>()
        yield* Ref.update(decisions, (m) => new Map(m).set(approval.id, decision))
        yield* SubscriptionRef.update(approvals, (list) => [...list, approval])
        yield* publish({ _tag: "ApprovalRequested", approval })
        return Effect.flatMap(Deferred.await(decision), (approved) =>
          approved ? Effect.void : Effect.fail(rejectedInModal())
        )
      })

    const simulated = (id: number, simulation: PreviewSimulation) =>
      SubscriptionRef.update(approvals, (list) => list.map((a) => (a.id === id ? { ...a, simulation } : a)))

    const forgetApproval = (id: number) =>
      Effect.andThen(
        Ref.update(decisions, (m) => {
          const rest = new Map(m)
          rest.delete(id)
          return rest
        }),
        SubscriptionRef.update(approvals, (list) => list.filter((a) => a.id !== id))
      )
    const bitcoin = yield* makeBitcoinRoute({
      router: { publish, show: showInModal, forget: forgetApproval, abortable },
      nextId,
      config,
      walletConnect
    })

    /** Shows a call-by-call batch's progress in its approval, and says where it stopped once it ends. */
    const sendBatch = (
      connectorId: string,
      provider: Parameters<typeof batches.sendCalls>[1],
      network: Parameters<typeof batches.sendCalls>[2],
      address: string,
      params: Parameters<typeof batches.sendCalls>[4],
      approval: PendingApproval | undefined
    ) =>
      Effect.gen(function* () {
        const { result, record } = yield* batches.sendCalls(
          connectorId,
          provider,
          network,
          address,
          params,
          (r) =>
            approval === undefined
              ? Effect.void
              : SubscriptionRef.update(approvals, (list) =>
                  list.map((a) =>
                    a.id === approval.id
                      ? { ...a, batch: { total: r.calls, included: r.receipts.length, sending: r.sending } }
                      : a
                  )
                )
        )
        if (record?.stopped !== undefined)
          yield* publish({
            _tag: "BatchStopped",
            error: new BatchStoppedError({
              at: record.stopped.index + 1,
              total: record.calls,
              landed: landedCalls(record).length
            })
          })
        return result
      })

    const request: RpcRouterShape["request"] = (args, options) =>
      Effect.gen(function* () {
        const ns = options?.namespace ?? (yield* SubscriptionRef.get(networks.state)).activeNamespace
        const rule = yield* Effect.fromResult(validateRequest(ns, args.method, args.params)).pipe(
          Effect.tapError((error) =>
            error._tag === "MethodNotAllowedError" ? publish({ _tag: "Disallowed", error }) : Effect.void
          )
        )
        const wallet = yield* connection.connected(ns)
        if (Option.isNone(wallet)) return yield* Effect.fail(new ConnectorNotConnectedError({}))
        const { connector, address, accountType } = wallet.value
        if (isBitcoinRule(rule))
          return yield* bitcoin(rule, wallet.value, yield* activeNetworkOf(ns), options)
        // A read must answer in time (THREATS.md R2), and a caller may still give up sooner.
        if (rule.kind === "safe") {
          // A batch the modal sent call by call is answered from its own record; another is the wallet's,
          // and a wallet without batches knows none (5730).
          if (rule.method === "wallet_getCallsStatus" || rule.method === "wallet_showCallsStatus") {
            const asked = Array.isArray(rule.params) ? rule.params[0] : undefined
            // A batch the modal sent (its own or one a wallet took as one) is shown in the modal's status.
            const known =
              rule.method === "wallet_showCallsStatus" ? yield* batches.knownBatch(asked) : undefined
            if (known !== undefined) {
              yield* publish({ _tag: "BatchStatus", ...known })
              return null
            }
            const own = yield* batches.ownStatus(asked)
            if (own !== undefined) return own
            return yield* abortable(
              walletRead(connector.provider, rule.method, rule.params).pipe(
                Effect.mapError((error) =>
                  lacksBatches(error) ? new BatchError({ reason: "unknown-batch" }) : inCatalogueWords(error)
                )
              ),
              options?.signal
            )
          }
          if (rule.method === "wallet_getCapabilities")
            return yield* abortable(batches.capabilitiesFor(connector.provider, rule.params), options?.signal)
          const raw = yield* abortable(
            Effect.mapError(walletRead(connector.provider, rule.method, rule.params), inCatalogueWords),
            options?.signal
          )
          return yield* Effect.fromResult(decodeResult(rule.method, raw))
        }
        // The account is the connected one: a request for another is refused before it is shown or sent.
        const foreign = foreignSender(ns, rule.method, rule.params, address)
        if (foreign !== undefined) return yield* Effect.fail(foreign)
        // What a send asks for, which the transaction under the wallet's answer must carry. A smart
        // account's send reaches the chain as a call from its owner or a bundler into the account, not as the
        // request itself: only an EOA's transaction can be compared with it (its params are checked anyway).
        const sendParams =
          rule.method === "eth_sendTransaction"
            ? yield* Effect.fromResult(sentRequestOf(rule.params, address))
            : undefined
        const sentRequest = accountType === "smartAccount" ? undefined : sendParams
        const network = yield* activeNetworkOf(ns)
        // Every unsafe EVM request an external wallet answers is previewed, unless the modal showed it.
        const answeredIn =
          connector.approval ??
          (ns === "eip155" && features.preview && options?.described !== true ? "wallet" : undefined)
        const transactions = ns === "eip155" ? transactionsOf(rule.method, rule.params, address) : undefined
        const abi =
          options?.abi === undefined
            ? undefined
            : functionsOf(
                yield* Effect.fromResult(decodeUnknownResult(ContractAbi, "abi option")(options.abi))
              )
        const id = yield* Ref.getAndUpdate(nextId, (n) => n + 1)
        const approval: PendingApproval | undefined =
          answeredIn === undefined
            ? undefined
            : {
                id,
                method: rule.method,
                params: rule.params,
                namespace: ns,
                network,
                from: address,
                answeredIn,
                ...(abi === undefined ? {} : { abi }),
                simulation:
                  transactions === undefined || network === undefined ? undefined : { _tag: "Simulating" }
              }
        const send = Effect.gen(function* () {
          const answer = approval === undefined ? Effect.never : yield* showInModal(approval)
          if (approval?.simulation !== undefined && transactions !== undefined && network !== undefined)
            yield* Effect.forkChild(
              Effect.flatMap(simulateTransactions(fallback, network, address, transactions), (simulation) =>
                simulated(approval.id, simulation)
              )
            )
          if (approval?.answeredIn === "modal") yield* answer
          // A phone wallet paired by a link shows the request once the visitor is back in it.
          if (connector.type === "WALLET_CONNECT") yield* Effect.forkIn(walletConnect.openWallet, scope)
          // The account's mined count, read before the wallet can send: what it answers is no older send.
          const floor =
            sentRequest === undefined || network === undefined
              ? undefined
              : yield* minedCountOf(fallback, network, address, NONCE_READ_TIMEOUT)
          const expected =
            sentRequest === undefined || floor === undefined
              ? sentRequest
              : { ...sentRequest, nonceFloor: floor }
          // A previewed request also ends with the preview's Cancel (4001) while the wallet asks.
          const raw = yield* Effect.raceFirst(
            rule.method === "wallet_sendCalls" && network !== undefined
              ? sendBatch(connector.id, connector.provider, network, address, rule.params, approval)
              : Effect.mapError(
                  walletRequest(connector.provider, rule.method, rule.params, network),
                  inCatalogueWords
                ),
            approval?.answeredIn === "wallet" ? Effect.andThen(answer, Effect.never) : Effect.never
          )
          const result = yield* Effect.fromResult(decodeResult(rule.method, raw))
          const sent = sentTransaction(rule.method, rule.params, result)
          if (sent?.kind === "transaction" && expected !== undefined && network !== undefined) {
            // A hash the node already holds for another transaction is no answer to this send.
            const named = yield* transactionByHash(fallback, network, sent.hash, SENT_CHECK_TIMEOUT)
            const fields = named === undefined ? [] : mismatchedFields(expected, chainIdOf(network), named)
            if (fields.length > 0)
              return yield* Effect.fail(new TransactionMismatchError({ hash: sent.hash, fields }))
          }
          if (sent !== undefined && network !== undefined) {
            yield* watcher.track(
              sent.kind === "transaction"
                ? {
                    ...sent,
                    network,
                    from: address,
                    ...(expected === undefined ? {} : { sent: expected })
                  }
                : {
                    kind: "calls",
                    id: sent.id,
                    network,
                    from: address,
                    callsStatus: Effect.flatMap(batches.ownStatus(sent.id), (own) =>
                      own === undefined
                        ? walletRead(connector.provider, "wallet_getCallsStatus", [sent.id])
                        : Effect.succeed(own)
                    )
                  }
            )
            // A batch the wallet took is known by its id from now on (showCallsStatus); one the visitor
            // approved shows its status once the wallet took it.
            if (sent.kind === "calls") {
              const calls = rule.method === "wallet_sendCalls" ? rule.params[0].calls.length : 0
              const own = yield* batches.knownBatch(sent.id)
              if (own === undefined) yield* batches.rememberAtomic(sent.id, calls)
              if (approval !== undefined)
                yield* publish({ _tag: "BatchStatus", ...(own ?? { id: sent.id, calls, landed: undefined }) })
            }
          }
          return result
        })
        return yield* abortable(send, options?.signal).pipe(
          Effect.onExit((exit) =>
            Effect.andThen(
              approval === undefined ? Effect.void : forgetApproval(approval.id),
              publish({ _tag: "UnsafeSettled", id, method: rule.method, outcome: outcomeOf(exit), approval })
            )
          ),
          Effect.catch((error): Effect.Effect<never, RequestError> => {
            if (error._tag !== "UserRejectedRequestError" || !SIGN_METHODS.has(rule.method))
              return Effect.fail(error)
            // With a smart account, the likeliest reason is an app that cannot verify its signatures.
            const declined = new SignatureDeclinedError({
              cause: error,
              smartAccount: accountType === "smartAccount"
            })
            return Effect.andThen(
              publish({ _tag: "SignatureDeclined", error: declined }),
              Effect.fail(declined)
            )
          })
        )
      })

    const switchNetwork = makeNetworkSwitch({ connection, networks, scope, abortable })
    const readChain = makeChainReads(networks, fallback)

    return { request, switchNetwork, readChain } satisfies Pick<
      RpcRouterShape,
      "request" | "switchNetwork" | "readChain"
    >
  })
