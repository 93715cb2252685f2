/**
 * One-click sign-in requests (`session_authenticate`, a dapp's `authenticate()`): each waits for the visitor (or
 * is settled at once in `auto-approve` mode) until it is answered or expires. auth.ts narrows and signs them;
 * this module queues and answers them. Free of DOM code.
 */
import type { AuthTypes } from "@walletconnect/types"
import { getSdkError } from "@walletconnect/utils"
import {
  type PreparedSignIn,
  prepareSignIn,
  type SignInMessage,
  type SignInOptions,
  SignInProblem,
  signIn
} from "./auth"
import { type DappInfo, dappOf, type Kit, messageOf, type WalletContext } from "./context"
import { EVM_METHODS } from "./namespaces"
import { type SessionInfo, sessionInfo } from "./sessions"

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

/**
 * What the wallet signs in with, for a sign-in request or one a proposal carries (proposals.ts): the sandbox
 * EVM chains, its eip155 methods, its address, and WalletKit's wording of the message.
 */
export const signInOptions = (context: WalletContext, client: Kit): SignInOptions => ({
  chains: context.config.chains.map((chain) => `eip155:${chain.chainId}`),
  methods: EVM_METHODS,
  address: context.account.address,
  format: (params) => client.formatAuthMessage(params)
})

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

export const createSignIns = (context: WalletContext) => {
  const { account, notice, notify } = context
  const queue: Array<
    PendingSignIn & {
      readonly prepared: PreparedSignIn | undefined
      readonly reason: { readonly code: number; readonly message: string }
    }
  > = []
  /** Sign-in request ids already answered or expired, and the timers that drop a waiting one when it expires. */
  const settled = new Set<number>()
  const timers = new Map<number, ReturnType<typeof setTimeout>>()

  const remove = (id: number) => {
    const index = queue.findIndex((request) => request.id === id)
    const [removed] = index >= 0 ? queue.splice(index, 1) : []
    settled.add(id)
    clearTimeout(timers.get(id))
    timers.delete(id)
    return removed
  }

  const receive = async (
    client: Kit,
    id: number,
    params: {
      readonly requester: { readonly metadata: Parameters<typeof dappOf>[0] }
      readonly authPayload: AuthTypes.PayloadParams
      readonly expiryTimestamp: number
    },
    validation: string
  ) => {
    if (settled.has(id) || queue.some((request) => request.id === id)) return
    const { authPayload, expiryTimestamp } = params
    let prepared: PreparedSignIn | undefined
    let problem: string | undefined
    let reason = getSdkError("USER_REJECTED")
    try {
      prepared = prepareSignIn(authPayload, signInOptions(context, client))
    } catch (error) {
      problem = messageOf(error)
      if (error instanceof SignInProblem) reason = { ...error.reason }
    }
    const dapp = dappOf(params.requester.metadata)
    queue.push({
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
    timers.set(
      id,
      setTimeout(() => {
        if (remove(id) !== undefined) notice("info", `Sign-in request ${id} expired.`)
      }, left)
    )
    notice("info", `${dapp.name} asks to sign in.`)
    if (context.mode() === "auto-approve") await settle(id, problem === undefined)
  }

  /** The sign client keeps a request until it is answered or expires: one that waited when the page closed. */
  const restore = (client: Kit) => {
    for (const request of client.engine.signClient.auth.requests.getAll()) {
      void receive(client, request.id, request, request.verifyContext?.verified?.validation ?? "UNKNOWN")
    }
  }

  const pick = (id: number | undefined) => {
    const request = id === undefined ? queue[0] : queue.find((r) => r.id === id)
    if (request === undefined) throw new Error("No sign-in request is waiting.")
    return request
  }

  const approve = async (id?: number): Promise<SignInResult> => {
    const client = await context.client()
    const request = pick(id)
    if (request.prepared === undefined) throw new Error(request.problem)
    remove(request.id)
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

  const reject = async (id?: number): Promise<void> => {
    const client = await context.client()
    const request = pick(id)
    remove(request.id)
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
  const settle = (id: number, signable: boolean) =>
    (signable ? approve(id) : reject(id)).then(
      () => undefined,
      () => undefined
    )

  /** `auto-approve` was turned on: settles every request that waits. */
  const settleAll = () => {
    for (const request of [...queue]) void settle(request.id, request.prepared !== undefined)
  }

  return {
    list: (): ReadonlyArray<PendingSignIn> =>
      queue.map(({ prepared: _prepared, reason: _reason, ...request }) => request),
    receive,
    restore,
    approve,
    reject,
    settleAll
  }
}
