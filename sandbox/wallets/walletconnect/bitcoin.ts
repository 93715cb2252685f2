/**
 * The wallet's Bitcoin side: dev account 1 of sandbox/bitcoin/accounts.mjs on the sandbox's regtest chain, in
 * the session's `bip122` namespace (its payment address the session's account). It answers WalletConnect's
 * bip122 methods, as AppKit's Bitcoin connector sends them: `getAccountAddresses` at once; `signMessage`
 * (`ecdsa` or `bip322`), `signPsbt` and `sendTransfer` once approved. The signing is
 * sandbox/wallets/bitcoinSigning's, shared with the Sandbox Bitcoin Wallet. Free of DOM code.
 */
import { base64, hex } from "@scure/base"
import { BITCOIN_REGTEST, sandboxBitcoinAccounts } from "../../shared/bitcoin"
import type { SandboxBitcoinConfig } from "../../shared/config"
import {
  type BitcoinKey,
  BitcoinRequestError,
  createBitcoinSigner,
  createEsplora,
  type InputToSign,
  keyRingOf,
  type MessageProtocol
} from "../bitcoinSigning"
import type { Prepared } from "./evm"
import { invalidParams, isRecord, unauthorized, unsupportedChain, unsupportedMethod } from "./rpc"

export const BITCOIN_METHODS = ["getAccountAddresses", "signMessage", "signPsbt", "sendTransfer"] as const
export const BITCOIN_EVENTS = ["accountsChanged"] as const

/** The wallet's Bitcoin account: dev account 1 (account 0 is the Sandbox Bitcoin Wallet's). */
export const sandboxWcBitcoinRing = keyRingOf(sandboxBitcoinAccounts()[1]!)
/** The session's bip122 account, CAIP-10: the payment address on regtest. */
export const sandboxWcBitcoinAccount = `${BITCOIN_REGTEST}:${sandboxWcBitcoinRing.payment.address}`

/** Answered at once, or put to the visitor (methods.ts's Decision). */
export type BitcoinDecision = { readonly answer: unknown } | { readonly ask: Prepared }

const requireAccount = (params: Record<string, unknown>, field: "account" | "address"): BitcoinKey => {
  const address = params[field]
  const key = typeof address === "string" ? sandboxWcBitcoinRing.byAddress(address) : undefined
  if (key === undefined) {
    throw unauthorized(`The Sandbox WalletConnect Wallet holds no Bitcoin key for ${String(address)}.`)
  }
  return key
}

/** The signing code's refusals are invalid params; anything else keeps its own error. */
const asRpcError = (error: unknown) =>
  error instanceof BitcoinRequestError ? invalidParams(error.message) : error

const refusing = <A>(work: () => A): A => {
  try {
    return work()
  } catch (error) {
    throw asRpcError(error)
  }
}

const readInputs = (value: unknown): ReadonlyArray<InputToSign> => {
  if (!Array.isArray(value) || value.length === 0) {
    throw invalidParams("Expected signInputs as [{ address, index, sighashTypes? }]")
  }
  return value.map((input: unknown) => {
    if (!isRecord(input) || typeof input.address !== "string" || !Number.isSafeInteger(input.index)) {
      throw invalidParams("Expected each of signInputs as { address, index, sighashTypes? }")
    }
    const types = input.sighashTypes
    if (types !== undefined && !(Array.isArray(types) && types.every((t) => Number.isSafeInteger(t)))) {
      throw invalidParams("Expected sighashTypes as numbers")
    }
    return {
      index: input.index as number,
      address: input.address,
      ...(types === undefined ? {} : { sighashTypes: types as ReadonlyArray<number> })
    }
  })
}

/**
 * Checks a bip122 request and answers it or describes it for the approval card, or refuses it by throwing;
 * `config` is the sandbox's Bitcoin chain, read when a request comes.
 */
export const createBitcoinWcSigner = (
  config: () => SandboxBitcoinConfig | undefined,
  fetch?: typeof globalThis.fetch
) => {
  const signer = createBitcoinSigner(
    () => sandboxWcBitcoinRing,
    createEsplora(() => config()?.esploraUrl, fetch),
    () => ({ otherMessage: false, swapInput: false })
  )
  const rejecting = async <A>(work: () => Promise<A>): Promise<A> => {
    try {
      return await work()
    } catch (error) {
      throw asRpcError(error)
    }
  }

  return (method: string, chainId: string, params: unknown): BitcoinDecision => {
    if (chainId !== BITCOIN_REGTEST) {
      throw unsupportedChain(`The sandbox wallet holds Bitcoin on ${BITCOIN_REGTEST} only, not ${chainId}.`)
    }
    if (!isRecord(params)) throw invalidParams(`Expected ${method}'s params as an object`)
    switch (method) {
      case "getAccountAddresses": {
        requireAccount(params, "account")
        const intentions = Array.isArray(params.intentions) ? params.intentions : ["payment", "ordinal"]
        return {
          answer: sandboxWcBitcoinRing.keys
            .map((key) => ({
              address: key.address,
              publicKey: hex.encode(key.publicKey),
              intention: key.purpose === "payment" ? "payment" : "ordinal"
            }))
            .filter((a) => intentions.includes(a.intention))
        }
      }
      case "signMessage": {
        const key = requireAccount(params, "address")
        if (typeof params.message !== "string")
          throw invalidParams("Expected { message, address, protocol? }")
        const protocol = params.protocol ?? (key.addressType === "p2wpkh" ? "ecdsa" : "bip322")
        if (protocol !== "ecdsa" && protocol !== "bip322") {
          throw invalidParams(`Unknown protocol ${String(protocol)}: ecdsa or bip322`)
        }
        const named: MessageProtocol = protocol === "ecdsa" ? "ECDSA" : "BIP322"
        const prepared = refusing(() =>
          signer.signMessage(key.address, new TextEncoder().encode(params.message as string), named)
        )
        return {
          ask: {
            preview: prepared.details,
            run: async () => {
              const { signature, address, messageHash } = prepared.run()
              return { signature, address, messageHash }
            }
          }
        }
      }
      case "signPsbt": {
        if (params.account !== undefined) requireAccount(params, "account")
        if (typeof params.psbt !== "string")
          throw invalidParams("Expected { psbt: base64, signInputs, broadcast? }")
        let psbt: Uint8Array
        try {
          psbt = base64.decode(params.psbt)
        } catch {
          throw invalidParams("Expected the psbt as base64")
        }
        if (params.broadcast !== undefined && typeof params.broadcast !== "boolean") {
          throw invalidParams("Expected broadcast as a boolean")
        }
        const broadcast = params.broadcast === true
        const prepared = refusing(() => signer.signPsbt(psbt, readInputs(params.signInputs), broadcast))
        return {
          ask: {
            preview: prepared.details,
            run: () =>
              rejecting(async () => {
                const signed = await prepared.run()
                return {
                  psbt: base64.encode(signed.psbt),
                  ...(signed.txid === undefined ? {} : { txid: signed.txid })
                }
              })
          }
        }
      }
      case "sendTransfer": {
        const from = requireAccount(params, "account")
        if (from.purpose !== "payment") throw invalidParams("Transfers are sent from the payment address.")
        const { recipientAddress, amount, changeAddress } = params
        if (
          typeof recipientAddress !== "string" ||
          typeof amount !== "string" ||
          !/^[1-9][0-9]{0,15}$/.test(amount)
        ) {
          throw invalidParams(
            "Expected { account, recipientAddress, amount: sats as a string, changeAddress? }"
          )
        }
        if (changeAddress !== undefined && typeof changeAddress !== "string") {
          throw invalidParams("Expected changeAddress as an address")
        }
        return {
          ask: {
            preview: [
              ["Pay", `${amount} sats to ${recipientAddress}`],
              ["From", from.address],
              ["Change to", changeAddress ?? from.address],
              ["Fee", "the local chain's estimate, from the wallet's coins"]
            ],
            run: () =>
              rejecting(async () => {
                const prepared = await signer.prepareTransfer(
                  [{ address: recipientAddress, amount: BigInt(amount) }],
                  changeAddress
                )
                return { txid: (await prepared.run()).txid }
              })
          }
        }
      }
      default:
        throw unsupportedMethod(method)
    }
  }
}
