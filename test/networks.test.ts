import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { mainnet as viemMainnet, polygon as viemPolygon } from "viem/chains"
import { describe, expect, it } from "vitest"
import * as Networks from "../src/networks"
import { decodeModalOptions } from "../src/schemas/ModalOptions"
import { CaipNetwork } from "../src/schemas/Network"

describe("airlock/networks", () => {
  it("has SPEC §9's 26 networks: EVM, Solana mainnet, devnet and testnet, and Bitcoin, each once", () => {
    expect(Networks.allNetworks).toHaveLength(26)
    expect(new Set(Networks.allNetworks.map((n) => n.caipNetworkId)).size).toBe(26)
    expect(Networks.allNetworks.filter((n) => n.chainNamespace === "solana")).toEqual([
      Networks.solana,
      Networks.solanaDevnet,
      Networks.solanaTestnet
    ])
    expect(Networks.allNetworks.filter((n) => n.chainNamespace === "bip122")).toEqual([Networks.bitcoin])
  })

  it("every one is a valid network with its CAIP-2 id, an image id, and plain data only", () => {
    for (const network of [...Networks.allNetworks, Networks.bitcoinTestnet]) {
      expect(Result.isSuccess(Schema.decodeUnknownResult(CaipNetwork)(network)), network.name).toBe(true)
      expect(network.caipNetworkId).toBe(`${network.chainNamespace}:${network.id}`)
      expect(network.assets.imageId).toMatch(/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/)
      // JSON round-trips it whole: no functions (viem's formatters, serializers) came along.
      expect(JSON.parse(JSON.stringify(network))).toEqual(network)
    }
  })

  it("Bitcoin's read and broadcast at an Esplora base: mempool.space's, mainnet and testnet3", () => {
    expect(Networks.bitcoin.rpcUrls.default.http[0]).toBe("https://mempool.space/api")
    expect(Networks.bitcoinTestnet.rpcUrls.default.http[0]).toBe("https://mempool.space/testnet/api")
    expect(Networks.bitcoinTestnet.caipNetworkId).toBe("bip122:000000000933ea01ad0ee984209779ba")
    expect(Networks.bitcoinTestnet.testnet).toBe(true)
    const decoded = decodeModalOptions({
      projectId: "p",
      networks: [Networks.bitcoin, Networks.bitcoinTestnet]
    })
    expect(Result.isSuccess(decoded)).toBe(true)
  })

  it("the EVM ones are viem's chains", () => {
    expect(Networks.mainnet).toMatchObject({
      id: viemMainnet.id,
      name: viemMainnet.name,
      nativeCurrency: viemMainnet.nativeCurrency,
      rpcUrls: { default: { http: viemMainnet.rpcUrls.default.http } },
      blockExplorers: { default: { url: viemMainnet.blockExplorers.default.url } }
    })
    expect(Networks.polygon.nativeCurrency.symbol).toBe(viemPolygon.nativeCurrency.symbol)
  })

  it("createModal takes them as they are", () => {
    const decoded = decodeModalOptions({
      projectId: "p",
      networks: [Networks.mainnet, Networks.base, Networks.solana]
    })
    expect(Result.isSuccess(decoded)).toBe(true)
    expect(Result.isSuccess(decoded) && decoded.success.networks.map((n) => n.caipNetworkId)).toEqual([
      "eip155:1",
      "eip155:8453",
      "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
    ])
  })
})
