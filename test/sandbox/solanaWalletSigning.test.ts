// @vitest-environment happy-dom
/** The Sandbox Solana Wallet signing: solana:signMessage, solana:signTransaction, solana:signAndSendTransaction. */
import { ed25519 } from "@noble/curves/ed25519"
import { base58, base64 } from "@scure/base"
import {
  address,
  createNoopSigner,
  getTransactionDecoder,
  type Instruction,
  type Transaction
} from "@solana/kit"
import { getTransferCheckedInstruction } from "@solana-program/token"
import { describe, expect, it } from "vitest"
import { formatUnits } from "../../sandbox/wallets/solana/describe"
import { compile, solTransfer, wireBytes } from "./solanaTransfer"
import { account0, account1, connected, failure, fakeRpc, MINT, RPC_URL, setup } from "./solanaWalletWorld"

/** A blockhash no chain knows: these transactions are only described and signed. */
const LIFETIME = { blockhash: base58.encode(new Uint8Array(32).fill(7)), lastValidBlockHeight: 100 }

/** A transfer of `lamports` from `from` to `to`, compiled and encoded as a wallet receives it. */
const transferTransaction = (
  from: string,
  to: string,
  lamports: bigint,
  version: 0 | "legacy" = 0,
  extra: ReadonlyArray<Instruction> = []
) => wireBytes(compile(from, [solTransfer(from, to, lamports), ...extra], LIFETIME, version))

const decode = (bytes: Uint8Array): Transaction => getTransactionDecoder().decode(bytes) as Transaction

describe("solana:signMessage", () => {
  it("signs the bytes with ed25519 after approval, showing the text", async () => {
    const { wallet, account, asked, control } = await connected()
    const message = new TextEncoder().encode("Hello from the sandbox ✓")
    const [output] = await wallet.features["solana:signMessage"].signMessage({ account, message })
    expect(output!.signedMessage).toEqual(message)
    expect(output!.signatureType).toBe("ed25519")
    expect(ed25519.verify(output!.signature, message, base58.decode(account0.address))).toBe(true)
    expect(control.lastSignature()).toBe(base58.encode(output!.signature))
    expect(asked.map((r) => r.kind)).toEqual(["sign-message"])
    expect(asked[0]!.details).toContainEqual(["Message", "Hello from the sandbox ✓"])
  })

  it("shows binary messages as hex, rejects with 4001, and refuses before connecting", async () => {
    const { wallet, account, asked, approvals } = await connected("auto-reject")
    const binary = Uint8Array.from([0, 1, 2, 255])
    expect(
      await failure(wallet.features["solana:signMessage"].signMessage({ account, message: binary }))
    ).toEqual({
      code: 4001,
      message: "User rejected the request."
    })
    expect(asked[0]!.details).toContainEqual(["Message", "0x000102ff (4 bytes, not text)"])
    approvals.setMode("auto-approve")

    const fresh = setup("auto-approve")
    expect(
      await failure(fresh.wallet.features["solana:signMessage"].signMessage({ account, message: binary }))
    ).toMatchObject({ code: 4100 })
    const other = { ...account, address: account1.address }
    expect(
      await failure(wallet.features["solana:signMessage"].signMessage({ account: other, message: binary }))
    ).toMatchObject({ code: -32602 })
  })
})

describe("solana:signTransaction", () => {
  for (const version of [0, "legacy"] as const) {
    it(`signs a version ${version} SOL transfer built with @solana/kit`, async () => {
      const { wallet, account, asked } = await connected()
      const transaction = transferTransaction(account0.address, account1.address, 500_000_000n, version)
      const [output] = await wallet.features["solana:signTransaction"].signTransaction({
        account,
        transaction,
        chain: "solana:localnet"
      })
      const signed = decode(output!.signedTransaction)
      const unsigned = decode(transaction)
      expect(Uint8Array.from(signed.messageBytes)).toEqual(Uint8Array.from(unsigned.messageBytes))
      expect(Object.keys(signed.signatures)).toEqual([account0.address])
      const signature = signed.signatures[address(account0.address)]!
      expect(
        ed25519.verify(signature, Uint8Array.from(signed.messageBytes), base58.decode(account0.address))
      ).toBe(true)
      expect(asked.map((r) => r.kind)).toEqual(["sign-transaction"])
      const details = Object.fromEntries(asked[0]!.details)
      expect(details.Version).toBe(String(version))
      expect(details["Fee payer"]).toBe(account0.address)
      expect(details["Instruction 1"]).toBe(`Send 0.5 SOL\nfrom ${account0.address}\nto ${account1.address}`)
    })
  }

  it("describes SPL token transfers with their amount and symbol, and unknown programs by id", async () => {
    const { wallet, account, asked } = await connected()
    const owner = createNoopSigner(address(account0.address))
    const tokenTransfer = getTransferCheckedInstruction({
      source: address("4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T"),
      mint: address(MINT!.address),
      destination: address("7EYnhQoR9YM3N7UoaKRoA44Uy8JeaZV3qyouov87awMs"),
      authority: owner,
      amount: 10_000_000n,
      decimals: 6
    })
    const unknownProgram: Instruction = {
      programAddress: address("Stake11111111111111111111111111111111111111"),
      accounts: [],
      data: Uint8Array.from([1, 2, 3])
    }
    const transaction = transferTransaction(account0.address, account1.address, 1n, 0, [
      tokenTransfer,
      unknownProgram
    ])
    await wallet.features["solana:signTransaction"].signTransaction({ account, transaction })
    const details = Object.fromEntries(asked[0]!.details)
    expect(details["Instruction 1"]).toBe(
      `Send 0.000000001 SOL\nfrom ${account0.address}\nto ${account1.address}`
    )
    expect(details["Instruction 2"]).toBe(
      [
        "Send 10 SBX",
        `mint ${MINT!.address}`,
        "from token account 4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T",
        "to token account 7EYnhQoR9YM3N7UoaKRoA44Uy8JeaZV3qyouov87awMs",
        `owner ${account0.address}`
      ].join("\n")
    )
    expect(details["Instruction 3"]).toBe(
      "Program Stake11111111111111111111111111111111111111\n0 accounts, 3 data bytes"
    )
  })

  it("refuses bytes that are no transaction, one the account need not sign, and another chain", async () => {
    const { wallet, account } = await connected()
    const signTransaction = wallet.features["solana:signTransaction"].signTransaction
    expect(
      await failure(signTransaction({ account, transaction: Uint8Array.from([1, 2, 3]) }))
    ).toMatchObject({
      code: -32602
    })
    const notOurs = transferTransaction(account1.address, account0.address, 1n)
    expect(await failure(signTransaction({ account, transaction: notOurs }))).toMatchObject({
      code: -32602,
      message: `The transaction does not ask ${account0.address} to sign it.`
    })
    const ours = transferTransaction(account0.address, account1.address, 1n)
    expect(
      await failure(signTransaction({ account, transaction: ours, chain: "solana:mainnet" }))
    ).toMatchObject({
      code: -32602
    })
  })

  it("formats amounts", () => {
    expect(formatUnits(500_000_000n, 9)).toBe("0.5")
    expect(formatUnits(10_000_000n, 6)).toBe("10")
    expect(formatUnits(1n, 9)).toBe("0.000000001")
    expect(formatUnits(123_456_789_000n, 9)).toBe("123.456789")
    expect(formatUnits(0n, 6)).toBe("0")
  })
})

describe("solana:signAndSendTransaction", () => {
  it("signs, sends base64 to the local RPC with the options, and answers the signature", async () => {
    const rpc = fakeRpc()
    const { wallet, account, asked, control } = await connected("auto-approve", { rpc })
    const transaction = transferTransaction(account0.address, account1.address, 500_000_000n)
    const [output] = await wallet.features["solana:signAndSendTransaction"].signAndSendTransaction({
      account,
      transaction,
      chain: "solana:localnet",
      options: { skipPreflight: true, preflightCommitment: "processed", maxRetries: 2, minContextSlot: 5 }
    })
    expect(asked.map((r) => r.kind)).toEqual(["send-transaction"])
    expect(rpc.calls.map((c) => [c.url, c.method])).toEqual([[RPC_URL, "sendTransaction"]])
    const [wire, config] = rpc.calls[0]!.params as [string, Record<string, unknown>]
    expect(config).toEqual({
      encoding: "base64",
      skipPreflight: true,
      preflightCommitment: "processed",
      maxRetries: 2,
      minContextSlot: 5
    })
    const sent = decode(base64.decode(wire))
    const signature = sent.signatures[address(account0.address)]!
    expect(
      ed25519.verify(signature, Uint8Array.from(sent.messageBytes), base58.decode(account0.address))
    ).toBe(true)
    expect(output!.signature).toEqual(Uint8Array.from(signature))
    expect(control.sent()).toEqual([base58.encode(signature)])
    expect(control.lastSignature()).toBe(base58.encode(signature))
  })

  it("confirms to options.commitment by polling getSignatureStatuses", async () => {
    const rpc = fakeRpc(["processed", "processed", "confirmed"])
    const { wallet, account } = await connected("auto-approve", { rpc })
    await wallet.features["solana:signAndSendTransaction"].signAndSendTransaction({
      account,
      transaction: transferTransaction(account0.address, account1.address, 1n),
      chain: "solana:localnet",
      options: { commitment: "confirmed" }
    })
    expect(rpc.calls.map((c) => c.method)).toEqual([
      "sendTransaction",
      "getSignatureStatuses",
      "getSignatureStatuses",
      "getSignatureStatuses"
    ])
    expect(rpc.calls[0]!.params[1]).toEqual({ encoding: "base64" })
  })

  it("sends nothing when rejected, passes the node's errors on, and needs solana:localnet", async () => {
    const rpc = fakeRpc()
    const { wallet, account, approvals } = await connected("auto-reject", { rpc })
    const send = wallet.features["solana:signAndSendTransaction"].signAndSendTransaction
    const transaction = transferTransaction(account0.address, account1.address, 1n)
    expect(await failure(send({ account, transaction, chain: "solana:localnet" }))).toEqual({
      code: 4001,
      message: "User rejected the request."
    })
    expect(rpc.calls).toEqual([])
    approvals.setMode("auto-approve")
    expect(await failure(send({ account, transaction, chain: "solana:devnet" }))).toMatchObject({
      code: -32602
    })
    rpc.fetch.mockImplementationOnce(
      async () =>
        new Response(
          JSON.stringify({
            jsonrpc: "2.0",
            id: 1,
            error: { code: -32002, message: "Transaction simulation failed" }
          })
        )
    )
    expect(await failure(send({ account, transaction, chain: "solana:localnet" }))).toEqual({
      code: -32002,
      message: "Transaction simulation failed"
    })
  })
})
