/**
 * Pay (`modal.pay`): the request with the payer's balance and an exchange, a balance short of the amount,
 * no wallet yet, the wallet asking, the exchange's page awaited, a decline, and paid with its hash.
 */

import { PayFailedError } from "../../../src/payErrors"
import type { PayDetails, PayExchange, PayPayer, PayState } from "../../../src/services/Pay"
import { ACCOUNT, iconFor, RECEIVER, TX_HASH } from "../fixtures"
import { binding, SUSD } from "../flowFixtures"
import { connectedAs, family } from "../scenario"

const details: PayDetails = {
  namespace: "eip155",
  network: binding.network,
  asset: { id: `${binding.network.caipNetworkId}/erc20:${SUSD}`, key: SUSD, symbol: "sUSD", decimals: 6 },
  amount: 5_000_000n,
  recipient: RECEIVER
}

const payer = (amount: bigint): PayPayer => ({
  _tag: "Connected",
  address: ACCOUNT,
  wallet: "Sandbox Wallet",
  balance: { _tag: "Known", amount }
})

const exchanges: ReadonlyArray<PayExchange> = [
  { id: "sandbox-exchange", name: "Sandbox Exchange", imageUrl: iconFor("Sandbox Exchange") }
]

const payIn = (pay: PayState, connected = true) => ({
  view: "Pay" as const,
  ...(connected ? { connection: connectedAs() } : {}),
  pay
})

export const payScenarios = family("Pay", {
  ready: {
    title: "5 sUSD to a recipient: the payer's balance, the wallet and an exchange to pay with",
    world: payIn({ _tag: "Ready", details, payer: payer(1_250_000_000n), exchanges })
  },
  notEnough: {
    title: "A balance short of the amount: the wallet's way is refused, the exchange stays",
    world: payIn({ _tag: "Ready", details, payer: payer(1_500_000n), exchanges })
  },
  noWallet: {
    title: "No wallet connected yet: the view connects one first",
    world: payIn({ _tag: "Ready", details, payer: { _tag: "None" }, exchanges: [] }, false)
  },
  wallet: {
    title: "The wallet shows the transfer",
    world: payIn({
      _tag: "Paying",
      details,
      payer: payer(1_250_000_000n),
      exchanges,
      step: { _tag: "Wallet" }
    })
  },
  exchange: {
    title: "The exchange's deposit page is open; its transfer is awaited",
    world: payIn({
      _tag: "Paying",
      details,
      payer: payer(1_250_000_000n),
      exchanges,
      step: { _tag: "Exchange", exchange: exchanges[0]!, url: "https://exchange.gallery.invalid/deposit" }
    })
  },
  declined: {
    title: "Declined in the wallet: the view says so; the visitor may try again",
    world: payIn({
      _tag: "Ready",
      details,
      payer: payer(1_250_000_000n),
      exchanges,
      problem: new PayFailedError({ reason: "declined" })
    })
  },
  paid: {
    title: "Paid: the transaction's hash, copyable, and its explorer page",
    world: payIn({ _tag: "Paid", details, txHash: TX_HASH })
  }
})
