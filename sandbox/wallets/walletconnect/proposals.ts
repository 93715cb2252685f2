/**
 * Session proposals: each waits for the visitor (or is settled at once in `auto-approve` mode) with what
 * approving grants (`buildApprovedNamespaces` over namespaces.ts) and the sign-in messages it carries
 * (`connect({ authentication })`), which are signed on approval and answered with the session. Free of DOM code.
 */
import type { AuthTypes, ProposalTypes, SessionTypes } from "@walletconnect/types"
import { buildApprovedNamespaces, getSdkError } from "@walletconnect/utils"
import { type PreparedSignIn, prepareSignIn, proposalSignIns, type SignInMessage, signIn } from "./auth"
import { type DappInfo, dappOf, type Kit, messageOf, type WalletContext } from "./context"
import { supportedNamespaces } from "./namespaces"
import { type SessionInfo, sessionInfo } from "./sessions"
import { signInOptions } from "./signIns"

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

export const createProposals = (context: WalletContext) => {
  const { account, notice, notify } = context
  const supported = supportedNamespaces(context.config.chains, account.address)
  const queue: Array<PendingProposal> = []
  /** The sign-in requests of the waiting proposals, by proposal id, ready to be signed. */
  const proposalSignIn = new Map<number, ReadonlyArray<PreparedSignIn>>()

  const remove = (id: number) => {
    const index = queue.findIndex((proposal) => proposal.id === id)
    const [removed] = index >= 0 ? queue.splice(index, 1) : []
    if (removed !== undefined) proposalSignIn.delete(id)
    return removed
  }

  const receive = async (client: Kit, id: number, params: ProposalTypes.Struct, validation: string) => {
    if (queue.some((proposal) => proposal.id === id)) return
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
        signIns.push(prepareSignIn(request, signInOptions(context, client)))
      } catch (error) {
        notice("error", `${dapp.name}'s sign-in request cannot be signed: ${messageOf(error)}`)
      }
    }
    if (signIns.length > 0) proposalSignIn.set(id, signIns)
    queue.push({
      id,
      dapp,
      requestedChains: requestedChainsOf(params),
      namespaces,
      problem,
      validation,
      signIn: signIns.flatMap((prepared) => prepared.messages)
    })
    notice("info", `${dapp.name} asks to connect.`)
    if (context.mode() === "auto-approve") await settle(id, problem === undefined)
  }

  /** A proposal that waited when the page closed (requests come back through WalletKit itself). */
  const restore = (client: Kit) => {
    for (const proposal of Object.values(client.getPendingSessionProposals())) {
      void receive(client, proposal.id, proposal, "UNKNOWN")
    }
  }

  /** WalletKit's `proposal_expire`. */
  const expire = (id: number) => {
    if (remove(id) !== undefined) notice("info", `Session proposal ${id} expired.`)
  }

  const pick = (id: number | undefined) => {
    const proposal = id === undefined ? queue[0] : queue.find((p) => p.id === id)
    if (proposal === undefined) throw new Error("No session proposal is waiting.")
    return proposal
  }

  const approve = async (id?: number): Promise<SessionInfo> => {
    const client = await context.client()
    const proposal = pick(id)
    if (proposal.namespaces === undefined) throw new Error(proposal.problem)
    const signIns = proposalSignIn.get(proposal.id) ?? []
    remove(proposal.id)
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

  const reject = async (id?: number): Promise<void> => {
    const client = await context.client()
    const proposal = pick(id)
    remove(proposal.id)
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
  const settle = (id: number, approvable: boolean) =>
    (approvable ? approve(id) : reject(id)).then(
      () => undefined,
      () => undefined
    )

  /** `auto-approve` was turned on: settles every proposal that waits. */
  const settleAll = () => {
    for (const proposal of [...queue]) void settle(proposal.id, proposal.namespaces !== undefined)
  }

  return {
    list: (): ReadonlyArray<PendingProposal> => [...queue],
    receive,
    restore,
    expire,
    approve,
    reject,
    settleAll
  }
}
