// @vitest-environment happy-dom
/**
 * The sign-in flow with Airlock's own plugin over a connection the test moves: one prompt per account and
 * chain however often it is asked, no prompt with a session (a reload), declining when required
 * disconnects, a plugin failure is the catalogue's setup failure, disconnecting signs out.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as PubSub from "effect/PubSub"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { hexToString, isHex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { beforeEach } from "vitest"
import { SignatureDeclinedError } from "../../src/errors"
import { SignInLive } from "../../src/layers/signin/SignInLive"
import { SiwxLive } from "../../src/layers/signin/SiwxLive"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import { Connection, type ConnectionState } from "../../src/services/Connection"
import { ModalConfig } from "../../src/services/ModalConfig"
import type { NetworksState } from "../../src/services/Networks"
import { type Notice, Notifications } from "../../src/services/Notifications"
import { RpcRouter } from "../../src/services/RpcRouter"
import { SignIn } from "../../src/services/SignIn"
import type { SIWXConfig } from "../../src/siwx/config"
import { createDefaultSiwx } from "../../src/siwx/defaultSiwx"
import { createSignInMessage } from "../../src/siwx/siweMessage"
import { decodedOptions, mainnetNetwork, sandboxNetwork } from "../kit/fixtures"
import { connectionOver } from "../kit/flowLayers"
import { preloadedParts } from "../kit/lazyParts"
import { settle, untilState, untilTagged } from "../kit/waits"
import { chainlessNetworks } from "./signInFakes"

const account = privateKeyToAccount(`0x${"42".repeat(32)}`)
const connected = (address: string): ConnectionState => ({
  namespaces: {
    eip155: {
      status: "connected",
      connector: { id: "mock", name: "Mock" } as never,
      address,
      allAccounts: [address],
      accountType: "eoa"
    }
  },
  attempt: undefined
})
const DISCONNECTED: ConnectionState = {
  namespaces: { eip155: { status: "disconnected" } },
  attempt: undefined
}
const on = (network: typeof sandboxNetwork | typeof mainnetNetwork): NetworksState => ({
  activeNamespace: "eip155",
  active: { eip155: { _tag: "Known", network: decodedOptions({ networks: [network] }).networks[0]! } }
})

beforeEach(() => localStorage.clear())

/** The flow over a connection and network the test sets, a wallet that signs with `account` or declines. */
const world = (siwx: SIWXConfig | undefined, answer: "sign" | "decline" = "sign") =>
  Effect.gen(function* () {
    const connection = yield* SubscriptionRef.make<ConnectionState>(DISCONNECTED)
    const networks = yield* SubscriptionRef.make<NetworksState>(on(sandboxNetwork))
    const signed: Array<string> = []
    const disconnects = { count: 0 }
    const notices: Array<string> = []
    const options: Partial<ModalOptionsInput> = { networks: [sandboxNetwork, mainnetNetwork] }
    const below = Layer.mergeAll(
      Layer.succeed(ModalConfig, decodedOptions(siwx === undefined ? options : { ...options, siwx })),
      chainlessNetworks(networks),
      Layer.effect(
        Connection,
        connectionOver(
          connection,
          () =>
            Effect.andThen(
              Effect.sync(() => void disconnects.count++),
              SubscriptionRef.set(connection, DISCONNECTED)
            ),
          () => Effect.succeed(Option.none())
        )
      ),
      Layer.succeed(Notifications, {
        notices: yield* SubscriptionRef.make<ReadonlyArray<Notice>>([]),
        show: () => Effect.void,
        showError: (error: { readonly message: string }) =>
          Effect.sync(() => void notices.push(error.message)),
        dismiss: () => Effect.void
      } as never),
      Layer.succeed(RpcRouter, {
        request: ({ method, params }: { method: string; params?: unknown }) =>
          Effect.gen(function* () {
            assert.strictEqual(method, "personal_sign")
            const [data] = params as [string, string]
            const text = isHex(data) ? hexToString(data) : data
            signed.push(text)
            // The wallet takes its time, as a person does: concurrent Signs overlap.
            yield* Effect.sleep("20 millis")
            if (answer === "decline") return yield* Effect.fail(new SignatureDeclinedError({}))
            return yield* Effect.promise(() => account.signMessage({ message: text }))
          }),
        events: Effect.flatMap(PubSub.unbounded(), PubSub.subscribe)
      } as never)
    )
    // Built in the test's scope: the flow follows the connection until the test ends.
    const signIn = Context.get(
      yield* Layer.build(
        SignInLive.pipe(
          Layer.provide(SiwxLive.pipe(Layer.provideMerge(below))),
          Layer.provide(preloadedParts)
        )
      ),
      SignIn
    )
    return { signIn, connection, networks, signed, disconnects, notices }
  })

/** Waits until the state satisfies `done` (in real time: the wallet takes its time to sign). */
describe("SignIn", () => {
  it.live(
    "one-click: the pairing asks for the plugin's message; the wallet's signature is kept, so the account that connects is signed in without a prompt",
    () =>
      Effect.gen(function* () {
        const { signIn, connection, signed } = yield* world(createDefaultSiwx({ statement: "Sign in." }))
        const pairing = yield* Effect.flatMap(signIn.pairingSignIn, Effect.fromNullishOr)
        assert.isUndefined(yield* pairing.request(["solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"]))
        const request = yield* Effect.flatMap(
          pairing.request(["eip155:31337", "eip155:1"]),
          Effect.fromNullishOr
        )
        assert.strictEqual(request.domain, location.host)
        assert.strictEqual(request.uri, location.origin)
        assert.strictEqual(request.statement, "Sign in.")
        assert.isDefined(request.exp)
        // What a WalletKit wallet answers: the fields with its account and the SDK's issue time, signed.
        const iss = `did:pkh:eip155:31337:${account.address}`
        const p = {
          iss,
          domain: request.domain,
          aud: request.uri,
          version: "1",
          nonce: request.nonce,
          iat: new Date().toISOString(),
          exp: request.exp,
          statement: request.statement
        }
        const text = createSignInMessage({
          domain: p.domain,
          uri: p.aud,
          address: account.address,
          chainId: 31337,
          nonce: p.nonce,
          issuedAt: new Date(p.iat),
          expirationTime: new Date(p.exp!),
          statement: p.statement
        })
        const cacao = {
          h: { t: "caip122" },
          p,
          s: { t: "eip191", s: yield* Effect.promise(() => account.signMessage({ message: text })) }
        }
        // A forged one beside it (another nonce) is dropped; the real one is kept.
        yield* pairing.complete([{ ...cacao, p: { ...p, nonce: "forged-nonce-1234" } }, cacao, "junk"])
        yield* SubscriptionRef.set(connection, connected(account.address))
        yield* untilTagged(signIn.state, "SignedIn")
        assert.strictEqual(signed.length, 0, "no personal_sign after the one approval")
      }).pipe(Effect.scoped)
  )

  it.live("without a plugin: idle whatever connects", () =>
    Effect.gen(function* () {
      const { signIn, connection } = yield* world(undefined)
      yield* SubscriptionRef.set(connection, connected(account.address))
      yield* settle
      assert.strictEqual((yield* SubscriptionRef.get(signIn.state))._tag, "Idle")
    }).pipe(Effect.scoped)
  )

  it.live(
    "a connect prompts once; Sign makes one personal_sign; a reload finds the session and asks nothing",
    () =>
      Effect.gen(function* () {
        const first = yield* world(createDefaultSiwx())
        yield* SubscriptionRef.set(first.connection, connected(account.address))
        const prompt = yield* untilTagged(first.signIn.state, "Prompt")
        assert.strictEqual(prompt._tag === "Prompt" && prompt.message.data.accountAddress, account.address)
        // Several callers at once: one signature.
        yield* Effect.all([first.signIn.sign, first.signIn.sign, first.signIn.sign], {
          concurrency: "unbounded"
        })
        yield* untilTagged(first.signIn.state, "SignedIn")
        assert.strictEqual(first.signed.length, 1)
        // The same account again (a reconnect event, a second component): nothing new.
        yield* SubscriptionRef.set(first.connection, connected(account.address.toLowerCase()))
        yield* settle
        assert.strictEqual((yield* SubscriptionRef.get(first.signIn.state))._tag, "SignedIn")

        const reloaded = yield* world(createDefaultSiwx())
        yield* SubscriptionRef.set(reloaded.connection, connected(account.address))
        yield* untilTagged(reloaded.signIn.state, "SignedIn")
        assert.strictEqual(reloaded.signed.length, 0)

        // A chain without a session prompts once.
        yield* SubscriptionRef.set(reloaded.networks, on(mainnetNetwork))
        const onMainnet = yield* untilTagged(reloaded.signIn.state, "Prompt")
        assert.strictEqual(onMainnet._tag === "Prompt" && onMainnet.account.chainId, "eip155:1")

        // Disconnecting signs out: a new connect prompts again.
        yield* SubscriptionRef.set(reloaded.networks, on(sandboxNetwork))
        yield* untilTagged(reloaded.signIn.state, "SignedIn")
        yield* SubscriptionRef.set(reloaded.connection, DISCONNECTED)
        yield* untilTagged(reloaded.signIn.state, "Idle")
        yield* SubscriptionRef.set(reloaded.connection, connected(account.address))
        yield* untilTagged(reloaded.signIn.state, "Prompt")
      }).pipe(Effect.scoped)
  )

  it.live("Cancel: not required, this account is asked no more; required, the wallet is disconnected", () =>
    Effect.gen(function* () {
      const optional = yield* world(createDefaultSiwx())
      yield* SubscriptionRef.set(optional.connection, connected(account.address))
      yield* untilTagged(optional.signIn.state, "Prompt")
      yield* optional.signIn.cancel
      yield* untilTagged(optional.signIn.state, "Idle")
      yield* SubscriptionRef.set(optional.networks, on(sandboxNetwork))
      yield* settle
      assert.strictEqual((yield* SubscriptionRef.get(optional.signIn.state))._tag, "Idle")
      assert.strictEqual(optional.disconnects.count, 0)

      const required = yield* world(createDefaultSiwx({ required: true }))
      yield* SubscriptionRef.set(required.connection, connected(account.address))
      yield* untilTagged(required.signIn.state, "Prompt")
      yield* required.signIn.cancel
      yield* untilTagged(required.signIn.state, "Idle")
      assert.strictEqual(required.disconnects.count, 1)
    }).pipe(Effect.scoped)
  )

  it.live("the wallet declining a required sign-in disconnects", () =>
    Effect.gen(function* () {
      const { signIn, connection, disconnects, signed } = yield* world(
        createDefaultSiwx({ required: true }),
        "decline"
      )
      yield* SubscriptionRef.set(connection, connected(account.address))
      yield* untilTagged(signIn.state, "Prompt")
      yield* signIn.sign
      assert.strictEqual(signed.length, 1)
      assert.strictEqual(disconnects.count, 1)
    }).pipe(Effect.scoped)
  )

  it.live(
    "a plugin that fails: 'A problem occurred while trying initialize authentication', and disconnected",
    () =>
      Effect.gen(function* () {
        const broken: SIWXConfig = {
          ...createDefaultSiwx(),
          getSessions: () => Promise.reject(new Error("database down"))
        }
        const { signIn, connection, disconnects, notices } = yield* world(broken)
        yield* SubscriptionRef.set(connection, connected(account.address))
        // The setup failure's last step disconnects the wallet.
        yield* untilState(connection, (s) => s.namespaces.eip155?.status === "disconnected")
        assert.strictEqual((yield* SubscriptionRef.get(signIn.state))._tag, "Idle")
        assert.deepStrictEqual(notices, ["A problem occurred while trying initialize authentication"])
        assert.strictEqual(disconnects.count, 1)
      }).pipe(Effect.scoped)
  )
})
