// @vitest-environment happy-dom
/**
 * The WalletConnect SDK's client: created once, with the SDK's code, on first use; a failed creation is
 * tried again by the next caller, and a slow one is given up on after 20 s. Once created, WalletConnect
 * Verify's verdict that the page's domain is unverified shows 'Invalid App Configuration'.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as TestClock from "effect/testing/TestClock"
import { WalletConnectConnectorNotFoundError } from "../../src/errors"
import { preloaded } from "../../src/layers/runtime/lazy"
import { reportUnverifiedDomains, unverifiedDomains } from "../../src/layers/walletconnect/universalProvider"
import {
  UniversalProviderLazy,
  WalletConnectClientLive
} from "../../src/layers/walletconnect/WalletConnectClientLive"
import { ModalConfig } from "../../src/services/ModalConfig"
import { Notifications } from "../../src/services/Notifications"
import { type UniversalProviderClient, WalletConnectClient } from "../../src/services/WalletConnectClient"
import { decodedOptions } from "../kit/fixtures"
import { englishNotifications } from "../kit/locale"
import { untilState } from "../kit/waits"

/** The SDK's module, replaced so each test scripts how creating the client goes. */
const scriptedSdk = () => {
  const sdk = { next: (): Promise<UniversalProviderClient> => Promise.reject(new Error("unscripted")) }
  const layer = WalletConnectClientLive.pipe(
    Layer.provideMerge(Layer.merge(Layer.succeed(ModalConfig, decodedOptions()), englishNotifications)),
    Layer.provide(
      preloaded(UniversalProviderLazy, {
        createUniversalProvider: () => sdk.next(),
        reportUnverifiedDomains,
        unverifiedDomains
      })
    )
  )
  return { sdk, layer }
}

/** Verify's frame posting an attestation whose JWT says this page's domain is not verified. */
const postUnverifiedAttestation = () => {
  const claims = { id: "1", origin: window.location.origin, isVerified: false, isScam: false }
  const payload = btoa(JSON.stringify(claims)).replace(/=+$/, "")
  const data = JSON.stringify({
    type: "verify_attestation",
    attestation: `eyJhbGciOiJFUzI1NiJ9.${payload}.sig`
  })
  window.dispatchEvent(new MessageEvent("message", { data, origin: "https://verify.walletconnect.org" }))
}

const client: UniversalProviderClient = {
  connect: () => Promise.reject(new Error("unused")),
  authenticate: () => Promise.reject(new Error("unused")),
  request: () => Promise.reject(new Error("unused")),
  disconnect: () => Promise.resolve(),
  on: () => {},
  off: () => {},
  session: () => undefined
}

describe("WalletConnectClientLive", () => {
  it.effect("a failed SDK load is tried again by the next caller, and the client is then kept", () => {
    const { sdk, layer } = scriptedSdk()
    return Effect.gen(function* () {
      const clients = yield* WalletConnectClient
      sdk.next = () => Promise.reject(new Error("storage refused"))
      const failure = yield* Effect.flip(clients.get)
      assert.instanceOf(failure, WalletConnectConnectorNotFoundError)
      sdk.next = () => Promise.resolve(client)
      assert.strictEqual(yield* clients.get, client)
      sdk.next = () => Promise.reject(new Error("created twice"))
      assert.strictEqual(yield* clients.get, client)
    }).pipe(Effect.provide(layer))
  })

  it.effect("gives up after 20 s with 'timeout', and a later call gets the load once it finishes", () => {
    const { sdk, layer } = scriptedSdk()
    return Effect.gen(function* () {
      const clients = yield* WalletConnectClient
      let finish: (value: UniversalProviderClient) => void = () => {}
      sdk.next = () =>
        new Promise((settle) => {
          finish = settle
        })
      const waiting = yield* Effect.forkChild(Effect.flip(clients.get), { startImmediately: true })
      yield* TestClock.adjust("20 seconds")
      const failure = yield* Fiber.join(waiting)
      assert.strictEqual(failure.cause, "timeout")
      const retry = yield* Effect.forkChild(clients.get, { startImmediately: true })
      finish(client)
      assert.strictEqual(yield* Fiber.join(retry), client)
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "a genuine attestation that the page's domain is unverified shows 'Invalid App Configuration'",
    () => {
      const { sdk, layer } = scriptedSdk()
      return Effect.gen(function* () {
        const clients = yield* WalletConnectClient
        const { notices } = yield* Notifications
        sdk.next = () => Promise.resolve(client)
        yield* clients.get
        postUnverifiedAttestation()
        const [notice] = yield* untilState(notices, (all) => all.length > 0)
        assert.strictEqual(notice?.message, "Invalid App Configuration")
        assert.strictEqual(
          notice?.description,
          "This domain is not verified for the project. Verify it in the project configuration."
        )
      }).pipe(Effect.provide(layer))
    }
  )
})
