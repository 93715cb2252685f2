// @vitest-environment happy-dom

// Back to the wallet app on a phone when a request needs the visitor there.

import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { vi } from "vitest"
import { StorageKeys } from "../../src/schemas/StorageKeys"
import { RpcRouter } from "../../src/services/RpcRouter"
import { WalletConnect } from "../../src/services/WalletConnect"
import { makeMockWalletConnect } from "../../src/testing/mockWalletConnect"
import { ALICE } from "../kit/accounts"
import { makeArea } from "../kit/fixtures"
import { connectWalletConnect, layerOf, sdkShows } from "./walletConnectWorld"

describe("back to the wallet app on a phone", () => {
  const touch = (coarse: boolean) =>
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: coarse && query === "(pointer: coarse)" }))
  const seeded = () =>
    makeArea({ [StorageKeys.deepLinkChoice.key]: { href: "phonewallet://", name: "Phone Wallet" } })

  it.effect("a signature request opens the wallet the visitor paired through a link; a read does not", () => {
    const mock = makeMockWalletConnect({ answer: () => Promise.resolve(`0x${"ab".repeat(65)}`) })
    const open = vi.fn()
    return Effect.gen(function* () {
      touch(true)
      vi.stubGlobal("open", open)
      yield* connectWalletConnect(mock)
      const rpc = yield* RpcRouter
      yield* rpc.request({ method: "eth_chainId" })
      assert.strictEqual(open.mock.calls.length, 0)
      yield* rpc.request({ method: "personal_sign", params: ["0x00", ALICE] })
      yield* sdkShows(() => open.mock.calls.length === 1, "the wallet opened")
      assert.deepStrictEqual(open.mock.calls[0], ["phonewallet://", "_self", "noopener,noreferrer"])
    }).pipe(
      Effect.provide(layerOf(mock, seeded().area)),
      Effect.ensuring(Effect.sync(() => vi.unstubAllGlobals()))
    )
  })

  /**
   * Connects, signs once on a touch device or not with `stored` remembered, then runs `openWallet` itself
   * (so the request's own attempt has surely finished), and returns what was opened.
   */
  const signWith = (coarse: boolean, stored: { readonly href: string; readonly name: string }) => {
    const mock = makeMockWalletConnect({ answer: () => Promise.resolve(`0x${"ab".repeat(65)}`) })
    const open = vi.fn()
    return Effect.gen(function* () {
      vi.stubGlobal("open", open)
      touch(coarse)
      yield* connectWalletConnect(mock)
      const rpc = yield* RpcRouter
      yield* rpc.request({ method: "personal_sign", params: ["0x00", ALICE] })
      yield* Effect.flatMap(WalletConnect, (w) => w.openWallet)
      return open.mock.calls
    }).pipe(
      Effect.provide(layerOf(mock, makeArea({ [StorageKeys.deepLinkChoice.key]: stored }).area)),
      Effect.ensuring(Effect.sync(() => vi.unstubAllGlobals()))
    )
  }

  it.effect("a stored link that is not safe never opens", () =>
    Effect.map(signWith(true, { href: "javascript:alert(1)//", name: "Evil" }), (opened) =>
      assert.deepStrictEqual(opened, [])
    )
  )

  it.effect("on a desktop nothing opens: the visitor scanned the QR code with another device", () =>
    Effect.map(signWith(false, { href: "phonewallet://", name: "Phone Wallet" }), (opened) =>
      assert.deepStrictEqual(opened, [])
    )
  )
})
