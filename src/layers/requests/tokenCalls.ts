/**
 * Token calls read from call data for ApproveTransaction and the transaction preview: ERC-20 `transfer`,
 * `transferFrom`, `approve` and EIP-2612 `permit`, and `setApprovalForAll` (ERC-721/1155), in words; any
 * other call as its selector and size. An unlimited allowance is called out. Part of lazy chunks, like viem.
 */
import { decodeFunctionData, erc20Abi, erc721Abi, type Hex } from "viem"
import type { Denomination } from "../format/format"
import {
  tokenAmount as amountOf,
  type DescriptionRow,
  formatDeadline,
  row,
  UNREADABLE
} from "./requestValues"

/** EIP-2612 `permit`, which sets an allowance from a signature anyone can submit. */
export const permitAbi = [
  {
    type: "function",
    name: "permit",
    stateMutability: "nonpayable",
    inputs: [
      { name: "owner", type: "address" },
      { name: "spender", type: "address" },
      { name: "value", type: "uint256" },
      { name: "deadline", type: "uint256" },
      { name: "v", type: "uint8" },
      { name: "r", type: "bytes32" },
      { name: "s", type: "bytes32" }
    ],
    outputs: []
  }
] as const

/** Allowances this large are as good as unlimited (wallets use the largest uint256, or 2^255 and up). */
const UNLIMITED = 2n ** 255n

const unlimitedWarning = (spender: string, amount: bigint): string | undefined =>
  amount >= UNLIMITED
    ? `Unlimited approval: ${spender} could move all of this token you hold, now and later`
    : undefined

/** A token call read from call data, in words. */
export interface TokenIntent {
  readonly title: string
  /** One line, for a call inside a batch. */
  readonly summary: string
  readonly rows: (contract: string) => ReadonlyArray<DescriptionRow>
  /** What the visitor must read first, such as an unlimited allowance. */
  readonly warning?: string | undefined
}

export const isHexData = (value: string): value is Hex => /^0x[0-9a-fA-F]*$/.test(value)

/**
 * ERC-20 `transfer` / `approve`, or `setApprovalForAll` (ERC-721/1155); undefined for anything else.
 * `token`: the called token's symbol and decimals, when known, for amounts in its units.
 */
export const decodeTokenCall = (data: string, token?: Denomination | undefined): TokenIntent | undefined => {
  const tokenAmount = (amount: bigint) => amountOf(amount, token)
  // The arguments fit in seven words (permit's); a token ignores trailing bytes, and so does this.
  const head = `0x${data.slice(2, 10 + 64 * 7).toLowerCase()}`
  if (!data.startsWith("0x") || !isHexData(head) || head.length < 10) return undefined
  try {
    const call = head.startsWith("0xa22cb465")
      ? decodeFunctionData({ abi: erc721Abi, data: head.slice(0, 10 + 64 * 2) as Hex })
      : head.startsWith("0xd505accf")
        ? decodeFunctionData({ abi: permitAbi, data: head })
        : decodeFunctionData({
            abi: erc20Abi,
            data: head.slice(0, 10 + 64 * (head.startsWith("0x23b872dd") ? 3 : 2)) as Hex
          })
    switch (call.functionName) {
      case "transfer": {
        const [to, amount] = call.args
        return {
          title: "Transfer tokens",
          summary: `Transfer ${tokenAmount(amount)} to ${to}`,
          rows: (token) => [
            row("Token", token, "code"),
            row("Recipient", to, "code"),
            row("Amount", tokenAmount(amount))
          ]
        }
      }
      case "transferFrom": {
        const [from, to, amount] = call.args
        return {
          title: "Transfer tokens from another account",
          summary: `Transfer ${tokenAmount(amount)} from ${from} to ${to}`,
          rows: (token) => [
            row("Token", token, "code"),
            row("From", from, "code"),
            row("Recipient", to, "code"),
            row("Amount", tokenAmount(amount))
          ]
        }
      }
      case "approve": {
        const [spender, amount] = call.args
        return {
          title: amount === 0n ? "Revoke a token approval" : "Approve a token spender",
          summary: `Allow ${spender} to spend ${tokenAmount(amount)}`,
          rows: (token) => [
            row("Token", token, "code"),
            row("Spender", spender, "code"),
            row("Allowance", amount === 0n ? "None (removes the allowance)" : tokenAmount(amount))
          ],
          warning: unlimitedWarning(spender, amount)
        }
      }
      case "permit": {
        const [owner, spender, amount, deadline] = call.args
        return {
          title: "Submit a token permit",
          summary: `Let ${spender} spend ${tokenAmount(amount)} of ${owner}`,
          rows: (token) => [
            row("Token", token, "code"),
            row("Owner", owner, "code"),
            row("Spender", spender, "code"),
            row("Allowance", tokenAmount(amount)),
            row("Valid until", formatDeadline(deadline))
          ],
          warning: unlimitedWarning(spender, amount)
        }
      }
      case "setApprovalForAll": {
        const [operator, approved] = call.args
        return {
          title: approved ? "Approve an operator for all your NFTs" : "Revoke an NFT operator",
          summary: `${approved ? "Allow" : "Stop"} ${operator} ${approved ? "to move" : "moving"} every token`,
          rows: (collection) => [
            row("Collection", collection, "code"),
            row("Operator", operator, "code"),
            row("Access", approved ? "Every token of this collection" : "None (removes the operator)")
          ]
        }
      }
      default:
        return undefined
    }
  } catch {
    return undefined
  }
}

/** One line about call data: the token call it makes (in `token`'s units when known), else its selector and size. */
export const callDataSummary = (data: string | undefined, token?: Denomination | undefined): string => {
  if (data === undefined || data === "0x" || data === "") return "No data"
  if (!isHexData(data) || data.length % 2 === 1 || data.length < 10) return UNREADABLE
  return (
    decodeTokenCall(data, token)?.summary ??
    `Function ${data.slice(0, 10).toLowerCase()}, ${(data.length - 2) / 2} bytes`
  )
}
