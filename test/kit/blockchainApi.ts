import * as Effect from "effect/Effect"
import { BlockchainApi, type BlockchainApiShape } from "../../src/services/BlockchainApi"

const unused = Effect.die("unused")

/** A Blockchain API whose endpoints a test does not expect to be asked die; `overrides` answer the rest. */
export const blockchainApiWith = (overrides: Partial<BlockchainApiShape>): BlockchainApiShape =>
  BlockchainApi.of({
    supportedChains: unused,
    balance: () => unused,
    history: () => unused,
    identity: () => unused,
    convertTokens: () => unused,
    convertQuotes: () => unused,
    convertAllowance: () => unused,
    convertGasPrice: () => unused,
    buildSwapTransaction: () => unused,
    buildApproveTransaction: () => unused,
    fungiblePrices: () => unused,
    profile: () => unused,
    reverseProfiles: () => unused,
    nameSuggestions: () => unused,
    registerName: () => unused,
    onrampOptions: unused,
    onrampQuote: () => unused,
    onrampUrl: () => unused,
    smartSessions: () => unused,
    revokeSmartSession: () => unused,
    ...overrides
  })
