// @vitest-environment happy-dom

// Pairing: the URI, its refresh and time-out, and how a connect through it ends.

import { assert, describe, it } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import {
  PAIRING_EXPIRY_MARGIN,
  PAIRING_TTL,
  PAIRING_URI_TIMEOUT
} from "../../src/layers/walletconnect/WalletConnect.lazy"
import { Connection, WALLET_CONNECT_ID } from "../../src/services/Connection"
import { type PairingSignIn, WalletConnect } from "../../src/services/WalletConnect"
import { makeMockWalletConnect } from "../../src/testing/mockWalletConnect"
import { ALICE } from "../kit/accounts"
import { makeArea } from "../kit/fixtures"
import { untilState } from "../kit/waits"
import {
  connectShowingUri,
  layerOf,
  pairingReady,
  pairingState,
  SOL,
  sdkSession,
  sdkShows,
  solanaDevnet,
  startPairing,
  statusOf,
  TOPIC
} from "./walletConnectWorld"

describe("WalletConnect pairing", () => {
  it.effect("shows the URI with its 4 minute expiry, then hands over the approved session", () => {
    const mock = makeMockWalletConnect()
    return Effect.gen(function* () {
      const fiber = yield* startPairing()
      const shown = yield* pairingState
      assert.deepStrictEqual(shown, {
        _tag: "Ready",
        uri: mock.pairings[0]?.uri ?? "",
        expiresAt: Duration.toMillis(PAIRING_TTL)
      })
      // Optional namespaces for every configured network, with the host's RPC URLs.
      assert.deepStrictEqual(mock.pairings[0]?.namespaces.eip155?.chains, ["eip155:31337", "eip155:31338"])
      assert.deepStrictEqual(mock.pairings[0]?.namespaces.eip155?.rpcMap, {
        31337: "http://127.0.0.1:8545",
        31338: "http://127.0.0.1:8546"
      })
      assert.deepStrictEqual(mock.pairings[0]?.namespaces.solana?.chains, [solanaDevnet.caipNetworkId])
      mock.approve(sdkSession())
      const session = yield* Fiber.join(fiber)
      assert.strictEqual(session.topic, TOPIC)
      assert.deepStrictEqual(
        session.accounts.map((a) => `${a.caipNetworkId}:${a.address}`),
        [`eip155:31337:${ALICE}`, `eip155:31338:${ALICE}`, `solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1:${SOL}`]
      )
      // The peer's name is cleaned, its javascript: icon and redirect refused.
      assert.deepStrictEqual(session.peer, {
        name: "Sandbox WalletConnect Wallet",
        icon: "https://wallet.example/icon.png",
        redirect: "https://wallet.example/app/"
      })
      assert.strictEqual((yield* pairingState)._tag, "Idle")
    }).pipe(Effect.provide(layerOf(mock, makeArea().area)))
  })

  it.effect(
    "with a sign-in: asks it with the EVM chains and methods, a fresh request per URI, and hands the wallet's signatures over before the session",
    () => {
      const mock = makeMockWalletConnect()
      const handed: Array<ReadonlyArray<unknown>> = []
      let requests = 0
      const signIn: PairingSignIn = {
        request: (chains) =>
          Effect.sync(() => {
            requests += 1
            return {
              domain: "dapp.example",
              uri: "https://dapp.example",
              nonce: `nonce-${requests}-${chains.length}`
            }
          }),
        complete: (auths) => Effect.sync(() => void handed.push(auths))
      }
      return Effect.gen(function* () {
        const fiber = yield* startPairing(signIn)
        const asked = mock.pairings[0]?.signIn
        assert.deepStrictEqual(asked?.chains, ["eip155:31337", "eip155:31338"])
        assert.strictEqual(asked?.nonce, "nonce-1-2")
        assert.include(asked?.methods ?? [], "personal_sign")
        // The URI runs out: the next one carries a fresh nonce.
        yield* TestClock.adjust(Duration.subtract(PAIRING_TTL, PAIRING_EXPIRY_MARGIN))
        yield* sdkShows(() => mock.pairings.length === 2, "a second pairing")
        assert.strictEqual(mock.pairings[1]?.signIn?.nonce, "nonce-2-2")
        mock.approve(sdkSession(), [{ signed: 1 }])
        const session = yield* Fiber.join(fiber)
        assert.strictEqual(session.topic, TOPIC)
        assert.deepStrictEqual(handed, [[{ signed: 1 }]])
      }).pipe(Effect.provide(layerOf(mock, makeArea().area)))
    }
  )

  it.effect("replaces an unused URI 10 s before its 4 minutes end (TestClock)", () => {
    const mock = makeMockWalletConnect()
    return Effect.gen(function* () {
      const fiber = yield* startPairing()
      const refreshAt = Duration.subtract(PAIRING_TTL, PAIRING_EXPIRY_MARGIN)
      yield* TestClock.adjust(Duration.subtract(refreshAt, Duration.millis(1)))
      assert.strictEqual(mock.pairings.length, 1, "still the first URI 1 ms before the margin")
      yield* TestClock.adjust(Duration.millis(1))
      yield* sdkShows(() => mock.pairings.length === 2, "a second pairing")
      yield* Effect.flatMap(WalletConnect, (w) =>
        untilState(w.pairing, (p) => p._tag === "Ready" && p.uri === mock.pairings[1]?.uri)
      )
      const fresh = yield* pairingState
      assert.deepStrictEqual(fresh, {
        _tag: "Ready",
        uri: mock.pairings[1]?.uri ?? "",
        expiresAt: Duration.toMillis(refreshAt) + Duration.toMillis(PAIRING_TTL)
      })
      assert.notStrictEqual(mock.pairings[0]?.uri, mock.pairings[1]?.uri)
      // The fresh pairing is the one a wallet approves.
      mock.approve(sdkSession())
      assert.strictEqual((yield* Fiber.join(fiber)).topic, TOPIC)
    }).pipe(Effect.provide(layerOf(mock, makeArea().area)))
  })

  it.effect("a relay that never answers fails with 'Service temporarily unavailable' at the time-out", () => {
    const mock = makeMockWalletConnect({ relayDown: true })
    return Effect.gen(function* () {
      const walletConnect = yield* WalletConnect
      const fiber = yield* Effect.forkChild(Effect.flip(walletConnect.connect()))
      yield* sdkShows(() => mock.pairings.length === 1, "a pairing")
      yield* TestClock.adjust(Duration.subtract(PAIRING_URI_TIMEOUT, Duration.millis(1)))
      assert.isUndefined(fiber.pollUnsafe())
      yield* TestClock.adjust(Duration.millis(1))
      const error = yield* Fiber.join(fiber)
      assert.strictEqual(error._tag, "ServiceUnavailableError")
      assert.strictEqual(error.message, "Service temporarily unavailable")
      assert.strictEqual((yield* pairingState)._tag, "Idle")
    }).pipe(Effect.provide(layerOf(mock, makeArea().area)))
  })

  it.effect("50 concurrent connects make one pairing and all get the same session (THREATS.md R5)", () => {
    const mock = makeMockWalletConnect()
    return Effect.gen(function* () {
      const connection = yield* Connection
      const fiber = yield* Effect.forkChild(
        Effect.all(
          Array.from({ length: 50 }, () => connection.connect(WALLET_CONNECT_ID)),
          { concurrency: "unbounded" }
        )
      )
      yield* pairingReady
      mock.approve(sdkSession())
      assert.strictEqual((yield* Fiber.join(fiber)).length, 50)
      assert.strictEqual(mock.pairings.length, 1)
    }).pipe(Effect.provide(layerOf(mock, makeArea().area)))
  })

  it.effect("a wallet that rejects the proposal fails the connect as a user rejection", () => {
    const mock = makeMockWalletConnect()
    return Effect.gen(function* () {
      const fiber = yield* connectShowingUri
      mock.reject()
      const error = yield* Fiber.join(fiber)
      assert.strictEqual(error._tag, "UserRejectedRequestError")
      const state = yield* Effect.flatMap(Connection, (c) => SubscriptionRef.get(c.state))
      assert.strictEqual(state.attempt?._tag, "Failed")
      assert.strictEqual(statusOf(state, "eip155"), "disconnected")
    }).pipe(Effect.provide(layerOf(mock, makeArea().area)))
  })

  it.effect("with enableWalletConnect off, fails with 'WalletConnectConnector not found'", () => {
    const mock = makeMockWalletConnect()
    return Effect.gen(function* () {
      const connection = yield* Connection
      const error = yield* Effect.flip(connection.connect(WALLET_CONNECT_ID))
      assert.strictEqual(error.message, "WalletConnectConnector not found")
      assert.strictEqual(mock.pairings.length, 0)
    }).pipe(Effect.provide(layerOf(mock, makeArea().area, { enableWalletConnect: false })))
  })

  it.effect("closing the modal abandons the pairing", () => {
    const mock = makeMockWalletConnect()
    return Effect.gen(function* () {
      const fiber = yield* connectShowingUri
      yield* Effect.flatMap(Connection, (connection) => connection.cancel)
      assert.strictEqual((yield* Fiber.join(fiber))._tag, "UserRejectedRequestError")
      assert.strictEqual((yield* pairingState)._tag, "Idle")
    }).pipe(Effect.provide(layerOf(mock, makeArea().area)))
  })
})
