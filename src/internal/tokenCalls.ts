/**
 * Token calls read from call data for ApproveTransaction: ERC-20 `transfer` and `approve`, and
 * `setApprovalForAll` (ERC-721/1155), in words; any other call as its selector and size. Part of the
 * approval view's lazy chunk, like viem.
 */
import { decodeFunctionData, erc20Abi, erc721Abi, type Hex } from "viem"
import { type DescriptionRow, row, tokenAmount, UNREADABLE } from "./requestValues"

/** A token call read from call data, in words. */
export interface TokenIntent {
  readonly title: string
  /** One line, for a call inside a batch. */
  readonly summary: string
  readonly rows: (contract: string) => ReadonlyArray<DescriptionRow>
}

export const isHexData = (value: string): value is Hex => /^0x[0-9a-fA-F]*$/.test(value)

/** ERC-20 `transfer` / `approve`, or `setApprovalForAll` (ERC-721/1155); undefined for anything else. */
export const decodeTokenCall = (data: string): TokenIntent | undefined => {
  // The arguments fit in two words; a token ignores trailing bytes, and so does this.
  const head = `0x${data.slice(2, 10 + 64 * 2).toLowerCase()}`
  if (!data.startsWith("0x") || !isHexData(head) || head.length < 10) return undefined
  try {
    const call = head.startsWith("0xa22cb465")
      ? decodeFunctionData({ abi: erc721Abi, data: head })
      : decodeFunctionData({ abi: erc20Abi, data: head })
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
      case "approve": {
        const [spender, amount] = call.args
        return {
          title: amount === 0n ? "Revoke a token approval" : "Approve a token spender",
          summary: `Allow ${spender} to spend ${tokenAmount(amount)}`,
          rows: (token) => [
            row("Token", token, "code"),
            row("Spender", spender, "code"),
            row("Allowance", amount === 0n ? "0 units (removes the allowance)" : tokenAmount(amount))
          ]
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

/** One line about call data: the token call it makes, else its function selector and size. */
export const callDataSummary = (data: string | undefined): string => {
  if (data === undefined || data === "0x" || data === "") return "No data"
  if (!isHexData(data) || data.length % 2 === 1 || data.length < 10) return UNREADABLE
  return (
    decodeTokenCall(data)?.summary ??
    `Function ${data.slice(0, 10).toLowerCase()}, ${(data.length - 2) / 2} bytes`
  )
}
