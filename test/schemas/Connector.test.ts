import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { Connector, ConnectorType, Eip6963ProviderInfo } from "../../src/schemas/Connector"
import { accepts, alwaysDecodes, hostile, mutated, neverThrows, nonBlankArb, rejects } from "./helpers"

const metamask = {
  uuid: "350670db-19fa-4704-a166-e52e178b59d2",
  name: "MetaMask",
  icon: "data:image/svg+xml;base64,PHN2Zy8+",
  rdns: "io.metamask"
}

const eip6963Arb = fc.record({
  uuid: fc.uuid(),
  name: nonBlankArb,
  icon: fc.string(),
  rdns: fc.domain().map((d) => d.split(".").reverse().join("."))
})

const sevenTypes = ["MULTI_CHAIN", "ANNOUNCED", "INJECTED", "EXTERNAL", "WALLET_CONNECT", "AUTH", "ID_AUTH"]

describe("ConnectorType", () => {
  it("accepts the seven types", () => {
    for (const type of sevenTypes) accepts(ConnectorType, type)
  })

  it("rejects others with one message", () => {
    rejects(ConnectorType, "injected", "Expected a connector type: MULTI_CHAIN, ANNOUNCED")
  })
})

describe("Connector", () => {
  const injected = {
    id: "io.metamask",
    type: "ANNOUNCED",
    name: "MetaMask",
    info: { rdns: "io.metamask" },
    explorerId: "c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96",
    imageUrl: "data:image/png;base64,AAAA",
    chain: "eip155"
  }

  it("accepts full and minimal connectors", () => {
    assert.deepStrictEqual<unknown>(accepts(Connector, injected), injected)
    accepts(Connector, {
      id: "walletConnect",
      type: "WALLET_CONNECT",
      name: "WalletConnect",
      chain: "solana"
    })
  })

  it("rejects a blank id, an unknown chain and an unknown type", () => {
    rejects(Connector, { ...injected, id: " " }, "id: Expected a non-empty connector id")
    rejects(Connector, { ...injected, chain: "sui" }, "chain: Expected a chain namespace")
    rejects(Connector, { ...injected, type: "LEDGER" }, "type: Expected a connector type")
    rejects(Connector, { ...injected, info: { rdns: 1 } }, "info.rdns")
  })
})

describe("Eip6963ProviderInfo", () => {
  it("accepts an announcement's info", () => {
    assert.deepStrictEqual(accepts(Eip6963ProviderInfo, metamask), metamask)
  })

  it("keeps hostile strings as plain strings (rendering sanitises them)", () => {
    const hostileInfo = { ...metamask, name: '"><img src=x onerror=alert(1)>', icon: "javascript:alert(1)" }
    assert.deepStrictEqual(accepts(Eip6963ProviderInfo, hostileInfo), hostileInfo)
  })

  it("rejects missing or blank required fields", () => {
    const { rdns: _rdns, ...withoutRdns } = metamask
    rejects(Eip6963ProviderInfo, withoutRdns, "rdns: is missing")
    rejects(Eip6963ProviderInfo, { ...metamask, name: "" }, "name: Expected a non-empty wallet name")
    rejects(Eip6963ProviderInfo, { ...metamask, uuid: "" }, "uuid: Expected a non-empty uuid")
    rejects(Eip6963ProviderInfo, { ...metamask, icon: { src: "x" } }, "icon: Expected string")
  })

  it("drops extra keys so nothing unvalidated rides along", () => {
    const decoded = accepts(Eip6963ProviderInfo, { ...metamask, provider: { request: () => 1 } })
    assert.isFalse("provider" in decoded)
  })

  it("property: generated announcements decode", () => alwaysDecodes(Eip6963ProviderInfo, eip6963Arb))

  it("property: random and near-miss input never throws", () => {
    neverThrows(Eip6963ProviderInfo)
    neverThrows(Eip6963ProviderInfo, mutated(eip6963Arb))
    neverThrows(Connector, hostile)
  })
})
