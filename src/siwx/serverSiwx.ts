/**
 * A sign-in plugin for a dapp whose server verifies: the nonce comes from the server, the signed message
 * (EIP-4361, or Sign-In-With-Solana for a Solana account) goes back to it, and the session lives in the
 * server's HTTP-only cookie, out of the page's reach. The endpoints are the sandbox's recipe
 * (`sandbox/signin`): `GET nonce`, `POST verify`, `GET session`, `POST sign-out`, under one base URL on the
 * page's own origin.
 */
import * as Schema from "effect/Schema"
import { SiwxSessions } from "../schemas/SiwxSession"
import type { SIWXConfig } from "./config"
import { pageSignInMessage, sameAddress } from "./pageMessage"

export interface ServerSiwxOptions {
  /** Where the endpoints are (default `/auth/`), on the page's origin so its cookie is sent. */
  readonly baseUrl?: string | undefined
  readonly statement?: string | undefined
  /** Whether declining to sign in disconnects (default false). */
  readonly required?: boolean | undefined
  /** Whether disconnecting signs out (default true). */
  readonly signOutOnDisconnect?: boolean | undefined
}

const TIMEOUT_MS = 10_000
const Nonce = Schema.Struct({ nonce: Schema.String.check(Schema.isPattern(/^[a-zA-Z0-9]{8,96}$/)) })
const decodeNonce = Schema.decodeUnknownSync(Nonce)
const decodeSessions = Schema.decodeUnknownSync(Schema.Struct({ sessions: SiwxSessions }))

export const createServerSiwx = (options: ServerSiwxOptions = {}): SIWXConfig => {
  const base = options.baseUrl ?? "/auth/"
  const call = async (path: string, init?: { readonly body: unknown }): Promise<unknown> => {
    const response = await fetch(new URL(path, new URL(base, globalThis.location?.href)), {
      method: init === undefined ? "GET" : "POST",
      credentials: "same-origin",
      headers: init === undefined ? {} : { "content-type": "application/json" },
      ...(init === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS)
    })
    if (!response.ok) throw new Error(`The sign-in server answered ${response.status}`)
    return response.json()
  }
  const signOut = async () => {
    await call("sign-out", { body: {} })
  }
  return {
    createMessage: async (input) => {
      const { nonce } = decodeNonce(await call("nonce"))
      return pageSignInMessage(input, nonce, options.statement, Date.now())
    },
    addSession: async (session) => {
      await call("verify", { body: session })
    },
    getSessions: async (chainId, address) =>
      decodeSessions(await call("session")).sessions.filter(
        (session) =>
          session.data.chainId === chainId && sameAddress(chainId, session.data.accountAddress, address)
      ),
    revokeSession: signOut,
    setSessions: async (sessions) => {
      if (sessions.length === 0) await signOut()
    },
    getRequired: () => options.required === true,
    signOutOnDisconnect: options.signOutOnDisconnect ?? true
  }
}
