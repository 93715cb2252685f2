/**
 * Smart sessions' code, loaded with the first command while `features.smartSessions` is on: a grant decoded,
 * then through RpcRouter (its approval path shows what the session may do, the wallet answers), its answer
 * decoded; the account's sessions from the provider's API, only those still standing; a revoke by the
 * wallet first (what the chain enforces), then the account's signature of the pci to the API.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { stringToHex } from "viem"
import { ConnectorNotConnectedError } from "../../connectionErrors"
import { decodeUnknownResult } from "../../schemas/decode"
import { GrantedPermissions, PermissionsRequest, permissionMeaning } from "../../schemas/PermissionsRequest"
import type { SmartSession } from "../../schemas/SmartSessions"
import { BlockchainApi } from "../../services/BlockchainApi"
import { Connection } from "../../services/Connection"
import { Networks } from "../../services/Networks"
import { type RequestError, RpcRouter } from "../../services/RpcRouter"
import type {
  ActiveSession,
  GrantPermissionsError,
  SessionsState,
  SmartSessionsShape
} from "../../services/SmartSessions"
import { SmartSessionError, type SmartSessionFailure } from "../../sessionErrors"

/** What a failed wallet request means for a grant: the visitor's no, a wallet without the method, or its refusal. */
const grantFailure = (error: RequestError): SmartSessionFailure => {
  const code = "code" in error ? error.code : undefined
  if (error._tag === "SignatureDeclinedError" || error._tag === "UserRejectedRequestError" || code === 4001)
    return "declined"
  if (error._tag === "UnsupportedMethodError" || code === 4200 || code === -32601) return "unsupported"
  if (error._tag === "SchemaDecodeError") return "invalid-request"
  return "refused"
}

const Signature = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{2,65536}$/))

/** The sessions of the API's list that still stand at `now` (unix seconds), soonest to expire first. */
export const activeSessions = (
  listed: ReadonlyArray<SmartSession>,
  now: number
): ReadonlyArray<ActiveSession> =>
  listed
    .filter((session) => session.revokedAt === undefined && session.expiry > now)
    .map((session) => ({
      pci: session.pci,
      context: session.context,
      app: session.project.name,
      expiry: session.expiry,
      permissions: session.permissions.map(permissionMeaning)
    }))
    .sort((a, b) => a.expiry - b.expiry)

export const makeSmartSessions = (sessions: SubscriptionRef.SubscriptionRef<SessionsState>) =>
  Effect.gen(function* () {
    const rpc = yield* RpcRouter
    const api = yield* BlockchainApi
    const connection = yield* Connection
    const networks = yield* Networks
    const scope = yield* Effect.scope

    /** The connected EVM account and its network (CAIP-10 needs both). */
    const connected = Effect.gen(function* () {
      const account = yield* connection.connected("eip155")
      const network = (yield* SubscriptionRef.get(networks.state)).active.eip155
      if (Option.isNone(account) || network?._tag !== "Known") return Option.none()
      return Option.some({ address: account.value.address, caip: network.network.caipNetworkId })
    })
    const needConnected = Effect.flatMap(connected, (found) =>
      Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(new ConnectorNotConnectedError({}))
    )

    const load: Effect.Effect<void> = Effect.gen(function* () {
      const found = yield* connected
      if (Option.isNone(found)) return yield* SubscriptionRef.set(sessions, { _tag: "Idle" })
      const { address, caip } = found.value
      const shown = yield* SubscriptionRef.get(sessions)
      // A reload keeps the list in sight; another account's is replaced by the loading state.
      if (shown._tag !== "Loaded" || shown.account !== address)
        yield* SubscriptionRef.set(sessions, { _tag: "Loading" })
      const listed = yield* Effect.result(api.smartSessions(`${caip}:${address}`))
      const now = Math.floor((yield* Clock.currentTimeMillis) / 1000)
      yield* SubscriptionRef.set(
        sessions,
        Result.isSuccess(listed)
          ? {
              _tag: "Loaded",
              account: address,
              sessions: activeSessions(listed.success.items, now),
              revoking: undefined
            }
          : { _tag: "Failed" }
      )
    })
    const reloadLater = Effect.asVoid(Effect.forkIn(load, scope))

    const grantPermissions: SmartSessionsShape["grantPermissions"] = (request, options) =>
      Effect.gen(function* () {
        const decoded = decodeUnknownResult(PermissionsRequest, "grantPermissions request")(request)
        if (Result.isFailure(decoded))
          return yield* new SmartSessionError({ reason: "invalid-request", cause: decoded.failure })
        const { address } = yield* needConnected
        const answer = yield* rpc
          .request(
            {
              method: "wallet_grantPermissions",
              params: [{ ...decoded.success, address: decoded.success.address ?? address }]
            },
            { namespace: "eip155", signal: options?.signal }
          )
          .pipe(
            Effect.catch(
              (error): Effect.Effect<never, GrantPermissionsError> =>
                error._tag === "RequestAbortedError" || error._tag === "ConnectorNotConnectedError"
                  ? Effect.fail(error)
                  : Effect.fail(new SmartSessionError({ reason: grantFailure(error), cause: error }))
            )
          )
        const granted = decodeUnknownResult(GrantedPermissions, "wallet_grantPermissions result")(answer)
        if (Result.isFailure(granted))
          return yield* new SmartSessionError({ reason: "invalid-answer", cause: granted.failure })
        yield* reloadLater
        return granted.success
      })

    const setRevoking = (pci: string | undefined) =>
      SubscriptionRef.update(sessions, (state) =>
        state._tag === "Loaded" ? { ...state, revoking: pci } : state
      )

    /** The wallet first: its revoke is what stops the session key on chain; then the API's list. */
    const revokeSession = (session: ActiveSession, address: string) => {
      const failed = (cause: unknown) => new SmartSessionError({ reason: "revoke-failed", cause })
      return Effect.gen(function* () {
        yield* rpc
          .request(
            { method: "wallet_revokePermissions", params: [{ permissionContext: session.context }] },
            { namespace: "eip155" }
          )
          .pipe(Effect.mapError(failed))
        const signature = yield* rpc
          .request(
            { method: "personal_sign", params: [stringToHex(session.pci), address] },
            { namespace: "eip155" }
          )
          .pipe(
            Effect.flatMap((answer) => Schema.decodeUnknownEffect(Signature)(answer)),
            Effect.mapError(failed)
          )
        yield* api.revokeSmartSession({ address, pci: session.pci, signature }).pipe(Effect.mapError(failed))
      }).pipe(Effect.ensuring(Effect.andThen(setRevoking(undefined), reloadLater)))
    }

    const revoke: SmartSessionsShape["revoke"] = (pci) =>
      Effect.gen(function* () {
        const { address } = yield* needConnected
        // One revoke at a time, of a session the list shows for this account.
        const session = yield* SubscriptionRef.modify(sessions, (state) => {
          const found =
            state._tag === "Loaded" && state.account === address && state.revoking === undefined
              ? state.sessions.find((s) => s.pci === pci)
              : undefined
          return [found, found === undefined || state._tag !== "Loaded" ? state : { ...state, revoking: pci }]
        })
        if (session === undefined) return yield* new SmartSessionError({ reason: "revoke-failed" })
        yield* revokeSession(session, address)
      })

    return {
      grantPermissions,
      load,
      revoke
    } satisfies Pick<SmartSessionsShape, "grantPermissions" | "load" | "revoke">
  })
