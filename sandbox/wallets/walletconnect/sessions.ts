/**
 * The sessions: what the page shows of each, the chains a `wallet_switchEthereumChain` or
 * `wallet_addEthereumChain` adds to one (`wc_sessionUpdate`), and its end, by the visitor (Disconnect) or by
 * the dapp. Free of DOM code.
 */
import type { JsonRpcRecord, SessionTypes } from "@walletconnect/types"
import { getSdkError } from "@walletconnect/utils"
import type { SandboxChainConfig } from "../../shared/config"
import { type DappInfo, dappOf, type Kit, messageOf, type WalletContext } from "./context"
import { ErrorCode, WalletRpcError } from "./rpc"

/** How long a wallet_switchEthereumChain waits for the dapp to take the session update before going on. */
const SESSION_UPDATE_WAIT_MS = 5_000

export interface SessionInfo {
  readonly topic: string
  readonly dapp: DappInfo
  /** CAIP-10 accounts over all namespaces. */
  readonly accounts: ReadonlyArray<string>
  readonly namespaces: SessionTypes.Namespaces
  /** Seconds since the epoch. */
  readonly expiry: number
}

export const sessionInfo = (session: SessionTypes.Struct): SessionInfo => ({
  topic: session.topic,
  dapp: dappOf(session.peer.metadata),
  accounts: Object.values(session.namespaces).flatMap((namespace) => namespace.accounts),
  namespaces: session.namespaces,
  expiry: session.expiry
})

/**
 * Adds `chain` to the session's eip155 namespace, with `address` on it, and waits (at most
 * {@link SESSION_UPDATE_WAIT_MS}) until the dapp has answered the update: an acknowledgement that comes before
 * `acknowledged()` is awaited is lost in core 2.25, so the answer is looked for in the core's request history
 * instead.
 */
export const addChainToSession = async (
  client: Kit,
  topic: string,
  chain: SandboxChainConfig,
  address: string
) => {
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
    accounts: [...eip155.accounts, `${caip}:${address}`]
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

/** Adds `chain` to the session as {@link addChainToSession} does, then tells the dapp (`chainChanged`). */
export const switchSessionChain = async (
  client: Kit,
  topic: string,
  chain: SandboxChainConfig,
  address: string
) => {
  const eip155 = await addChainToSession(client, topic, chain, address)
  if (eip155.events.includes("chainChanged")) {
    await client.emitSessionEvent({
      topic,
      event: { name: "chainChanged", data: chain.chainId },
      chainId: `eip155:${chain.chainId}`
    })
  }
}

/**
 * The sessions the page lists and ends. `dropRequests` is the request queue's (requests.ts): a session's
 * waiting requests go with it.
 */
export const createSessions = (context: WalletContext, dropRequests: (topic: string) => void) => {
  const { notice } = context

  const list = (): ReadonlyArray<SessionInfo> => {
    const kit = context.current()
    return kit === undefined ? [] : Object.values(kit.getActiveSessions()).map(sessionInfo)
  }

  /** Ends the session with this topic, or every session, as the wallet's user (USER_DISCONNECTED). */
  const disconnect = async (topic?: string): Promise<void> => {
    const client = await context.client()
    const topics = topic === undefined ? Object.keys(client.getActiveSessions()) : [topic]
    for (const each of topics) {
      const name = list().find((session) => session.topic === each)?.dapp.name ?? each
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

  /** The dapp ended the session (`session_delete`). */
  const ended = (topic: string) => {
    dropRequests(topic)
    notice("info", `The dapp ended session ${topic.slice(0, 8)}…`)
  }

  return { list, disconnect, ended }
}
