/**
 * Airlock's own sign-in plugin for a dapp without a sign-in server: EIP-4361 messages (Sign-In-With-Solana
 * for a Solana account) for the page's own host, nonces issued and used up here, every session verified
 * (`verifySignIn`) before it is kept and checked again when read. Sessions are kept in the page's storage for `sessionTtlMs`. A dapp with a server
 * verifies there instead (the sandbox's sign-in server is the recipe).
 */
import * as Schema from "effect/Schema"
import type { Client } from "viem"
import { SiwxSession } from "../schemas/SiwxSession"
import type { SIWXConfig, SIWXSession, SiwxChainId } from "./config"
import { makeNonceStore } from "./nonces"
import { evmChainId, pageLocation, pageSignInMessage, sameAddress } from "./pageMessage"
import { verifySignature } from "./signature"
import { isSolanaChain, parseSiwsMessage } from "./siwsMessage"
import { verifySolanaSignature } from "./solanaSignature"
import { verifySignIn } from "./verifySignIn"

/**
 * Airlock hands a plugin that has this key a way to reach each chain (its ranked RPC fallback), for the
 * signatures of contract accounts. A registered symbol, so two copies of the package agree on it.
 */
export const SIWX_CLIENTS: unique symbol = Symbol.for("airlock.siwx.clients") as never

/** The client of a CAIP-2 chain, when Airlock serves that chain. */
export type SiwxClients = (chainId: SiwxChainId) => Client | undefined

/** A plugin that takes Airlock's clients. */
export interface SiwxWithClients extends SIWXConfig {
  readonly [SIWX_CLIENTS]: (clients: SiwxClients) => void
}

export interface DefaultSiwxOptions {
  /** The sentence the wallet shows above the message's fields. */
  readonly statement?: string | undefined
  /** Whether declining to sign in disconnects (default false). */
  readonly required?: boolean | undefined
  /** Whether disconnecting signs out (default true). */
  readonly signOutOnDisconnect?: boolean | undefined
  /** How long a verified sign-in lasts (default 24 hours). */
  readonly sessionTtlMs?: number | undefined
  /** Where sessions are kept (default the page's `localStorage`). */
  readonly storage?: Pick<Storage, "getItem" | "setItem" | "removeItem"> | undefined
}

const STORAGE_KEY = "@airlock/siwx-sessions"
const MAX_KEPT = 16
const DAY_MS = 24 * 60 * 60 * 1000

const Kept = Schema.fromJsonString(
  Schema.Struct({
    v: Schema.Literal(1),
    sessions: Schema.Array(Schema.Struct({ session: SiwxSession, expiresAt: Schema.Finite })).check(
      Schema.isMaxLength(MAX_KEPT, { message: `Expected at most ${MAX_KEPT} sessions` })
    )
  })
)
type Kept = (typeof Kept.Type)["sessions"]
const decodeKept = Schema.decodeUnknownOption(Kept)
const encodeKept = Schema.encodeSync(Kept)

const sameAccount = (session: SIWXSession, chainId: SiwxChainId, address: string) =>
  session.data.chainId === chainId && sameAddress(chainId, session.data.accountAddress, address)

/** A kept Solana session still says what its data says: this host, this chain, this account. */
const solanaStillValid = ({ data, message, signature }: SIWXSession, host: string) => {
  const fields = parseSiwsMessage(message)
  return (
    fields !== undefined &&
    fields.domain === host &&
    fields.chainId === data.chainId &&
    fields.address === data.accountAddress &&
    verifySolanaSignature({ address: data.accountAddress, message, signature })
  )
}

/** Airlock's sign-in plugin; pass it as `siwx`. */
export const createDefaultSiwx = (options: DefaultSiwxOptions = {}): SiwxWithClients => {
  const nonces = makeNonceStore()
  const ttl = options.sessionTtlMs ?? DAY_MS
  let clients: SiwxClients = () => undefined
  const storage = () => options.storage ?? globalThis.localStorage

  const read = (): Kept => {
    try {
      const raw = storage()?.getItem(STORAGE_KEY)
      if (raw === null || raw === undefined) return []
      const kept = decodeKept(raw)
      if (kept._tag === "Some") return kept.value.sessions
      storage()?.removeItem(STORAGE_KEY)
    } catch {
      // Storage that throws (blocked third-party storage) keeps nothing.
    }
    return []
  }
  const write = (sessions: Kept) => {
    try {
      if (sessions.length === 0) storage()?.removeItem(STORAGE_KEY)
      else storage()?.setItem(STORAGE_KEY, encodeKept({ v: 1, sessions: sessions.slice(-MAX_KEPT) }))
    } catch {
      // A full or blocked storage loses the session on reload, nothing more.
    }
  }

  /** Still ours: for this page's host, unexpired, and signed by its account. */
  const stillValid = async ({ session, expiresAt }: Kept[number], now: number) =>
    expiresAt > now &&
    session.data.domain === pageLocation().host &&
    (isSolanaChain(session.data.chainId)
      ? solanaStillValid(session, pageLocation().host)
      : await verifySignature(clients(session.data.chainId), {
          address: session.data.accountAddress,
          message: session.message,
          signature: session.signature
        }))

  return {
    [SIWX_CLIENTS]: (next) => {
      clients = next
    },
    createMessage: async (input) => {
      const now = Date.now()
      const nonce = nonces.issue(now)
      // Only a page that asked for 10 000 messages in ten minutes gets here; the modal reports the failure.
      if (nonce === undefined) throw new Error("Too many sign-in messages are waiting to be signed")
      return pageSignInMessage(input, nonce, options.statement, now)
    },
    addSession: async (session) => {
      const now = Date.now()
      const { chainId, accountAddress } = session.data
      const verdict = isSolanaChain(chainId)
        ? await verifySignIn(session, {
            domain: pageLocation().host,
            chainId,
            nonces,
            address: accountAddress,
            now
          })
        : await verifySignIn(session, {
            domain: pageLocation().host,
            chainId: evmChainId(chainId),
            nonces,
            client: clients(chainId),
            now
          })
      if (!verdict.ok) throw new Error(`The sign-in was refused (${verdict.reason})`)
      if (!sameAddress(chainId, verdict.fields.address, accountAddress))
        throw new Error("The sign-in was refused (address)")
      const others = read().filter(
        (kept) => !sameAccount(kept.session, session.data.chainId, session.data.accountAddress)
      )
      write([...others, { session, expiresAt: now + ttl }])
    },
    getSessions: async (chainId, address) => {
      const now = Date.now()
      const mine = read().filter((kept) => sameAccount(kept.session, chainId, address))
      const valid = await Promise.all(mine.map((kept) => stillValid(kept, now)))
      return mine.filter((_, index) => valid[index]).map((kept) => kept.session)
    },
    revokeSession: async (chainId, address) => {
      write(read().filter((kept) => !sameAccount(kept.session, chainId, address)))
    },
    setSessions: async (sessions) => {
      const now = Date.now()
      write(sessions.map((session) => ({ session, expiresAt: now + ttl })))
    },
    getRequired: () => options.required === true,
    signOutOnDisconnect: options.signOutOnDisconnect ?? true
  }
}
