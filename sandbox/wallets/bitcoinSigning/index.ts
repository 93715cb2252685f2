/**
 * The Bitcoin signing rules the sandbox's two Bitcoin wallets share (the Sandbox Bitcoin Wallet in
 * sandbox/wallets/bitcoin and the Sandbox WalletConnect Wallet's bip122 account): keys, BIP-322 and legacy
 * message signatures, PSBT signing, transfers from UTXOs, the Esplora reads. Free of DOM code.
 */
export {
  bip322MessageHash,
  legacyMessageHash,
  type MessageProtocol,
  signBip322,
  signLegacy,
  signMessageWith
} from "./bip322"
export { BitcoinRequestError } from "./errors"
export { createEsplora, type Esplora } from "./esplora"
export {
  type BitcoinKey,
  type BitcoinKeyRing,
  type BitcoinPurpose,
  isRegtestAddress,
  keyRingOf,
  regtestScriptOf
} from "./keys"
export {
  decodePsbt,
  extractHex,
  type InputToSign,
  prevoutOf,
  SIGHASH_BY_NAME,
  signInputs,
  swapInput
} from "./psbt"
export {
  type BitcoinSigner,
  createBitcoinSigner,
  type Details,
  describePsbt,
  readableMessage,
  type SentTransfer,
  type SignedMessage,
  type SignedPsbt,
  type SignerHostility
} from "./signer"
export { buildTransfer, checkRecipients, type Recipient, type Transfer, type Utxo } from "./transfer"
