// @vitest-environment happy-dom
/**
 * The auth connector and what the frame says or is told beyond a login (issue 29): its SESSION_UPDATE
 * has the user read again; INIT_SMART_ACCOUNT follows a switch to a network the frame offers the smart
 * account on; the network it acts on is kept as the last used chain and asked for at the next visit;
 * `defaultAccountTypes` is what the frame is asked for; leaving the Farcaster view gives its login up
 * and sends RELOAD.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { makeSafeKeyValueStore } from "../../src/layers/platform/SafeKeyValueStoreLive"
import { StorageKeys } from "../../src/schemas/StorageKeys"
import { AUTH_ID, AuthConnector } from "../../src/services/AuthConnector"
import { Connection } from "../../src/services/Connection"
import { ModalRouter } from "../../src/services/ModalRouter"
import { RpcRouter } from "../../src/services/RpcRouter"
import { Storage } from "../../src/services/Storage"
import { eip155, waitForState } from "../kit/connectionWorld"
import { makeArea, sandboxNetwork, solanaDevnetNetwork } from "../kit/fixtures"
import { secondSandboxNetwork } from "../kit/networks"
import { settle, untilState, untilTagged } from "../kit/waits"
import { connectedAs, frameWith, KEY_ACCOUNT, layerOf, restoreSettled, SMART_ACCOUNT } from "./authWorld"

const OTHER_ACCOUNT = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"
const twoChains = [sandboxNetwork, secondSandboxNetwork]

const askedFor = (frame: ReturnType<typeof frameWith>, request: string) =>
  frame.asked.filter((a) => a.request === request)

describe("the frame's SESSION_UPDATE", () => {
  it.effect(
    "a session ended elsewhere disconnects and forgets the login; a repeated label is read once",
    () => {
      let session = true
      const frame = frameWith({
        more: [["IS_CONNECTED", () => Effect.sync(() => ({ isConnected: session }))]]
      })
      return Effect.gen(function* () {
        yield* (yield* Connection).connect(AUTH_ID)
        const auth = yield* AuthConnector
        yield* frame.emit({ _tag: "SessionUpdate", token: "a" })
        yield* settle
        const checks = askedFor(frame, "IS_CONNECTED").length
        yield* frame.emit({ _tag: "SessionUpdate", token: "a" })
        yield* settle
        assert.strictEqual(askedFor(frame, "IS_CONNECTED").length, checks, "the same label is not read again")
        assert.deepStrictEqual(yield* connectedAs, Option.some([KEY_ACCOUNT, "eoa"] as const))

        session = false
        yield* frame.emit({ _tag: "SessionUpdate", token: "b" })
        yield* waitForState((s) => eip155(s).status === "disconnected")
        yield* untilState(auth.smartAccountNetworks, (ids) => ids.length === 0)
        yield* untilState(auth.user, Option.isNone)
        assert.isTrue(askedFor(frame, "SIGN_OUT").length > 0)
      }).pipe(Effect.provide(layerOf(frame)))
    }
  )

  it.effect("another user signed in elsewhere: Connection connects the account the frame has now", () => {
    let address = KEY_ACCOUNT
    const frame = frameWith({
      more: [
        [
          "GET_USER",
          () => Effect.sync(() => ({ email: "ada@example.com", address, chainId: "eip155:31337" }))
        ]
      ]
    })
    return Effect.gen(function* () {
      yield* (yield* Connection).connect(AUTH_ID)
      address = OTHER_ACCOUNT
      yield* frame.emit({ _tag: "SessionUpdate", token: "grace" })
      yield* waitForState((s) => {
        const c = eip155(s)
        return c.status === "connected" && c.address === OTHER_ACCOUNT
      })
    }).pipe(Effect.provide(layerOf(frame)))
  })

  it.effect("nobody connected: the label is noted, nothing is asked", () => {
    const frame = frameWith({ loggedIn: false })
    return Effect.gen(function* () {
      yield* (yield* AuthConnector).connector
      yield* frame.emit({ _tag: "SessionUpdate", token: "a" })
      yield* settle
      assert.deepStrictEqual(askedFor(frame, "IS_CONNECTED"), [])
    }).pipe(Effect.provide(layerOf(frame)))
  })
})

describe("INIT_SMART_ACCOUNT", () => {
  it.effect("follows a switch to a network the frame lists, while the smart account is wanted", () => {
    const frame = frameWith({
      preferred: "smartAccount",
      more: [
        ["SWITCH_NETWORK", (payload) => Effect.succeed(payload)],
        ["INIT_SMART_ACCOUNT", () => Effect.succeed({ address: SMART_ACCOUNT, isDeployed: true })]
      ]
    })
    return Effect.gen(function* () {
      yield* (yield* Connection).connect(AUTH_ID)
      const auth = yield* AuthConnector
      const rpc = yield* RpcRouter
      assert.deepStrictEqual(yield* SubscriptionRef.get(auth.smartAccountNetworks), ["eip155:31337"])
      yield* rpc.switchNetwork(secondSandboxNetwork.caipNetworkId)
      yield* settle
      assert.deepStrictEqual(askedFor(frame, "INIT_SMART_ACCOUNT"), [], "31338 is not listed")

      yield* rpc.switchNetwork(sandboxNetwork.caipNetworkId)
      const user = yield* untilState(auth.user, (u) =>
        Option.exists(u, (v) => v.smartAccountDeployed === true)
      )
      assert.strictEqual(Option.getOrThrow(user).address, SMART_ACCOUNT)
      assert.strictEqual(askedFor(frame, "INIT_SMART_ACCOUNT").length, 1)
    }).pipe(Effect.provide(layerOf(frame, KeyValueStore.layerMemory, twoChains)))
  })

  it.effect("is not asked for while the key's account is wanted", () => {
    const frame = frameWith({
      more: [
        ["SWITCH_NETWORK", (payload) => Effect.succeed(payload)],
        ["INIT_SMART_ACCOUNT", () => Effect.succeed({ address: SMART_ACCOUNT, isDeployed: true })]
      ]
    })
    return Effect.gen(function* () {
      yield* (yield* Connection).connect(AUTH_ID)
      const rpc = yield* RpcRouter
      yield* rpc.switchNetwork(secondSandboxNetwork.caipNetworkId)
      yield* rpc.switchNetwork(sandboxNetwork.caipNetworkId)
      yield* settle
      assert.deepStrictEqual(askedFor(frame, "INIT_SMART_ACCOUNT"), [])
    }).pipe(
      Effect.provide(
        layerOf(frame, KeyValueStore.layerMemory, twoChains, { defaultAccountTypes: { eip155: "eoa" } })
      )
    )
  })
})

describe("the last used chain", () => {
  it.effect("a reconnect asks the frame for the network it last acted on; signing out forgets it", () => {
    const { area } = makeArea()
    const kept = Layer.succeed(
      KeyValueStore.KeyValueStore,
      makeSafeKeyValueStore(() => area)
    )
    const switching = frameWith({ more: [["SWITCH_NETWORK", (payload) => Effect.succeed(payload)]] })
    return Effect.gen(function* () {
      yield* Effect.gen(function* () {
        yield* (yield* Connection).connect(AUTH_ID)
        yield* (yield* RpcRouter).switchNetwork(secondSandboxNetwork.caipNetworkId)
        const storage = yield* Storage
        assert.deepStrictEqual(
          yield* storage.get(StorageKeys.lastUsedChain),
          Option.some(secondSandboxNetwork.caipNetworkId)
        )
      }).pipe(Effect.provide(layerOf(switching, kept, twoChains)))

      const next = frameWith({
        more: [["GET_USER", (payload) => Effect.succeed({ address: KEY_ACCOUNT, ...(payload as object) })]]
      })
      yield* Effect.gen(function* () {
        yield* restoreSettled
        assert.deepInclude(askedFor(next, "GET_USER")[0]?.payload as object, {
          chainId: secondSandboxNetwork.caipNetworkId
        })
        yield* (yield* Connection).disconnect("eip155")
        const storage = yield* Storage
        yield* untilState((yield* AuthConnector).user, Option.isNone)
        yield* settle
        assert.isTrue(Option.isNone(yield* storage.get(StorageKeys.lastUsedChain)))
      }).pipe(Effect.provide(layerOf(next, kept, twoChains)))
    })
  })

  it.effect("a network the host no longer configures is not asked for: its first network is", () => {
    const { area } = makeArea({ "@airlock/last_used_chain": "eip155:10" })
    const kept = Layer.succeed(
      KeyValueStore.KeyValueStore,
      makeSafeKeyValueStore(() => area)
    )
    const frame = frameWith()
    return Effect.gen(function* () {
      yield* (yield* Connection).connect(AUTH_ID)
      assert.deepInclude(askedFor(frame, "GET_USER")[0]?.payload as object, {
        chainId: sandboxNetwork.caipNetworkId
      })
    }).pipe(Effect.provide(layerOf(frame, kept, twoChains)))
  })
})

describe("defaultAccountTypes", () => {
  it.effect("the frame is asked for the host's EVM type, and the Solana one for the Solana key", () => {
    const frame = frameWith()
    return Effect.gen(function* () {
      yield* (yield* Connection).connect(AUTH_ID)
      const [evm, solana] = [
        askedFor(frame, "GET_USER").find((a) =>
          String((a.payload as { chainId: string }).chainId).startsWith("eip155")
        ),
        askedFor(frame, "GET_USER").find((a) =>
          String((a.payload as { chainId: string }).chainId).startsWith("solana")
        )
      ]
      assert.deepInclude(evm?.payload as object, { preferredAccountType: "eoa" })
      assert.deepInclude(solana?.payload as object, { preferredAccountType: "eoa" })
      const connection = yield* Connection
      assert.deepStrictEqual(
        Option.map(yield* connection.connected("solana"), (c) => c.accountType),
        Option.some("eoa" as const)
      )
    }).pipe(
      Effect.provide(
        layerOf(frame, KeyValueStore.layerMemory, [sandboxNetwork, solanaDevnetNetwork], {
          defaultAccountTypes: { eip155: "eoa" }
        })
      )
    )
  })

  it.effect("by default the smart account is asked for", () => {
    const frame = frameWith()
    return Effect.gen(function* () {
      yield* (yield* Connection).connect(AUTH_ID)
      assert.deepInclude(askedFor(frame, "GET_USER")[0]?.payload as object, {
        preferredAccountType: "smartAccount"
      })
    }).pipe(Effect.provide(layerOf(frame)))
  })
})

describe("RELOAD", () => {
  it.effect(
    "leaving the Farcaster view while its link waits gives the login up and reloads the frame",
    () => {
      const frame = frameWith({
        more: [
          ["GET_FARCASTER_URI", () => Effect.succeed({ url: "https://farcaster.example/connect?channel=1" })],
          ["CONNECT_FARCASTER", () => Effect.never],
          ["RELOAD", () => Effect.succeed(undefined)]
        ]
      })
      return Effect.gen(function* () {
        const router = yield* ModalRouter
        const auth = yield* AuthConnector
        yield* router.open("Connect")
        const login = yield* Effect.forkChild(auth.loginWithFarcaster)
        yield* untilState(router.state, (route) => route.open && route.view === "ConnectingFarcaster")
        yield* untilState(auth.social, (s) => s._tag === "Farcaster" && s.url !== undefined)
        assert.deepStrictEqual(askedFor(frame, "RELOAD"), [])

        yield* router.open("AllWallets")
        yield* untilTagged(auth.social, "Idle")
        // The login ends quietly: the visitor chose to leave it.
        yield* Fiber.join(login)
        yield* settle
        assert.strictEqual(askedFor(frame, "RELOAD").length, 1)

        // Leaving a view with no login waiting reloads nothing.
        yield* router.open("Connect")
        yield* settle
        assert.strictEqual(askedFor(frame, "RELOAD").length, 1)
      }).pipe(Effect.provide(layerOf(frame)))
    }
  )
})
