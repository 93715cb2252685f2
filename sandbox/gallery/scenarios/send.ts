/**
 * Send: the form empty and filled with a field error, the review in human units with its fee, sending,
 * sent with its hash, failed; and a Solana send's result with its long signature.
 */

import { encodeFunctionData, erc20Abi } from "viem"
import { UserRejectedRequestError } from "../../../src/errors"
import type { SendPreview, SendState } from "../../../src/services/Send"
import { RECEIVER, SOLANA_ACCOUNT, solanaNetwork, TX_HASH } from "../fixtures"
import { binding, pick, SUSD, sendTokens, solanaChain } from "../flowFixtures"
import { connectedAs, family } from "../scenario"

const sUSD = pick(sendTokens, "sUSD")

/** 12.5 sUSD to the receiver: a token transfer whose fee and simulated changes are known. */
const preview: SendPreview = {
  token: sUSD,
  amount: 12_500_000n,
  receiver: RECEIVER,
  request: {
    namespace: "eip155",
    transaction: { from: binding.address, to: SUSD, data: "0xa9059cbb" }
  },
  fee: { amount: 34_983_183_175_974n, usd: 0.104949 },
  accountRent: 0n,
  nativeSymbol: "ETH",
  nativeDecimals: 18,
  call: {
    _tag: "EvmData",
    data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [RECEIVER, 12_500_000n] })
  },
  simulation: {
    _tag: "Simulated",
    changes: [{ token: SUSD, delta: -12_500_000n, symbol: "sUSD", decimals: 6 }]
  }
}

const draft = { token: sUSD.key, amount: "12.5", receiver: RECEIVER }

const sendIn = (send: SendState) => ({ view: "WalletSend" as const, connection: connectedAs(), send })

/** An 88-character Solana signature: the longest a result shows. */
const SIGNATURE = "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW"

export const sendScenarios = family("WalletSend", {
  empty: {
    title: "The form as it opens: ETH chosen, nothing typed",
    world: sendIn({
      _tag: "Editing",
      namespace: "eip155",
      draft: { token: "native", amount: "", receiver: "" },
      tokens: sendTokens
    })
  },
  fieldError: {
    title: "sUSD (6 decimals) with 7 typed: the field says how many it has",
    world: sendIn({
      _tag: "Editing",
      namespace: "eip155",
      draft: { token: sUSD.key, amount: "12.5000001", receiver: RECEIVER },
      tokens: sendTokens,
      amountProblem: "decimals"
    })
  },
  noBalance: {
    title: "Nothing to send on this network",
    world: sendIn({
      _tag: "Editing",
      namespace: "eip155",
      draft: { token: "native", amount: "", receiver: "" },
      tokens: []
    })
  },
  review: {
    title: "The review: 12.5 sUSD, the fee in ETH and USD, the simulated change",
    world: sendIn({ _tag: "Preview", draft, tokens: sendTokens, preview, binding })
  },
  sending: {
    title: "Waiting for the wallet to send",
    world: sendIn({ _tag: "Sending", draft, tokens: sendTokens, preview, binding })
  },
  sent: {
    title: "Sent: the hash, copyable, with its explorer link",
    world: sendIn({ _tag: "Sent", hash: TX_HASH, preview, network: binding.network })
  },
  failed: {
    title: "The wallet declined: the review again, with why",
    world: sendIn({
      _tag: "Failed",
      draft,
      tokens: sendTokens,
      preview,
      binding,
      error: new UserRejectedRequestError({
        code: 4001,
        message: "User rejected the request",
        cause: undefined
      })
    })
  },
  solanaSent: {
    title: "A Solana send's result: its 88-character signature",
    options: { networks: [solanaNetwork] },
    world: sendIn({
      _tag: "Sent",
      hash: SIGNATURE,
      preview: {
        ...preview,
        token: {
          key: "native",
          name: "Solana",
          symbol: "SOL",
          decimals: 9,
          balance: 2_500_000_000n,
          price: 150
        },
        amount: 1_250_000_000n,
        receiver: SOLANA_ACCOUNT,
        request: {
          namespace: "solana",
          network: solanaNetwork.caipNetworkId,
          transfer: { kind: "sol", from: SOLANA_ACCOUNT, to: SOLANA_ACCOUNT, lamports: 1_250_000_000n }
        },
        nativeSymbol: "SOL",
        nativeDecimals: 9,
        simulation: undefined
      },
      network: solanaChain
    })
  }
})
