/**
 * The wallet's approvals: each request that needs the visitor's consent waits here, and the mode decides
 * who answers it — the visitor through the panel (`manual`), or the test at once (`auto-approve`,
 * `auto-reject`), or nobody (`hang`).
 */

export const WALLET_MODES = ["manual", "auto-approve", "auto-reject", "hang"] as const
export type WalletMode = (typeof WALLET_MODES)[number]

export const isWalletMode = (value: unknown): value is WalletMode =>
  typeof value === "string" && (WALLET_MODES as ReadonlyArray<string>).includes(value)

export type ApprovalKind =
  | "connect"
  | "add-chain"
  | "switch-chain"
  | "sign-message"
  | "sign-typed-data"
  | "send-transaction"
  | "sign-transaction"
  | "sign-in"
  | "send-calls"
  | "calls-status"

/** What the panel shows: plain strings only (rendered as text, never as markup). */
export interface ApprovalRequest {
  readonly kind: ApprovalKind
  /** e.g. "Connect to this site" */
  readonly title: string
  /** The page origin asking. */
  readonly origin: string
  /** Label and value pairs, in order. */
  readonly details: ReadonlyArray<readonly [label: string, value: string]>
}

/** What the panel needs: show the head of the queue (with how many wait behind it), or hide. */
export interface ApprovalView {
  readonly show: (request: ApprovalRequest, waiting: number) => void
  readonly hide: () => void
}

export interface Approvals {
  /** Resolves to whether the request was approved; in `hang` mode it never resolves. */
  readonly ask: (request: ApprovalRequest) => Promise<boolean>
  readonly mode: () => WalletMode
  /** Changes the mode; requests already waiting follow the new mode (auto modes answer them now). */
  readonly setMode: (mode: WalletMode) => void
  /** Answers the oldest waiting request, as the panel's buttons do. False when none waits. */
  readonly decide: (approved: boolean) => boolean
  /** The requests waiting for an answer, oldest first. */
  readonly pending: () => ReadonlyArray<ApprovalRequest>
}

interface Waiting {
  readonly request: ApprovalRequest
  readonly resolve: (approved: boolean) => void
}

export const createApprovals = (initial: WalletMode, view: ApprovalView | undefined): Approvals => {
  let mode = initial
  const queue: Array<Waiting> = []

  const render = () => {
    const head = queue[0]
    if (mode === "manual" && head !== undefined) view?.show(head.request, queue.length - 1)
    else view?.hide()
  }

  const decide = (approved: boolean) => {
    const head = queue.shift()
    if (head === undefined) return false
    head.resolve(approved)
    render()
    return true
  }

  const answerAll = () => {
    if (mode === "auto-approve" || mode === "auto-reject") {
      while (queue.length > 0) decide(mode === "auto-approve")
    }
    render()
  }

  return {
    ask: (request) => {
      if (mode === "auto-approve") return Promise.resolve(true)
      if (mode === "auto-reject") return Promise.resolve(false)
      return new Promise<boolean>((resolve) => {
        queue.push({ request, resolve })
        render()
      })
    },
    mode: () => mode,
    setMode: (next) => {
      mode = next
      answerAll()
    },
    decide,
    pending: () => queue.map((w) => w.request)
  }
}
