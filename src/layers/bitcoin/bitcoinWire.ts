/**
 * The canonical Bitcoin requests every Bitcoin connector answers (WalletConnect's bip122 shapes:
 * `getAccountAddresses`, `signMessage`, `signPsbt`), their params decoded, and the failures a provider
 * throws, coded for `normalizeWalletError` or typed (`BitcoinWalletError`) when the wallet's answer is at
 * fault. Shared by the Wallet Standard and the sats-connect providers.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { BitcoinWalletError, type BitcoinWalletFailure } from "../../bitcoinWalletErrors"
import { walletFailure } from "../wallets/standardWallet"
import { type BitcoinParams, bitcoinParamsOf, isBitcoinAddress } from "./bitcoinAddress"

/** Addresses one answer may list; the rest are not read. */
export const MAX_BITCOIN_ACCOUNTS = 16
/** Inputs one `signPsbt` may name. */
export const MAX_SIGN_INPUTS = 256
/** A PSBT larger than this (base64 characters) is not passed on: 400 kB is a standard transaction's limit. */
export const MAX_PSBT_LENGTH = 600_000
/** Messages are signed as UTF-8 text of at most this many characters. */
export const MAX_MESSAGE_LENGTH = 64 * 1024
/** A wallet read that takes no decision (its info, its accounts when already granted) answers within this. */
export const BITCOIN_READ_TIMEOUT_MS = 10_000

export const invalidParams = (message: string) => walletFailure(-32602, message)
/** The wallet's answer is at fault: a typed error with the product's words. */
export const badAnswer = (method: string, reason: BitcoinWalletFailure = "bad-answer", cause?: unknown) =>
  new BitcoinWalletError({ reason, method, cause })

/** A wallet promise that must settle within `ms`; else a `no-answer` failure. */
export const withinTime = <A>(
  promise: Promise<A>,
  method: string,
  ms = BITCOIN_READ_TIMEOUT_MS
): Promise<A> =>
  new Promise<A>((resolve, reject) => {
    const timer = setTimeout(() => reject(badAnswer(method, "no-answer")), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      }
    )
  })

/** A Bitcoin account as the canonical `getAccountAddresses` answers it. */
export interface BitcoinAccountAddress {
  readonly address: string
  readonly publicKey?: string | undefined
  readonly intention: "payment" | "ordinal"
}

const Base64 = Schema.String.check(
  Schema.isMaxLength(MAX_PSBT_LENGTH),
  Schema.isPattern(/^[A-Za-z0-9+/]+={0,2}$/, { message: "Expected base64" })
)

export const Intention = Schema.Literals(["payment", "ordinal"])

export const GetAccountAddressesParams = Schema.Struct({
  account: Schema.optional(Schema.String),
  intentions: Schema.optional(Schema.Array(Intention).check(Schema.isMaxLength(2))),
  /** Airlock's own: only accounts the wallet grants without asking (a restore). */
  silent: Schema.optional(Schema.Boolean)
})

export const SignMessageParams = Schema.Struct({
  message: Schema.String.check(Schema.isMaxLength(MAX_MESSAGE_LENGTH)),
  address: Schema.String,
  protocol: Schema.optional(Schema.Literals(["ecdsa", "bip322"]))
})

const SignInput = Schema.Struct({
  address: Schema.String,
  index: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0), Schema.isLessThan(65_536)),
  sighashTypes: Schema.optional(Schema.Array(Schema.Int).check(Schema.isMaxLength(1)))
})
export type SignInput = typeof SignInput.Type

export const SignPsbtParams = Schema.Struct({
  psbt: Base64,
  signInputs: Schema.Array(SignInput).check(Schema.isMaxLength(MAX_SIGN_INPUTS)),
  broadcast: Schema.optional(Schema.Boolean)
})

const decoders = {
  getAccountAddresses: Schema.decodeUnknownOption(GetAccountAddressesParams),
  signMessage: Schema.decodeUnknownOption(SignMessageParams),
  signPsbt: Schema.decodeUnknownOption(SignPsbtParams)
}

/** A canonical request's params decoded, or an invalid-params failure. */
export const decodeParams = <M extends keyof typeof decoders>(
  method: M,
  params: unknown
): ReturnType<(typeof decoders)[M]> extends Option.Option<infer A> ? A : never => {
  const decoded: Option.Option<unknown> = decoders[method](params ?? {})
  if (Option.isNone(decoded)) throw invalidParams(`Invalid params for ${method}`)
  return decoded.value as never
}

/**
 * The address rules of the request's network (`chainId`, else the one the provider connected on last). A
 * request on no network Airlock knows is refused: its addresses could not be checked.
 */
export const paramsOfChain = (chainId: string | undefined): BitcoinParams => {
  const params = chainId === undefined ? undefined : bitcoinParamsOf(chainId)
  if (params === undefined) throw invalidParams("No Bitcoin network Airlock knows for this request")
  return params
}

/**
 * The accounts of an answer, each address checked with the network's rules: one bad address fails the whole
 * answer (a wallet that names another network's address, or junk, is not connected on half of its word).
 */
export const checkedAccounts = (
  listed: ReadonlyArray<BitcoinAccountAddress>,
  params: BitcoinParams,
  method: string
): ReadonlyArray<BitcoinAccountAddress> => {
  const seen = new Set<string>()
  const accounts: Array<BitcoinAccountAddress> = []
  for (const account of listed.slice(0, MAX_BITCOIN_ACCOUNTS)) {
    if (!isBitcoinAddress(account.address, params)) throw badAnswer(method, "bad-address")
    if (seen.has(account.address)) continue
    seen.add(account.address)
    accounts.push(account)
  }
  return accounts
}

/** A standard base64 string of `bytes`. */
export const toBase64 = (bytes: Uint8Array): string => {
  let binary = ""
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/** The bytes of a base64 string the params decoded as such. */
export const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

/** A signature or PSBT answered as text: base64 of at most a PSBT's size, or a bad answer. */
export const base64Answer = (value: unknown, method: string): string => {
  if (!Schema.is(Base64)(value)) throw badAnswer(method)
  return value
}
