/**
 * The approval panel's words: a message as text, an amount in ether, a batch and its status. Shared by both
 * sandbox wallets; apart from the requests they describe, as what the visitor reads.
 */
import { isHex } from "viem"
import type { ApprovalRequest } from "./approvals"
import type { BatchReview, CallsStatus } from "./batches"
import type { WalletChain } from "./types"

/** A message for the panel: UTF-8 text when the hex decodes to printable text, else the hex. */
export const readableMessage = (message: string): string => {
  if (!isHex(message)) return message
  try {
    const bytes = new Uint8Array(
      (message.slice(2).match(/../g) ?? []).map((byte) => Number.parseInt(byte, 16))
    )
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters mark binary data
    return /[\u0000-\u0008\u000e-\u001f]/.test(text) ? message : text
  } catch {
    return message
  }
}

/** Ether (or any 18-decimals amount) as a short decimal string for the panel. */
export const formatEther = (wei: bigint): string => {
  const whole = wei / 10n ** 18n
  const fraction = (wei % 10n ** 18n).toString().padStart(18, "0").replace(/0+$/, "")
  return fraction === "" ? whole.toString() : `${whole}.${fraction}`
}

/** The panel's words for a batch: each call's target, value and data length. */
export const batchApproval = (
  review: BatchReview,
  chains: ReadonlyArray<Pick<WalletChain, "chainId" | "name">>
): Omit<ApprovalRequest, "origin"> => ({
  kind: "send-calls",
  title: `Send ${review.calls.length} calls as one transaction`,
  details: [
    ["From", review.from],
    [
      "Network",
      `${chains.find((c) => c.chainId === review.chainId)?.name ?? "Chain"} (chain ${review.chainId})`
    ],
    ...(review.upgradeTo === undefined
      ? []
      : [
          [
            "Account upgrade",
            `First, this account's code will point at the batch delegate ${review.upgradeTo} (EIP-7702)`
          ] as const
        ]),
    ...review.calls.map(
      (call, i) =>
        [
          `Call ${i + 1} of ${review.calls.length}`,
          `To ${call.to}\nValue ${formatEther(call.value)} ETH\nData ${(call.data.length - 2) / 2} bytes`
        ] as const
    )
  ]
})

const STATUS_WORDS: Record<number, string> = {
  100: "Pending",
  200: "Confirmed",
  500: "Reverted: nothing of the batch remains"
}

/** The panel's words for wallet_showCallsStatus. */
export const statusNotice = (status: CallsStatus): Omit<ApprovalRequest, "origin"> => ({
  kind: "calls-status",
  title: "Batch status",
  details: [
    ["Batch", status.id],
    ["Status", STATUS_WORDS[status.status] ?? String(status.status)],
    ...(status.receipts ?? []).map((r) => ["Transaction", r.transactionHash] as const)
  ]
})
