// @vitest-environment happy-dom
/**
 * Sign-in with a Solana account, through the flow with Airlock's own plugin (which verifies every
 * session) and a wallet the test plays: the flow follows the Solana account while Solana is active; a
 * wallet that signs in itself (`signsIn`) is asked `solana_signIn` and its answer must be the message
 * asked, signed by the account; any other signs with `solana_signMessage`. The EVM path beside it is
 * unchanged.
 */

import { assert, describe, it } from "@effect/vitest"
import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as PubSub from "effect/PubSub"
import * as Result from "effect/Result"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { hexToString } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { beforeEach } from "vitest"
import { signInMessageText } from "../../sandbox/wallets/solana/siws"
import { type AirlockError, SignatureDeclinedError, UserRejectedRequestError } from "../../src/errors"
import { validateRequest } from "../../src/layers/requests/rpcMethods"
import { ModalConfigLive } from "../../src/layers/runtime/ModalConfigLive"
import { makeSignInFlow } from "../../src/layers/signin/SignIn.lazy"
import { SiwxLive } from "../../src/layers/signin/SiwxLive"
import { present } from "../../src/presentation"
import type { ChainNamespace } from "../../src/schemas/Primitives"
import { Connection, type ConnectionState, type NamespaceConnection } from "../../src/services/Connection"
import type { NetworksState } from "../../src/services/Networks"
import { type Notice, Notifications } from "../../src/services/Notifications"
import { RpcRouter } from "../../src/services/RpcRouter"
import type { SignInState } from "../../src/services/SignIn"
import type { SIWXConfig } from "../../src/siwx/config"
import { createDefaultSiwx } from "../../src/siwx/defaultSiwx"
import { decodedOptions, sandboxNetwork } from "../kit/fixtures"
import { connectionOver } from "../kit/flowLayers"
import { stateTagged, untilState } from "../kit/flowWorld"
import { preloadedParts } from "../kit/lazyParts"
import { chainlessNetworks } from "./signInFakes"

const SEED = Uint8Array.from({ length: 32 }, (_, index) => index + 1)
const OTHER_SEED = Uint8Array.from({ length: 32 }, (_, index) => 32 - index)
const SOL = base58.encode(ed25519.getPublicKey(SEED))
const OTHER_SOL = base58.encode(ed25519.getPublicKey(OTHER_SEED))
const LOCALNET = "solana:localnet"
const evm = privateKeyToAccount(`0x${"42".repeat(32)}`)
const utf8 = (text: string) => new TextEncoder().encode(text)

const account = (address: string, signsIn?: boolean): NamespaceConnection => ({
  status: "connected",
  connector: { id: "wallet", name: "Wallet", type: "INJECTED", signsIn } as never,
  address,
  allAccounts: [address],
  accountType: "eoa"
})
const networksOn = (activeNamespace: "eip155" | "solana"): NetworksState => ({
  activeNamespace,
  active: {
    eip155: { _tag: "Known", network: decodedOptions({ networks: [sandboxNetwork] }).networks[0]! },
    solana: { _tag: "Unknown", caipNetworkId: LOCALNET, chainNamespace: "solana", name: "Unknown Network" }
  }
})

/** What the wallet the test plays changes in the sign-in it is asked for before it signs. */
const CHANGES = {
  honest: {},
  "other-nonce": { nonce: "ffffffffffffffffffffffffffffffff" },
  "other-domain": { domain: "evil.example", uri: "https://evil.example" },
  "other-account": { address: OTHER_SOL },
  "other-statement": { statement: "Approve everything." },
  // The others sign the asked message, but with another key, or answer nonsense, or decline.
  "bad-signature": {},
  garbage: {},
  declines: {}
} as const
type Wallet = keyof typeof CHANGES

interface Asked {
  readonly method: string
  readonly params: unknown
  readonly namespace: ChainNamespace | undefined
}

/** `solana:signIn` as a wallet does it: it writes the text from the input (with its changes) and signs. */
const walletSignIn = (input: Record<string, unknown>, wallet: Wallet) => {
  const text = signInMessageText({ ...input, domain: String(input.domain), address: SOL, ...CHANGES[wallet] })
  const seed = wallet === "other-account" || wallet === "bad-signature" ? OTHER_SEED : SEED
  return {
    address: wallet === "other-account" ? OTHER_SOL : SOL,
    signedMessage: base58.encode(utf8(text)),
    signature: base58.encode(ed25519.sign(utf8(text), seed))
  }
}

beforeEach(() => localStorage.clear())

/** The flow over a connection the test moves, its own plugin's, and a wallet that answers as `wallet`. */
const world = (siwx: SIWXConfig, wallet: Wallet = "honest", connection0?: ConnectionState) =>
  Effect.gen(function* () {
    // The plugin stamps its messages with the real time; the flow checks them against the Clock.
    yield* TestClock.setTime(Date.now())
    const connection = yield* SubscriptionRef.make<ConnectionState>(
      connection0 ?? { namespaces: {}, attempt: undefined }
    )
    const networks = yield* SubscriptionRef.make<NetworksState>(networksOn("solana"))
    const asked: Array<Asked> = []
    const disconnects: Array<ChainNamespace | undefined> = []
    const notices: Array<string> = []
    const reasons: Array<string> = []
    const request = (
      { method, params }: { method: string; params?: unknown },
      options?: { namespace?: ChainNamespace }
    ) =>
      Effect.gen(function* () {
        asked.push({ method, params, namespace: options?.namespace })
        // What the router would refuse never reaches the wallet.
        const rule = validateRequest(options?.namespace ?? "eip155", method, params)
        if (Result.isFailure(rule)) return yield* Effect.fail(rule.failure)
        if (wallet === "declines")
          return yield* Effect.fail(
            method === "solana_signIn"
              ? new UserRejectedRequestError({ code: 4001, message: "no", cause: undefined })
              : new SignatureDeclinedError({})
          )
        if (wallet === "garbage") return { signature: 42, signedMessage: null }
        if (method === "personal_sign") {
          const [data] = params as [`0x${string}`, string]
          return yield* Effect.promise(() => evm.signMessage({ message: hexToString(data) }))
        }
        if (method === "solana_signMessage") {
          const { message } = params as { message: string }
          const seed = wallet === "bad-signature" ? OTHER_SEED : SEED
          return { signature: base58.encode(ed25519.sign(base58.decode(message), seed)) }
        }
        return walletSignIn(params as Record<string, unknown>, wallet)
      })
    const layer = Layer.mergeAll(
      chainlessNetworks(networks),
      Layer.effect(
        Connection,
        connectionOver(
          connection,
          (namespace) =>
            Effect.andThen(
              Effect.sync(() => void disconnects.push(namespace)),
              SubscriptionRef.update(connection, (s) => ({
                ...s,
                namespaces: { ...s.namespaces, [namespace ?? "eip155"]: { status: "disconnected" } }
              }))
            ),
          (namespace) =>
            Effect.map(SubscriptionRef.get(connection), (s) => {
              const found = s.namespaces[namespace]
              return found?.status === "connected" ? Option.some(found) : Option.none()
            })
        )
      ),
      Layer.succeed(Notifications, {
        notices: yield* SubscriptionRef.make<ReadonlyArray<Notice>>([]),
        show: () => Effect.void,
        // What the visitor reads: the catalogue's words, and the error's tag.
        showError: (error: AirlockError) =>
          Effect.sync(() => {
            notices.push(`${error._tag}: ${present(error).message}`)
            reasons.push(error.message)
          }),
        dismiss: () => Effect.void
      } as never),
      Layer.succeed(RpcRouter, {
        request,
        events: Effect.flatMap(PubSub.unbounded(), PubSub.subscribe)
      } as never)
    )
    const state = yield* SubscriptionRef.make<SignInState>({ _tag: "Idle" })
    const options = decodedOptions({ networks: [sandboxNetwork], siwx })
    const flow = yield* makeSignInFlow(state).pipe(
      Effect.provide(SiwxLive.pipe(Layer.provideMerge(Layer.merge(layer, ModalConfigLive(options))))),
      Effect.provide(preloadedParts)
    )
    return { flow, state, connection, networks, asked, disconnects, notices, reasons }
  })

const isPrompt = (s: SignInState): s is Extract<SignInState, { _tag: "Prompt" }> => s._tag === "Prompt"
const isSignedIn = (s: SignInState): s is Extract<SignInState, { _tag: "SignedIn" }> => s._tag === "SignedIn"
const isIdle = (s: SignInState): s is Extract<SignInState, { _tag: "Idle" }> => s._tag === "Idle"

/** A world's prompt signed: the prompt, once its flow has come to where `settled` says. */
const signPrompt = (
  { flow, state }: Pick<Effect.Success<ReturnType<typeof world>>, "flow" | "state">,
  settled: (s: SignInState) => boolean
) =>
  Effect.gen(function* () {
    const prompt = yield* untilState(state, isPrompt)
    yield* flow.sign
    yield* untilState(state, settled)
    return prompt
  })

const solanaOnly = (signsIn?: boolean): ConnectionState => ({
  namespaces: { solana: account(SOL, signsIn) },
  attempt: undefined
})

describe("sign-in with a Solana account", () => {
  it.effect("follows the Solana account while Solana is active, the EVM one while EVM is", () =>
    Effect.gen(function* () {
      const siwx = createDefaultSiwx()
      const { state, connection, networks } = yield* world(siwx)
      yield* SubscriptionRef.set(connection, {
        namespaces: { eip155: account(evm.address), solana: account(SOL) },
        attempt: undefined
      })
      const solana = yield* untilState(state, isPrompt)
      assert.deepStrictEqual(solana.account, { chainId: LOCALNET, address: SOL })
      assert.strictEqual(solana.message.data.chainId, LOCALNET)
      assert.include(solana.message.text, `wants you to sign in with your Solana account:\n${SOL}\n`)
      assert.include(solana.message.text, "\nChain ID: localnet\n")

      yield* SubscriptionRef.set(networks, networksOn("eip155"))
      const onEvm = yield* untilState(
        state,
        (s): s is Extract<SignInState, { _tag: "Prompt" }> =>
          isPrompt(s) && s.account.chainId === "eip155:31337"
      )
      assert.strictEqual(onEvm.account.address, evm.address)
      assert.include(onEvm.message.text, "wants you to sign in with your Ethereum account:")
    }).pipe(Effect.scoped)
  )

  it.effect("a wallet that signs in itself is asked solana_signIn; its honest answer signs in", () =>
    Effect.gen(function* () {
      const siwx = createDefaultSiwx({ statement: "Sign in to the demo." })
      const { flow, state, asked } = yield* world(siwx, "honest", solanaOnly(true))
      const prompt = yield* signPrompt({ flow, state }, isSignedIn)
      assert.deepStrictEqual(
        asked.map((a) => [a.method, a.namespace]),
        [["solana_signIn", "solana"]]
      )
      const input = asked[0]?.params as Record<string, unknown>
      assert.strictEqual(input.address, SOL)
      assert.strictEqual(input.domain, location.host)
      assert.strictEqual(input.chainId, "localnet")
      assert.strictEqual(input.nonce, prompt.message.data.nonce)
      assert.strictEqual(input.statement, "Sign in to the demo.")
      // The plugin verified and kept it: a reload finds the session and asks nothing.
      const sessions = yield* Effect.promise(() => siwx.getSessions(LOCALNET, SOL))
      assert.strictEqual(sessions.length, 1)
      assert.strictEqual(sessions[0]?.message, prompt.message.text)
      const reloaded = yield* world(siwx, "honest", solanaOnly(true))
      yield* untilState(reloaded.state, isSignedIn)
      assert.strictEqual(reloaded.asked.length, 0)
    }).pipe(Effect.scoped)
  )

  it.effect(
    "an answer for another nonce, domain, account or wording, a wrong signature or garbage: 'Something went wrong', the message waits, no session",
    () =>
      Effect.gen(function* () {
        const wallets: ReadonlyArray<readonly [Wallet, string]> = [
          ["other-nonce", "(nonce)"],
          ["other-domain", "(domain)"],
          ["other-account", "(address)"],
          ["other-statement", "(altered)"],
          ["bad-signature", "(signature)"],
          ["garbage", "solana_signIn result: "]
        ]
        for (const [wallet, reason] of wallets) {
          localStorage.clear()
          const siwx = createDefaultSiwx()
          const { flow, state, asked, notices, reasons, disconnects } = yield* world(
            siwx,
            wallet,
            solanaOnly(true)
          )
          const prompt = yield* untilState(state, isPrompt)
          yield* flow.sign
          const after = yield* stateTagged(state, "Prompt")
          assert.strictEqual(after.message, prompt.message, wallet)
          assert.deepStrictEqual(notices, ["SchemaDecodeError: Something went wrong"], wallet)
          assert.include(reasons[0], reason, wallet)
          assert.deepStrictEqual(disconnects, [], wallet)
          assert.deepStrictEqual(
            asked.map((a) => a.method),
            ["solana_signIn"],
            wallet
          )
          assert.strictEqual((yield* Effect.promise(() => siwx.getSessions(LOCALNET, SOL))).length, 0, wallet)
        }
      }).pipe(Effect.scoped)
  )

  it.effect(
    "any other wallet signs the message's bytes with solana_signMessage; the plugin verifies it",
    () =>
      Effect.gen(function* () {
        const siwx = createDefaultSiwx()
        const { flow, state, asked } = yield* world(siwx, "honest", solanaOnly())
        const prompt = yield* signPrompt({ flow, state }, isSignedIn)
        assert.deepStrictEqual(asked, [
          {
            method: "solana_signMessage",
            params: { message: base58.encode(utf8(prompt.message.text)), pubkey: SOL },
            namespace: "solana"
          }
        ])
        const [session] = yield* Effect.promise(() => siwx.getSessions(LOCALNET, SOL))
        assert.strictEqual(session?.message, prompt.message.text)
        assert.isTrue(
          ed25519.verify(
            base58.decode(session?.signature ?? ""),
            utf8(prompt.message.text),
            base58.decode(SOL)
          )
        )
      }).pipe(Effect.scoped)
  )

  it.effect(
    "a signMessage wallet's wrong signature or garbage is the wallet's failure: the message waits",
    () =>
      Effect.gen(function* () {
        for (const wallet of ["bad-signature", "garbage"] as const) {
          const siwx = createDefaultSiwx()
          const { flow, state, notices, disconnects } = yield* world(siwx, wallet, solanaOnly())
          yield* untilState(state, isPrompt)
          yield* flow.sign
          yield* stateTagged(state, "Prompt")
          assert.deepStrictEqual(notices, ["SchemaDecodeError: Something went wrong"], wallet)
          assert.deepStrictEqual(disconnects, [], wallet)
        }
      }).pipe(Effect.scoped)
  )

  it.effect(
    "declining: this account is asked no more; a required sign-in disconnects the Solana wallet",
    () =>
      Effect.gen(function* () {
        const optional = yield* world(createDefaultSiwx(), "declines", solanaOnly(true))
        yield* signPrompt(optional, isIdle)
        assert.deepStrictEqual(optional.disconnects, [])
        assert.deepStrictEqual(optional.notices, [])

        const required = yield* world(createDefaultSiwx({ required: true }), "declines", solanaOnly())
        yield* signPrompt(required, isIdle)
        assert.deepStrictEqual(required.disconnects, ["solana"])
      }).pipe(Effect.scoped)
  )

  it.effect(
    "disconnecting the Solana wallet signs its account out, even while the EVM account stays connected",
    () =>
      Effect.gen(function* () {
        const siwx = createDefaultSiwx()
        const both: ConnectionState = {
          namespaces: { eip155: account(evm.address), solana: account(SOL, true) },
          attempt: undefined
        }
        const { flow, state, connection } = yield* world(siwx, "honest", both)
        yield* signPrompt({ flow, state }, isSignedIn)
        assert.strictEqual((yield* Effect.promise(() => siwx.getSessions(LOCALNET, SOL))).length, 1)
        yield* SubscriptionRef.update(connection, (s) => ({
          ...s,
          namespaces: { ...s.namespaces, solana: { status: "disconnected" as const } }
        }))
        // The EVM account is followed again (a Solana network shown without a Solana account).
        const onEvm = yield* untilState(state, isPrompt)
        assert.strictEqual(onEvm.account.address, evm.address)
        assert.strictEqual((yield* Effect.promise(() => siwx.getSessions(LOCALNET, SOL))).length, 0)
      }).pipe(Effect.scoped)
  )

  it.effect("the EVM path is unchanged beside a Solana account: personal_sign, on eip155", () =>
    Effect.gen(function* () {
      const siwx = createDefaultSiwx()
      const both: ConnectionState = {
        namespaces: { eip155: account(evm.address), solana: account(SOL, true) },
        attempt: undefined
      }
      const { flow, state, networks, asked } = yield* world(siwx, "honest", both)
      yield* SubscriptionRef.set(networks, networksOn("eip155"))
      yield* untilState(
        state,
        (s): s is Extract<SignInState, { _tag: "Prompt" }> =>
          isPrompt(s) && s.account.chainId === "eip155:31337"
      )
      yield* flow.sign
      yield* untilState(state, isSignedIn)
      assert.deepStrictEqual(
        asked.map((a) => [a.method, a.namespace]),
        [["personal_sign", "eip155"]]
      )
      assert.strictEqual(
        (yield* Effect.promise(() => siwx.getSessions("eip155:31337", evm.address))).length,
        1
      )
    }).pipe(Effect.scoped)
  )
})
