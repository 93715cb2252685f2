/**
 * The Sandbox Bitcoin Wallet's errors, coded as sats-connect codes them (`RpcErrorCode` of
 * @sats-connect/core); its Wallet Standard face throws the same codes.
 */
import { BitcoinRequestError } from "../bitcoinSigning"

export const SatsErrorCode = {
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  userRejection: -32000,
  methodNotSupported: -32001,
  accessDenied: -32002
} as const

export class BitcoinWalletError extends Error {
  readonly code: number

  constructor(code: number, message: string) {
    super(message)
    this.name = "BitcoinWalletError"
    this.code = code
  }
}

export const userRejected = () =>
  new BitcoinWalletError(SatsErrorCode.userRejection, "User rejected the request.")
export const invalidParams = (message: string) => new BitcoinWalletError(SatsErrorCode.invalidParams, message)
export const notConnected = () =>
  new BitcoinWalletError(SatsErrorCode.accessDenied, "The site is not connected: ask for the accounts first.")

/** Any failure as a coded wallet error: the signing code's refusals are invalid params, the rest internal. */
export const walletErrorOf = (error: unknown): BitcoinWalletError =>
  error instanceof BitcoinWalletError
    ? error
    : error instanceof BitcoinRequestError
      ? invalidParams(error.message)
      : new BitcoinWalletError(SatsErrorCode.internal, error instanceof Error ? error.message : String(error))
