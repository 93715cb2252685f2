import { assert, describe, it } from "@effect/vitest"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import { EmbeddedStorageKeys } from "../../src/schemas/EmbeddedStorageKeys"
import type { ChainNamespace } from "../../src/schemas/Primitives"
import {
  ActiveNetworkIds,
  ConnectionStatus,
  connectedConnectorIdKey,
  RecentWallets,
  type StorageKey,
  StorageKeys
} from "../../src/schemas/StorageKeys"
import { accepts, caipNetworkIdArb, hostile, NUM_RUNS, namespaceArb, rejects } from "./helpers"

const namespaces: ReadonlyArray<ChainNamespace> = ["eip155", "solana", "polkadot", "bip122", "cosmos"]

const parseJsonOf = <A, I>(key: StorageKey<A, I>) =>
  Schema.decodeUnknownResult(Schema.fromJsonString(key.schema))

/**
 * The contract of one key: a valid sample round-trips through JSON text the way the Storage service
 * writes it, a rule-breaking value and corrupt JSON fail, and arbitrary stored text never throws.
 */
const keySuite = <A, I>(name: string, key: StorageKey<A, I>, sample: unknown, invalid: unknown) =>
  describe(name, () => {
    it("round-trips a valid value through JSON text", () => {
      const decoded = accepts(Schema.fromJsonString(key.schema), JSON.stringify(sample))
      const encoded = Schema.encodeResult(Schema.fromJsonString(key.schema))(decoded)
      assert.isTrue(Result.isSuccess(encoded))
      if (Result.isSuccess(encoded)) assert.deepStrictEqual(JSON.parse(encoded.success), sample)
    })

    it("rejects a rule-breaking value and corrupt JSON", () => {
      rejects(key.schema, invalid)
      rejects(Schema.fromJsonString(key.schema), JSON.stringify(invalid))
      rejects(Schema.fromJsonString(key.schema), "{not json", "JSON")
    })

    it("property: arbitrary stored text never throws; successes are valid", () => {
      const decode = parseJsonOf(key)
      const is = Schema.is(Schema.toType(key.schema))
      fc.assert(
        fc.property(
          fc.oneof(
            fc.json(),
            fc.string(),
            hostile.map((v) => JSON.stringify(v) ?? "undefined")
          ),
          (text) => {
            const result = decode(text)
            if (Result.isSuccess(result)) assert.isTrue(is(result.success))
          }
        ),
        { numRuns: NUM_RUNS }
      )
    })
  })

describe("StorageKeys and EmbeddedStorageKeys", () => {
  it("have one distinct @airlock/ key per SPEC §3 stored item", () => {
    const names = [...Object.values(StorageKeys), ...Object.values(EmbeddedStorageKeys)].map((k) => k.key)
    assert.strictEqual(new Set(names).size, names.length)
    for (const name of names) assert.isTrue(name.startsWith("@airlock/"), name)
    assert.strictEqual(names.length, 14)
  })

  keySuite("activeNamespace", StorageKeys.activeNamespace, "eip155", "sui")
  keySuite(
    "activeNetworkIds",
    StorageKeys.activeNetworkIds,
    { eip155: "eip155:8453", solana: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp" },
    { eip155: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp" }
  )
  keySuite(
    "recentWallets",
    StorageKeys.recentWallets,
    [
      { id: "io.metamask", rdns: "io.metamask", name: "MetaMask" },
      { id: "walletConnect", name: "WalletConnect" }
    ],
    [{ id: "", name: "x" }]
  )
  keySuite("connectedSocialProvider", EmbeddedStorageKeys.connectedSocialProvider, "farcaster", "myspace")
  keySuite("socialUsername", EmbeddedStorageKeys.socialUsername, "ada", 7)
  keySuite(
    "connectionStatus",
    StorageKeys.connectionStatus,
    { eip155: "connected", solana: "disconnected" },
    { eip155: "online" }
  )
  keySuite("connectedNamespaces", StorageKeys.connectedNamespaces, ["eip155", "solana"], ["eip155", "near"])
  keySuite(
    "preferredAccountTypes",
    EmbeddedStorageKeys.preferredAccountTypes,
    { eip155: "smartAccount", bip122: "payment" },
    { eip155: "contract" }
  )
  keySuite(
    "deepLinkChoice",
    StorageKeys.deepLinkChoice,
    { href: "https://metamask.app.link", name: "MetaMask" },
    { href: "x" }
  )
  keySuite("emailLoginUsed", EmbeddedStorageKeys.emailLoginUsed, true, "true")
  keySuite("email", EmbeddedStorageKeys.email, "ada@example.com", "not-an-email")
  keySuite("lastEmailLoginTime", EmbeddedStorageKeys.lastEmailLoginTime, 1_714_557_600_000, -1)
  keySuite("lastUsedChain", StorageKeys.lastUsedChain, "eip155:1", "1")
  keySuite(
    "smartAccountEnabledNetworks",
    EmbeddedStorageKeys.smartAccountEnabledNetworks,
    ["eip155:8453", "eip155:10"],
    [8453]
  )
})

describe("connectedConnectorIdKey", () => {
  it("builds @airlock/{ns}:connected_connector_id", () => {
    for (const ns of namespaces) {
      assert.strictEqual(connectedConnectorIdKey(ns).key, `@airlock/${ns}:connected_connector_id`)
    }
    const key = connectedConnectorIdKey("eip155")
    assert.strictEqual(
      accepts(Schema.fromJsonString(key.schema), JSON.stringify("io.metamask")),
      "io.metamask"
    )
    rejects(key.schema, "", "Expected a non-empty connector id")
  })

  it("property: arbitrary stored text never throws", () =>
    fc.assert(
      fc.property(namespaceArb, fc.oneof(fc.json(), fc.string()), (ns, text) => {
        const result = parseJsonOf(connectedConnectorIdKey(ns))(text)
        if (Result.isSuccess(result)) assert.isTrue(result.success.trim().length > 0)
      }),
      { numRuns: NUM_RUNS }
    ))
})

describe("RecentWallets", () => {
  const a = { id: "a", name: "A" }
  const b = { id: "b", name: "B" }
  const c = { id: "c", name: "C" }

  it("reads leniently: keeps the first 2 distinct wallets, newest first", () => {
    assert.deepStrictEqual(accepts(RecentWallets, [a, { ...a, name: "A again" }, b, c]), [a, b])
    assert.deepStrictEqual(accepts(RecentWallets, []), [])
  })

  it("writes strictly: more than 2 fails to encode", () => {
    const result = Schema.encodeResult(RecentWallets)([a, b, c])
    assert.isTrue(Result.isFailure(result))
    if (Result.isFailure(result)) assert.include(String(result.failure), "Expected at most 2 recent wallets")
  })

  it("property: any decoded list has at most 2 wallets and no duplicate ids", () =>
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.constantFrom("a", "b", "c", "d"), name: fc.string() }), { maxLength: 8 }),
        (wallets) => {
          const decoded = accepts(RecentWallets, wallets)
          return decoded.length <= 2 && new Set(decoded.map((w) => w.id)).size === decoded.length
        }
      ),
      { numRuns: NUM_RUNS }
    ))
})

describe("ActiveNetworkIds and ConnectionStatus", () => {
  it("an id must belong to the namespace it is stored under", () => {
    rejects(ActiveNetworkIds, { solana: "eip155:1" }, "solana: eip155:1 is not a solana network id")
  })

  it("property: generated ids are stored under their own namespace", () =>
    fc.assert(
      fc.property(fc.array(caipNetworkIdArb, { maxLength: 5 }), (ids) => {
        const byNs = Object.fromEntries(ids.map((id) => [id.slice(0, id.indexOf(":")), id]))
        return Result.isSuccess(Schema.decodeUnknownResult(ActiveNetworkIds)(byNs))
      }),
      { numRuns: NUM_RUNS }
    ))

  it("ConnectionStatus has the five states", () => {
    for (const s of ["disconnected", "connecting", "connected", "reconnecting", "buffering"])
      accepts(ConnectionStatus, s)
    rejects(ConnectionStatus, "online", "Expected a connection status")
  })
})
