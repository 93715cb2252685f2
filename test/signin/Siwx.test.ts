// @vitest-environment happy-dom
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as TestClock from "effect/testing/TestClock"
import { privateKeyToAccount } from "viem/accounts"
import { beforeEach } from "vitest"
import { makeSiwx } from "../../src/layers/signin/Siwx.lazy"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import { FallbackTransport } from "../../src/services/FallbackTransport"
import type { SIWEConfig, SIWXConfig, SiwxChainId } from "../../src/siwx/config"
import { createDefaultSiwx, SIWX_CLIENTS, type SiwxClients } from "../../src/siwx/defaultSiwx"
import { decodedOptions, mainnetNetwork, sandboxNetwork } from "../kit/fixtures"
import { placeholderMessageData } from "../kit/siwx"

const account = privateKeyToAccount(`0x${"42".repeat(32)}`)
const CHAIN = "eip155:31337" as const

const fallback = Layer.succeed(FallbackTransport, {
  request: () => Effect.die("no chain is asked for plain accounts"),
  ranking: () => Effect.die("unused")
})

const siwxWith = (overrides: Partial<ModalOptionsInput>) =>
  makeSiwx(decodedOptions(overrides)).pipe(Effect.provide(fallback))

/** A plugin whose every method answers `answer`. */
const pluginAnswering = (answer: () => Promise<unknown>): SIWXConfig => ({
  createMessage: answer as SIWXConfig["createMessage"],
  addSession: answer as SIWXConfig["addSession"],
  revokeSession: answer as SIWXConfig["revokeSession"],
  setSessions: answer as SIWXConfig["setSessions"],
  getSessions: answer as SIWXConfig["getSessions"]
})

beforeEach(() => localStorage.clear())

describe("Siwx (the host's plugin, made safe to call)", () => {
  it.effect("with Airlock's plugin: the message to sign, then a verified session for the account", () =>
    Effect.gen(function* () {
      const siwx = yield* siwxWith({ siwx: createDefaultSiwx({ required: true }) })
      assert.isTrue(yield* siwx.required)
      assert.isTrue(yield* siwx.signOutOnDisconnect)
      const message = yield* siwx.createMessage(CHAIN, account.address)
      assert.strictEqual(message.data.accountAddress, account.address)
      assert.include(message.text, "Chain ID: 31337")
      const signature = yield* Effect.promise(() => account.signMessage({ message: message.text }))
      yield* siwx.addSession({ data: message.data, message: message.text, signature })
      const sessions = yield* siwx.sessions(CHAIN, account.address)
      assert.strictEqual(sessions.length, 1)
      assert.deepStrictEqual(yield* siwx.sessions("eip155:1", account.address), [])
      const replayed = yield* Effect.exit(
        siwx.addSession({ data: message.data, message: message.text, signature })
      )
      assert.isTrue(Exit.isFailure(replayed))
      yield* siwx.revokeSession(CHAIN, account.address)
      assert.deepStrictEqual(yield* siwx.sessions(CHAIN, account.address), [])
    })
  )

  it.effect("hands Airlock's plugin a client for each configured EVM network only", () =>
    Effect.gen(function* () {
      let clients: SiwxClients = () => undefined
      const plugin = createDefaultSiwx()
      const bind = plugin[SIWX_CLIENTS]
      const spy = Object.assign(Object.create(plugin) as typeof plugin, {
        [SIWX_CLIENTS]: (given: SiwxClients) => {
          clients = given
          bind(given)
        }
      })
      yield* siwxWith({ siwx: spy, networks: [sandboxNetwork, mainnetNetwork] })
      assert.isDefined(clients("eip155:31337"))
      assert.isDefined(clients("eip155:1"))
      assert.isUndefined(clients("eip155:10" as SiwxChainId))
      assert.isUndefined(clients("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"))
    })
  )

  it.effect(
    "a plugin that throws, answers garbage or a message for another account fails in the catalogue's words",
    () =>
      Effect.gen(function* () {
        const failing = yield* siwxWith({
          siwx: pluginAnswering(() => Promise.reject(new Error("Your wallet is compromised")))
        })
        const thrown = yield* Effect.flip(failing.createMessage(CHAIN, account.address))
        assert.strictEqual(thrown.message, "A problem occurred while trying initialize authentication")

        const garbage = yield* siwxWith({
          siwx: pluginAnswering(() => Promise.resolve({ sessions: "lots" }))
        })
        assert.strictEqual(
          (yield* Effect.flip(garbage.sessions(CHAIN, account.address)))._tag,
          "AuthenticationSetupError"
        )
        assert.strictEqual(
          (yield* Effect.flip(garbage.createMessage(CHAIN, account.address)))._tag,
          "AuthenticationSetupError"
        )

        const stranger = createDefaultSiwx()
        const otherAccount = yield* siwxWith({
          siwx: {
            ...pluginAnswering(() => Promise.resolve()),
            createMessage: () =>
              stranger.createMessage({
                accountAddress: "0x000000000000000000000000000000000000dEaD",
                chainId: CHAIN
              })
          }
        })
        assert.strictEqual(
          (yield* Effect.flip(otherAccount.createMessage(CHAIN, account.address)))._tag,
          "AuthenticationSetupError"
        )
        // A message of the right data without a text of its own ("[object Object]" is no message), or whose
        // toString throws.
        const data = placeholderMessageData(account.address, CHAIN)
        for (const message of [
          data,
          {
            ...data,
            toString: () => {
              throw new Error("no")
            }
          }
        ]) {
          const textless = yield* siwxWith({
            siwx: {
              ...pluginAnswering(() => Promise.resolve()),
              createMessage: () => Promise.resolve(message)
            }
          })
          assert.strictEqual(
            (yield* Effect.flip(textless.createMessage(CHAIN, account.address)))._tag,
            "AuthenticationSetupError"
          )
        }
        const notAPlugin = yield* siwxWith({ siwx: { createMessage: "no" } })
        assert.strictEqual(
          (yield* Effect.flip(notAPlugin.sessions(CHAIN, account.address)))._tag,
          "AuthenticationSetupError"
        )
      })
  )

  it.effect("a plugin that never answers fails after 20 s", () =>
    Effect.gen(function* () {
      const hanging = yield* siwxWith({ siwx: pluginAnswering(() => new Promise(() => {})) })
      const fiber = yield* Effect.forkChild(Effect.exit(hanging.sessions(CHAIN, account.address)))
      yield* TestClock.adjust("19 seconds")
      assert.isUndefined(fiber.pollUnsafe())
      yield* TestClock.adjust("1 second")
      const exit = yield* Fiber.join(fiber)
      assert.isTrue(Exit.isFailure(exit))
    })
  )

  it.effect("the older siweConfig signs in through the host's verification", () =>
    Effect.gen(function* () {
      let session: { address: string; chainId: number } | null = null
      const siweConfig: SIWEConfig = {
        getNonce: async () => "abcdef123456",
        createMessage: (args) => `${args.domain} wants ${args.address} to sign in, nonce ${args.nonce}`,
        verifyMessage: async ({ signature }) => signature === "0xgood",
        getSession: async () => session,
        signOut: async () => true,
        onSignIn: (signed) => {
          session = signed ?? null
        }
      }
      const siwx = yield* siwxWith({ siweConfig })
      const message = yield* siwx.createMessage(CHAIN, account.address)
      assert.include(message.text, `eip155:31337:${account.address}`)
      assert.isTrue(
        Exit.isFailure(
          yield* Effect.exit(
            siwx.addSession({ data: message.data, message: message.text, signature: "0xbad" })
          )
        )
      )
      yield* siwx.addSession({ data: message.data, message: message.text, signature: "0xgood" })
      assert.strictEqual((yield* siwx.sessions(CHAIN, account.address)).length, 1)
    })
  )
})
