/**
 * The Sandbox Solana Wallet: a Wallet Standard wallet (what Phantom, Solflare and Backpack register) on the
 * sandbox's local Solana chain, `solana:localnet`, with one of the sandbox's dev accounts
 * (`sandbox/solana/accounts.mjs`). It signs locally with the account's ed25519 key; every connect and every
 * signing waits for the approval panel (or the test mode), as the Sandbox Wallet's EVM requests do.
 *
 * Features: `standard:connect` (with `silent`: the account only when this origin approved before, kept in
 * storage), `standard:disconnect`, `standard:events` (`change`), `solana:signMessage`,
 * `solana:signTransaction` and `solana:signAndSendTransaction` (legacy and version 0 transactions; the send
 * goes to the sandbox chain's JSON-RPC `sendTransaction`) and `solana:signIn` (Sign-In-With-Solana).
 */
import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import type { Transaction } from "@solana/kit"
import {
  SolanaSignAndSendTransaction,
  type SolanaSignAndSendTransactionInput,
  type SolanaSignAndSendTransactionOutput,
  SolanaSignIn,
  type SolanaSignInInput,
  type SolanaSignInOutput,
  SolanaSignMessage,
  type SolanaSignMessageInput,
  type SolanaSignMessageOutput,
  SolanaSignTransaction,
  type SolanaSignTransactionInput,
  type SolanaSignTransactionOutput
} from "@solana/wallet-standard-features"
import type { IdentifierString, WalletAccount } from "@wallet-standard/base"
import {
  StandardConnect,
  type StandardConnectInput,
  type StandardConnectOutput,
  StandardDisconnect,
  StandardEvents,
  type StandardEventsChangeProperties,
  type StandardEventsListeners,
  type StandardEventsNames
} from "@wallet-standard/features"
import { ReadonlyWalletAccount } from "@wallet-standard/wallet"
import { SOLANA_LOCALNET } from "../../solana/accounts.mjs"
import type { ApprovalRequest } from "../injected/approvals"
import type { KnownMint } from "./describe"
import { invalidParams, SolanaErrorCode, SolanaWalletError, userRejected } from "./errors"
import { SOLANA_WALLET_ICON } from "./icon"
import { signInMessageText } from "./siws"
import { asBytes, createSolanaRpc, decodeTransactionInput, signTransactionAs } from "./transactions"
import type {
  RecordedSolanaCall,
  SandboxSolanaWallet,
  SandboxSolanaWalletControl,
  SandboxSolanaWalletOptions
} from "./types"

export { SolanaErrorCode, SolanaWalletError } from "./errors"
export type {
  RecordedSolanaCall,
  SandboxSolanaWallet,
  SandboxSolanaWalletControl,
  SandboxSolanaWalletOptions,
  SolanaDevAccount
} from "./types"

export const SOLANA_WALLET_NAME = "Sandbox Solana Wallet"
/** Where the wallet remembers, per origin, that the site was approved (for `silent` connects). */
export const SOLANA_STORAGE_KEY = "airlock-sandbox-solana-wallet"

const FEATURES: ReadonlyArray<IdentifierString> = [
  SolanaSignMessage,
  SolanaSignTransaction,
  SolanaSignAndSendTransaction,
  SolanaSignIn
]

const readableMessage = (message: Uint8Array): string => {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(message)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: binary content is shown as hex instead
    if (!/[\u0000-\u0008\u000e-\u001f\u007f]/.test(text)) return text
  } catch {
    // not UTF-8: shown as hex below
  }
  const hex = Array.from(message, (byte) => byte.toString(16).padStart(2, "0")).join("")
  return `0x${hex} (${message.length} bytes, not text)`
}

/** The host (with its port) of an origin, what a SIWS message's domain is; the origin itself if opaque. */
const hostOf = (origin: string): string => {
  try {
    return new URL(origin).host || origin
  } catch {
    return origin
  }
}

export const createSandboxSolanaWallet = (
  options: SandboxSolanaWalletOptions
): SandboxSolanaWalletControl => {
  const { account: dev, origin, storage, approvals } = options
  const rpc = createSolanaRpc(options)
  const publicKey = ed25519.getPublicKey(dev.seed)
  const address = base58.encode(publicKey)
  if (address !== dev.address)
    throw new Error(`Solana dev account ${dev.index}: the seed is not ${dev.address}.`)
  const account: WalletAccount = new ReadonlyWalletAccount({
    address,
    publicKey,
    chains: [SOLANA_LOCALNET],
    features: [...FEATURES],
    label: `Sandbox Solana account ${dev.index}`
  })

  let connected = false
  let lastSignature: string | undefined
  const sent: Array<string> = []
  const counts: Record<string, number> = {}
  const calls: Array<RecordedSolanaCall> = []
  const listeners: { [E in StandardEventsNames]: Set<StandardEventsListeners[E]> } = { change: new Set() }

  const record = (feature: string) => {
    counts[feature] = (counts[feature] ?? 0) + 1
    calls.push({ feature, at: Date.now() })
  }

  // Per-origin approvals, as a JSON object in storage: { [origin]: { address } }.
  const readSites = (): Record<string, { address: string }> => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(SOLANA_STORAGE_KEY) ?? "{}")
      return typeof parsed === "object" && parsed !== null
        ? (parsed as Record<string, { address: string }>)
        : {}
    } catch {
      return {}
    }
  }
  const writeSites = (sites: Record<string, { address: string }>) => {
    try {
      storage?.setItem(SOLANA_STORAGE_KEY, JSON.stringify(sites))
    } catch {
      // storage full or refused: the approval lasts for this page only
    }
  }
  const approvedBefore = () => Object.hasOwn(readSites(), origin)
  const remember = () => writeSites({ ...readSites(), [origin]: { address } })
  const forget = () => {
    const { [origin]: _gone, ...rest } = readSites()
    writeSites(rest)
  }

  const emit = (properties: StandardEventsChangeProperties) => {
    for (const listener of [...listeners.change]) {
      try {
        listener(properties)
      } catch (error) {
        console.error("Sandbox Solana Wallet: a change listener threw", error)
      }
    }
  }
  const setConnected = (next: boolean) => {
    if (connected === next) return
    connected = next
    emit({ accounts: next ? [account] : [] })
  }

  const ask = async (request: Omit<ApprovalRequest, "origin">) => {
    const approved = await approvals.ask({ ...request, origin })
    if (!approved) throw userRejected()
  }

  const requireAccount = (candidate: WalletAccount | undefined) => {
    if (candidate?.address !== address) {
      throw invalidParams(`The Sandbox Solana Wallet has no account ${String(candidate?.address)}.`)
    }
    if (!connected) {
      throw new SolanaWalletError(
        SolanaErrorCode.unauthorized,
        "The account is not connected: call standard:connect first."
      )
    }
  }

  const requireChain = (chain: string | undefined, required: boolean) => {
    if (chain === undefined && !required) return
    if (chain !== SOLANA_LOCALNET) {
      throw invalidParams(`The Sandbox Solana Wallet knows ${SOLANA_LOCALNET} only, not ${String(chain)}.`)
    }
  }

  const mints = (): Array<KnownMint> => {
    const mint = options.config()?.mint
    return mint === undefined ? [] : [mint]
  }

  /** Decodes each input's transaction and checks that it asks this account to sign. */
  const prepare = (inputs: ReadonlyArray<SolanaSignTransactionInput>) =>
    inputs.map((input, index) => {
      requireAccount(input.account)
      requireChain(input.chain, false)
      return decodeTransactionInput(
        input.transaction,
        inputs.length > 1 ? `#${index + 1} ` : "",
        address,
        mints()
      )
    })

  const sign = (transaction: Transaction) => {
    const signed = signTransactionAs(transaction, dev.seed, address)
    lastSignature = base58.encode(signed.signature)
    return signed
  }

  const connect = async (input?: StandardConnectInput): Promise<StandardConnectOutput> => {
    record(StandardConnect)
    if (connected) return { accounts: [account] }
    if (input?.silent === true) {
      if (!approvedBefore()) return { accounts: [] }
    } else {
      await ask({
        kind: "connect",
        title: "Connect to this site",
        details: [
          ["Account", address],
          ["Network", SOLANA_LOCALNET]
        ]
      })
      remember()
    }
    setConnected(true)
    return { accounts: [account] }
  }

  const disconnect = async () => {
    record(StandardDisconnect)
    forget()
    setConnected(false)
  }

  const on = <E extends StandardEventsNames>(event: E, listener: StandardEventsListeners[E]) => {
    const set = listeners[event] as Set<StandardEventsListeners[E]> | undefined
    set?.add(listener)
    return () => void set?.delete(listener)
  }

  const signMessage = async (...inputs: ReadonlyArray<SolanaSignMessageInput>) => {
    record(SolanaSignMessage)
    const messages = inputs.map((input) => {
      requireAccount(input.account)
      return asBytes(input.message, "message")
    })
    await ask({
      kind: "sign-message",
      title: inputs.length === 1 ? "Sign a message" : `Sign ${inputs.length} messages`,
      details: [
        ["Account", address],
        ...messages.map(
          (message, index) =>
            [messages.length === 1 ? "Message" : `Message ${index + 1}`, readableMessage(message)] as const
        )
      ]
    })
    return messages.map((message): SolanaSignMessageOutput => {
      const signature = ed25519.sign(message, dev.seed)
      lastSignature = base58.encode(signature)
      return { signedMessage: Uint8Array.from(message), signature, signatureType: "ed25519" }
    })
  }

  const signTransaction = async (...inputs: ReadonlyArray<SolanaSignTransactionInput>) => {
    record(SolanaSignTransaction)
    const prepared = prepare(inputs)
    await ask({
      kind: "sign-transaction",
      title: inputs.length === 1 ? "Sign a transaction" : `Sign ${inputs.length} transactions`,
      details: [["Network", SOLANA_LOCALNET], ...prepared.flatMap((p) => p.details)]
    })
    return prepared.map(
      (p): SolanaSignTransactionOutput => ({ signedTransaction: sign(p.transaction).bytes })
    )
  }

  const signAndSendTransaction = async (...inputs: ReadonlyArray<SolanaSignAndSendTransactionInput>) => {
    record(SolanaSignAndSendTransaction)
    for (const input of inputs) requireChain(input.chain, true)
    const prepared = prepare(inputs)
    await ask({
      kind: "send-transaction",
      title: inputs.length === 1 ? "Send a transaction" : `Send ${inputs.length} transactions`,
      details: [["Network", SOLANA_LOCALNET], ...prepared.flatMap((p) => p.details)]
    })
    const outputs: Array<SolanaSignAndSendTransactionOutput> = []
    for (const [index, p] of prepared.entries()) {
      const settings = inputs[index]?.options ?? {}
      const { bytes } = sign(p.transaction)
      const result = await rpc.send(bytes, settings)
      // The transaction's id is its first signature (the fee payer's), which the node answers.
      const signature = base58.decode(result)
      sent.push(result)
      if (settings.commitment !== undefined) await rpc.confirm(result, settings.commitment)
      outputs.push({ signature })
    }
    return outputs
  }

  const signIn = async (...inputs: ReadonlyArray<SolanaSignInInput>) => {
    record(SolanaSignIn)
    const host = hostOf(origin)
    const messages = inputs.map((input) => {
      if (input.address !== undefined && input.address !== address) {
        throw invalidParams(`The Sandbox Solana Wallet has no account ${input.address}.`)
      }
      return signInMessageText({ ...input, domain: input.domain ?? host, address })
    })
    const mismatched = inputs.some((input) => input.domain !== undefined && input.domain !== host)
    await ask({
      kind: "sign-in",
      title: "Sign in with Solana",
      details: [
        ["Account", address],
        ...(mismatched
          ? [["Warning", `The message names another domain than this page's (${host}).`] as const]
          : []),
        ...messages.map(
          (text, index) => [messages.length === 1 ? "Message" : `Message ${index + 1}`, text] as const
        )
      ]
    })
    if (!connected) remember()
    setConnected(true)
    return messages.map((text): SolanaSignInOutput => {
      const signedMessage = new TextEncoder().encode(text)
      const signature = ed25519.sign(signedMessage, dev.seed)
      lastSignature = base58.encode(signature)
      return { account, signedMessage, signature, signatureType: "ed25519" }
    })
  }

  const wallet: SandboxSolanaWallet = {
    version: "1.0.0",
    name: SOLANA_WALLET_NAME,
    icon: SOLANA_WALLET_ICON,
    chains: [SOLANA_LOCALNET],
    get accounts() {
      return connected ? [account] : []
    },
    features: {
      [StandardConnect]: { version: "1.0.0", connect },
      [StandardDisconnect]: { version: "1.0.0", disconnect },
      [StandardEvents]: { version: "1.0.0", on },
      [SolanaSignMessage]: { version: "1.1.0", signMessage },
      [SolanaSignTransaction]: {
        version: "1.0.0",
        supportedTransactionVersions: ["legacy", 0],
        signTransaction
      },
      [SolanaSignAndSendTransaction]: {
        version: "1.0.0",
        supportedTransactionVersions: ["legacy", 0],
        signAndSendTransaction
      },
      [SolanaSignIn]: { version: "1.0.0", signIn }
    }
  }

  return {
    wallet,
    address,
    publicKey,
    connected: () => connected,
    approvedBefore,
    lastSignature: () => lastSignature,
    sent: () => [...sent],
    counts,
    calls,
    simulateDisconnect: () => setConnected(false),
    reset: () => {
      forget()
      setConnected(false)
    }
  }
}
