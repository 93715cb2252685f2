/**
 * `airlock/siwx`: sign-in with the wallet for the relying party, in the browser or on a server (no DOM, no
 * storage at module scope). Strict EIP-4361 messages for EVM accounts and Sign-In-With-Solana messages
 * for Solana accounts, single-use nonces, and signature checks for plain and contract EVM accounts and for
 * ed25519 (Solana) accounts.
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
  checkSiwsMessage,
  createSiwsMessage,
  isSiwsMessage,
  isSolanaChain,
  parseSiwsMessage,
  type SiwsCheck,
  type SiwsExpectations,
  type SiwsFields,
  type SiwsMessageInput,
  type SolanaChainId,
  siwsChainId
} from "./siwsMessage"
export {
  isSolanaAddress,
  type SolanaSignMessageRequest,
  solanaSignMessageRequest,
  verifySolanaSignature
} from "./solanaSignature"
export {
  type SignInAttempt,
  type SignInParty,
  type SignInVerdict,
  type SolanaSignInParty,
  type SolanaSignInVerdict,
  verifySignIn,
  verifySolanaSignIn
} from "./verifySignIn"
