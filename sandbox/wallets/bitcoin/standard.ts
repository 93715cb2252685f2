/**
 * The Sandbox Bitcoin Wallet's Wallet Standard face, with the Bitcoin features of
 * ExodusMovement/bitcoin-wallet-standard (`bitcoin:connect`, `bitcoin:signMessage`, `bitcoin:signTransaction`,
 * `bitcoin:signAndSendTransaction`), `standard:events`, `standard:disconnect` and the `sats-connect:` feature
 * that Xverse-style wallets register (its provider is satsConnect.ts's). The feature types are spelled out
 * here: the package that defines them is not a dependency.
 */
import { base64 } from "@scure/base"
import type { IdentifierString, Wallet, WalletAccount } from "@wallet-standard/base"
import {
  StandardDisconnect,
  StandardEvents,
  type StandardEventsListeners,
  type StandardEventsNames
} from "@wallet-standard/features"
import { ReadonlyWalletAccount } from "@wallet-standard/wallet"
import { BITCOIN_REGTEST_STANDARD } from "../../shared/bitcoin"
import { type BitcoinPurpose, type InputToSign, SIGHASH_BY_NAME } from "../bitcoinSigning"
import { invalidParams } from "./errors"
import { BITCOIN_WALLET_ICON } from "./icon"
import type { SatsConnectProvider } from "./satsConnect"
import type { AnnouncedAddress, BitcoinWalletCore } from "./wallet"

export const BitcoinConnect = "bitcoin:connect"
export const BitcoinSignMessage = "bitcoin:signMessage"
export const BitcoinSignTransaction = "bitcoin:signTransaction"
export const BitcoinSignAndSendTransaction = "bitcoin:signAndSendTransaction"
export const SatsConnectFeature = "sats-connect:"

export interface BitcoinSignTransactionInput {
  readonly psbt: Uint8Array
  readonly chain?: IdentifierString
  readonly inputsToSign: ReadonlyArray<{
    readonly account: WalletAccount
    readonly signingIndexes: ReadonlyArray<number>
    readonly sigHash?: string
  }>
}

const BITCOIN_FEATURES: ReadonlyArray<IdentifierString> = [
  BitcoinSignMessage,
  BitcoinSignTransaction,
  BitcoinSignAndSendTransaction
]

export type SandboxBitcoinStandardWallet = Wallet & {
  readonly features: Wallet["features"]
}

const isBytes = (value: unknown): value is Uint8Array => value instanceof Uint8Array

export const createStandardWallet = (
  core: BitcoinWalletCore,
  provider: SatsConnectProvider
): SandboxBitcoinStandardWallet => {
  const toAccount = (a: AnnouncedAddress): WalletAccount =>
    new ReadonlyWalletAccount({
      address: a.address,
      publicKey: Uint8Array.from(a.publicKey.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16)),
      chains: [BITCOIN_REGTEST_STANDARD],
      features: [...BITCOIN_FEATURES],
      label: `Sandbox Bitcoin ${a.purpose} ${core.ring().index}`
    })
  const listeners: { [E in StandardEventsNames]: Set<StandardEventsListeners[E]> } = { change: new Set() }
  core.onChange((addresses) => {
    const accounts = addresses.map(toAccount)
    for (const listener of [...listeners.change]) {
      try {
        listener({ accounts })
      } catch (error) {
        console.error("Sandbox Bitcoin Wallet: a change listener threw", error)
      }
    }
  })

  const requireChain = (chain: string | undefined, required: boolean) => {
    if (chain === undefined && !required) return
    if (chain !== BITCOIN_REGTEST_STANDARD) {
      throw invalidParams(
        `The Sandbox Bitcoin Wallet knows ${BITCOIN_REGTEST_STANDARD} only, not ${String(chain)}.`
      )
    }
  }

  const toSign = (input: BitcoinSignTransactionInput): ReadonlyArray<InputToSign> => {
    if (!isBytes(input.psbt) || !Array.isArray(input.inputsToSign)) {
      throw invalidParams("Expected { psbt: Uint8Array, inputsToSign: [{ account, signingIndexes }] }")
    }
    const entries: BitcoinSignTransactionInput["inputsToSign"] = input.inputsToSign
    return entries.flatMap((entry) => {
      if (typeof entry?.account?.address !== "string" || !Array.isArray(entry.signingIndexes)) {
        throw invalidParams("Expected each of inputsToSign as { account, signingIndexes }")
      }
      const sighash = entry.sigHash === undefined ? undefined : SIGHASH_BY_NAME[entry.sigHash]
      if (entry.sigHash !== undefined && sighash === undefined) {
        throw invalidParams(`Unknown sigHash ${String(entry.sigHash)}`)
      }
      return entry.signingIndexes.map((index: number) => ({
        index,
        address: entry.account.address,
        ...(sighash === undefined ? {} : { sighashTypes: [sighash] })
      }))
    })
  }

  const connect = async (input?: { readonly purposes?: ReadonlyArray<BitcoinPurpose> }) => {
    const purposes = (input?.purposes ?? ["payment"]).filter((p) => p === "payment" || p === "ordinals")
    return { accounts: (await core.connect(purposes)).map(toAccount) }
  }

  const signMessage = async (
    ...inputs: ReadonlyArray<{ readonly account: WalletAccount; readonly message: Uint8Array }>
  ) => {
    const outputs: Array<{ signedMessage: Uint8Array; signature: Uint8Array }> = []
    for (const input of inputs) {
      if (!isBytes(input.message)) throw invalidParams("Expected { account, message: Uint8Array }")
      // The feature has no protocol field: this wallet signs by BIP-322, what both its address kinds support.
      const signed = await core.signMessage(input.account.address, input.message, "BIP322")
      outputs.push({
        signedMessage: Uint8Array.from(input.message),
        signature: base64.decode(signed.signature)
      })
    }
    return outputs
  }

  const signTransaction = async (...inputs: ReadonlyArray<BitcoinSignTransactionInput>) => {
    const outputs: Array<{ signedPsbt: Uint8Array }> = []
    for (const input of inputs) {
      requireChain(input.chain, false)
      outputs.push({ signedPsbt: (await core.signPsbt(input.psbt, toSign(input), false)).psbt })
    }
    return outputs
  }

  const signAndSendTransaction = async (...inputs: ReadonlyArray<BitcoinSignTransactionInput>) => {
    const outputs: Array<{ txId: string }> = []
    for (const input of inputs) {
      requireChain(input.chain, true)
      const { txid } = await core.signPsbt(input.psbt, toSign(input), true)
      if (txid === undefined) throw new Error("The broadcast answered no txid.")
      outputs.push({ txId: txid })
    }
    return outputs
  }

  const on = <E extends StandardEventsNames>(event: E, listener: StandardEventsListeners[E]) => {
    const set = listeners[event] as Set<StandardEventsListeners[E]> | undefined
    set?.add(listener)
    return () => void set?.delete(listener)
  }

  return {
    version: "1.0.0",
    get name() {
      return core.name()
    },
    icon: BITCOIN_WALLET_ICON,
    chains: [BITCOIN_REGTEST_STANDARD],
    get accounts() {
      return core.connected() ? core.announced().map(toAccount) : []
    },
    features: {
      [BitcoinConnect]: { version: "1.0.0", connect },
      [StandardDisconnect]: { version: "1.0.0", disconnect: async () => core.disconnect() },
      [StandardEvents]: { version: "1.0.0", on },
      [BitcoinSignMessage]: { version: "1.0.0", signMessage },
      [BitcoinSignTransaction]: { version: "1.0.0", signTransaction },
      [BitcoinSignAndSendTransaction]: { version: "1.0.0", signAndSendTransaction },
      [SatsConnectFeature]: { provider }
    }
  }
}
