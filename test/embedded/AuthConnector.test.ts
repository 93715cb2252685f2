// @vitest-environment happy-dom
/**
 * The auth connector (issue 14 item 4; SPEC.md §4, §8, §9) over a frame the test plays, wired as
 * `makeAirlockLayer` wires it: an email login connects the frame's user with the account type it prefers,
 * restores after a reload only when the frame still has a session, sends wallet requests to the frame on
 * its chain (its 4001 a declined signature, worded for a smart account), falls back to the key's account
 * when the smart account is refused, and signs out on disconnect, clearing the cached login.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { FrameRequestError } from "../../src/errors"
import { frameEvmChain } from "../../src/layers/embedded/AuthConnector.lazy"
import { loginView } from "../../src/layers/flow/loginFlow"
import { makeSafeKeyValueStore } from "../../src/layers/platform/SafeKeyValueStoreLive"
import { EmbeddedStorageKeys } from "../../src/schemas/EmbeddedStorageKeys"
import { connectedConnectorIdKey } from "../../src/schemas/StorageKeys"
import { AUTH_ID, AuthConnector } from "../../src/services/AuthConnector"
import { Connection } from "../../src/services/Connection"
import { EmailLogin } from "../../src/services/EmailLogin"
import { ModalRouter } from "../../src/services/ModalRouter"
import { RpcRouter } from "../../src/services/RpcRouter"
import { Storage } from "../../src/services/Storage"
import { makeArea, sandboxNetwork, solanaDevnetNetwork } from "../kit/fixtures"
import { settle } from "../kit/waits"
import {
  accountChoice,
  connectedAs,
  frameWith,
  KEY_ACCOUNT,
  layerOf,
  restoreSettled,
  SMART_ACCOUNT,
  SOLANA_ACCOUNT
} from "./authWorld"

describe("the auth connector", () => {
  it("reads the frame's chain whatever form it takes", () => {
    assert.deepStrictEqual(frameEvmChain("eip155:31337"), Option.some("eip155:31337"))
    assert.deepStrictEqual(frameEvmChain("0x7a69"), Option.some("eip155:31337"))
    assert.deepStrictEqual(frameEvmChain(1), Option.some("eip155:1"))
    assert.isTrue(Option.isNone(frameEvmChain("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")))
  })

  it("moves an email login between its views only from the login's own views", () => {
    assert.strictEqual(loginView({ _tag: "EnterCode", email: "a@b.co" }, "Connect"), "EmailVerifyOtp")
    assert.strictEqual(
      loginView({ _tag: "EnterCode", email: "a@b.co" }, "EmailVerifyDevice"),
      "EmailVerifyOtp"
    )
    assert.strictEqual(loginView({ _tag: "ApproveDevice", email: "a@b.co" }, "Connect"), "EmailVerifyDevice")
    assert.strictEqual(loginView({ _tag: "EnterCode", email: "a@b.co" }, "Account"), undefined)
    assert.strictEqual(loginView({ _tag: "Sending", email: "a@b.co" }, "Connect"), undefined)
  })

  it.effect("an email login connects the frame's user, as the account type the user prefers", () => {
    const frame = frameWith({ preferred: "smartAccount" })
    return Effect.gen(function* () {
      const router = yield* ModalRouter
      yield* router.open("Connect")
      yield* (yield* EmailLogin).submitEmail("ada@example.com")
      yield* settle
      assert.deepStrictEqual(yield* connectedAs, Option.some([SMART_ACCOUNT, "smartAccount"] as const))
      const route = yield* SubscriptionRef.get(router.state)
      assert.strictEqual(route.open && route.view, "Account")
      const storage = yield* Storage
      assert.deepStrictEqual(yield* storage.get(connectedConnectorIdKey("eip155")), Option.some(AUTH_ID))
      assert.deepStrictEqual(
        yield* storage.get(EmbeddedStorageKeys.smartAccountEnabledNetworks),
        Option.some(["eip155:31337" as const])
      )
      // An email login is not a row of the wallet list.
      assert.deepStrictEqual(yield* SubscriptionRef.get((yield* Connection).recentWallets), [])
    }).pipe(Effect.provide(layerOf(frame)))
  })

  it.effect("wallet requests go to the frame on its chain; its 4001 on a smart account is worded so", () => {
    const frame = frameWith({
      preferred: "smartAccount",
      more: [
        [
          "RPC_REQUEST",
          (payload) =>
            (payload as { method: string }).method === "personal_sign"
              ? Effect.fail(
                  new FrameRequestError({
                    request: "RPC_REQUEST",
                    frameMessage: "User rejected the request",
                    frameCode: 4001
                  })
                )
              : Effect.succeed("0xhash")
        ]
      ]
    })
    return Effect.gen(function* () {
      yield* (yield* Connection).connect(AUTH_ID)
      const rpc = yield* RpcRouter
      const declined = yield* Effect.flip(
        rpc.request({ method: "personal_sign", params: ["0x68656c6c6f", SMART_ACCOUNT] })
      )
      assert.strictEqual(declined._tag, "SignatureDeclinedError")
      assert.strictEqual(declined.message, "This application might not support Smart Accounts")
      const asked = frame.asked.filter((a) => a.request === "RPC_REQUEST")
      assert.deepStrictEqual(asked[0]?.payload, {
        method: "personal_sign",
        params: ["0x68656c6c6f", SMART_ACCOUNT],
        chainId: "eip155:31337"
      })
    }).pipe(Effect.provide(layerOf(frame)))
  })

  it.effect(
    "ERC-7715's revoke (a permission context) goes to the frame; EIP-2255's is the disconnect",
    () => {
      const frame = frameWith({
        preferred: "smartAccount",
        more: [["RPC_REQUEST", () => Effect.succeed(null)]]
      })
      return Effect.gen(function* () {
        yield* (yield* Connection).connect(AUTH_ID)
        const rpc = yield* RpcRouter
        const context = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8"
        yield* rpc.request({ method: "wallet_revokePermissions", params: [{ permissionContext: context }] })
        const forwarded = () => frame.asked.filter((a) => a.request === "RPC_REQUEST")
        assert.deepStrictEqual(forwarded()[0]?.payload, {
          method: "wallet_revokePermissions",
          params: [{ permissionContext: context }],
          chainId: "eip155:31337"
        })
        yield* rpc.request({ method: "wallet_revokePermissions", params: [{ eth_accounts: {} }] })
        assert.strictEqual(forwarded().length, 1)
      }).pipe(Effect.provide(layerOf(frame)))
    }
  )

  it.effect(
    "the frame's approval screen shows in ApproveTransaction, which closing alone does not leave",
    () => {
      const frame = frameWith({ more: [["RPC_REQUEST", () => Effect.never]] })
      return Effect.gen(function* () {
        yield* (yield* Connection).connect(AUTH_ID)
        const rpc = yield* RpcRouter
        const router = yield* ModalRouter
        const sent = yield* Effect.forkChild(
          rpc.request({ method: "personal_sign", params: ["0x68656c6c6f", KEY_ACCOUNT] })
        )
        yield* settle
        const [approval] = yield* SubscriptionRef.get(rpc.approvals)
        assert.strictEqual(approval?.answeredIn, "frame")
        const route = yield* SubscriptionRef.get(router.state)
        assert.strictEqual(route.open && route.view, "ApproveTransaction")
        assert.isFalse(yield* router.close())
        assert.isUndefined(sent.pollUnsafe())
        yield* Fiber.interrupt(sent)
      }).pipe(Effect.provide(layerOf(frame)))
    }
  )

  it.effect(
    "with a Solana network, the same login connects its Solana key; Solana requests go to the frame",
    () => {
      const frame = frameWith({
        more: [["RPC_REQUEST", () => Effect.succeed({ signature: "5".repeat(88) })]]
      })
      return Effect.gen(function* () {
        const connection = yield* Connection
        yield* connection.connect(AUTH_ID)
        const solana = yield* connection.connected("solana")
        assert.deepStrictEqual(
          Option.map(solana, (c) => [c.address, c.connector.chain, c.connector.approval] as const),
          Option.some([SOLANA_ACCOUNT, "solana", "frame"] as const)
        )
        const rpc = yield* RpcRouter
        const sent = yield* Effect.forkChild(
          rpc.request(
            { method: "solana_signMessage", params: { message: "3mJr7AoUXx2Wqd", pubkey: SOLANA_ACCOUNT } },
            { namespace: "solana" }
          )
        )
        yield* Fiber.join(sent)
        assert.deepStrictEqual(frame.asked.filter((a) => a.request === "RPC_REQUEST").at(-1)?.payload, {
          method: "solana_signMessage",
          params: { message: "3mJr7AoUXx2Wqd", pubkey: SOLANA_ACCOUNT },
          chainId: solanaDevnetNetwork.caipNetworkId
        })
        // One wallet: disconnecting drops both namespaces.
        yield* connection.disconnect("eip155")
        assert.isTrue(Option.isNone(yield* connection.connected("solana")))
      }).pipe(
        Effect.provide(layerOf(frame, KeyValueStore.layerMemory, [sandboxNetwork, solanaDevnetNetwork]))
      )
    }
  )

  it.effect("refused a smart account, it falls back to the key's account (SPEC.md §4)", () => {
    const frame = frameWith({
      more: [
        [
          "SET_PREFERRED_ACCOUNT",
          (payload) =>
            (payload as { type: string }).type === "smartAccount"
              ? Effect.fail(new FrameRequestError({ request: "SET_PREFERRED_ACCOUNT" }))
              : Effect.succeed({ type: "eoa", address: KEY_ACCOUNT })
        ]
      ]
    })
    return Effect.gen(function* () {
      yield* (yield* Connection).connect(AUTH_ID)
      const refused = yield* Effect.flip((yield* AuthConnector).setPreferredAccount("smartAccount"))
      assert.strictEqual(refused.message, "An error occurred")
      yield* settle
      assert.deepStrictEqual(yield* accountChoice, {
        connected: Option.some([KEY_ACCOUNT, "eoa"] as const),
        remembered: Option.some("eoa")
      })
    }).pipe(Effect.provide(layerOf(frame)))
  })

  it.effect("switching to the smart account connects it and remembers the choice", () => {
    const frame = frameWith()
    return Effect.gen(function* () {
      yield* (yield* Connection).connect(AUTH_ID)
      yield* (yield* AuthConnector).setPreferredAccount("smartAccount")
      yield* settle
      assert.deepStrictEqual(yield* accountChoice, {
        connected: Option.some([SMART_ACCOUNT, "smartAccount"] as const),
        remembered: Option.some("smartAccount")
      })
    }).pipe(Effect.provide(layerOf(frame)))
  })

  it.effect("disconnecting signs out in the frame and forgets the cached login", () => {
    const frame = frameWith()
    return Effect.gen(function* () {
      const login = yield* EmailLogin
      yield* login.submitEmail("ada@example.com")
      yield* settle
      const storage = yield* Storage
      assert.isTrue(Option.isSome(yield* storage.get(EmbeddedStorageKeys.email)))
      yield* (yield* Connection).disconnect("eip155")
      yield* settle
      assert.isTrue(frame.asked.some((a) => a.request === "SIGN_OUT"))
      assert.isTrue(Option.isNone(yield* storage.get(EmbeddedStorageKeys.email)))
      assert.isTrue(Option.isNone(yield* storage.get(EmbeddedStorageKeys.emailLoginUsed)))
      assert.strictEqual((yield* SubscriptionRef.get(login.state))._tag, "Idle")
      assert.isTrue(Option.isNone(yield* SubscriptionRef.get((yield* AuthConnector).user)))
    }).pipe(Effect.provide(layerOf(frame)))
  })

  it.effect("a reload reconnects only while the frame still has the session", () => {
    const { area } = makeArea()
    const kept = Layer.succeed(
      KeyValueStore.KeyValueStore,
      makeSafeKeyValueStore(() => area)
    )
    return Effect.gen(function* () {
      const first = frameWith()
      yield* Effect.gen(function* () {
        yield* (yield* Connection).connect(AUTH_ID)
      }).pipe(Effect.provide(layerOf(first, kept)))
      yield* Effect.gen(function* () {
        yield* restoreSettled
        assert.deepStrictEqual(yield* connectedAs, Option.some([KEY_ACCOUNT, "eoa"] as const))
      }).pipe(Effect.provide(layerOf(frameWith(), kept)))
      yield* Effect.gen(function* () {
        yield* restoreSettled
        assert.isTrue(Option.isNone(yield* connectedAs))
      }).pipe(Effect.provide(layerOf(frameWith({ loggedIn: false }), kept)))
    })
  })
})
