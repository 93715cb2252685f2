/**
 * Token calls read from call data for ApproveTransaction and the transaction preview: ERC-20 `transfer`,
 * `transferFrom`, `approve` and EIP-2612 `permit`, and `setApprovalForAll` (ERC-721/1155), as structure
 * the view words; any other call as its selector and size. An unlimited allowance is called out. Part of
 * lazy chunks, like viem.
 */
import { decodeFunctionData, erc20Abi, erc721Abi, type Hex } from "viem"
import type { Denomination } from "../format/format"
import {
  tokenAmount as amountOf,
  type CallSummary,
  type DescriptionRow,
  formatDeadline,
  type RequestWarning,
  row,
  type TitleKind,
  UNLIMITED,
  valueRow
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

const unlimitedWarning = (spender: string, amount: bigint): RequestWarning | undefined =>
  amount >= UNLIMITED ? { _tag: "Unlimited", spender } : undefined

/** A token call read from call data. */
export interface TokenIntent {
  readonly title: TitleKind
  /** One line, for a call inside a batch. */
  readonly summary: CallSummary
  readonly rows: (contract: string) => ReadonlyArray<DescriptionRow>
  /** What the visitor must read first, such as an unlimited allowance. */
  readonly warning?: RequestWarning | undefined
}

export const isHexData = (value: string): value is Hex => /^0x[0-9a-fA-F]*$/.test(value)

/**
 * ERC-20 `transfer` / `approve`, or `setApprovalForAll` (ERC-721/1155); undefined for anything else.
 * `token`: the called token's symbol and decimals, when known, for amounts in its units.
 */
export const decodeTokenCall = (data: string, token?: Denomination | undefined): TokenIntent | undefined => {
  const tokenAmount = (amount: bigint) => amountOf(amount, token)
  const amountRow = (label: "Amount" | "Allowance", amount: bigint) =>
    valueRow(label, { _tag: "Amount", amount: tokenAmount(amount) })
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
          title: "Transfer",
          summary: { _tag: "Transfer", amount: tokenAmount(amount), to },
          rows: (token) => [
            row("Token", token, "code"),
            row("Recipient", to, "code"),
            amountRow("Amount", amount)
          ]
        }
      }
      case "transferFrom": {
        const [from, to, amount] = call.args
        return {
          title: "TransferFrom",
          summary: { _tag: "TransferFrom", amount: tokenAmount(amount), from, to },
          rows: (token) => [
            row("Token", token, "code"),
            row("From", from, "code"),
            row("Recipient", to, "code"),
            amountRow("Amount", amount)
          ]
        }
      }
      case "approve": {
        const [spender, amount] = call.args
        return {
          title: amount === 0n ? "RevokeApproval" : "ApproveSpender",
          summary: { _tag: "Approve", spender, amount: tokenAmount(amount) },
          rows: (token) => [
            row("Token", token, "code"),
            row("Spender", spender, "code"),
            amount === 0n ? valueRow("Allowance", { _tag: "NoAllowance" }) : amountRow("Allowance", amount)
          ],
          warning: unlimitedWarning(spender, amount)
        }
      }
      case "permit": {
        const [owner, spender, amount, deadline] = call.args
        return {
          title: "SubmitPermit",
          summary: { _tag: "Permit", spender, amount: tokenAmount(amount), owner },
          rows: (token) => [
            row("Token", token, "code"),
            row("Owner", owner, "code"),
            row("Spender", spender, "code"),
            amountRow("Allowance", amount),
            valueRow("ValidUntil", { _tag: "Deadline", date: formatDeadline(deadline) })
          ],
          warning: unlimitedWarning(spender, amount)
        }
      }
      case "setApprovalForAll": {
        const [operator, approved] = call.args
        return {
          title: approved ? "ApproveOperator" : "RevokeOperator",
          summary: { _tag: "ApprovalForAll", operator, approved },
          rows: (collection) => [
            row("Collection", collection, "code"),
            row("Operator", operator, "code"),
            valueRow("Access", { _tag: approved ? "AllTokens" : "NoOperator" })
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

/** Call data in brief: the token call it makes (in `token`'s units when known), else its selector and size. */
export const callSummary = (data: string | undefined, token?: Denomination | undefined): CallSummary => {
  if (data === undefined || data === "0x" || data === "") return { _tag: "NoData" }
  if (!isHexData(data) || data.length % 2 === 1 || data.length < 10) return { _tag: "Unreadable" }
  return (
    decodeTokenCall(data, token)?.summary ?? {
      _tag: "Function",
      selector: data.slice(0, 10).toLowerCase(),
      bytes: (data.length - 2) / 2
    }
  )
}
