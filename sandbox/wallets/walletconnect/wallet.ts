/**
 * The Sandbox WalletConnect Wallet on `@reown/walletkit`: {@link createWcWallet} builds its parts over one
 * context (context.ts) and hands WalletKit's events to them: walletKit.ts (WalletKit and pairing), proposals.ts
 * (session proposals), signIns.ts (one-click sign-in requests, `session_authenticate`), requests.ts (requests,
 * decided by methods.ts, and their answers), sessions.ts (sessions, chain updates, disconnect), notices.ts (the
 * activity log). In `auto-approve` mode what waits for the visitor is settled at once. Free of DOM code: the page (ui.ts) renders what
 * {@link WcWallet} exposes, and main.ts hands it to tests as `window.__sandboxWcWallet`.
 */
import type { Hex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import type { SandboxConfig } from "../../shared/config"
import { sandboxSolanaAddress } from "../../shared/solana"
import { sandboxWcBitcoinRing } from "./bitcoin"
import { isWcWalletMode, type Kit, messageOf, type WalletContext, type WcWalletMode } from "./context"
import { createNotices, type Notice } from "./notices"
import { createProposals, type PendingProposal } from "./proposals"
import { createRequests, type PendingRequest } from "./requests"
import { createSessions, type SessionInfo } from "./sessions"
import { createSignIns, type PendingSignIn, type SignInResult } from "./signIns"
import { initWalletKit, pairUri } from "./walletKit"

export interface WcWallet {
  /** Resolves once WalletKit runs (and restored its sessions); rejects when it cannot start. */
  readonly ready: Promise<void>
  readonly evmAddress: string
  readonly solanaAddress: string
  /** The bip122 account's payment address (Bitcoin dev account 1, regtest). */
  readonly bitcoinAddress: string
  readonly mode: () => WcWalletMode
  /** Changes the mode; in `auto-approve` whatever waits is approved now. */
  readonly setMode: (mode: WcWalletMode) => void
  /** Pairs with a `wc:` URI; the dapp's proposal then arrives in {@link proposals}. */
  readonly pair: (uri: string) => Promise<void>
  readonly proposals: () => ReadonlyArray<PendingProposal>
  /** Approves the proposal with this id, or the oldest one. Rejects when none waits or it cannot be approved. */
  readonly approveProposal: (id?: number) => Promise<SessionInfo>
  readonly rejectProposal: (id?: number) => Promise<void>
  /** One-click sign-in requests waiting, oldest first. */
  readonly signIns: () => ReadonlyArray<PendingSignIn>
  /**
   * Signs the sign-in request with this id, or the oldest one, and answers it (`approveSessionAuthenticate`).
   * Rejects when none waits or it cannot be signed.
   */
  readonly approveSignIn: (id?: number) => Promise<SignInResult>
  /**
   * Answers the sign-in request with this id, or the oldest one, with "User rejected." (5000), or why it cannot
   * be signed (e.g. "Unsupported chains.", 5100).
   */
  readonly rejectSignIn: (id?: number) => Promise<void>
  readonly requests: () => ReadonlyArray<PendingRequest>
  /** Approves the request with this id, or the oldest one, and answers it. False when none waits. */
  readonly approveRequest: (id?: number) => Promise<boolean>
  /** Answers the request with this id, or the oldest one, with "User rejected." (5000). */
  readonly rejectRequest: (id?: number) => Promise<boolean>
  readonly sessions: () => ReadonlyArray<SessionInfo>
  /** Ends the session with this topic, or every session, as the wallet's user (USER_DISCONNECTED). */
  readonly disconnect: (topic?: string) => Promise<void>
  /**
   * How many requests the wallet has answered (with a result or an error) since the page loaded; with
   * `method`, how many of that method.
   */
  readonly answered: (method?: string) => number
  /** The latest notices, oldest first: what happened, and what failed. */
  readonly notices: () => ReadonlyArray<Notice>
  /** Calls `listener` after every change; returns the unsubscribe function. */
  readonly subscribe: (listener: () => void) => () => void
}

export interface WcWalletOptions {
  readonly config: SandboxConfig
  readonly mode: WcWalletMode
  /** The page's origin, for the metadata the wallet shows dapps. */
  readonly origin: string
}

export const createWcWallet = ({ config, mode: initialMode, origin }: WcWalletOptions): WcWallet => {
  const first = config.wallet.accounts[0]
  if (first === undefined) throw new Error("The sandbox config lists no accounts")
  const account = privateKeyToAccount(first.privateKey as Hex)

  let mode = initialMode
  let kit: Kit | undefined
  const { notify, notice, notices, subscribe } = createNotices()
  const context: WalletContext = {
    config,
    account,
    mode: () => mode,
    client: () => kitPromise,
    current: () => kit,
    notify,
    notice
  }
  const requests = createRequests(context)
  const sessions = createSessions(context, requests.drop)
  const proposals = createProposals(context)
  const signIns = createSignIns(context)

  const start = async (): Promise<Kit> => {
    const started = await initWalletKit(config, origin)
    started.on(
      "session_proposal",
      (proposal) =>
        void proposals.receive(
          started,
          proposal.id,
          proposal.params,
          proposal.verifyContext.verified.validation
        )
    )
    // Listening makes the wallet support one-click auth: the sign client then answers a dapp's authenticate()
    // here and ignores the fallback session proposal that comes with it (on a pairing whose URI names
    // wc_sessionAuthenticate).
    started.on(
      "session_authenticate",
      (request) =>
        void signIns.receive(started, request.id, request.params, request.verifyContext.verified.validation)
    )
    started.on("session_request", (event) => void requests.receive(event.id, event.topic, event.params))
    started.on("session_delete", ({ topic }) => sessions.ended(topic))
    started.on("proposal_expire", ({ id }) => proposals.expire(id))
    started.on("session_request_expire", ({ id }) => requests.expire(id))
    kit = started
    // What waited when the page was closed; WalletKit itself emits the waiting requests again.
    proposals.restore(started)
    signIns.restore(started)
    notify()
    return started
  }

  // Started last: its callbacks use everything above.
  const kitPromise = start()
  const ready = kitPromise.then(() => undefined)
  ready.catch((error: unknown) => notice("error", `WalletKit did not start: ${messageOf(error)}`))

  return {
    ready,
    evmAddress: account.address,
    solanaAddress: sandboxSolanaAddress,
    bitcoinAddress: sandboxWcBitcoinRing.payment.address,
    mode: () => mode,
    setMode: (next) => {
      if (!isWcWalletMode(next)) throw new TypeError(`Unknown wallet mode ${String(next)}`)
      mode = next
      notify()
      if (mode === "auto-approve") {
        proposals.settleAll()
        signIns.settleAll()
        requests.approveAll()
      }
    },
    pair: (uri) => pairUri(context, uri),
    proposals: proposals.list,
    approveProposal: proposals.approve,
    rejectProposal: proposals.reject,
    signIns: signIns.list,
    approveSignIn: signIns.approve,
    rejectSignIn: signIns.reject,
    requests: requests.list,
    approveRequest: requests.approve,
    rejectRequest: requests.reject,
    sessions: sessions.list,
    disconnect: sessions.disconnect,
    answered: requests.answered,
    notices,
    subscribe
  }
}
