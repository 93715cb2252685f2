/**
 * The auth connector's EIP-1193 face, loaded with the embedded wallet: accounts come from the frame's user
 * (asked whether a session exists first, never taken from storage), the chain from the frame (and kept as
 * the last used one, `frameChain.ts`), a switch is the frame's SWITCH_NETWORK (then INIT_SMART_ACCOUNT where
 * the smart account is wanted), revoking permissions signs out, and every other request is the frame's
 * RPC_REQUEST on the frame's chain. The frame's SESSION_UPDATE has the user read again. With a Solana
 * network, a second face serves the same user's Solana key. Failures reach `Connection` and `RpcRouter`
 * as EIP-1193 errors.
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as FiberHandle from "effect/FiberHandle"
import * as Option from "effect/Option"
import * as PubSub from "effect/PubSub"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { SchemaDecodeError } from "../../schemas/decode"
import { decodeUnknownEffect } from "../../schemas/decode"
import { EmbeddedStorageKeys } from "../../schemas/EmbeddedStorageKeys"
import { type EmbeddedAccountType, EmbeddedWalletUser } from "../../schemas/EmbeddedWallet"
import { Address, type CaipNetworkId } from "../../schemas/Primitives"
import { StorageKeys } from "../../schemas/StorageKeys"
import type { AuthConnectorShape, SocialLoginError, SocialLoginState } from "../../services/AuthConnector"
import { EmailLogin } from "../../services/EmailLogin"
import { EmbeddedWalletBridge, type EmbeddedWalletBridgeError } from "../../services/EmbeddedWalletBridge"
import { ModalConfig } from "../../services/ModalConfig"
import { Storage } from "../../services/Storage"
import { eip155NetworkId } from "../networks/NetworksLive"
import { type AuthProviderFailure, makeAuthWallet, type RequestArguments } from "./authWallet"
import { lastUsedChain } from "./frameChain"
import { makeSocialLogin } from "./socialLogin"

/** `eip155:<n>` for the frame's chain id (`eip155:1`, `1`, `0x1` or 1); none for another namespace's. */
export const frameEvmChain = (chainId: unknown) =>
  eip155NetworkId(typeof chainId === "string" ? chainId.replace(/^eip155:/, "") : chainId)

const hexOf = (caipNetworkId: string) => `0x${Number(caipNetworkId.slice("eip155:".length)).toString(16)}`

const decodeUser = decodeUnknownEffect(EmbeddedWalletUser, "The embedded wallet's user")
const decodeConnected = decodeUnknownEffect(
  Schema.Struct({ isConnected: Schema.Boolean }),
  "The embedded wallet's session"
)
const decodeChain = decodeUnknownEffect(
  Schema.Struct({ chainId: Schema.Union([Schema.String, Schema.Finite]) }),
  "The embedded wallet's chain"
)
const decodeSmartAccountNetworks = decodeUnknownEffect(
  Schema.Struct({
    smartAccountEnabledNetworks: Schema.Array(Schema.Int.check(Schema.isGreaterThan(0))).check(
      Schema.isMaxLength(64)
    )
  }),
  "The smart account's networks"
)
const decodeSmartAccount = decodeUnknownEffect(
  Schema.Struct({ address: Address, isDeployed: Schema.Boolean }),
  "The smart account"
)
const decodeSwitch = decodeUnknownEffect(
  Schema.Tuple([Schema.Struct({ chainId: Schema.String })]),
  "The network to switch to"
)

const failure = (error: EmbeddedWalletBridgeError | SchemaDecodeError | NotEvm): AuthProviderFailure =>
  error._tag === "NotEvm"
    ? { code: 4901, message: "The embedded wallet is on a network that is not an EVM chain" }
    : { code: error._tag === "FrameRequestError" ? error.frameCode : undefined, message: error.message }

/** ERC-7715's `wallet_revokePermissions` (`[{ permissionContext }]`), not EIP-2255's (`[{ eth_accounts: {} }]`). */
const namesPermissionContext = (params: unknown): boolean => {
  const first: unknown = Array.isArray(params) ? params[0] : params
  return typeof first === "object" && first !== null && "permissionContext" in first
}

/** The frame names a chain of another namespace. */
interface NotEvm {
  readonly _tag: "NotEvm"
}
const notEvm: NotEvm = { _tag: "NotEvm" }

/** What loads with the auth connector: the connectors themselves and the logins. */
type AuthCommands = Pick<
  AuthConnectorShape,
  | "connector"
  | "solanaConnector"
  | "loginWithSocial"
  | "loginWithFarcaster"
  | "abandonFarcaster"
  | "setPreferredAccount"
>

/** What the connector's Live layer shares with this code. */
export interface AuthShared {
  readonly user: SubscriptionRef.SubscriptionRef<Option.Option<EmbeddedWalletUser>>
  readonly social: SubscriptionRef.SubscriptionRef<SocialLoginState>
  readonly smartAccountNetworks: SubscriptionRef.SubscriptionRef<ReadonlyArray<CaipNetworkId>>
}

/** The auth connector, over the state the connector's Live layer shares (SPEC.md §9). */
export const makeAuthConnector = ({ user, social, smartAccountNetworks }: AuthShared) =>
  Effect.gen(function* () {
    const bridge = yield* EmbeddedWalletBridge
    const emailLogin = yield* EmailLogin
    const storage = yield* Storage
    const config = yield* ModalConfig
    const scope = yield* Effect.scope
    const run = Effect.runPromiseExitWith(yield* Effect.context<never>())
    // The EVM face; `Connection` hears its events (`answer` below is only called once requests come).
    const evm = makeAuthWallet("eip155", (args) => Effect.mapError(answer(args), failure), run)
    const { emit } = evm
    // The network the frame acts on, as it last said; a request names it, so both sides agree.
    const chain = yield* Ref.make<CaipNetworkId | undefined>(undefined)
    /** The frame said it acts on `id`: kept here, and as the last used chain for the next visit. */
    const followFrame = (id: CaipNetworkId) =>
      Effect.andThen(Ref.set(chain, id), storage.set(StorageKeys.lastUsedChain, id))

    const preferredType = Effect.map(
      storage.get(EmbeddedStorageKeys.preferredAccountTypes),
      (stored) => Option.getOrUndefined(stored)?.eip155 ?? config.defaultAccountTypes.eip155
    )

    const frameChain = Effect.gen(function* () {
      const known = yield* Ref.get(chain)
      if (known !== undefined) return known
      const { chainId } = yield* decodeChain(yield* bridge.request("GET_CHAIN_ID"))
      const id = frameEvmChain(chainId)
      if (Option.isNone(id)) return yield* Effect.fail(notEvm)
      yield* followFrame(id.value)
      return id.value
    })

    /** Where the smart account works, kept as SPEC.md §3 lists; a frame that cannot say keeps the last. */
    const rememberSmartAccountNetworks = bridge.request("GET_SMART_ACCOUNT_ENABLED_NETWORKS").pipe(
      Effect.flatMap(decodeSmartAccountNetworks),
      Effect.flatMap(({ smartAccountEnabledNetworks }) => {
        const ids = smartAccountEnabledNetworks.map((n): CaipNetworkId => `eip155:${n}`)
        return Effect.andThen(
          storage.set(EmbeddedStorageKeys.smartAccountEnabledNetworks, ids),
          SubscriptionRef.set(smartAccountNetworks, ids)
        )
      }),
      Effect.catch(() =>
        Effect.flatMap(storage.get(EmbeddedStorageKeys.smartAccountEnabledNetworks), (kept) =>
          SubscriptionRef.set(
            smartAccountNetworks,
            Option.getOrElse(kept, () => [])
          )
        )
      )
    )

    /** The frame's user when a session exists; none otherwise (signed out, expired). */
    const fetchUser = Effect.gen(function* () {
      const { isConnected } = yield* decodeConnected(yield* bridge.request("IS_CONNECTED"))
      if (!isConnected) {
        yield* SubscriptionRef.set(user, Option.none())
        return Option.none<EmbeddedWalletUser>()
      }
      const answer = yield* decodeUser(
        yield* bridge.request("GET_USER", {
          chainId: (yield* Ref.get(chain)) ?? (yield* lastUsedChain(storage, config.networks)),
          preferredAccountType: yield* preferredType
        })
      )
      const id = frameEvmChain(answer.chainId)
      if (Option.isSome(id)) yield* followFrame(id.value)
      yield* rememberSmartAccountNetworks
      yield* SubscriptionRef.set(user, Option.some(answer))
      return Option.some(answer)
    })

    const accounts = Effect.map(fetchUser, (user) =>
      Option.match(user, { onNone: (): ReadonlyArray<string> => [], onSome: (u) => [u.address] })
    )

    /**
     * The smart account where the frame acts now, when the user wants it and the frame offers it there
     * (AppKit's INIT_SMART_ACCOUNT): whether it is deployed is per network, so the user is brought up to
     * date, and `Connection` hears its address should it differ there.
     */
    const initSmartAccount = (id: CaipNetworkId) =>
      Effect.gen(function* () {
        const wanted = (yield* preferredType) === "smartAccount"
        if (!wanted || !(yield* SubscriptionRef.get(smartAccountNetworks)).includes(id)) return
        const { address, isDeployed } = yield* decodeSmartAccount(yield* bridge.request("INIT_SMART_ACCOUNT"))
        const before = yield* SubscriptionRef.get(user)
        if (Option.isNone(before)) return
        yield* SubscriptionRef.set(
          user,
          Option.some({ ...before.value, address, smartAccountDeployed: isDeployed })
        )
        if (before.value.address !== address) yield* emit("accountsChanged", [address])
      })

    const switchChain = (params: unknown) =>
      Effect.gen(function* () {
        const [{ chainId }] = yield* decodeSwitch(params)
        const id = eip155NetworkId(chainId)
        if (Option.isNone(id)) return yield* Effect.fail(notEvm)
        yield* bridge.request("SWITCH_NETWORK", { chainId: id.value })
        yield* followFrame(id.value)
        yield* emit("chainChanged", hexOf(id.value))
        yield* Effect.forkIn(Effect.ignore(initSmartAccount(id.value)), scope)
        return null
      })

    /** What was kept of the login goes (SPEC.md §4: logout clears cached login data). */
    const forgetLogin = Effect.all(
      [
        emailLogin.signOut,
        SubscriptionRef.set(user, Option.none()),
        SubscriptionRef.set(social, { _tag: "Idle" }),
        SubscriptionRef.set(smartAccountNetworks, [])
      ],
      { discard: true }
    )

    const walletRequest = (method: string, params: unknown) =>
      Effect.gen(function* () {
        const chainId = yield* frameChain
        return yield* bridge.request("RPC_REQUEST", {
          method,
          ...(params === undefined ? {} : { params }),
          chainId
        })
      })

    const answer = (args: { readonly method: string; readonly params?: unknown }) => {
      switch (args.method) {
        case "eth_accounts":
        case "eth_requestAccounts":
          return accounts
        case "eth_chainId":
          return Effect.map(frameChain, hexOf)
        case "wallet_switchEthereumChain":
          return switchChain(args.params)
        // The frame knows its chains itself.
        case "wallet_addEthereumChain":
          return Effect.succeed(null)
        // Disconnecting (EIP-2255's revoke) signs out; logging out clears the login's cached data (SPEC.md
        // §4), even when the disconnect stops waiting for it. ERC-7715's revoke of a smart session, which
        // names its permission context, is the frame's to answer.
        case "wallet_revokePermissions":
          return namesPermissionContext(args.params)
            ? walletRequest(args.method, args.params)
            : Effect.as(Effect.forkIn(forgetLogin, scope), null)
        default:
          return walletRequest(args.method, args.params)
      }
    }

    /** Re-reads the user and tells `Connection` the account it connects now. */
    const announceAccounts = Effect.flatMap(accounts, (now) => emit("accountsChanged", now))

    // The frame's session changed without this app asking (a login, a logout or another user in another
    // tab of this site): while a user is connected, the user is read again and `Connection` hears the
    // account it connects now; a session that ended disconnects and forgets the login. The session's
    // label is only compared, so an update that repeats the last one does nothing.
    const session = yield* Ref.make<string | undefined>(undefined)
    const onSessionUpdate = (label: string) =>
      Effect.gen(function* () {
        const previous = yield* Ref.getAndSet(session, label)
        if (previous === label || Option.isNone(yield* SubscriptionRef.get(user))) return
        yield* announceAccounts
        if (Option.isNone(yield* SubscriptionRef.get(user))) yield* forgetLogin
      })
    const frameEvents = yield* bridge.events
    yield* Effect.forkScoped(
      Effect.forever(
        Effect.flatMap(PubSub.take(frameEvents), (event) =>
          event._tag === "SessionUpdate" ? Effect.ignore(onSessionUpdate(event.token)) : Effect.void
        )
      )
    )

    /** The frame connects `type` from now on; a refusal falls back to the key's account (SPEC.md §4). */
    const setPreferredAccount = (type: EmbeddedAccountType) =>
      Effect.gen(function* () {
        const chosen = yield* bridge.request("SET_PREFERRED_ACCOUNT", { type }).pipe(
          Effect.as(type),
          Effect.catch((error) =>
            type === "eoa"
              ? Effect.fail(error)
              : Effect.andThen(
                  Effect.ignore(bridge.request("SET_PREFERRED_ACCOUNT", { type: "eoa" })),
                  Effect.andThen(remember("eoa"), Effect.andThen(announceAccounts, Effect.fail(error)))
                )
          )
        )
        yield* remember(chosen)
        yield* announceAccounts
      })

    const remember = (type: EmbeddedAccountType) =>
      Effect.gen(function* () {
        const stored = Option.getOrUndefined(yield* storage.get(EmbeddedStorageKeys.preferredAccountTypes))
        yield* storage.set(EmbeddedStorageKeys.preferredAccountTypes, { ...stored, eip155: type })
      })

    // The same user's Solana key, on the host's Solana network (SPEC.md §9: eip155 and solana).
    const solanaNetwork = config.networks.find((network) => network.chainNamespace === "solana")
    const solanaAnswer = (chainId: string, args: RequestArguments) =>
      args.method === "solana_requestAccounts"
        ? Effect.map(
            Effect.flatMap(
              bridge.request("GET_USER", {
                chainId,
                preferredAccountType: config.defaultAccountTypes.solana
              }),
              decodeUser
            ),
            (answer) => [answer.address]
          )
        : bridge.request("RPC_REQUEST", { ...args, chainId })
    const solana =
      solanaNetwork === undefined
        ? undefined
        : makeAuthWallet(
            "solana",
            (args) => Effect.mapError(solanaAnswer(solanaNetwork.caipNetworkId, args), failure),
            run
          ).connector

    const logins = yield* makeSocialLogin(social)
    // The Farcaster login waits for an approval elsewhere: one at a time, and given up when the visitor
    // leaves it, after which the frame reloads (AppKit's RELOAD) to drop its half of it.
    const farcaster = yield* FiberHandle.make<void, SocialLoginError>()
    const loginWithFarcaster = FiberHandle.run(farcaster, logins.loginWithFarcaster).pipe(
      Effect.flatMap(Fiber.await),
      Effect.flatMap((exit) =>
        Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause) ? Effect.void : exit
      )
    )
    const abandonFarcaster = Effect.gen(function* () {
      if ((yield* SubscriptionRef.get(social))._tag !== "Farcaster") return
      yield* FiberHandle.clear(farcaster)
      yield* SubscriptionRef.set(social, { _tag: "Idle" })
      yield* Effect.ignore(bridge.request("RELOAD"))
    })

    const commands: AuthCommands = {
      connector: Effect.succeed(evm.connector),
      solanaConnector: Effect.succeed(Option.fromNullishOr(solana)),
      setPreferredAccount,
      loginWithSocial: logins.loginWithSocial,
      loginWithFarcaster,
      abandonFarcaster
    }
    return commands
  })
