/** The approvals, contexts and row values the tests of `describeRequest` build their requests and expectations from. */
import { assert } from "@effect/vitest"
import type { DescribeContext } from "../../src/layers/requests/describeContext"
import { describeRequest, type RequestDescription } from "../../src/layers/requests/describeRequest"
import {
  type AmountValue,
  type RowLabel,
  type RowValue,
  rowKey
} from "../../src/layers/requests/requestValues"
import type { PendingApproval } from "../../src/services/RpcRouter"
import { ALICE as from, SOLANA_ALICE as pubkey, CAROL as spender } from "../kit/accounts"

export const token = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"

export const mainnet: DescribeContext = { activeChainId: 1, networkName: "Ethereum", nativeSymbol: "ETH" }

export const approval = (
  method: string,
  params: unknown,
  namespace: "eip155" | "solana" = "eip155"
): PendingApproval => ({
  id: 1,
  method,
  params,
  namespace,
  network: namespace === "eip155" ? "eip155:1" : "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  from: namespace === "eip155" ? from : pubkey,
  answeredIn: "modal",
  simulation: undefined
})

export const describe1 = (method: string, params: unknown, context: DescribeContext = mainnet) =>
  describeRequest(approval(method, params, method.startsWith("solana_") ? "solana" : "eip155"), context)

/** The value of the row `label` (numbered `index` for calls and permissions). */
export const value = (description: RequestDescription, label: RowLabel, index?: number): RowValue => {
  const found = description.rows.find((row) => row.label === label && row.index === index)
  if (found === undefined)
    return assert.fail(`no row "${label}${index ?? ""}" in ${labels(description).join(", ")}`)
  return found.value
}

export const labels = (description: RequestDescription) => description.rows.map(rowKey)

export const text = (shown: string): RowValue => ({ _tag: "Text", text: shown })

export const amount = (shown: AmountValue): RowValue => ({ _tag: "Amount", amount: shown })

export const units = (smallest: bigint): AmountValue => ({ _tag: "Units", amount: smallest })

export const UNLIMITED: AmountValue = { _tag: "Unlimited" }

export const deadline = (date: string | undefined): RowValue => ({ _tag: "Deadline", date })

export const chain = (chainId: string, networkName?: string): RowValue => ({
  _tag: "Chain",
  chainId,
  networkName
})

export const permit = (overrides: Record<string, unknown> = {}) => ({
  types: {
    EIP712Domain: [
      { name: "name", type: "string" },
      { name: "version", type: "string" },
      { name: "chainId", type: "uint256" },
      { name: "verifyingContract", type: "address" }
    ],
    Permit: [
      { name: "owner", type: "address" },
      { name: "spender", type: "address" },
      { name: "value", type: "uint256" },
      { name: "nonce", type: "uint256" },
      { name: "deadline", type: "uint256" }
    ]
  },
  primaryType: "Permit",
  domain: { name: "USD Coin", version: "2", chainId: 1, verifyingContract: token },
  message: { owner: from, spender, value: "1000000", nonce: 0, deadline: 1_893_456_000 },
  ...overrides
})
