import * as Option from "effect/Option"
import fc from "fast-check"
import { encode } from "uqr"
import { describe, expect, it } from "vitest"
import { isBitcoinAddressOn } from "../../src/layers/bitcoin/bitcoinAddress"
import { addressesOf, namespacesOf, requestChainOf } from "../../src/layers/walletconnect/sessionAccounts"
import {
  decodeSessionWire,
  namespaceRequests,
  parseCaipAccount,
  SESSION_METHODS,
  sessionFromWire
} from "../../src/layers/walletconnect/walletConnectSession"
import { qrDrawing } from "../../src/react/modal/views/walletconnect/qr"
import { ALICE, SOLANA_CAROL as SOL } from "../kit/accounts"
import { decodedOptions, mainnetNetwork, sandboxNetwork, solanaDevnetNetwork } from "../kit/fixtures"

const DEVNET = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"

const solanaDevnet = solanaDevnetNetwork

const wire = (accounts: ReadonlyArray<string>) => ({
  topic: "b".repeat(64),
  namespaces: { any: { accounts } },
  peer: { metadata: { name: "Wallet" } }
})

describe("namespaceRequests", () => {
  it("asks for every configured network, per namespace, with the host's RPC URLs and the SPEC methods", () => {
    const { networks } = decodedOptions({ networks: [sandboxNetwork, mainnetNetwork, solanaDevnet] })
    const requests = namespaceRequests(networks)
    expect(Object.keys(requests)).toEqual(["eip155", "solana"])
    expect(requests.eip155).toEqual({
      chains: ["eip155:31337", "eip155:1"],
      methods: SESSION_METHODS.eip155,
      events: ["accountsChanged", "chainChanged"],
      rpcMap: { 31337: "http://127.0.0.1:8545", 1: mainnetNetwork.rpcUrls.default.http[0] }
    })
    expect(requests.solana?.chains).toEqual([DEVNET])
    expect(requests.solana?.methods).toContain("solana_signMessage")
  })
})

describe("parseCaipAccount", () => {
  it("reads valid CAIP-10 accounts of our namespaces", () => {
    expect(parseCaipAccount(`eip155:1:${ALICE}`)).toEqual(
      Option.some({ namespace: "eip155", caipNetworkId: "eip155:1", address: ALICE })
    )
    expect(parseCaipAccount(`${DEVNET}:${SOL}`)).toEqual(
      Option.some({ namespace: "solana", caipNetworkId: DEVNET, address: SOL })
    )
    // Bitcoin's with the address rules a host with a Bitcoin network loads (test/bitcoin has the rest).
    expect(
      Option.isSome(
        parseCaipAccount(
          "bip122:000000000019d6689c085ae165831e93:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
          isBitcoinAddressOn
        )
      )
    ).toBe(true)
  })

  it("drops anything else", () => {
    for (const bad of [
      "",
      ALICE,
      `eip155:1:${ALICE.slice(0, -1)}`,
      `eip155:1:${SOL}`,
      `solana:${DEVNET.slice(7)}:${ALICE}`,
      `tron:0x1:${ALICE}`,
      `eip155::${ALICE}`,
      `eip155:1:${ALICE}:extra`,
      "polkadot:91b171bb158e2d3848fa23a9f1c25182:<img src=x>"
    ]) {
      expect(Option.isNone(parseCaipAccount(bad)), bad).toBe(true)
    }
  })

  it("never throws and never accepts an address with markup (1000 runs)", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (ns, ref, address) => {
        const parsed = parseCaipAccount(`${ns}:${ref}:${address}`, isBitcoinAddressOn)
        if (Option.isSome(parsed)) expect(parsed.value.address).toMatch(/^[a-zA-Z0-9]+$/)
      }),
      { numRuns: 1000 }
    )
  })
})

describe("sessions", () => {
  it("decode only with a 64-hex topic and namespaces of account lists", () => {
    expect(Option.isSome(decodeSessionWire(wire([])))).toBe(true)
    expect(Option.isNone(decodeSessionWire({ ...wire([]), topic: "x" }))).toBe(true)
    expect(Option.isNone(decodeSessionWire({ ...wire([]), namespaces: { eip155: { accounts: [1] } } }))).toBe(
      true
    )
    expect(Option.isNone(decodeSessionWire(null))).toBe(true)
  })

  it("group accounts by namespace, the active chain first, each address once", () => {
    const session = sessionFromWire(
      wire([`eip155:1:${ALICE}`, `eip155:31337:${ALICE}`, "eip155:1:nonsense", `${DEVNET}:${SOL}`])
    )
    expect(namespacesOf(session)).toEqual(["eip155", "solana"])
    expect(addressesOf(session, "eip155", "eip155:31337")).toEqual([ALICE])
    expect(addressesOf(session, "solana")).toEqual([SOL])
    expect(addressesOf(session, "bip122")).toEqual([])
    expect(requestChainOf(session, "eip155", "eip155:31337")).toBe("eip155:31337")
    expect(requestChainOf(session, "eip155", "eip155:10")).toBe("eip155:1")
    expect(requestChainOf(session, "cosmos", undefined)).toBeUndefined()
  })
})

describe("qrDrawing", () => {
  it("draws exactly the dark modules of the encoded code, quiet zone included", () => {
    const uri = `wc:${"c".repeat(64)}@2?relay-protocol=irn&symKey=${"d".repeat(64)}&expiryTimestamp=1795308168`
    const { size, path } = qrDrawing(uri)
    const { data } = encode(uri, { ecc: "M", border: 4 })
    expect(size).toBe(data.length)
    // Each rectangle is one row run: its widths add up to the number of dark modules.
    const widths = [...path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)]
    const painted = new Set<string>()
    for (const [, x, y, w] of widths) {
      for (let i = 0; i < Number(w); i++) painted.add(`${Number(x) + i},${y}`)
    }
    const dark = new Set<string>()
    data.forEach((row, y) => {
      row.forEach((on, x) => {
        if (on) dark.add(`${x},${y}`)
      })
    })
    expect(painted).toEqual(dark)
    // The quiet zone stays light.
    expect(data[0]?.some(Boolean)).toBe(false)
    expect(data[3]?.some(Boolean)).toBe(false)
  })
})
