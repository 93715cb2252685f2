/**
 * Bitcoin requests in ApproveTransaction (issue 35): a transfer the modal built (recipient, change, fee and
 * rate, what leaves the account), a dapp's PSBT with another party's input and a risky sighash, signed but
 * not sent, and a BIP-322 message.
 */
import { sandboxBitcoinAccounts } from "../../../sandbox/shared/bitcoin"
import type { BitcoinTransactionPreview } from "../../../src/services/BitcoinPreview"
import type { PendingApproval } from "../../../src/services/RpcRouter"
import { family } from "../scenario"
import { bitcoinConnected, bitcoinNetwork } from "./account"

const [mine, , recipient, stranger] = sandboxBitcoinAccounts()
const from = mine?.payment.address ?? ""
const to = recipient?.payment.address ?? ""
const txid = (byte: string) => byte.repeat(32)

const bitcoinApproval = (method: string, params: unknown, bitcoin: PendingApproval["bitcoin"]) => ({
  view: "Account" as const,
  connection: bitcoinConnected,
  approvals: [
    {
      id: 1,
      method,
      params,
      namespace: "bip122" as const,
      network: bitcoinNetwork.caipNetworkId,
      from,
      answeredIn: "wallet" as const,
      simulation: undefined,
      bitcoin
    }
  ]
})

const transfer: BitcoinTransactionPreview = {
  _tag: "Transaction",
  txid: txid("7e"),
  inputs: [
    { index: 0, txid: txid("95"), vout: 1, amount: 50_000_000n, address: from, mine: true, signing: ["ALL"] }
  ],
  outputs: [
    { _tag: "Recipient", index: 0, address: to, amount: 100_000n },
    { _tag: "Change", index: 1, address: from, amount: 49_899_718n }
  ],
  fee: 282n,
  vsize: 141,
  feeRate: 2,
  leaves: 100_282n,
  broadcast: true,
  risky: false
}

const dappPsbt: BitcoinTransactionPreview = {
  _tag: "Transaction",
  txid: txid("c4"),
  inputs: [
    {
      index: 0,
      txid: txid("95"),
      vout: 3,
      amount: 10_000n,
      address: mine?.ordinals.address,
      mine: true,
      signing: ["SINGLE|ANYONECANPAY"]
    },
    {
      index: 1,
      txid: txid("3b"),
      vout: 0,
      amount: 250_000n,
      address: stranger?.payment.address,
      mine: false,
      signing: undefined
    }
  ],
  outputs: [
    { _tag: "Recipient", index: 0, address: stranger?.ordinals.address ?? "", amount: 10_000n },
    { _tag: "Change", index: 1, address: from, amount: 249_000n },
    { _tag: "Data", index: 2, data: "6f7264", amount: 0n }
  ],
  fee: 1_000n,
  vsize: 221,
  feeRate: 4.5,
  leaves: undefined,
  broadcast: false,
  risky: true
}

export const bitcoinScenarios = family("ApproveTransaction", {
  bitcoinTransfer: {
    title: "A 0.001 BTC transfer the modal built: recipient, change back, fee and fee rate, sent once signed",
    options: { networks: [bitcoinNetwork] },
    world: bitcoinApproval(
      "sendTransfer",
      { account: from, recipientAddress: to, amount: "100000" },
      transfer
    )
  },
  bitcoinPsbt: {
    title: "A dapp's PSBT: another party's input, a sighash that lets others change it, signed but not sent",
    options: { networks: [bitcoinNetwork] },
    world: bitcoinApproval(
      "signPsbt",
      {
        psbt: "cHNidP8BAA==",
        signInputs: [{ address: mine?.ordinals.address, index: 0, sighashTypes: [131] }]
      },
      dappPsbt
    )
  },
  bitcoinMessage: {
    title: "A BIP-322 message to sign with the payment address",
    options: { networks: [bitcoinNetwork] },
    world: bitcoinApproval(
      "signMessage",
      { message: "Sign in to Airlock Demo\nNonce: 8c1f2e", address: from, protocol: "bip322" },
      { _tag: "Message", protocol: "bip322" }
    )
  }
})
