/**
 * `airlock/siwx`: sign-in with the wallet for the relying party, in the browser or on a server (no DOM, no
 * storage at module scope). Strict EIP-4361 messages, single-use nonces and signature checks for plain and
 * contract accounts.
 *
 * @since 0.1.0
 */
export type {
  SIWEConfig,
  SIWECreateMessageArgs,
  SIWEMessageParams,
  SIWXConfig,
  SIWXMessage,
  SIWXMessageData,
  SIWXMessageInput,
  SIWXSession,
  SiwxChainId
} from "./config"
export {
  createDefaultSiwx,
  type DefaultSiwxOptions,
  SIWX_CLIENTS,
  type SiwxClients,
  type SiwxWithClients
} from "./defaultSiwx"
export { makeNonceStore, NONCE_TTL_MS, type NonceStore } from "./nonces"
export { createServerSiwx, type ServerSiwxOptions } from "./serverSiwx"
export { type SignedMessage, verifySignature } from "./signature"
export {
  CLOCK_SKEW_MS,
  checkSiweMessage,
  createSignInMessage,
  MAX_LIFETIME_MS,
  type SiweCheck,
  type SiweExpectations,
  type SiweMessageInput,
  type SiweRefusal
} from "./siweMessage"
export {
  type SignInAttempt,
  type SignInParty,
  type SignInVerdict,
  verifySignIn
} from "./verifySignIn"
