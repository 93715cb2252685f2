import type { TransactionStackEntry } from "../../../../services/ModalRouter"
import type { PendingApproval } from "../../../../services/RpcRouter"

/**
 * The request ApproveTransaction shows: the oldest on the router's stack that still waits (one settled is
 * gone from the approvals before the stack hears of it; one the stack took off, aborted, may linger in them).
 */
export const shownApproval = (
  approvals: ReadonlyArray<PendingApproval>,
  stack: ReadonlyArray<TransactionStackEntry>
): PendingApproval | undefined =>
  approvals.find((approval) => stack.some((entry) => entry.id === approval.id))
