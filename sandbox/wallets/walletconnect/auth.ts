/**
 * One-click authentication: the sign-in requests of a dapp's `authenticate()` (`wc_sessionAuthenticate`) and
 * those a session proposal may carry (`connect({ authentication })`). The wallet signs, with its EVM key, one
 * CAIP-122 (EIP-4361) message per sandbox chain asked for, and answers each as a CACAO. Free of DOM code.
 */
import type { AuthTypes } from "@walletconnect/types"
import {
  buildAuthObject,
  getMethodsFromRecap,
  getRecapFromResources,
  getSdkError,
  populateAuthPayload
} from "@walletconnect/utils"
import type { PrivateKeyAccount } from "viem/accounts"

/** One message the wallet signs: for one chain, as `iss`. */
export interface SignInMessage {
  /** CAIP-2, e.g. `eip155:31337`. */
  readonly chainId: string
  /** `did:pkh:eip155:<chain id>:<address>` */
  readonly iss: string
  /** The text that is signed (`personal_sign`), as `formatMessage(cacao.p, iss)` rebuilds it. */
  readonly text: string
}

/** A sign-in request checked and narrowed to what the wallet supports, ready to be signed. */
export interface PreparedSignIn {
  /** The dapp's payload after `populateAuthPayload`: the sandbox chains, and the recap's supported methods. */
  readonly payload: AuthTypes.PayloadParams
  readonly messages: ReadonlyArray<SignInMessage>
  /**
   * The eip155 methods the recap grants: what the session created with the CACAOs allows. Empty when the dapp
   * asked for none, and then `wc_sessionAuthenticate` creates no session (sign-in only).
   */
  readonly methods: ReadonlyArray<string>
}

/** Why a sign-in request cannot be signed; `reason` is what the dapp is answered with. */
export class SignInProblem extends Error {
  readonly reason: { readonly code: number; readonly message: string }

  constructor(message: string, reason: { readonly code: number; readonly message: string }) {
    super(message)
    this.name = "SignInProblem"
    this.reason = reason
  }
}

export interface SignInOptions {
  /** The eip155 chains the wallet signs for (CAIP-2). */
  readonly chains: ReadonlyArray<string>
  /** The eip155 methods the wallet implements. */
  readonly methods: ReadonlyArray<string>
  readonly address: string
  /** WalletKit's `formatAuthMessage`. */
  readonly format: (params: { request: AuthTypes.BaseAuthRequestParams; iss: string }) => string
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Narrows the dapp's request to the sandbox chains and the methods the wallet implements
 * (`populateAuthPayload`) and words one message per chain; throws a {@link SignInProblem} when none of the
 * chains is a sandbox chain, or the request cannot be signed as asked.
 */
export const prepareSignIn = (request: AuthTypes.PayloadParams, options: SignInOptions): PreparedSignIn => {
  const requested = Array.isArray(request.chains) ? request.chains : []
  const supported = requested.filter((chain) => options.chains.includes(chain))
  if (supported.length === 0) {
    throw new SignInProblem(
      `None of the chains asked for (${requested.join(", ") || "none"}) is a sandbox EVM chain.`,
      getSdkError("UNSUPPORTED_CHAINS")
    )
  }
  let payload: AuthTypes.PayloadParams
  try {
    payload = populateAuthPayload({
      authPayload: request,
      chains: [...options.chains],
      methods: [...options.methods]
    })
  } catch (error) {
    throw new SignInProblem(messageOf(error), getSdkError("UNSUPPORTED_METHODS", messageOf(error)))
  }
  // Without a recap populateAuthPayload keeps the dapp's chains as they were: only the sandbox ones are signed.
  const chains = payload.chains.filter((chain) => supported.includes(chain))
  payload = { ...payload, chains }
  try {
    const recap = getRecapFromResources(payload.resources)
    const methods = recap === undefined ? [] : getMethodsFromRecap(recap).map(String)
    const messages = chains.map((chainId) => {
      const iss = `did:pkh:${chainId}:${options.address}`
      return { chainId, iss, text: options.format({ request: payload, iss }) }
    })
    return { payload, messages, methods }
  } catch (error) {
    // e.g. a statement with a line break, which EIP-4361 forbids.
    throw new SignInProblem(
      `Cannot word the sign-in message: ${messageOf(error)}`,
      getSdkError("SESSION_SETTLEMENT_FAILED", messageOf(error))
    )
  }
}

/** Signs each message (`personal_sign`, EIP-191) and builds its CACAO. */
export const signIn = async (
  prepared: PreparedSignIn,
  account: PrivateKeyAccount
): Promise<Array<AuthTypes.Cacao>> => {
  const auths: Array<AuthTypes.Cacao> = []
  for (const { iss, text } of prepared.messages) {
    const signature = await account.signMessage({ message: text })
    auths.push(buildAuthObject(prepared.payload, { t: "eip191", s: signature }, iss))
  }
  return auths
}

/** The sign-in requests a session proposal carries (`requests.authentication`), as payloads. */
export const proposalSignIns = (
  requests: { readonly authentication?: ReadonlyArray<AuthTypes.AuthenticateParams> } | undefined
): Array<AuthTypes.PayloadParams> =>
  (requests?.authentication ?? [])
    // The wallet signs EIP-191 only: skip a request whose eip155 signature types leave it out.
    .filter((request) => request.signatureTypes?.eip155?.includes("eip191") ?? true)
    .map(({ signatureTypes: _types, ...request }) => request)
