/**
 * The Sandbox Bitcoin Wallet's core, behind both of its faces (standard.ts: the Wallet Standard; satsConnect.ts:
 * the sats-connect provider): one dev account of sandbox/bitcoin/accounts.mjs, whether the page is
 * connected, the approvals every connect, signature and transfer waits for, and the hostile switches. The
 * signing itself is sandbox/wallets/bitcoinSigning's, shared with the Sandbox WalletConnect Wallet.
 */
import { hex } from "@scure/base"
import * as btc from "@scure/btc-signer"
import { sandboxBitcoinAccounts } from "../../shared/bitcoin"
import {
  type BitcoinKey,
  type BitcoinKeyRing,
  type BitcoinPurpose,
  createBitcoinSigner,
  createEsplora,
  type Details,
  type InputToSign,
  keyRingOf,
  type MessageProtocol,
  type Recipient
} from "../bitcoinSigning"
import type { ApprovalKind, Approvals } from "../injected/approvals"
import type { KeyValue } from "../injected/types"
import { notConnected, userRejected, walletErrorOf } from "./errors"

export const BITCOIN_WALLET_NAME = "Sandbox Bitcoin Wallet"
/** Where the wallet remembers, per origin, that the site was approved (so a reload connects without asking). */
export const BITCOIN_STORAGE_KEY = "airlock-sandbox-bitcoin-wallet"

export const HOSTILE_MODES = ["huge-name", "bad-address", "swap-input", "other-message"] as const
export type HostileMode = (typeof HOSTILE_MODES)[number]
export const isHostileMode = (value: unknown): value is HostileMode =>
  typeof value === "string" && (HOSTILE_MODES as ReadonlyArray<string>).includes(value)

/** A 1 MB name, for the `huge-name` switch. */
const HUGE_NAME = `${BITCOIN_WALLET_NAME} ${"W".repeat(1024 * 1024)}`

/** An address the wallet announces: the real one, or in `bad-address` mode the same key's mainnet address. */
export interface AnnouncedAddress {
  readonly purpose: BitcoinPurpose
  readonly address: string
  /** Hex: 33-byte compressed (payment), 32-byte x-only (ordinals). */
  readonly publicKey: string
  readonly addressType: "p2wpkh" | "p2tr"
}

export interface BitcoinWalletOptions {
  readonly accountIndex: number
  readonly origin: string
  readonly approvals: Approvals
  readonly storage: KeyValue | undefined
  /** The local chain's Esplora URL, read when it is needed (the page's config may come after the wallet). */
  readonly esploraUrl: () => string | undefined
  readonly hostile: ReadonlySet<HostileMode>
  readonly fetch?: typeof fetch
}

export type ChangeListener = (addresses: ReadonlyArray<AnnouncedAddress>) => void

const mainnetAddressOf = (key: BitcoinKey) =>
  (key.addressType === "p2wpkh" ? btc.p2wpkh(key.publicKey) : btc.p2tr(key.publicKey)).address ?? key.address

export const createBitcoinWalletCore = (options: BitcoinWalletOptions) => {
  const { approvals, origin, storage } = options
  const accounts = sandboxBitcoinAccounts()
  const hostile = new Set(options.hostile)
  let ring: BitcoinKeyRing = keyRingOf(accounts[options.accountIndex] ?? accounts[0]!)
  let connected = false
  let lastSignature: string | undefined
  const sent: Array<string> = []
  const counts: Record<string, number> = {}
  const listeners = new Set<ChangeListener>()

  const signer = createBitcoinSigner(
    () => ring,
    createEsplora(options.esploraUrl, options.fetch),
    () => ({ otherMessage: hostile.has("other-message"), swapInput: hostile.has("swap-input") })
  )

  const record = (what: string) => {
    counts[what] = (counts[what] ?? 0) + 1
  }

  const readSites = (): Record<string, true> => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(BITCOIN_STORAGE_KEY) ?? "{}")
      return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, true>) : {}
    } catch {
      return {}
    }
  }
  const writeSites = (sites: Record<string, true>) => {
    try {
      storage?.setItem(BITCOIN_STORAGE_KEY, JSON.stringify(sites))
    } catch {
      // storage full or refused: the approval lasts for this page only
    }
  }

  const announced = (): ReadonlyArray<AnnouncedAddress> =>
    ring.keys.map((key) => ({
      purpose: key.purpose,
      address: hostile.has("bad-address") ? mainnetAddressOf(key) : key.address,
      publicKey: hex.encode(key.publicKey),
      addressType: key.addressType
    }))

  const emit = () => {
    const addresses = connected ? announced() : []
    for (const listener of [...listeners]) {
      try {
        listener(addresses)
      } catch (error) {
        console.error("Sandbox Bitcoin Wallet: a change listener threw", error)
      }
    }
  }

  const ask = async (kind: ApprovalKind, title: string, details: Details) => {
    if (!(await approvals.ask({ kind, title, origin, details }))) throw userRejected()
  }

  /** Runs a request's work, turning every failure into a coded wallet error. */
  const guarded = async <A>(work: () => Promise<A> | A): Promise<A> => {
    try {
      return await work()
    } catch (error) {
      throw walletErrorOf(error)
    }
  }

  const requireConnected = () => {
    if (!connected) throw notConnected()
  }

  return {
    name: () => (hostile.has("huge-name") ? HUGE_NAME : BITCOIN_WALLET_NAME),
    ring: () => ring,
    announced,
    connected: () => connected,
    counts,
    lastSignature: () => lastSignature,
    sent: () => [...sent],
    hostile: () => [...hostile],
    setHostile: (mode: HostileMode, on: boolean) => {
      if (on) hostile.add(mode)
      else hostile.delete(mode)
    },
    onChange: (listener: ChangeListener) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },

    /** Connects (asking unless this origin approved before) and answers the addresses of `purposes`. */
    connect: (purposes: ReadonlyArray<BitcoinPurpose>) =>
      guarded(async () => {
        record("connect")
        if (!connected && !Object.hasOwn(readSites(), origin)) {
          await ask(
            "connect",
            "Connect to this site",
            ring.keys.map((key) => [
              `${key.purpose === "payment" ? "Payment" : "Ordinals"} address`,
              key.address
            ])
          )
          writeSites({ ...readSites(), [origin]: true })
        }
        if (!connected) {
          connected = true
          emit()
        }
        const wanted = purposes.length === 0 ? ["payment" as const] : purposes
        return announced().filter((a) => wanted.includes(a.purpose))
      }),

    disconnect: () => {
      record("disconnect")
      const { [origin]: _gone, ...rest } = readSites()
      writeSites(rest)
      if (connected) {
        connected = false
        emit()
      }
    },

    /** Switches to dev account `index` (as a visitor does in the extension); connected pages hear `change`. */
    switchAccount: (index: number) => {
      const account = accounts[index]
      if (account === undefined) throw new RangeError(`No Bitcoin dev account ${index}`)
      ring = keyRingOf(account)
      // A page that is not connected has no accounts to hear about.
      if (connected) emit()
    },

    simulateDisconnect: () => {
      if (!connected) return
      connected = false
      emit()
    },

    signMessage: (address: string, message: Uint8Array, protocol: MessageProtocol) =>
      guarded(async () => {
        record("signMessage")
        requireConnected()
        const prepared = signer.signMessage(address, message, protocol)
        await ask("sign-message", "Sign a message", prepared.details)
        const signed = prepared.run()
        lastSignature = signed.signature
        return signed
      }),

    signPsbt: (psbt: Uint8Array, inputs: ReadonlyArray<InputToSign>, broadcast: boolean) =>
      guarded(async () => {
        record("signPsbt")
        requireConnected()
        const prepared = signer.signPsbt(psbt, inputs, broadcast)
        await ask(
          broadcast ? "send-transaction" : "sign-transaction",
          broadcast ? "Sign and send a transaction" : "Sign a transaction",
          prepared.details
        )
        const signed = await prepared.run()
        if (signed.txid !== undefined) sent.push(signed.txid)
        return signed
      }),

    /** The indexes of `psbt`'s inputs this wallet holds keys for (what sats-connect's signPsbt signs by default). */
    ownInputs: (psbt: Uint8Array): ReadonlyArray<InputToSign> => signer.ownInputs(psbt),

    sendTransfer: (recipients: ReadonlyArray<Recipient>) =>
      guarded(async () => {
        record("sendTransfer")
        requireConnected()
        const prepared = await signer.prepareTransfer(recipients)
        await ask("send-transaction", "Send bitcoin", prepared.details)
        const result = await prepared.run()
        sent.push(result.txid)
        return result
      })
  }
}

export type BitcoinWalletCore = ReturnType<typeof createBitcoinWalletCore>
