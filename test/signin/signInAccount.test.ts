import { assert, describe, it } from "@effect/vitest"
import {
  isGone,
  keyOfAccount,
  namespaceOfAccount,
  sameFollowed,
  signInAccountOf
} from "../../src/layers/signin/signInAccount"
import type { ConnectionState, NamespaceConnection } from "../../src/services/Connection"
import type { NetworksState } from "../../src/services/Networks"
import { ALICE, SOLANA_CAROL } from "../kit/accounts"

const EVM = ALICE
const SOL = SOLANA_CAROL

const connected = (address: string): NamespaceConnection => ({
  status: "connected",
  connector: { id: "mock", name: "Mock" } as never,
  address,
  allAccounts: [address],
  accountType: "eoa"
})
const state = (namespaces: ConnectionState["namespaces"]): ConnectionState => ({
  namespaces,
  attempt: undefined
})
const networks = (activeNamespace: "eip155" | "solana"): NetworksState => ({
  activeNamespace,
  active: {
    eip155: {
      _tag: "Unknown",
      caipNetworkId: "eip155:31337",
      chainNamespace: "eip155",
      name: "Unknown Network"
    },
    solana: {
      _tag: "Unknown",
      caipNetworkId: "solana:localnet",
      chainNamespace: "solana",
      name: "Unknown Network"
    }
  }
})

describe("the account sign-in follows (pure)", () => {
  /** The account followed over these connections, with this namespace's network active. */
  const followed = (namespaces: ConnectionState["namespaces"], active: "eip155" | "solana") =>
    signInAccountOf(state(namespaces), networks(active))
  const evmFollowed = { chainId: "eip155:31337", address: EVM } as const
  const solanaFollowed = { chainId: "solana:localnet", address: SOL } as const

  it("the EVM account while EVM is active, whatever Solana does", () => {
    assert.deepStrictEqual(
      followed({ eip155: connected(EVM), solana: connected(SOL) }, "eip155"),
      evmFollowed
    )
    assert.strictEqual(followed({ eip155: { status: "connecting" } }, "eip155"), "pending")
    assert.strictEqual(followed({}, "eip155"), "disconnected")
    assert.strictEqual(followed({ eip155: { status: "disconnected" } }, "eip155"), "disconnected")
  })

  it("the Solana account, on the active Solana network, while Solana is active", () => {
    assert.deepStrictEqual(
      followed({ eip155: connected(EVM), solana: connected(SOL) }, "solana"),
      solanaFollowed
    )
    assert.deepStrictEqual(followed({ solana: connected(SOL) }, "solana"), solanaFollowed)
    assert.strictEqual(
      followed({ eip155: connected(EVM), solana: { status: "connecting" } }, "solana"),
      "pending"
    )
    assert.strictEqual(
      signInAccountOf(state({ solana: connected(SOL) }), { activeNamespace: "solana", active: {} }),
      "pending"
    )
  })

  it("a Solana network shown without a Solana account leaves the EVM account followed", () => {
    assert.deepStrictEqual(followed({ eip155: connected(EVM) }, "solana"), evmFollowed)
    assert.deepStrictEqual(
      followed({ eip155: connected(EVM), solana: { status: "disconnected" } }, "solana"),
      evmFollowed
    )
    assert.strictEqual(followed({ solana: { status: "disconnected" } }, "solana"), "disconnected")
  })

  it("EVM addresses compare in any case, Solana's exactly", () => {
    const evm = { chainId: "eip155:1", address: EVM } as const
    const solana = { chainId: "solana:localnet", address: SOL } as const
    assert.isTrue(sameFollowed(evm, { ...evm, address: EVM.toLowerCase() }))
    assert.isFalse(sameFollowed(solana, { ...solana, address: SOL.toLowerCase() }))
    assert.isFalse(sameFollowed(evm, { ...evm, chainId: "eip155:10" }))
    assert.isFalse(sameFollowed(evm, "pending"))
    assert.isTrue(sameFollowed("pending", "pending"))
    assert.strictEqual(
      keyOfAccount(evm),
      keyOfAccount({ ...evm, address: EVM.toUpperCase().replace("0X", "0x") })
    )
    assert.notStrictEqual(keyOfAccount(solana), keyOfAccount({ ...solana, address: SOL.toLowerCase() }))
    assert.strictEqual(namespaceOfAccount(solana), "solana")
    assert.strictEqual(namespaceOfAccount(evm), "eip155")
  })

  it("a namespace is gone when it is absent or disconnected, not while it connects", () => {
    const now = state({ eip155: { status: "disconnected" }, solana: { status: "connecting" } })
    assert.isTrue(isGone(now, "eip155"))
    assert.isFalse(isGone(now, "solana"))
    assert.isTrue(isGone(state({}), "solana"))
  })
})
