/**
 * Account: the connected account loading, empty, with 40 tokens, with 20-decimal tokens, under a long name,
 * and its activity with a failed transaction. Tokens and activity are decoded from the API's shapes with
 * their schemas, as the live services do.
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { sandboxBitcoinAccounts } from "../../../sandbox/shared/bitcoin"
import { TokenBalance } from "../../../src/schemas/Balance"
import { decodeHistoryResponse, type Transaction } from "../../../src/schemas/Transaction"
import type { ConnectionState } from "../../../src/services/Connection"
import { ACCOUNT, iconFor, LONG_NAME, MINED_AT, RECEIVER, TX_HASH } from "../fixtures"
import { connectedAs, family, pageWallet } from "../scenario"
import type { AccountWorld } from "../world"

const decodeToken = Schema.decodeUnknownSync(TokenBalance)

/** A token as the balance API gives it: `numeric` a decimal string of whole units. */
const token = (symbol: string, name: string, numeric: string, price: number, decimals = 18) =>
  decodeToken({
    name,
    symbol,
    chainId: "eip155:31337",
    address: `eip155:31337:0x${symbol
      .toLowerCase()
      .padEnd(40, "0")
      .slice(0, 40)
      .replace(/[^0-9a-f]/g, "a")}`,
    value: Number(numeric) * price,
    price,
    quantity: { decimals: String(decimals), numeric },
    iconUrl: iconFor(symbol)
  })

const eth = { value: 10_000_846_722_034_904_593_403n, decimals: 18, symbol: "ETH", formatted: "10,000.85" }

const ready = <A>(value: A) => ({ _tag: "Ready", value }) as const

/** Forty tokens, from large holdings to dust. */
const forty = Array.from({ length: 40 }, (_, i) =>
  token(
    `TK${i + 1}`,
    `Token Number ${i + 1}${i % 9 === 4 ? " With a Long Descriptive Name" : ""}`,
    `${(40 - i) * 1234.5678}`,
    1 + i / 10
  )
)

/** Tokens of 20 decimals whose amounts use them all. */
const twentyDecimals = [
  token("TWD", "Twenty Decimals", "1.12345678901234567891", 2.5, 20),
  token("DUST", "Dust Token", "0.00000000000000000001", 0.01, 20),
  token("BIG", "Big Precise", "123456789.98765432109876543210", 0.0001, 20)
]

const history = (transactions: ReadonlyArray<unknown>): ReadonlyArray<Transaction> => {
  const decoded = decodeHistoryResponse({ data: transactions, next: null })
  if (Result.isFailure(decoded))
    throw new Error(`gallery history does not decode: ${decoded.failure.message}`)
  return decoded.success.data
}

const transfer = (direction: "in" | "out", symbol: string, numeric: string) => ({
  fungible_info: { name: symbol, symbol, icon: { url: iconFor(symbol) } },
  direction,
  quantity: { numeric },
  value: Number(numeric) * 2,
  price: 2
})

const activity = history([
  {
    id: "failed-send",
    metadata: {
      operationType: "send",
      status: "failed",
      sentFrom: ACCOUNT,
      sentTo: RECEIVER,
      minedAt: MINED_AT[0],
      chain: "eip155:31337",
      hash: TX_HASH
    },
    transfers: [transfer("out", "sUSD", "12.5")]
  },
  {
    id: "receive",
    metadata: {
      operationType: "receive",
      status: "confirmed",
      sentFrom: RECEIVER,
      sentTo: ACCOUNT,
      minedAt: MINED_AT[1],
      chain: "eip155:31337",
      hash: TX_HASH.replace("8a", "7b")
    },
    transfers: [transfer("in", "ETH", "0.000034983183175974")]
  },
  {
    id: "old-send",
    metadata: {
      operationType: "send",
      status: "confirmed",
      sentFrom: ACCOUNT,
      sentTo: RECEIVER,
      minedAt: MINED_AT[2],
      chain: "eip155:31337",
      hash: TX_HASH.replace("8a", "6c")
    },
    transfers: [transfer("out", "SBX", "10000.846722034904593403")]
  }
])

const loaded = (more: AccountWorld): AccountWorld => ({
  nativeBalance: ready(eth),
  tokens: ready([
    token("ETH", "Ether", "10000.846722034904593403", 3000),
    token("sUSD", "Sandbox USD", "1250.5", 1, 6)
  ]),
  nfts: ready({ items: [], hasMore: false, loadingMore: false }),
  activity: ready({ items: activity, hasMore: false, loadingMore: false }),
  identity: ready(undefined),
  ...more
})

/** The gallery's Bitcoin network (regtest's ids; nothing is reached over it). */
export const bitcoinNetwork = {
  id: "0f9188f13cb7b2c71f2a335e3a4fc328",
  caipNetworkId: "bip122:0f9188f13cb7b2c71f2a335e3a4fc328",
  chainNamespace: "bip122",
  name: "Sandbox Bitcoin",
  nativeCurrency: { name: "Bitcoin", symbol: "BTC", decimals: 8 },
  rpcUrls: { default: { http: ["https://esplora.gallery.invalid/api"] } },
  testnet: true,
  assets: { imageId: "gallery-network-bitcoin" }
} as const

/** A Bitcoin wallet connected on its payment address, its ordinals address beside it. */
const [bitcoinAccount] = sandboxBitcoinAccounts()
export const bitcoinConnected: ConnectionState = {
  namespaces: {
    bip122: {
      status: "connected",
      connector: { ...pageWallet("Sandbox Bitcoin Wallet"), chain: "bip122" },
      address: bitcoinAccount?.payment.address ?? "",
      allAccounts: [bitcoinAccount?.payment.address ?? "", bitcoinAccount?.ordinals.address ?? ""],
      accountType: "payment",
      accountTypes: ["payment", "ordinal"]
    }
  },
  attempt: undefined
}

export const accountScenarios = family("Account", {
  loading: {
    title: "Balance, tokens and name on their way",
    world: {
      view: "Account",
      connection: connectedAs(),
      account: {
        nativeBalance: { _tag: "Loading" },
        tokens: { _tag: "Loading" },
        activity: { _tag: "Loading" },
        nfts: { _tag: "Loading" },
        identity: { _tag: "Loading" }
      }
    }
  },
  empty: {
    title: "A new account: nothing held, no activity",
    world: {
      view: "Account",
      connection: connectedAs(),
      account: {
        nativeBalance: ready({ value: 0n, decimals: 18, symbol: "ETH", formatted: "0.00" }),
        tokens: ready([]),
        nfts: ready({ items: [], hasMore: false, loadingMore: false }),
        activity: ready({ items: [], hasMore: false, loadingMore: false }),
        identity: ready(undefined)
      }
    }
  },
  tokens40: {
    title: "40 tokens, some with long names",
    world: { view: "Account", connection: connectedAs(), account: loaded({ tokens: ready(forty) }) }
  },
  decimals20: {
    title: "Tokens of 20 decimals, amounts using them all",
    world: { view: "Account", connection: connectedAs(), account: loaded({ tokens: ready(twentyDecimals) }) }
  },
  longName: {
    title: "A long account name and an avatar",
    world: {
      view: "Account",
      connection: connectedAs(),
      account: loaded({ identity: ready({ name: LONG_NAME, avatar: iconFor("avatar") }) })
    }
  },
  bitcoin: {
    title: "A Bitcoin wallet: its payment and ordinals addresses, each with its type in words",
    options: { networks: [bitcoinNetwork] },
    world: {
      view: "Account",
      connection: bitcoinConnected,
      account: loaded({
        nativeBalance: ready({ value: 123_456_789n, decimals: 8, symbol: "BTC", formatted: "1.23" }),
        tokens: ready([]),
        activity: ready({ items: [], hasMore: false, loadingMore: false })
      })
    }
  },
  activity: {
    title: "Activity over two years, with a failed send (the Activity tab)",
    select: "Activity",
    world: { view: "Account", connection: connectedAs(), account: loaded({}) }
  }
})
