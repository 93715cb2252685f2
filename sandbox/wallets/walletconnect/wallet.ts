/**
 * The Sandbox WalletConnect Wallet's logic on `@reown/walletkit`: pairing, the session proposals, one-click
 * sign-in requests (`session_authenticate`) and requests waiting for the visitor (or answered at once in
 * `auto-approve` mode), the sessions, and the answers. Sessions survive a reload through WalletKit's own
 * storage (IndexedDB, under {@link STORAGE_PREFIX}). Free of DOM code: the page (ui.ts) renders what {@link WcWallet} exposes.
 */
import { WalletKit } from "@reown/walletkit"
import { Core } from "@walletconnect/core"
import type { AuthTypes, JsonRpcRecord, ProposalTypes, SessionTypes } from "@walletconnect/types"
import { buildApprovedNamespaces, getSdkError } from "@walletconnect/utils"
import type { Hex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import type { SandboxChainConfig, SandboxConfig } from "../../shared/config"
import { SANDBOX_SOLANA_CHAIN, sandboxSolanaAddress } from "../../shared/solana"
import {
  type PreparedSignIn,
  prepareSignIn,
  proposalSignIns,
  type SignInMessage,
  SignInProblem,
  signIn
} from "./auth"
import {
  createEvmSigner,
  eip155Reference,
  type Prepared,
  type Preview,
  parseHexChainId,
  sandboxChainOf,
  toHexChainId
} from "./evm"
import { EVM_METHODS, supportedNamespaces } from "./namespaces"
import {
  ErrorCode,
  errorOf,
  invalidParams,
  isRecord,
  type RpcResponse,
  rpcError,
  rpcResult,
  unsupportedMethod,
  userRejected,
  WalletRpcError
} from "./rpc"
import { parseSolanaSignMessage, readableBytes, solanaSignMessage } from "./solana"

export const WALLET_NAME = "Sandbox WalletConnect Wallet"

/** WalletKit's storage keys are prefixed with this (a dapp in the same process or origin uses another). */
export const STORAGE_PREFIX = "airlock-sandbox-wc-wallet"

export const WALLET_MODES = ["manual", "auto-approve"] as const
export type WcWalletMode = (typeof WALLET_MODES)[number]

export const isWcWalletMode = (value: unknown): value is WcWalletMode =>
  typeof value === "string" && (WALLET_MODES as ReadonlyArray<string>).includes(value)

/** How long a wallet_switchEthereumChain waits for the dapp to take the session update before going on. */
const SESSION_UPDATE_WAIT_MS = 5_000

/** The dapp as its proposal or session describes itself: untrusted text. */
export interface DappInfo {
  readonly name: string
  readonly url: string
  readonly description: string
  readonly icons: ReadonlyArray<string>
}

export interface PendingProposal {
  readonly id: number
  readonly dapp: DappInfo
  /** Every chain the dapp asked for (required and optional). */
  readonly requestedChains: ReadonlyArray<string>
  /** What approving grants; undefined when nothing asked for is supported (see `problem`). */
  readonly namespaces: SessionTypes.Namespaces | undefined
  readonly problem: string | undefined
  /** WalletConnect Verify's verdict; "UNKNOWN" offline. */
  readonly validation: string
  /**
   * The sign-in messages the proposal asks for (`connect({ authentication })`), signed when it is approved and
   * answered with the session; empty when it asks for none, or for none on a sandbox chain.
   */
  readonly signIn: ReadonlyArray<SignInMessage>
}

/** A one-click sign-in request (`wc_sessionAuthenticate`): approving it signs in and connects at once. */
export interface PendingSignIn {
  readonly id: number
  readonly dapp: DappInfo
  /** The EIP-4361 domain and URI the dapp signs in to (its words, untrusted). */
  readonly domain: string
  readonly uri: string
  /** Every chain the dapp asked for. */
  readonly requestedChains: ReadonlyArray<string>
  /** One message per sandbox chain asked for; empty when it cannot be signed (see `problem`). */
  readonly messages: ReadonlyArray<SignInMessage>
  /** CAIP-10 accounts the session gets. */
  readonly accounts: ReadonlyArray<string>
  /** The eip155 methods the session gets; empty: the dapp asked for none, so no session is created. */
  readonly methods: ReadonlyArray<string>
  readonly problem: string | undefined
  /** WalletConnect Verify's verdict; "UNKNOWN" offline. */
  readonly validation: string
  /** Seconds since the epoch. */
  readonly expiry: number
}

/** What approving a sign-in request sent the dapp: the CACAOs, and the session they created (if any). */
export interface SignInResult {
  readonly session: SessionInfo | undefined
  readonly auths: ReadonlyArray<AuthTypes.Cacao>
}

export interface PendingRequest {
  readonly id: number
  readonly topic: string
  readonly method: string
  /** CAIP-2, e.g. `eip155:31337`. */
  readonly chainId: string
  readonly params: unknown
  /** The requesting dapp's name. */
  readonly dapp: string
  readonly preview: Preview
}

export interface SessionInfo {
  readonly topic: string
  readonly dapp: DappInfo
  /** CAIP-10 accounts over all namespaces. */
  readonly accounts: ReadonlyArray<string>
  readonly namespaces: SessionTypes.Namespaces
  /** Seconds since the epoch. */
  readonly expiry: number
}

export interface Notice {
  readonly level: "info" | "error"
  readonly text: string
}

export interface WcWallet {
  /** Resolves once WalletKit runs (and restored its sessions); rejects when it cannot start. */
  readonly ready: Promise<void>
  readonly evmAddress: string
  readonly solanaAddress: string
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
  /** How many requests the wallet has answered (with a result or an error) since the page loaded. */
  readonly answered: () => number
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

const MAX_NOTICES = 20

/** `WalletKit` is exported as a value (the class); its instances' type. */
type Kit = InstanceType<typeof WalletKit>

const dappOf = (metadata: { name?: unknown; url?: unknown; description?: unknown; icons?: unknown }) => ({
  name: typeof metadata.name === "string" && metadata.name !== "" ? metadata.name : "(unnamed dapp)",
  url: typeof metadata.url === "string" ? metadata.url : "",
  description: typeof metadata.description === "string" ? metadata.description : "",
  icons: Array.isArray(metadata.icons)
    ? metadata.icons.filter((icon): icon is string => typeof icon === "string" && icon !== "")
    : []
})

const requestedChainsOf = (proposal: ProposalTypes.Struct): Array<string> => {
  const chains = new Set<string>()
  for (const [key, namespace] of [
    ...Object.entries(proposal.requiredNamespaces ?? {}),
    ...Object.entries(proposal.optionalNamespaces ?? {})
  ]) {
    // A namespace key may itself be a chain ("eip155:1") instead of listing chains.
    for (const chain of key.includes(":") ? [key] : (namespace.chains ?? [])) chains.add(chain)
  }
  return [...chains]
}

const sessionInfo = (session: SessionTypes.Struct): SessionInfo => ({
  topic: session.topic,
  dapp: dappOf(session.peer.metadata),
  accounts: Object.values(session.namespaces).flatMap((namespace) => namespace.accounts),
  namespaces: session.namespaces,
  expiry: session.expiry
})

export const createWcWallet = ({ config, mode: initialMode, origin }: WcWalletOptions): WcWallet => {
  const first = config.wallet.accounts[0]
  if (first === undefined) throw new Error("The sandbox config lists no accounts")
  const account = privateKeyToAccount(first.privateKey as Hex)
  const evm = createEvmSigner(account)
  const supported = supportedNamespaces(config.chains, account.address)

  const evmChains = config.chains.map((chain) => `eip155:${chain.chainId}`)

  let mode = initialMode
  let answeredCount = 0
  const proposalQueue: Array<PendingProposal> = []
  /** The sign-in requests of the waiting proposals, by proposal id, ready to be signed. */
  const proposalSignIn = new Map<number, ReadonlyArray<PreparedSignIn>>()
  const signInQueue: Array<
    PendingSignIn & {
      readonly prepared: PreparedSignIn | undefined
      readonly reason: { readonly code: number; readonly message: string }
    }
  > = []
  /** Sign-in request ids already answered or expired, and the timers that drop a waiting one when it expires. */
  const settledSignIns = new Set<number>()
  const signInTimers = new Map<number, ReturnType<typeof setTimeout>>()
  const requestQueue: Array<PendingRequest & { readonly run: Prepared["run"] }> = []
  /** Request ids already taken: WalletKit emits a pending request again after a reload, once. */
  const seenRequests = new Set<number>()
  const noticeList: Array<Notice> = []
  const listeners = new Set<() => void>()

  const notify = () => {
    for (const listener of [...listeners]) listener()
  }
  const notice = (level: Notice["level"], text: string) => {
    noticeList.push({ level, text })
    if (noticeList.length > MAX_NOTICES) noticeList.splice(0, noticeList.length - MAX_NOTICES)
    notify()
  }
  const messageOf = (error: unknown) => errorOf(error).message

  let kit: Kit | undefined

  const start = async (): Promise<Kit> => {
    const core = new Core({
      projectId: config.api.projectId,
      relayUrl: config.relayUrl,
      customStoragePrefix: STORAGE_PREFIX,
      logger: "error",
      telemetryEnabled: false
    })
    // WalletKit.init fires an INIT analytics POST to pulse.walletconnect.org that ignores
    // `telemetryEnabled: false`; only the SDK's isTestRun() (`typeof process !== "undefined" &&
    // process.env.IS_VITEST === "true"`) skips it, and a browser has no `process`. The sandbox is offline
    // (the page's CSP would log the blocked call as an error), so that one call is dropped here.
    core.eventClient.init = async () => {}
    const started = await WalletKit.init({
      core,
      metadata: {
        name: WALLET_NAME,
        description: "The Airlock sandbox's WalletConnect test wallet (anvil's public keys, loopback only).",
        url: origin,
        icons: []
      }
    })
    started.on(
      "session_proposal",
      (proposal) =>
        void onProposal(started, proposal.id, proposal.params, proposal.verifyContext.verified.validation)
    )
    // Listening makes the wallet support one-click auth: the sign client then answers a dapp's authenticate()
    // here and ignores the fallback session proposal that comes with it (on a pairing whose URI names
    // wc_sessionAuthenticate).
    started.on(
      "session_authenticate",
      (request) =>
        void onSignIn(started, request.id, request.params, request.verifyContext.verified.validation)
    )
    started.on("session_request", (event) => void onRequest(event.id, event.topic, event.params))
    started.on("session_delete", ({ topic }) => {
      dropRequests(topic)
      notice("info", `The dapp ended session ${topic.slice(0, 8)}…`)
    })
    started.on("proposal_expire", ({ id }) => {
      if (removeProposal(id) !== undefined) notice("info", `Session proposal ${id} expired.`)
    })
    started.on("session_request_expire", ({ id }) => {
      const index = requestQueue.findIndex((request) => request.id === id)
      if (index >= 0) {
        requestQueue.splice(index, 1)
        notice("info", `Request ${id} expired.`)
      }
    })
    kit = started
    // A proposal that was waiting when the page was closed (requests come back through WalletKit itself).
    for (const proposal of Object.values(started.getPendingSessionProposals())) {
      void onProposal(started, proposal.id, proposal, "UNKNOWN")
    }
    // Likewise a sign-in request (the sign client keeps it until it is answered or expires).
    for (const request of started.engine.signClient.auth.requests.getAll()) {
      void onSignIn(started, request.id, request, request.verifyContext?.verified?.validation ?? "UNKNOWN")
    }
    notify()
    return started
  }

  // ----- proposals ---------------------------------------------------------------------------------------

  const removeProposal = (id: number) => {
    const index = proposalQueue.findIndex((proposal) => proposal.id === id)
    const [removed] = index >= 0 ? proposalQueue.splice(index, 1) : []
    if (removed !== undefined) proposalSignIn.delete(id)
    return removed
  }

  const signInOptions = (client: Kit) => ({
    chains: evmChains,
    methods: EVM_METHODS,
    address: account.address,
    format: (params: { request: AuthTypes.BaseAuthRequestParams; iss: string }) =>
      client.formatAuthMessage(params)
  })

  const onProposal = async (client: Kit, id: number, params: ProposalTypes.Struct, validation: string) => {
    if (proposalQueue.some((proposal) => proposal.id === id)) return
    let namespaces: SessionTypes.Namespaces | undefined
    let problem: string | undefined
    try {
      namespaces = buildApprovedNamespaces({ proposal: params, supportedNamespaces: supported })
      if (Object.keys(namespaces).length === 0) {
        namespaces = undefined
        problem = "None of the chains or methods asked for is one the sandbox wallet supports."
      }
    } catch (error) {
      problem = messageOf(error)
    }
    const dapp = dappOf(params.proposer.metadata)
    // `connect({ authentication })`: sign-in requests answered with the session, signed on approval.
    const signIns: Array<PreparedSignIn> = []
    for (const request of proposalSignIns(params.requests)) {
      try {
        signIns.push(prepareSignIn(request, signInOptions(client)))
      } catch (error) {
        notice("error", `${dapp.name}'s sign-in request cannot be signed: ${messageOf(error)}`)
      }
    }
    if (signIns.length > 0) proposalSignIn.set(id, signIns)
    proposalQueue.push({
      id,
      dapp,
      requestedChains: requestedChainsOf(params),
      namespaces,
      problem,
      validation,
      signIn: signIns.flatMap((prepared) => prepared.messages)
    })
    notice("info", `${dapp.name} asks to connect.`)
    if (mode === "auto-approve") await settleProposal(id, problem === undefined)
  }

  const pickProposal = (id: number | undefined) => {
    const proposal = id === undefined ? proposalQueue[0] : proposalQueue.find((p) => p.id === id)
    if (proposal === undefined) throw new Error("No session proposal is waiting.")
    return proposal
  }

  const approveProposal = async (id?: number): Promise<SessionInfo> => {
    const client = await kitPromise
    const proposal = pickProposal(id)
    if (proposal.namespaces === undefined) throw new Error(proposal.problem)
    const signIns = proposalSignIn.get(proposal.id) ?? []
    removeProposal(proposal.id)
    notify()
    try {
      const auths: Array<AuthTypes.Cacao> = []
      for (const prepared of signIns) auths.push(...(await signIn(prepared, account)))
      const session = await client.approveSession({
        id: proposal.id,
        namespaces: proposal.namespaces,
        ...(auths.length === 0 ? {} : { proposalRequestsResponses: { authentication: auths } })
      })
      notice("info", `Connected to ${proposal.dapp.name}${auths.length === 0 ? "" : " and signed in"}.`)
      return sessionInfo(session)
    } catch (error) {
      notice("error", `Approving ${proposal.dapp.name} failed: ${messageOf(error)}`)
      throw error
    }
  }

  const rejectProposal = async (id?: number): Promise<void> => {
    const client = await kitPromise
    const proposal = pickProposal(id)
    removeProposal(proposal.id)
    notify()
    try {
      await client.rejectSession({
        id: proposal.id,
        reason:
          proposal.namespaces === undefined ? getSdkError("UNSUPPORTED_CHAINS") : getSdkError("USER_REJECTED")
      })
      notice("info", `Rejected ${proposal.dapp.name}.`)
    } catch (error) {
      notice("error", `Rejecting ${proposal.dapp.name} failed: ${messageOf(error)}`)
      throw error
    }
  }

  /** Auto mode: approve what can be approved, reject the rest; failures are already noticed. */
  const settleProposal = (id: number, approve: boolean) =>
    (approve ? approveProposal(id) : rejectProposal(id)).then(
      () => undefined,
      () => undefined
    )

  // ----- one-click sign-in (wc_sessionAuthenticate) -----------------------------------------------------

  const removeSignIn = (id: number) => {
    const index = signInQueue.findIndex((request) => request.id === id)
    const [removed] = index >= 0 ? signInQueue.splice(index, 1) : []
    settledSignIns.add(id)
    clearTimeout(signInTimers.get(id))
    signInTimers.delete(id)
    return removed
  }

  const onSignIn = async (
    client: Kit,
    id: number,
    params: {
      readonly requester: { readonly metadata: Parameters<typeof dappOf>[0] }
      readonly authPayload: AuthTypes.PayloadParams
      readonly expiryTimestamp: number
    },
    validation: string
  ) => {
    if (settledSignIns.has(id) || signInQueue.some((request) => request.id === id)) return
    const { authPayload, expiryTimestamp } = params
    let prepared: PreparedSignIn | undefined
    let problem: string | undefined
    let reason = getSdkError("USER_REJECTED")
    try {
      prepared = prepareSignIn(authPayload, signInOptions(client))
    } catch (error) {
      problem = messageOf(error)
      if (error instanceof SignInProblem) reason = { ...error.reason }
    }
    const dapp = dappOf(params.requester.metadata)
    signInQueue.push({
      id,
      dapp,
      domain: typeof authPayload.domain === "string" ? authPayload.domain : "",
      uri: typeof authPayload.aud === "string" ? authPayload.aud : "",
      requestedChains: Array.isArray(authPayload.chains) ? authPayload.chains : [],
      messages: prepared?.messages ?? [],
      accounts: prepared?.payload.chains.map((chain) => `${chain}:${account.address}`) ?? [],
      methods: prepared?.methods ?? [],
      problem,
      validation,
      expiry: expiryTimestamp,
      prepared,
      reason
    })
    // The sign client drops an expired request without telling the wallet.
    const left = Math.min(Math.max(expiryTimestamp * 1000 - Date.now(), 0), 2 ** 31 - 1)
    signInTimers.set(
      id,
      setTimeout(() => {
        if (removeSignIn(id) !== undefined) notice("info", `Sign-in request ${id} expired.`)
      }, left)
    )
    notice("info", `${dapp.name} asks to sign in.`)
    if (mode === "auto-approve") await settleSignIn(id, problem === undefined)
  }

  const pickSignIn = (id: number | undefined) => {
    const request = id === undefined ? signInQueue[0] : signInQueue.find((r) => r.id === id)
    if (request === undefined) throw new Error("No sign-in request is waiting.")
    return request
  }

  /**
   * `approveSessionAuthenticate` (sign-client 2.25) stores the wallet's copy of the new session with the
   * dapp's key as its controller, while the dapp's copy names the wallet's, as in every session; the wallet
   * could then not update it (`wallet_switchEthereumChain` would fail with UNAUTHORIZED_UPDATE_REQUEST).
   * The wallet's copy is corrected to name the wallet.
   */
  const takeControl = async (client: Kit, topic: string) => {
    const store = client.engine.signClient.session
    const session = store.get(topic)
    if (session.controller !== session.self.publicKey) {
      await store.update(topic, { controller: session.self.publicKey })
    }
  }

  const approveSignIn = async (id?: number): Promise<SignInResult> => {
    const client = await kitPromise
    const request = pickSignIn(id)
    if (request.prepared === undefined) throw new Error(request.problem)
    removeSignIn(request.id)
    notify()
    try {
      const auths = await signIn(request.prepared, account)
      const { session } = await client.approveSessionAuthenticate({ id: request.id, auths })
      if (session !== undefined) {
        await takeControl(client, session.topic).catch((error: unknown) =>
          notice(
            "error",
            `The session with ${request.dapp.name} stays the dapp's to update: ${messageOf(error)}`
          )
        )
      }
      notice(
        "info",
        session === undefined
          ? `Signed in to ${request.dapp.name} (no session: it asked for no methods).`
          : `Signed in to ${request.dapp.name} and connected.`
      )
      return {
        session:
          session === undefined
            ? undefined
            : sessionInfo(client.getActiveSessions()[session.topic] ?? session),
        auths
      }
    } catch (error) {
      notice("error", `Signing in to ${request.dapp.name} failed: ${messageOf(error)}`)
      throw error
    }
  }

  const rejectSignIn = async (id?: number): Promise<void> => {
    const client = await kitPromise
    const request = pickSignIn(id)
    removeSignIn(request.id)
    notify()
    try {
      await client.rejectSessionAuthenticate({ id: request.id, reason: request.reason })
      notice("info", `Rejected the sign-in request of ${request.dapp.name}.`)
    } catch (error) {
      notice("error", `Rejecting the sign-in request of ${request.dapp.name} failed: ${messageOf(error)}`)
      throw error
    }
  }

  /** Auto mode: sign in where it can, reject the rest; failures are already noticed. */
  const settleSignIn = (id: number, approve: boolean) =>
    (approve ? approveSignIn(id) : rejectSignIn(id)).then(
      () => undefined,
      () => undefined
    )

  // ----- requests ----------------------------------------------------------------------------------------

  /** Sends the answer; true once it went out (a failure is noticed). */
  const respond = async (topic: string, response: RpcResponse): Promise<boolean> => {
    const client = await kitPromise
    try {
      await client.respondSessionRequest({ topic, response })
      answeredCount++
      notify()
      return true
    } catch (error) {
      notice("error", `Answering request ${response.id} failed: ${messageOf(error)}`)
      return false
    }
  }

  const dropRequests = (topic: string) => {
    for (let index = requestQueue.length - 1; index >= 0; index--) {
      if (requestQueue[index]?.topic === topic) requestQueue.splice(index, 1)
    }
  }

  /**
   * Adds `chain` to the session's eip155 namespace, and waits (at most {@link SESSION_UPDATE_WAIT_MS}) until
   * the dapp has answered the update: an acknowledgement that comes before `acknowledged()` is awaited is
   * lost in core 2.25, so the answer is looked for in the core's request history instead.
   */
  const addChainToSession = async (client: Kit, topic: string, chain: SandboxChainConfig) => {
    const session = client.getActiveSessions()[topic]
    const eip155 = session?.namespaces.eip155
    if (session === undefined || eip155 === undefined) {
      throw new WalletRpcError(ErrorCode.unauthorized, "This session has no eip155 namespace.")
    }
    const caip = `eip155:${chain.chainId}`
    if (eip155.chains?.includes(caip) === true) return eip155
    const updated = {
      ...eip155,
      chains: [...(eip155.chains ?? []), caip],
      accounts: [...eip155.accounts, `${caip}:${account.address}`]
    }
    const history = client.core.history
    const known = new Set(history.keys)
    const answered = new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer)
        history.off("history_updated", check)
        resolve()
      }
      const check = (record: JsonRpcRecord) => {
        if (!known.has(record.id) && record.topic === topic && record.request.method === "wc_sessionUpdate")
          done()
      }
      const timer = setTimeout(done, SESSION_UPDATE_WAIT_MS)
      history.on("history_updated", check)
    })
    // Not `acknowledged()`: see above.
    await client.updateSession({ topic, namespaces: { ...session.namespaces, eip155: updated } })
    await answered
    return updated
  }

  const switchChain = async (topic: string, chain: SandboxChainConfig) => {
    const client = await kitPromise
    const eip155 = await addChainToSession(client, topic, chain)
    if (eip155.events.includes("chainChanged")) {
      await client.emitSessionEvent({
        topic,
        event: { name: "chainChanged", data: chain.chainId },
        chainId: `eip155:${chain.chainId}`
      })
    }
    return null
  }

  const targetChain = (params: unknown): SandboxChainConfig => {
    const target = Array.isArray(params) ? params[0] : undefined
    if (!isRecord(target)) throw invalidParams("Expected [{ chainId }]")
    const chainId = parseHexChainId(target.chainId)
    const chain = config.chains.find((c) => c.chainId === chainId)
    if (chain === undefined) {
      throw new WalletRpcError(
        ErrorCode.unrecognizedChain,
        `Unrecognized chain ID "${toHexChainId(chainId)}": the sandbox wallet knows only the sandbox chains.`
      )
    }
    return chain
  }

  type Decision = { readonly answer: unknown } | { readonly ask: Prepared }

  /** Checks a request: answered at once, put to the visitor, or refused (by throwing). */
  const decide = (topic: string, method: string, chainId: string, params: unknown): Decision => {
    if (method.startsWith("solana_")) {
      if (chainId !== SANDBOX_SOLANA_CHAIN)
        throw invalidParams(`The sandbox wallet signs Solana on ${SANDBOX_SOLANA_CHAIN} only.`)
      if (method !== "solana_signMessage") throw unsupportedMethod(method)
      const request = parseSolanaSignMessage(params)
      return {
        ask: {
          preview: [
            ["Account", sandboxSolanaAddress],
            ["Message", readableBytes(request.message)]
          ],
          run: async () => solanaSignMessage(request)
        }
      }
    }
    if (eip155Reference(chainId) === undefined) throw unsupportedMethod(method)
    switch (method) {
      case "eth_accounts":
      case "eth_requestAccounts":
        return { answer: [account.address] }
      case "eth_chainId":
        return { answer: toHexChainId(sandboxChainOf(config.chains, chainId).chainId) }
      case "wallet_getCapabilities":
        // An externally owned account: no atomic batches, paymasters or the like on any chain.
        return { answer: {} }
      case "personal_sign":
        return { ask: evm.personalSign(params) }
      case "eth_signTypedData_v4":
        return { ask: evm.signTypedData(params) }
      case "eth_sendTransaction":
        return { ask: evm.sendTransaction(sandboxChainOf(config.chains, chainId), params) }
      case "wallet_switchEthereumChain": {
        const chain = targetChain(params)
        return {
          ask: {
            preview: [["Switch to", `${chain.name} (chain ${chain.chainId})`]],
            run: () => switchChain(topic, chain)
          }
        }
      }
      case "wallet_addEthereumChain": {
        const chain = targetChain(params)
        return {
          ask: {
            preview: [
              ["Add network", `${chain.name} (chain ${chain.chainId})`],
              ["RPC URL", chain.rpcUrl]
            ],
            run: async () => {
              await addChainToSession(await kitPromise, topic, chain)
              return null
            }
          }
        }
      }
      default:
        throw unsupportedMethod(method)
    }
  }

  const onRequest = async (
    id: number,
    topic: string,
    params: {
      readonly request: { readonly method: string; readonly params: unknown }
      readonly chainId: string
    }
  ) => {
    if (seenRequests.has(id)) return
    seenRequests.add(id)
    const { method, params: requestParams } = params.request
    let decision: Decision
    try {
      decision = decide(topic, method, params.chainId, requestParams)
    } catch (error) {
      notice("error", `Refused ${method}: ${messageOf(error)}`)
      return respond(topic, rpcError(id, error))
    }
    if ("answer" in decision) return respond(topic, rpcResult(id, decision.answer))
    const session = kit?.getActiveSessions()[topic]
    requestQueue.push({
      id,
      topic,
      method,
      chainId: params.chainId,
      params: requestParams,
      dapp: session === undefined ? "(unknown session)" : dappOf(session.peer.metadata).name,
      preview: decision.ask.preview,
      run: decision.ask.run
    })
    notify()
    if (mode === "auto-approve") await approveRequest(id)
  }

  const takeRequest = (id: number | undefined) => {
    const index = id === undefined ? 0 : requestQueue.findIndex((request) => request.id === id)
    const [request] = index >= 0 && index < requestQueue.length ? requestQueue.splice(index, 1) : []
    if (request !== undefined) notify()
    return request
  }

  const approveRequest = async (id?: number): Promise<boolean> => {
    const request = takeRequest(id)
    if (request === undefined) return false
    let response: RpcResponse
    try {
      response = rpcResult(request.id, await request.run())
    } catch (error) {
      notice("error", `${request.method} failed: ${messageOf(error)}`)
      response = rpcError(request.id, error)
    }
    if ((await respond(request.topic, response)) && "result" in response) {
      notice("info", `Answered ${request.method} from ${request.dapp}.`)
    }
    return true
  }

  const rejectRequest = async (id?: number): Promise<boolean> => {
    const request = takeRequest(id)
    if (request === undefined) return false
    if (await respond(request.topic, rpcError(request.id, userRejected()))) {
      notice("info", `Rejected ${request.method} from ${request.dapp}.`)
    }
    return true
  }

  // ----- sessions ----------------------------------------------------------------------------------------

  const sessions = (): ReadonlyArray<SessionInfo> =>
    kit === undefined ? [] : Object.values(kit.getActiveSessions()).map(sessionInfo)

  const disconnect = async (topic?: string): Promise<void> => {
    const client = await kitPromise
    const topics = topic === undefined ? Object.keys(client.getActiveSessions()) : [topic]
    for (const each of topics) {
      const name = sessions().find((session) => session.topic === each)?.dapp.name ?? each
      try {
        await client.disconnectSession({ topic: each, reason: getSdkError("USER_DISCONNECTED") })
        dropRequests(each)
        notice("info", `Disconnected from ${name}.`)
      } catch (error) {
        notice("error", `Disconnecting ${name} failed: ${messageOf(error)}`)
        throw error
      }
    }
  }

  // ----- pairing -----------------------------------------------------------------------------------------

  const pair = async (uri: string): Promise<void> => {
    const trimmed = typeof uri === "string" ? uri.trim() : ""
    if (!trimmed.startsWith("wc:")) {
      const error = new Error("A WalletConnect URI starts with wc:")
      notice("error", error.message)
      throw error
    }
    const client = await kitPromise
    try {
      await client.pair({ uri: trimmed })
      notice("info", "Paired; waiting for the dapp's proposal or sign-in request.")
    } catch (error) {
      notice("error", `Pairing failed: ${messageOf(error)}`)
      throw error
    }
  }

  // Started last: its callbacks use everything above.
  const kitPromise = start()
  const ready = kitPromise.then(() => undefined)
  ready.catch((error: unknown) => notice("error", `WalletKit did not start: ${messageOf(error)}`))

  return {
    ready,
    evmAddress: account.address,
    solanaAddress: sandboxSolanaAddress,
    mode: () => mode,
    setMode: (next) => {
      if (!isWcWalletMode(next)) throw new TypeError(`Unknown wallet mode ${String(next)}`)
      mode = next
      notify()
      if (mode === "auto-approve") {
        for (const proposal of [...proposalQueue])
          void settleProposal(proposal.id, proposal.namespaces !== undefined)
        for (const request of [...signInQueue]) void settleSignIn(request.id, request.prepared !== undefined)
        for (const request of [...requestQueue]) void approveRequest(request.id)
      }
    },
    pair,
    proposals: () => [...proposalQueue],
    approveProposal,
    rejectProposal,
    signIns: () => signInQueue.map(({ prepared: _prepared, reason: _reason, ...request }) => request),
    approveSignIn,
    rejectSignIn,
    requests: () => requestQueue.map(({ run: _run, ...request }) => request),
    approveRequest,
    rejectRequest,
    sessions,
    disconnect,
    answered: () => answeredCount,
    notices: () => [...noticeList],
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
}
