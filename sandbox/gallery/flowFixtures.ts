/**
 * What the gallery's form flows (Send, Swap, Buy, Names) start from: the account's balances and the
 * swappable tokens as the APIs give them, decoded with their schemas and turned into the flows' tokens by
 * the flows' own rules, and the review binding every review is made for.
 */
import * as Schema from "effect/Schema"
import { sendableTokens } from "../../src/layers/flows/send/sendForm"
import { swapTokens } from "../../src/layers/flows/swap/swapForm"
import { TokenBalance } from "../../src/schemas/Balance"
import { ConvertToken } from "../../src/schemas/Convert"
import { CaipNetwork } from "../../src/schemas/Network"
import type { ReviewBinding } from "../../src/services/Send"
import { ACCOUNT, galleryChain, iconFor, solanaNetwork } from "./fixtures"

const CHAIN = galleryChain.caipNetworkId

/** The gallery's token contracts (anvil's first deployments): sUSD has 6 decimals, TWD 20. */
export const SUSD = "0x5FbDB2315678afecb367f032d93F642f64180aa3"
export const TWD = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512"

const decodeBalance = Schema.decodeUnknownSync(TokenBalance)
const decodeConvertToken = Schema.decodeUnknownSync(ConvertToken)

/** A balance as the balance API gives it: `numeric` in whole units; no `address` for the native coin. */
const balance = (
  symbol: string,
  name: string,
  numeric: string,
  price: number,
  decimals: number,
  address?: string
) =>
  decodeBalance({
    name,
    symbol,
    chainId: CHAIN,
    ...(address === undefined ? {} : { address: `${CHAIN}:${address}` }),
    value: Number(numeric) * price,
    price,
    quantity: { decimals: String(decimals), numeric },
    iconUrl: iconFor(symbol)
  })

/** The account's balances: 18-decimal ETH, 6-decimal sUSD and a 20-decimal token using every decimal. */
export const balances = [
  balance("ETH", "Ether", "10000.846722034904593403", 3000, 18),
  balance("sUSD", "Sandbox USD", "1250.5", 1, 6, SUSD),
  balance("TWD", "Twenty Decimals With a Long Token Name", "1.12345678901234567891", 2.5, 20, TWD)
]

/** What Send offers: native first, then the tokens, as `sendableTokens` makes them. */
export const sendTokens = sendableTokens(balances, CHAIN)

/** The convert API's token list, decoded, and what Swap offers from it with the account's balances. */
export const convertTokens = [
  {
    name: "Ether",
    symbol: "ETH",
    address: `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`,
    decimals: 18
  },
  { name: "Sandbox USD", symbol: "sUSD", address: `${CHAIN}:${SUSD}`, decimals: 6 },
  { name: "Twenty Decimals With a Long Token Name", symbol: "TWD", address: `${CHAIN}:${TWD}`, decimals: 20 }
].map((token) => decodeConvertToken({ ...token, logoUri: iconFor(token.symbol) }))

export const swappable = swapTokens(convertTokens, balances, CHAIN)

/** The token of `symbol` in `list`; the gallery's own lists always have it. */
export const pick = <T extends { readonly symbol: string }>(list: ReadonlyArray<T>, symbol: string): T => {
  const found = list.find((token) => token.symbol === symbol)
  if (found === undefined) throw new Error(`gallery: no ${symbol} among the tokens`)
  return found
}

const decodeNetwork = Schema.decodeUnknownSync(CaipNetwork)

/** Solana as a result names the network it was sent on. */
export const solanaChain = decodeNetwork(solanaNetwork)

/** The network and account every gallery review is made for. */
export const binding: ReviewBinding = {
  namespace: "eip155",
  network: decodeNetwork(galleryChain),
  address: ACCOUNT
}
