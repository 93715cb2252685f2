/**
 * The older `siweConfig` plugin adapted onto `SIWXConfig`: its nonce, message and verification, its one
 * session. EVM only, as it always was.
 */
import type { SIWEConfig, SIWXConfig, SIWXMessage, SIWXSession } from "./config"
import { evmChainId } from "./pageMessage"

/** Where the page is: the message's default domain and URI. */
export interface PageLocation {
  readonly host: string
  readonly origin: string
  readonly now: () => number
}

export const fromSiweConfig = (siwe: SIWEConfig, page: PageLocation): SIWXConfig => ({
  createMessage: async ({ accountAddress, chainId, notBefore }) => {
    const chain = evmChainId(chainId)
    const [nonce, params] = await Promise.all([
      siwe.getNonce(accountAddress),
      siwe.getMessageParams?.() ?? Promise.resolve(undefined)
    ])
    const data = {
      accountAddress,
      chainId,
      domain: params?.domain ?? page.host,
      uri: params?.uri ?? page.origin,
      version: "1",
      nonce,
      statement: params?.statement,
      resources: params?.resources,
      requestId: params?.requestId,
      issuedAt: new Date(page.now()).toISOString(),
      expirationTime: params?.exp,
      notBefore: notBefore ?? params?.nbf
    }
    const text = siwe.createMessage({
      domain: data.domain,
      uri: data.uri,
      address: `${chainId}:${accountAddress}`,
      chainId: chain,
      nonce,
      version: "1",
      statement: data.statement,
      iat: data.issuedAt,
      exp: data.expirationTime,
      nbf: data.notBefore,
      requestId: data.requestId,
      resources: data.resources
    })
    const message: SIWXMessage = { ...data, toString: () => text }
    return message
  },
  addSession: async ({ message, signature, data }) => {
    if (!(await siwe.verifyMessage({ message, signature })))
      throw new Error("The sign-in plugin did not verify the signature")
    siwe.onSignIn?.({ address: data.accountAddress, chainId: evmChainId(data.chainId) })
  },
  getSessions: async (chainId, address) => {
    const session = await siwe.getSession()
    if (session === null || `eip155:${session.chainId}` !== chainId) return []
    if (session.address.toLowerCase() !== address.toLowerCase()) return []
    // The older plugin keeps no message: the session stands for one the host verified.
    const known: SIWXSession = {
      data: {
        accountAddress: session.address,
        chainId,
        domain: page.host,
        uri: page.origin,
        version: "1",
        nonce: ""
      },
      message: "",
      signature: ""
    }
    return [known]
  },
  revokeSession: async () => {
    await siwe.signOut()
    siwe.onSignOut?.()
  },
  setSessions: async (sessions) => {
    if (sessions.length > 0) return
    await siwe.signOut()
    siwe.onSignOut?.()
  },
  getRequired: () => siwe.required === true,
  signOutOnDisconnect: siwe.signOutOnDisconnect ?? true
})
