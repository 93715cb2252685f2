/**
 * The sign-in flow, loaded with the modal only when the host configured a sign-in plugin. It follows the
 * connected account of the active namespace (EVM, or Solana) and its chain: each new pair is checked once
 * (a session: signed in; none: the message waits for the visitor), so connect, reload, a network switch or
 * several callers make one prompt at most. A plugin that fails is the catalogue's setup failure: a toast,
 * and the wallet disconnected.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as FiberHandle from "effect/FiberHandle"
import * as Ref from "effect/Ref"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { stringToHex } from "viem"
import { type AuthenticationSetupError, ServiceUnavailableError } from "../../errors"
import { Connection, type ConnectionState } from "../../services/Connection"
import { Networks } from "../../services/Networks"
import { Notifications } from "../../services/Notifications"
import { type RequestError, RpcRouter } from "../../services/RpcRouter"
import type { SignInAccount, SignInShape, SignInState } from "../../services/SignIn"
import { type SignInMessage, Siwx } from "../../services/Siwx"
import type { PairingSignIn } from "../../services/WalletConnect"
import { sessionFromCacao } from "../../siwx/cacao"
import { MAX_LIFETIME_MS } from "../../siwx/siweMessage"
import { lazyImplementation, lazyPart } from "../runtime/lazy"
import {
  type Followed,
  isGone,
  keyOfAccount,
  namespaceOfAccount,
  type SignInNamespace,
  sameFollowed,
  signInAccountOf
} from "./signInAccount"
import type { SignedText } from "./solanaSignIn"

const IDLE: SignInState = { _tag: "Idle" }

/** The account a one-click sign-in's message is made for before the wallet names its own. */
const ANY_ACCOUNT = "0x0000000000000000000000000000000000000000"
/** A wallet signs one message per chain; more than this many are not read. */
const MAX_PAIRING_SIGNATURES = 32

/** Solana's signatures (`solanaSignIn.ts`, with ed25519), loaded with the first Solana account that signs. */
export const SolanaSignInLazy = lazyPart("@airlock/solanaSignIn", () => import("./solanaSignIn"))

export const makeSignInFlow = (state: SubscriptionRef.SubscriptionRef<SignInState>) =>
  Effect.gen(function* () {
    const siwx = yield* Siwx
    const connection = yield* Connection
    const networks = yield* Networks
    const rpc = yield* RpcRouter
    const notifications = yield* Notifications
    // One check or signature at a time: a new account or chain interrupts the one before.
    const current = yield* FiberHandle.make<void, never>()
    // The account and chain the visitor declined; not asked again until either changes.
    const declined = yield* Ref.make<string | undefined>(undefined)
    // The account last signed in on each namespace, signed out when its namespace disconnects.
    const signedIn = yield* Ref.make<ReadonlyMap<SignInNamespace, SignInAccount>>(new Map())
    // Solana's signatures (ed25519) load with the first Solana account that signs, not for EVM ones; a
    // failed load is asked again at the next Sign.
    const solanaSignature = Effect.mapError(
      yield* lazyImplementation(SolanaSignInLazy, (module) =>
        Effect.succeed(module.makeSolanaSignature(rpc, connection))
      ),
      (error) => new ServiceUnavailableError({ cause: error.cause })
    )

    const setupFailed = (account: SignInAccount) => (error: AuthenticationSetupError) =>
      Effect.all(
        [
          SubscriptionRef.set(state, IDLE),
          notifications.showError(error),
          connection.disconnect(namespaceOfAccount(account))
        ],
        { discard: true }
      )

    const keepSignedIn = (account: SignInAccount) =>
      Ref.update(signedIn, (accounts) => new Map(accounts).set(namespaceOfAccount(account), account))

    /** The accounts signed in on namespaces that have disconnected are signed out. */
    const signOutGone = (now: ConnectionState) =>
      Effect.gen(function* () {
        const gone = yield* Ref.modify(signedIn, (accounts) => {
          const left = [...accounts].filter(([namespace]) => isGone(now, namespace))
          const kept = new Map(accounts)
          for (const [namespace] of left) kept.delete(namespace)
          return [left.map(([, account]) => account), kept] as const
        })
        if (gone.length === 0 || !(yield* siwx.signOutOnDisconnect)) return
        for (const was of gone) yield* Effect.ignore(siwx.revokeSession(was.chainId, was.address))
      })

    const check = (account: SignInAccount) =>
      Effect.gen(function* () {
        if ((yield* Ref.get(declined)) === keyOfAccount(account))
          return yield* SubscriptionRef.set(state, IDLE)
        yield* SubscriptionRef.set(state, { _tag: "Checking", account })
        if ((yield* siwx.sessions(account.chainId, account.address)).length > 0) {
          yield* keepSignedIn(account)
          return yield* SubscriptionRef.set(state, { _tag: "SignedIn", account })
        }
        const message = yield* siwx.createMessage(account.chainId, account.address)
        yield* SubscriptionRef.set(state, { _tag: "Prompt", account, message })
      }).pipe(Effect.catch(setupFailed(account)))

    /** Declining: a required sign-in disconnects; otherwise this account and chain are not asked again. */
    const decline = (account: SignInAccount) =>
      Effect.gen(function* () {
        yield* Ref.set(declined, keyOfAccount(account))
        yield* SubscriptionRef.set(state, IDLE)
        if (yield* siwx.required) yield* connection.disconnect(namespaceOfAccount(account))
      })

    /** The wallet's signature: `personal_sign` for an EVM account, `solanaSignIn.ts`'s for a Solana one. */
    const walletSignature = (
      account: SignInAccount,
      message: SignInMessage
    ): Effect.Effect<SignedText | undefined, RequestError | ServiceUnavailableError> =>
      namespaceOfAccount(account) === "solana"
        ? Effect.flatMap(solanaSignature, (sign) => sign(account, message))
        : rpc
            .request(
              { method: "personal_sign", params: [stringToHex(message.text), account.address] },
              { namespace: "eip155", described: true }
            )
            .pipe(
              Effect.map((answer) =>
                typeof answer === "string" ? { message: message.text, signature: answer } : undefined
              )
            )

    const signing = (account: SignInAccount, message: SignInMessage) =>
      Effect.gen(function* () {
        const signed = yield* walletSignature(account, message).pipe(
          Effect.catch((error) =>
            error._tag === "SignatureDeclinedError" || error._tag === "UserRejectedRequestError"
              ? Effect.as(decline(account), undefined)
              : // Another failure: shown, and the message waits for another try.
                Effect.as(
                  Effect.andThen(
                    notifications.showError(error),
                    SubscriptionRef.set(state, { _tag: "Prompt", account, message })
                  ),
                  undefined
                )
          )
        )
        if (signed === undefined) return
        yield* siwx
          .addSession({ data: message.data, ...signed })
          .pipe(
            Effect.andThen(keepSignedIn(account)),
            Effect.andThen(SubscriptionRef.set(state, { _tag: "SignedIn", account })),
            Effect.catch(setupFailed(account))
          )
      })

    const follow = (followed: Followed) => {
      if (followed === "pending") return Effect.void
      if (followed === "disconnected")
        return Effect.all(
          [FiberHandle.clear(current), Ref.set(declined, undefined), SubscriptionRef.set(state, IDLE)],
          { discard: true }
        )
      return Effect.asVoid(FiberHandle.run(current, check(followed)))
    }

    // The account followed last: only a change is followed, while every change of the connection may
    // have disconnected a namespace whose account was signed in.
    const followed = yield* Ref.make<Followed | undefined>(undefined)
    yield* Stream.zipLatest(
      SubscriptionRef.changes(connection.state),
      SubscriptionRef.changes(networks.state)
    ).pipe(
      Stream.runForEach(([c, n]) =>
        Effect.gen(function* () {
          const next = signInAccountOf(c, n)
          const before = yield* Ref.getAndSet(followed, next)
          if (before === undefined || !sameFollowed(before, next)) yield* follow(next)
          yield* signOutGone(c)
        })
      ),
      Effect.forkScoped
    )

    // One-click sign-in: the plugin's message for the first chain gives the fields every chain's message
    // shares; a signed message is verified and kept by the plugin before the session is used, so following
    // the account then finds its session and asks nothing. What fails leaves the usual prompt.
    const pairingSignIn: PairingSignIn = {
      request: (chains) => {
        const first = chains.find((chain): chain is `eip155:${string}` => chain.startsWith("eip155:"))
        return first === undefined
          ? Effect.succeed(undefined)
          : Effect.all([siwx.createMessage(first, ANY_ACCOUNT), Clock.currentTimeMillis]).pipe(
              Effect.map(([{ data }, now]) => ({
                domain: data.domain,
                uri: data.uri,
                nonce: data.nonce,
                statement: data.statement,
                // A sign-in must expire; a plugin that sets no expiration gets the longest one allowed.
                exp: data.expirationTime ?? new Date(now + MAX_LIFETIME_MS).toISOString(),
                nbf: data.notBefore,
                requestId: data.requestId,
                resources: data.resources
              })),
              Effect.orElseSucceed(() => undefined)
            )
      },
      // Every message shares one nonce, which the plugin accepts once: the first that verifies is kept
      // (the first chain asked, the page's first network), and the rest are not sent to be refused.
      complete: (auths) =>
        Effect.gen(function* () {
          for (const cacao of auths.slice(0, MAX_PAIRING_SIGNATURES)) {
            const session = sessionFromCacao(cacao)
            if (session === undefined) continue
            const kept = yield* Effect.result(siwx.addSession(session))
            if (kept._tag === "Success") return
          }
        })
    }

    const commands: Pick<SignInShape, "pairingSignIn" | "sign" | "cancel"> = {
      pairingSignIn: Effect.succeed(pairingSignIn),
      sign: Effect.gen(function* () {
        // Prompt becomes Signing in one step: of Signs at once (a double click, two callers), one asks.
        const prompt = yield* SubscriptionRef.modify(
          state,
          (now): readonly [SignInState | undefined, SignInState] =>
            now._tag === "Prompt"
              ? [now, { _tag: "Signing", account: now.account, message: now.message }]
              : [undefined, now]
        )
        if (prompt?._tag !== "Prompt") return
        // In the handle, so a new account or chain interrupts it; the caller waits for its end.
        yield* Effect.flatMap(FiberHandle.run(current, signing(prompt.account, prompt.message)), Fiber.await)
      }),
      cancel: Effect.gen(function* () {
        const now = yield* SubscriptionRef.get(state)
        if (now._tag !== "Prompt" && now._tag !== "Signing") return
        yield* FiberHandle.clear(current)
        yield* decline(now.account)
      })
    }
    return commands
  })
