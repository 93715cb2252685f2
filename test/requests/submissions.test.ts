import { assert, describe, it } from "@effect/vitest"
import { sentRow, unlistedSends } from "../../src/layers/account/sentActivity"
import { transferTransaction } from "../../src/layers/flows/send/solanaTransfer"
import { sentTransaction } from "../../src/layers/requests/submissions"
import type { Transaction } from "../../src/schemas/Transaction"
import type { TrackedTransaction } from "../../src/services/TransactionWatcher"
import {
  SOLANA_BOB as RECEIVER,
  SOLANA_ALICE as SENDER,
  SOLANA_SIGNATURE as SIGNATURE,
  SOLANA_BLOCKHASH
} from "../kit/accounts"

const HASH = `0x${"ab".repeat(32)}`
const SOLANA = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"

describe("sentTransaction", () => {
  it("reads an EVM send's hash, receiver and value", () => {
    assert.deepStrictEqual(sentTransaction("eth_sendTransaction", [{ to: "0xdead", value: "0x10" }], HASH), {
      kind: "transaction",
      hash: HASH,
      to: "0xdead",
      value: "16"
    })
  })

  it("tracks a Solana sign-and-send by its signature, whoever asked for it", () => {
    assert.deepStrictEqual(
      sentTransaction("solana_signAndSendTransaction", { transaction: "AQAB" }, { signature: SIGNATURE }),
      { kind: "transaction", hash: SIGNATURE, to: undefined, value: undefined }
    )
  })

  it("a plain SOL transfer also says where and how many lamports", () => {
    const wire = transferTransaction(
      { kind: "sol", from: SENDER, to: RECEIVER, lamports: 1_500_000_000n },
      { blockhash: SOLANA_BLOCKHASH, lastValidBlockHeight: 1n }
    )
    assert.deepStrictEqual(
      sentTransaction("solana_signAndSendTransaction", { transaction: wire }, { signature: SIGNATURE }),
      { kind: "transaction", hash: SIGNATURE, to: RECEIVER, value: "1500000000" }
    )
  })

  it("tracks nothing for a Solana answer without a signature, or a method that sends nothing", () => {
    assert.isUndefined(sentTransaction("solana_signAndSendTransaction", {}, { signature: "" }))
    assert.isUndefined(sentTransaction("solana_signAndSendTransaction", {}, null))
    assert.isUndefined(sentTransaction("solana_signTransaction", {}, { signature: SIGNATURE }))
    assert.isUndefined(sentTransaction("solana_signMessage", {}, { signature: SIGNATURE }))
  })
})

describe("a Solana send in Activity", () => {
  const tracked: TrackedTransaction = {
    id: SIGNATURE,
    kind: "transaction",
    network: SOLANA,
    from: SENDER,
    to: undefined,
    value: undefined,
    hash: SIGNATURE,
    status: "confirmed",
    submittedAt: 1,
    settledAt: 2
  }
  const account = { address: SENDER, networkId: SOLANA }
  const listed = (id: string): Transaction => ({
    id,
    metadata: {
      operationType: "send",
      status: "confirmed",
      sentFrom: SENDER,
      sentTo: SENDER,
      minedAt: "2026-11-24T12:00:00Z",
      chain: SOLANA
    },
    transfers: []
  })

  it("shows while the history lacks its signature, and no longer once it has it", () => {
    assert.deepStrictEqual(unlistedSends([tracked], account, []), [tracked])
    assert.deepStrictEqual(unlistedSends([tracked], account, [listed(SIGNATURE)]), [])
  })

  it("belongs to its sender on its cluster only", () => {
    assert.deepStrictEqual(unlistedSends([tracked], { ...account, networkId: "eip155:1" }, []), [])
    assert.deepStrictEqual(unlistedSends([tracked], { ...account, address: RECEIVER }, []), [])
  })

  it("reads as a send with its status, and the SOL that left when the transaction said", () => {
    assert.deepStrictEqual(sentRow(tracked, { symbol: "SOL", decimals: 9 }), {
      kind: "send",
      status: "confirmed",
      amount: undefined
    })
    assert.deepStrictEqual(sentRow({ ...tracked, value: "1500000000" }, { symbol: "SOL", decimals: 9 }), {
      kind: "send",
      status: "confirmed",
      amount: "-1.500 SOL"
    })
  })
})
