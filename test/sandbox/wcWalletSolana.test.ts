import { ed25519 } from "@noble/curves/ed25519"
import { base58, base64 } from "@scure/base"
import { address, getTransactionDecoder, type Transaction } from "@solana/kit"
import type { ProposalTypes } from "@walletconnect/types"
import { buildApprovedNamespaces } from "@walletconnect/utils"
import { describe, expect, it } from "vitest"
import type { SandboxSolanaConfig } from "../../sandbox/shared/config"
import {
  SANDBOX_SOLANA_CHAIN,
  SANDBOX_SOLANA_LOCALNET,
  sandboxSolanaAddress
} from "../../sandbox/shared/solana"
import { sandboxSolanaAccounts } from "../../sandbox/solana/accounts.mjs"
import { createDecide } from "../../sandbox/wallets/walletconnect/methods"
import { supportedNamespaces } from "../../sandbox/wallets/walletconnect/namespaces"
import {
  decodeTransactionString,
  MAX_TRANSACTION_BYTES,
  parseSendOptions
} from "../../sandbox/wallets/walletconnect/solanaTransactions"
import { compile, OFFLINE_LIFETIME, solTransfer, tokenTransfer, wireBytes } from "./solanaTransfer"
import { askOf, offlineContext, refusal } from "./wcDecide"

/**
 * The Sandbox WalletConnect Wallet's Solana transaction methods, as its request handling decides them
 * (methods.ts): what it accepts, what it refuses with which JSON-RPC error, what the approval card shows and
 * what it signs. Nothing is sent here (wcWalletSolanaChain.test.ts sends on the local chain).
 */

const [wallet, other, third] = sandboxSolanaAccounts()
const MINT = {
  address: "F4PMPSNmCFF3iBo1s9GygHnpJwbFLNbNkJkzwu8yQDTR",
  name: "Sandbox SPL",
  symbol: "sSPL",
  decimals: 6
}
const solana: SandboxSolanaConfig = {
  rpcUrl: "http://127.0.0.1:1",
  chain: SANDBOX_SOLANA_LOCALNET,
  mint: MINT
}

const contextWith = (solanaConfig: SandboxSolanaConfig | undefined) =>
  offlineContext(solanaConfig === undefined ? {} : { solana: solanaConfig })

const decide = createDecide(contextWith(solana))
const askOn = askOf(decide)
/** The request put to the visitor; fails the test when it was answered at once. */
const ask = (method: string, params: unknown, chainId: string = SANDBOX_SOLANA_LOCALNET) =>
  askOn(method, params, chainId)

const b64 = (transaction: Transaction) => base64.encode(wireBytes(transaction))
const transfer = (from = wallet!.address, to = third!.address, lamports = 500_000_000n, payer = from) =>
  compile(payer, [solTransfer(from, to, lamports)], OFFLINE_LIFETIME)

const decode = (value: string) => getTransactionDecoder().decode(base64.decode(value))
const verifies = (transaction: Transaction, signer: string) => {
  const signature = transaction.signatures[address(signer)]
  return (
    signature != null &&
    ed25519.verify(signature, Uint8Array.from(transaction.messageBytes), base58.decode(signer))
  )
}

describe("the session's Solana namespace", () => {
  it("offers devnet and the local chain, the account on each, and the four Solana methods", () => {
    const { solana: offered } = supportedNamespaces([], "0x0")
    expect(offered?.chains).toEqual([SANDBOX_SOLANA_CHAIN, SANDBOX_SOLANA_LOCALNET])
    expect(offered?.accounts).toEqual([
      `${SANDBOX_SOLANA_CHAIN}:${sandboxSolanaAddress}`,
      `${SANDBOX_SOLANA_LOCALNET}:${sandboxSolanaAddress}`
    ])
    expect(offered?.methods).toEqual([
      "solana_signMessage",
      "solana_signTransaction",
      "solana_signAllTransactions",
      "solana_signAndSendTransaction"
    ])
  })
})

describe("approving a proposal's Solana namespace", () => {
  const approved = (proposal: Pick<ProposalTypes.Struct, "requiredNamespaces" | "optionalNamespaces">) =>
    buildApprovedNamespaces({
      proposal: {
        id: 1,
        expiryTimestamp: 0,
        relays: [{ protocol: "irn" }],
        proposer: { publicKey: "00", metadata: { name: "dapp", description: "", url: "", icons: [] } },
        pairingTopic: "topic",
        ...proposal
      },
      supportedNamespaces: supportedNamespaces([], "0x0")
    }).solana?.accounts

  it("grants the local chain, devnet or both, as the dapp asks, required or optional", () => {
    const namespace = (chains: Array<string>) => ({
      solana: { chains, methods: ["solana_signAndSendTransaction"], events: [] }
    })
    expect(
      approved({ requiredNamespaces: namespace([SANDBOX_SOLANA_LOCALNET]), optionalNamespaces: {} })
    ).toEqual([`${SANDBOX_SOLANA_LOCALNET}:${sandboxSolanaAddress}`])
    expect(
      approved({ requiredNamespaces: {}, optionalNamespaces: namespace([SANDBOX_SOLANA_CHAIN]) })
    ).toEqual([`${SANDBOX_SOLANA_CHAIN}:${sandboxSolanaAddress}`])
    expect(
      approved({
        requiredNamespaces: {},
        optionalNamespaces: namespace([
          SANDBOX_SOLANA_LOCALNET,
          "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
          SANDBOX_SOLANA_CHAIN
        ])
      })
    ).toEqual([
      `${SANDBOX_SOLANA_LOCALNET}:${sandboxSolanaAddress}`,
      `${SANDBOX_SOLANA_CHAIN}:${sandboxSolanaAddress}`
    ])
  })
})

describe("reading a dapp's transaction", () => {
  it("takes the same transaction in base64 or in base58", () => {
    const bytes = wireBytes(transfer())
    const fromBase64 = decodeTransactionString(base64.encode(bytes), "it")
    const fromBase58 = decodeTransactionString(base58.encode(bytes), "it")
    expect(fromBase58.messageBytes).toEqual(fromBase64.messageBytes)
    expect(Object.keys(fromBase64.signatures)).toEqual([wallet!.address])
  })

  it("refuses, as invalid params (-32602), whatever is not one whole wire transaction", () => {
    const bytes = wireBytes(transfer())
    const tooLong = new Uint8Array(MAX_TRANSACTION_BYTES + 1).fill(1)
    for (const value of [
      undefined,
      42,
      "",
      "AQ==",
      "not a transaction!",
      base64.encode(Uint8Array.from([...bytes, 0, 0])),
      base64.encode(bytes.slice(0, -4)),
      base64.encode(tooLong),
      "A".repeat(4 * MAX_TRANSACTION_BYTES)
    ]) {
      expect(refusal(() => decodeTransactionString(value, "the transaction")).code, String(value)).toBe(
        -32602
      )
    }
  })
})

describe("what the wallet refuses", () => {
  it("a transaction that does not ask its account to sign, with the signers named (4100)", () => {
    const foreign = b64(transfer(other!.address, third!.address))
    for (const [method, params] of [
      ["solana_signTransaction", { transaction: foreign }],
      ["solana_signAndSendTransaction", { transaction: foreign }],
      ["solana_signAllTransactions", { transactions: [b64(transfer()), foreign] }]
    ] as const) {
      const { code, message } = refusal(() => ask(method, params))
      expect(code, method).toBe(4100)
      expect(message).toContain(other!.address)
    }
  })

  it("a pubkey that is not its account (4100), and params that are no object (-32602)", () => {
    const transaction = b64(transfer())
    expect(refusal(() => ask("solana_signTransaction", { transaction, pubkey: other!.address })).code).toBe(
      4100
    )
    expect(refusal(() => ask("solana_signTransaction", [transaction])).code).toBe(-32602)
    expect(refusal(() => ask("solana_signTransaction", {})).code).toBe(-32602)
  })

  it("Solana on another chain (-32602), a method it does not know (5101), a send on devnet (5100)", () => {
    const params = { transaction: b64(transfer()) }
    expect(
      refusal(() => ask("solana_signTransaction", params, "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"))
    ).toEqual({
      code: -32602,
      message: `The sandbox wallet signs Solana on ${SANDBOX_SOLANA_CHAIN} and ${SANDBOX_SOLANA_LOCALNET} only.`
    })
    expect(refusal(() => ask("solana_signAndSendAllTransactions", params)).code).toBe(5101)
    expect(refusal(() => ask("solana_signAndSendTransaction", params, SANDBOX_SOLANA_CHAIN)).code).toBe(5100)
    // Signing alone is the same on devnet.
    expect(ask("solana_signTransaction", params, SANDBOX_SOLANA_CHAIN).preview.length).toBeGreaterThan(0)
  })

  it("a send when the sandbox runs no local chain (-32603)", () => {
    const without = createDecide(contextWith(undefined))
    const call = () =>
      without("topic", "solana_signAndSendTransaction", SANDBOX_SOLANA_LOCALNET, {
        transaction: b64(transfer())
      })
    expect(refusal(call).code).toBe(-32603)
  })

  it("batches that are empty, too long or not a list (-32602), naming the bad transaction in one", () => {
    const good = b64(transfer())
    for (const transactions of [[], Array.from({ length: 21 }, () => good), good, undefined]) {
      expect(refusal(() => ask("solana_signAllTransactions", { transactions })).code).toBe(-32602)
    }
    const { code, message } = refusal(() =>
      ask("solana_signAllTransactions", { transactions: [good, good, "AQ=="] })
    )
    expect(code).toBe(-32602)
    expect(message).toContain("transaction 3")
  })
})

describe("the send options", () => {
  it("come as sendOptions (WalletConnect's name) or options (this SDK's), each checked", () => {
    const options = {
      skipPreflight: true,
      preflightCommitment: "confirmed",
      maxRetries: 0,
      minContextSlot: 7
    }
    expect(parseSendOptions({ sendOptions: options })).toEqual(options)
    expect(parseSendOptions({ options: { ...options, commitment: "finalized" } })).toEqual({
      ...options,
      commitment: "finalized"
    })
    expect(parseSendOptions({ sendOptions: null })).toEqual({})
    expect(parseSendOptions({})).toEqual({})
    for (const params of [
      { sendOptions: {}, options: {} },
      { sendOptions: "fast" },
      { sendOptions: { encoding: "base58" } },
      { sendOptions: { skipPreflight: "yes" } },
      { sendOptions: { maxRetries: -1 } },
      { sendOptions: { minContextSlot: 1.5 } },
      { sendOptions: { preflightCommitment: "max" } }
    ]) {
      expect(refusal(() => parseSendOptions(params)).code, JSON.stringify(params)).toBe(-32602)
    }
  })
})

describe("what the approval card shows", () => {
  it("SOL and sSPL transfers with their amounts and receivers, other programs by id, and the send", async () => {
    const { instruction, destination } = await tokenTransfer(
      MINT,
      wallet!.address,
      other!.address,
      10_000_000n
    )
    const program = "Stake11111111111111111111111111111111111111"
    const transaction = compile(
      wallet!.address,
      [
        solTransfer(wallet!.address, third!.address, 1_500_000_000n),
        instruction,
        { programAddress: address(program), data: Uint8Array.of(1, 2) }
      ],
      OFFLINE_LIFETIME
    )
    const { preview } = ask("solana_signAndSendTransaction", {
      transaction: b64(transaction),
      sendOptions: { skipPreflight: true }
    })
    const text = preview.map(([label, value]) => `${label}: ${value}`).join("\n")
    expect(preview).toContainEqual(["Account", sandboxSolanaAddress])
    expect(preview).toContainEqual(["Fee payer", wallet!.address])
    expect(text).toContain(`Send 1.5 SOL\nfrom ${wallet!.address}\nto ${third!.address}`)
    expect(text).toContain(`Send 10 sSPL\nmint ${MINT.address}`)
    expect(text).toContain(`to token account ${destination}`)
    expect(text).toContain(`Program ${program}`)
    expect(preview).toContainEqual(["Sent to", solana.rpcUrl])
    expect(preview).toContainEqual(["skipPreflight", "true"])
  })

  it("each transaction of a batch, numbered", () => {
    const { preview } = ask("solana_signAllTransactions", {
      transactions: [b64(transfer()), b64(transfer(wallet!.address, other!.address, 2n))]
    })
    expect(preview).toContainEqual(["Transactions", "2"])
    expect(preview.map(([label]) => label)).toEqual(
      expect.arrayContaining(["#1 Instruction 1", "#2 Instruction 1"])
    )
  })
})

describe("what the wallet signs", () => {
  it("solana_signTransaction: { signature, transaction }, the other signer's signature kept", async () => {
    // Another account pays the fee and has signed already; the wallet's account moves the SOL.
    const unsigned = transfer(wallet!.address, third!.address, 1n, other!.address)
    const theirs = ed25519.sign(Uint8Array.from(unsigned.messageBytes), other!.seed)
    const partly = {
      ...unsigned,
      signatures: { ...unsigned.signatures, [other!.address]: theirs }
    } as Transaction
    const result = (await ask("solana_signTransaction", { transaction: b64(partly) }).run()) as {
      signature: string
      transaction: string
    }
    const signed = decode(result.transaction)
    expect(verifies(signed, wallet!.address)).toBe(true)
    expect(verifies(signed, other!.address)).toBe(true)
    expect(signed.messageBytes).toEqual(unsigned.messageBytes)
    expect(base58.decode(result.signature)).toEqual(signed.signatures[address(wallet!.address)])
  })

  it("a legacy transaction given in base58, as older dapps send it", async () => {
    const legacy = compile(
      wallet!.address,
      [solTransfer(wallet!.address, other!.address, 3n)],
      OFFLINE_LIFETIME,
      "legacy"
    )
    const result = (await ask("solana_signTransaction", {
      transaction: base58.encode(wireBytes(legacy)),
      pubkey: sandboxSolanaAddress
    }).run()) as { transaction: string }
    expect(verifies(decode(result.transaction), wallet!.address)).toBe(true)
  })

  it("solana_signAllTransactions: { transactions }, each signed, in order", async () => {
    const batch = [transfer(), transfer(wallet!.address, other!.address, 9n)]
    const result = (await ask("solana_signAllTransactions", { transactions: batch.map(b64) }).run()) as {
      transactions: ReadonlyArray<string>
    }
    expect(result.transactions).toHaveLength(2)
    result.transactions.forEach((value, index) => {
      const signed = decode(value)
      expect(signed.messageBytes).toEqual(batch[index]?.messageBytes)
      expect(verifies(signed, wallet!.address)).toBe(true)
    })
  })
})
