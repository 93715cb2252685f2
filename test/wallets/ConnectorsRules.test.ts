// @vitest-environment happy-dom

// The rules of an announcement: what it becomes, how it joins the list, and what is shown.

import { assert, describe, it } from "@effect/vitest"
import * as Option from "effect/Option"
import {
  fromAnnouncement,
  injectedConnector,
  isShown,
  matchingKey,
  withAnnouncement
} from "../../src/layers/wallets/ConnectorsLive"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import type { WalletConnector } from "../../src/services/Connectors"
import { makeMockEip1193Provider } from "../../src/testing/index"
import { decodedOptions } from "../kit/fixtures"
import { connectorOf, info, PNG } from "./connectorsWorld"

describe("fromAnnouncement", () => {
  it("turns a valid announcement into an ANNOUNCED connector keyed on its rdns", () => {
    const provider = makeMockEip1193Provider()
    const connector = connectorOf(info(), provider)
    assert.deepStrictEqual(connector, {
      id: "eip6963:350670db-19fa-4704-a166-e52e178b59d2",
      key: "dev.airlock.mock",
      type: "ANNOUNCED",
      chain: "eip155",
      name: "Mock Wallet",
      icon: PNG,
      rdns: "dev.airlock.mock",
      provider,
      suspicious: false,
      uuid: "350670db-19fa-4704-a166-e52e178b59d2"
    })
    assert.strictEqual(connector.provider, provider)
  })

  it("keys a wallet without a usable rdns on its lower-cased name", () => {
    const connector = connectorOf(
      info({ rdns: "not an rdns", name: "Mock WALLET" }),
      makeMockEip1193Provider()
    )
    assert.isUndefined(connector.rdns)
    assert.strictEqual(connector.key, "name:mock wallet")
  })

  it("keeps only a data URI icon, as EIP-6963 says: an https icon could be a tracking pixel", () => {
    const https = connectorOf(info({ icon: "https://tracker.example/pixel.png" }), makeMockEip1193Provider())
    assert.isUndefined(https.icon)
    assert.strictEqual(https.name, "Mock Wallet")
    assert.strictEqual(connectorOf(info(), makeMockEip1193Provider()).icon, PNG)
  })

  it("drops an unsafe icon but keeps the wallet", () => {
    const connector = connectorOf(info({ icon: "javascript:alert(1)" }), makeMockEip1193Provider())
    assert.isUndefined(connector.icon)
  })

  const provider = makeMockEip1193Provider()
  const throwing = new Proxy(
    {},
    {
      get: () => {
        throw new Error("trap")
      }
    }
  )
  const malformed: ReadonlyArray<readonly [string, unknown]> = [
    ["undefined detail", undefined],
    ["null detail", null],
    ["a string detail", "MetaMask"],
    ["a detail whose getters throw", throwing],
    ["no provider", { info: info() }],
    ["a null provider", { info: info(), provider: null }],
    ["a provider without request", { info: info(), provider: { on: () => {} } }],
    [
      "a provider whose request is not a function",
      { info: info(), provider: { request: "eth_requestAccounts" } }
    ],
    ["a provider whose request getter throws", { info: info(), provider: throwing }],
    ["no info", { provider }],
    ["info as a string", { info: "MetaMask", provider }],
    ["info as an array", { info: [info()], provider }],
    ["an empty name", { info: info({ name: "" }), provider }],
    ["a blank name", { info: info({ name: "   " }), provider }],
    ["a name of only invisible characters", { info: info({ name: "\u202e\u200b\u0000" }), provider }],
    ["a blank uuid", { info: info({ uuid: " " }), provider }],
    ["a missing uuid", { info: { name: "Mock", icon: PNG, rdns: "dev.airlock.mock" }, provider }],
    ["a numeric name", { info: { ...info(), name: 42 }, provider }],
    ["a non-string icon", { info: { ...info(), icon: 1 }, provider }],
    ["a missing rdns", { info: { uuid: "u", name: "Mock", icon: PNG }, provider }]
  ]
  // Frozen, as a wallet announces it: each is ignored for what is wrong with it, not for being unfrozen.
  const frozen = (detail: unknown) =>
    typeof detail === "object" && detail !== null ? Object.freeze(detail) : detail
  for (const [label, detail] of malformed) {
    it(`ignores ${label}`, () => assert.isTrue(Option.isNone(fromAnnouncement(frozen(detail)))))
  }

  it("ignores a detail that is not frozen, which anyone could still rewrite (THREATS.md T5)", () => {
    const detail = { info: info(), provider }
    assert.isTrue(Option.isNone(fromAnnouncement(detail)))
    assert.isTrue(Option.isNone(fromAnnouncement(Object.seal({ ...detail }))))
    assert.isTrue(Option.isSome(fromAnnouncement(Object.freeze({ ...detail }))))
  })
})

describe("withAnnouncement", () => {
  const p1 = makeMockEip1193Provider()
  const p2 = makeMockEip1193Provider()
  const p3 = makeMockEip1193Provider()

  it("keeps one entry for a wallet announcing again with the same uuid and provider", () => {
    const a = connectorOf(info(), p1)
    const list = withAnnouncement(withAnnouncement([], a), a)
    assert.strictEqual(list.length, 1)
  })

  it("flags a reused uuid with another provider on both sides, under distinct ids", () => {
    const list = withAnnouncement([connectorOf(info(), p1)], connectorOf(info({ rdns: "com.other" }), p2))
    assert.strictEqual(list.length, 2)
    assert.notStrictEqual(list[0]?.id, list[1]?.id)
    assert.isTrue(list.every((c) => c.suspicious))
  })

  it("replaces the anonymous browser wallet when its provider announces itself", () => {
    const list = withAnnouncement([injectedConnector(p1)], connectorOf(info(), p1))
    assert.deepStrictEqual(
      list.map((c) => c.id),
      ["eip6963:350670db-19fa-4704-a166-e52e178b59d2"]
    )
    assert.isFalse(list[0]?.suspicious)
  })

  // THREATS.md T5/R17: wallets announce again on every `eip6963:requestProvider` (ours, wagmi's, any
  // library's). The second holder of a uuid is stored under `<id>#n`, and its re-announcement must still
  // be recognised (by uuid and provider), not listed once more each time.
  it("keeps one entry for the second holder of a uuid when it announces again", () => {
    const first = connectorOf(info(), p1)
    const impostor = connectorOf(info({ name: "Impostor" }), p2)
    let list = withAnnouncement(withAnnouncement([], first), impostor)
    list = withAnnouncement(list, impostor)
    list = withAnnouncement(list, impostor)
    assert.strictEqual(list.filter((c) => c.provider === p2).length, 1)
    assert.strictEqual(list.length, 2)
  })

  // A reused uuid gets a `#n` suffix that no other row uses: a wallet whose own uuid is `<uuid>#2` (or a
  // list that shrank when the browser wallet was replaced) must not make two rows share one id, or `byId`
  // would route a click on one to the other's provider (THREATS.md R17).
  it("never gives two connectors the same id", () => {
    const a = connectorOf(info({ uuid: "u" }), p1)
    const z = connectorOf(info({ uuid: "u#2", rdns: "com.z" }), p2)
    const b = connectorOf(info({ uuid: "u", rdns: "com.b" }), p3)
    const list = withAnnouncement(withAnnouncement(withAnnouncement([], a), z), b)
    assert.strictEqual(new Set(list.map((c) => c.id)).size, list.length)
  })
})

describe("isShown and matchingKey", () => {
  const provider = makeMockEip1193Provider()
  const wallet = connectorOf(info({ name: "Evil Wallet", rdns: "io.evil" }), provider)
  const shown = (overrides: Partial<ModalOptionsInput>, connector: WalletConnector = wallet) =>
    isShown(connector, decodedOptions(overrides))

  it("hides a wallet on the exclusion list by rdns, whatever the case", () => {
    assert.isTrue(shown({}))
    assert.isFalse(shown({ excludeWalletIds: ["io.evil"] }))
    assert.isFalse(shown({ excludeWalletIds: ["IO.Evil"] }))
    assert.isTrue(shown({ excludeWalletIds: ["io.evil.other"] }))
  })

  it("hides a wallet on the exclusion list by case-insensitive name", () => {
    assert.isFalse(shown({ excludeWalletIds: ["evil wallet"] }))
    assert.isFalse(shown({ excludeWalletIds: ["EVIL WALLET"] }))
    assert.isTrue(shown({ excludeWalletIds: ["Evil"] }))
  })

  it("follows enableEIP6963 and enableInjected", () => {
    const injected = injectedConnector(provider)
    assert.isFalse(shown({ enableEIP6963: false }))
    assert.isTrue(shown({ enableEIP6963: false }, injected))
    assert.isFalse(shown({ enableInjected: false }, injected))
    assert.isTrue(shown({ enableInjected: false }))
  })

  it("finds every connector a stored key names", () => {
    const other = connectorOf(info({ uuid: "other", rdns: "io.evil" }), makeMockEip1193Provider())
    assert.strictEqual(matchingKey([wallet, other], "io.evil").length, 2)
    assert.strictEqual(matchingKey([wallet, other], "io.good").length, 0)
  })
})
