/** The Sandbox Solana Wallet's errors, coded as Solana wallets code theirs. */

/** A wallet's error, with the numeric `code` Solana wallets (Phantom's provider) answer with. */
export class SolanaWalletError extends Error {
  readonly code: number
  readonly data: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.name = "SolanaWalletError"
    this.code = code
    this.data = data
  }
}

export const SolanaErrorCode = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  invalidParams: -32602,
  internal: -32603
} as const

export const userRejected = () =>
  new SolanaWalletError(SolanaErrorCode.userRejected, "User rejected the request.")
export const invalidParams = (message: string) =>
  new SolanaWalletError(SolanaErrorCode.invalidParams, message)
