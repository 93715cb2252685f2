/**
 * The bip122 requests on the request path (`RpcRouter.lazy.ts` hands them here): `getAccountAddresses`
 * is answered from the connection; `signMessage`, `signPsbt` and `sendTransfer` are decoded (the lazy
 * `bitcoinRequests.ts`), previewed in ApproveTransaction like every unsafe request, sent to the wallet in
 * the canonical bip122 shapes, and answered only once the answer is checked against the preview.
 */
import * as Effect from "effect/Effect"
import * as Ref from "effect/Ref"
import {
  AccountMismatchError,
  RequestAbortedError,
  SignatureDeclinedError,
  type UserRejectedRequestError
} from "../../errors"
import type { ModalOptions } from "../../schemas/ModalOptions"
import type { NamespaceConnection } from "../../services/Connection"
import { HttpFetch } from "../../services/HttpFetch"
import type { ModalRequestOptions, PendingApproval, RequestError, RpcEvent } from "../../services/RpcRouter"
import type { WalletConnectShape } from "../../services/WalletConnect"
import { walletRequest } from "../connection/walletIo"
import { lazyPart, loadPart } from "../runtime/lazy"
import type { BitcoinRule } from "./bitcoinRequests"
import { outcomeOf } from "./requestOutcome"
import type { RequestRule } from "./rpcMethods"
import { inCatalogueWords } from "./walletWords"

/** The PSBT code: loaded with the first Bitcoin request that signs. */
export const BitcoinRequestsLazy = lazyPart("@airlock/bitcoinRequests", () => import("./bitcoinRequests"))

type Connected = Extract<NamespaceConnection, { status: "connected" }>

/** What the route shares with the request path (`RpcRouter.lazy.ts`'s `RouterState`). */
interface RouterParts {
  readonly publish: (event: RpcEvent) => Effect.Effect<void>
  /** Shows an approval in ApproveTransaction; the effect it gives waits for the visitor's answer. */
  readonly show: (approval: PendingApproval) => Effect.Effect<Effect.Effect<void, UserRejectedRequestError>>
  /** Takes an approval off the screen once its request settled. */
  readonly forget: (id: number) => Effect.Effect<void>
  readonly abortable: <A, E>(
    effect: Effect.Effect<A, E>,
    signal: AbortSignal | undefined
  ) => Effect.Effect<A, E | RequestAbortedError>
}

export interface BitcoinRouteDeps {
  readonly router: RouterParts
  readonly nextId: Ref.Ref<number>
  readonly config: ModalOptions
  readonly walletConnect: WalletConnectShape
}

/** The addresses a request names as its signer or payer; each must be one of the connected account's. */
const namedAddresses = (rule: BitcoinRule): ReadonlyArray<string> => {
  switch (rule.method) {
    case "signMessage":
      return [rule.params.address, ...(rule.params.account === undefined ? [] : [rule.params.account])]
    case "signPsbt":
      return [
        ...rule.params.signInputs.map((input) => input.address),
        ...(rule.params.account === undefined ? [] : [rule.params.account])
      ]
    case "sendTransfer":
      return [rule.params.account]
  }
}

type BitcoinRequestRule = Extract<
  RequestRule,
  { method: "getAccountAddresses" | "signMessage" | "signPsbt" | "sendTransfer" }
>

/** A request of the bip122 namespace (the only one whose lists hold these names). */
export const isBitcoinRule = (rule: RequestRule): rule is BitcoinRequestRule =>
  rule.method === "getAccountAddresses" ||
  rule.method === "signMessage" ||
  rule.method === "signPsbt" ||
  rule.method === "sendTransfer"

export const makeBitcoinRoute = (deps: BitcoinRouteDeps) =>
  Effect.gen(function* () {
    const { router, nextId, config, walletConnect } = deps
    const { publish, show, forget, abortable } = router
    const fetch = yield* HttpFetch
    const scope = yield* Effect.scope

    return (
      rule: BitcoinRequestRule,
      wallet: Connected,
      network: string | undefined,
      options: ModalRequestOptions | undefined
    ): Effect.Effect<unknown, RequestError> =>
      Effect.gen(function* () {
        const { connector, address, allAccounts, accountType } = wallet
        if (rule.method === "getAccountAddresses")
          return [
            { address, intention: accountType === "ordinal" ? "ordinal" : "payment" },
            ...allAccounts.filter((a) => a !== address).map((a) => ({ address: a }))
          ]
        const bitcoinRule: BitcoinRule = rule
        const mine = new Set([address, ...allAccounts])
        const foreign = namedAddresses(bitcoinRule).find((named) => !mine.has(named))
        if (foreign !== undefined)
          return yield* Effect.fail(
            new AccountMismatchError({ expected: address, requested: foreign.slice(0, 100) })
          )
        const module = yield* Effect.mapError(
          loadPart(BitcoinRequestsLazy),
          (error) => new RequestAbortedError({ source: "other", cause: error.cause })
        )
        const esploraUrl =
          network === undefined
            ? undefined
            : config.networks.find((n) => n.caipNetworkId === network)?.rpcUrls.default.http[0]
        const context = yield* Effect.fromResult(
          module.contextOf(fetch, network ?? "", esploraUrl, address, allAccounts)
        )
        const id = yield* Ref.getAndUpdate(nextId, (n) => n + 1)
        const shown = yield* Ref.make<PendingApproval | undefined>(undefined)
        const work = Effect.gen(function* () {
          const prepared = yield* module.prepare(bitcoinRule, context)
          const answeredIn =
            connector.approval ??
            (config.features.preview && options?.described !== true ? "wallet" : undefined)
          const approval: PendingApproval | undefined =
            answeredIn === undefined
              ? undefined
              : {
                  id,
                  method: rule.method,
                  params: rule.params,
                  namespace: "bip122",
                  network: network as PendingApproval["network"],
                  from: address,
                  answeredIn,
                  simulation: undefined,
                  bitcoin: prepared.preview
                }
          yield* Ref.set(shown, approval)
          const answer = approval === undefined ? Effect.never : yield* show(approval)
          if (approval?.answeredIn === "modal") yield* answer
          if (connector.type === "WALLET_CONNECT") yield* Effect.forkIn(walletConnect.openWallet, scope)
          const raw = yield* Effect.raceFirst(
            Effect.mapError(
              walletRequest(connector.provider, prepared.call.method, prepared.call.params, network),
              inCatalogueWords
            ),
            approval?.answeredIn === "wallet" ? Effect.andThen(answer, Effect.never) : Effect.never
          )
          return yield* module.settle(prepared, raw, context)
        })
        return yield* abortable(work, options?.signal).pipe(
          Effect.onExit((exit) =>
            Effect.andThen(
              forget(id),
              Effect.flatMap(Ref.get(shown), (approval) =>
                publish({
                  _tag: "UnsafeSettled",
                  id,
                  method: rule.method,
                  outcome: outcomeOf(exit),
                  approval
                })
              )
            )
          ),
          Effect.catch((error): Effect.Effect<never, RequestError> => {
            if (error._tag !== "UserRejectedRequestError" || rule.method !== "signMessage")
              return Effect.fail(error)
            const declined = new SignatureDeclinedError({ cause: error, smartAccount: false })
            return Effect.andThen(
              publish({ _tag: "SignatureDeclined", error: declined }),
              Effect.fail(declined)
            )
          })
        )
      })
  })
