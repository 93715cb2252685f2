import { assert, describe, it } from "@effect/vitest"
import { rpcUrlsFor, withProjectId } from "../../src/layers/rpc/rpcUrls"
import { solana } from "../schemas/networks"
import { local as localNetwork, optionsOf } from "./fallbackWorld"

/** A network's RPC URLs (FACTS §1.6), given the `http` list of the provider's supported chains. */

/** The sandbox chain on two RPC URLs of its own. */
const local = {
  ...localNetwork,
  rpcUrls: { default: { http: ["http://127.0.0.1:8545", "http://127.0.0.1:8546"] } }
}

/** Supported chains that list Ethereum mainnet and Solana mainnet, not the sandbox's chains. */
const SERVED: ReadonlySet<string> = new Set(["eip155:1", solana.caipNetworkId, "eip155:8453"])

describe("rpcUrlsFor", () => {
  const cases: ReadonlyArray<{
    readonly label: string
    readonly options: Record<string, unknown>
    readonly network: "eip155:1" | "eip155:31337" | "solana"
    readonly expected: ReadonlyArray<string>
    /** The `http` list of the provider's supported chains; {@link SERVED} unless given. */
    readonly served?: ReadonlySet<string>
  }> = [
    {
      label: "a chain the supported chains list: provider RPC, then the chain's own",
      options: {},
      network: "eip155:1",
      expected: ["https://rpc.walletconnect.org/v1/?chainId=eip155:1&projectId=proj", "https://eth.merkle.io"]
    },
    {
      label: "custom URLs come first, in the host's order",
      options: {
        customRpcUrls: { "eip155:1": [{ url: "https://a.example/rpc" }, { url: "https://b.example/rpc" }] }
      },
      network: "eip155:1",
      expected: [
        "https://a.example/rpc",
        "https://b.example/rpc",
        "https://rpc.walletconnect.org/v1/?chainId=eip155:1&projectId=proj",
        "https://eth.merkle.io"
      ]
    },
    {
      label: "duplicates are dropped, the first position kept",
      options: {
        customRpcUrls: { "eip155:1": [{ url: "https://eth.merkle.io" }, { url: "https://eth.merkle.io" }] }
      },
      network: "eip155:1",
      expected: ["https://eth.merkle.io", "https://rpc.walletconnect.org/v1/?chainId=eip155:1&projectId=proj"]
    },
    {
      label: "a chain the supported chains do not list (here the sandbox's 31337) gets no provider URL",
      options: { networks: [local], customRpcUrls: { "eip155:31337": [{ url: "http://127.0.0.1:9999" }] } },
      network: "eip155:31337",
      expected: ["http://127.0.0.1:9999", "http://127.0.0.1:8545", "http://127.0.0.1:8546"]
    },
    {
      label: "with no supported chains known, custom URLs and the chain's own only",
      options: { customRpcUrls: { "eip155:1": [{ url: "https://a.example/rpc" }] } },
      network: "eip155:1",
      served: new Set(),
      expected: ["https://a.example/rpc", "https://eth.merkle.io"]
    },
    {
      label: "the provider URL follows blockchainApiUrl (trailing slash trimmed)",
      options: { blockchainApiUrl: "http://localhost:4000/" },
      network: "eip155:1",
      expected: ["http://localhost:4000/v1/?chainId=eip155:1&projectId=proj", "https://eth.merkle.io"]
    },
    {
      label: "a provider-host URL without projectId gets it appended; Solana mainnet is served",
      options: { networks: [solana] },
      network: "solana",
      expected: [
        "https://rpc.walletconnect.org/v1/?chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp&projectId=proj",
        "https://rpc.walletconnect.org/v1?projectId=proj"
      ]
    },
    {
      label: "a provider-host URL that has a projectId keeps it",
      options: {
        customRpcUrls: {
          "eip155:1": [{ url: "https://rpc.walletconnect.org/v1/?chainId=eip155:1&projectId=mine" }]
        }
      },
      network: "eip155:1",
      expected: [
        "https://rpc.walletconnect.org/v1/?chainId=eip155:1&projectId=mine",
        "https://rpc.walletconnect.org/v1/?chainId=eip155:1&projectId=proj",
        "https://eth.merkle.io"
      ]
    }
  ]
  for (const { label, options, network, expected, served } of cases) {
    it(label, () => {
      const config = optionsOf(options)
      const target = config.networks.find((n) =>
        network === "solana" ? n.chainNamespace === "solana" : n.caipNetworkId === network
      )
      assert.isDefined(target)
      if (target !== undefined) assert.deepStrictEqual(rpcUrlsFor(target, config, served ?? SERVED), expected)
    })
  }

  it("appends projectId to an existing query and leaves other hosts alone", () => {
    assert.strictEqual(
      withProjectId("https://rpc.walletconnect.org/v1/?chainId=eip155:10", "p q"),
      "https://rpc.walletconnect.org/v1/?chainId=eip155:10&projectId=p%20q"
    )
    assert.strictEqual(withProjectId("https://eth.merkle.io/?x=1", "p"), "https://eth.merkle.io/?x=1")
    assert.strictEqual(withProjectId("not a url", "p"), "not a url")
  })
})
