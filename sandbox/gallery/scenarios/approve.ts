/**
 * ApproveTransaction: a dapp's unsafe requests as the modal shows them: a personal_sign message answered
 * here, long typed data (a permit with nested orders), a transaction with its simulated balance changes,
 * the same previewed while the wallet asks, and one the chain says would fail.
 */
import type { PendingApproval, PreviewSimulation } from "../../../src/services/RpcRouter"
import { ACCOUNT, galleryChain, RECEIVER } from "../fixtures"
import { SUSD } from "../flowFixtures"
import { connectedAs, family } from "../scenario"

const hex = (text: string) =>
  `0x${[...new TextEncoder().encode(text)].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`

export const approval = (
  method: string,
  params: unknown,
  more: Partial<PendingApproval> = {}
): ReadonlyArray<PendingApproval> => [
  {
    id: 1,
    method,
    params,
    namespace: "eip155",
    network: galleryChain.caipNetworkId,
    from: ACCOUNT,
    answeredIn: "modal",
    simulation: undefined,
    ...more
  }
]

/** A permit for a marketplace with orders nested three deep and long strings: the longest typed data. */
const typedData = {
  types: {
    EIP712Domain: [
      { name: "name", type: "string" },
      { name: "version", type: "string" },
      { name: "chainId", type: "uint256" },
      { name: "verifyingContract", type: "address" }
    ],
    Order: [
      { name: "maker", type: "address" },
      { name: "taker", type: "address" },
      { name: "items", type: "Item[]" },
      { name: "note", type: "string" },
      { name: "expiry", type: "uint256" }
    ],
    Item: [
      { name: "token", type: "address" },
      { name: "amount", type: "uint256" },
      { name: "description", type: "string" }
    ]
  },
  primaryType: "Order",
  domain: {
    name: "The Extraordinarily Long Named Decentralised Marketplace Protocol",
    version: "2",
    chainId: 31337,
    verifyingContract: SUSD
  },
  message: {
    maker: ACCOUNT,
    taker: RECEIVER,
    items: Array.from({ length: 4 }, (_, i) => ({
      token: SUSD,
      amount: `${BigInt(i + 1) * 123_456_789_012_345_678_901n}`,
      description: `Item ${i + 1}: a description long enough to wrap over several lines of the modal`
    })),
    note: "https://marketplace.gallery.invalid/orders/0x8a3f5c1e9b2d4f6a7c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c6e8b0d1f3a",
    expiry: "1893456000"
  }
}

const simulated: PreviewSimulation = {
  _tag: "Simulated",
  changes: [
    { token: "native", delta: -1_500_000_000_000_000_000n, symbol: "ETH", decimals: 18 },
    { token: SUSD, delta: 4_321_987_654n, symbol: "sUSD", decimals: 6 }
  ]
}

const transaction = { from: ACCOUNT, to: RECEIVER, value: "0x14d1120d7b160000", data: "0x" }

export const approveIn = (approvals: ReadonlyArray<PendingApproval>) => ({
  view: "Account" as const,
  connection: connectedAs(),
  approvals
})

export const approveScenarios = family("ApproveTransaction", {
  personalSign: {
    title: "personal_sign: a multi-line message to sign here",
    world: approveIn(
      approval("personal_sign", [
        hex(
          "Welcome to the Airlock Gallery!\n\nSign this message to prove you own this account. It costs nothing.\n\nNonce: 8f2c41d0-3b7e-4c55-9a1e-62d0c4b7e915"
        ),
        ACCOUNT
      ])
    )
  },
  typedData: {
    title: "eth_signTypedData_v4: long typed data with nested orders",
    world: approveIn(approval("eth_signTypedData_v4", [ACCOUNT, JSON.stringify(typedData)]))
  },
  transaction: {
    title: "eth_sendTransaction: 1.5 ETH out, with the simulated balance changes",
    world: approveIn(approval("eth_sendTransaction", [transaction], { simulation: simulated }))
  },
  walletAnswers: {
    title: "The same transaction previewed while the wallet asks",
    world: approveIn(
      approval("eth_sendTransaction", [transaction], { simulation: simulated, answeredIn: "wallet" })
    )
  },
  reverts: {
    title: "A transaction the chain says would fail",
    world: approveIn(approval("eth_sendTransaction", [transaction], { simulation: { _tag: "Reverted" } }))
  }
})
