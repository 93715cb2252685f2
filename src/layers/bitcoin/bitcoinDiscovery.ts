/**
 * Bitcoin browser wallets, from the page's two announcements: Wallet Standard registrations with
 * `bitcoin:connect` (or sats-connect's `sats-connect:` feature), and the providers list sats-connect wallets
 * put on `window` (`btc_providers`, WBIP004's `wbip_providers`). Loaded by `ConnectorsLive` only when the
 * host has a Bitcoin network. A wallet in both is listed once, as its Wallet Standard registration; its
 * EVM or Solana face shares its name, and so its row (`connectGroups.isCompanion`).
 */
import type * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { dataImageUri, readField, sanitizeName } from "../../schemas/ThirdPartyText"
import type { WalletConnector } from "../../services/Connectors"
import { listen, type Subscribe } from "../platform/listen"
import { standardRegistrations } from "../wallets/standardRegistry"
import { bitcoinNetworksOfStandard } from "./bitcoinAddress"
import { bitcoinConnector } from "./bitcoinConnector"
import { BTC_PROVIDER_ID_PREFIX, providersListed } from "./bitcoinProvidersList"
import { makeBitcoinStandardProvider } from "./bitcoinStandardProvider"
import { makeSatsConnectProvider } from "./satsConnectProvider"

/** Ids of the Wallet Standard's Bitcoin wallets. */
export const BITCOIN_STANDARD_ID_PREFIX = "bitcoin-standard:"
/** Chains one wallet may name; the rest are not read. */
const MAX_CHAINS = 32

const hasMethod = (wallet: unknown, feature: string, method: string) =>
  typeof readField(readField(readField(wallet, "features"), feature), method) === "function"

/** The sats-connect provider a Wallet Standard wallet offers, if any. */
const satsConnectOf = (wallet: unknown) => {
  const provider = readField(readField(readField(wallet, "features"), "sats-connect:"), "provider")
  return typeof readField(provider, "request") === "function" ? provider : undefined
}

/** The Bitcoin networks a wallet serves, as CAIP-2 ids; none named: it is taken to serve them all. */
const networksOf = (wallet: unknown): ReadonlyArray<string> => {
  const chains = readField(wallet, "chains")
  if (!Array.isArray(chains)) return []
  const found = new Set<string>()
  for (const chain of chains.slice(0, MAX_CHAINS))
    if (typeof chain === "string") for (const id of bitcoinNetworksOfStandard(chain)) found.add(id)
  return [...found]
}

/**
 * A registered wallet as a Bitcoin connector, or none when it is no Bitcoin wallet: no readable name, or
 * neither `bitcoin:connect` (preferred: the standard's own features) nor a sats-connect provider.
 */
export const fromBitcoinStandardWallet = (wallet: unknown, id: string): Option.Option<WalletConnector> => {
  const name = sanitizeName(readField(wallet, "name"))
  if (name === undefined) return Option.none()
  const standard = hasMethod(wallet, "bitcoin:connect", "connect")
  const sats = standard ? undefined : satsConnectOf(wallet)
  if (!standard && sats === undefined) return Option.none()
  return Option.some(
    bitcoinConnector(
      id,
      name,
      dataImageUri(readField(wallet, "icon")),
      standard ? makeBitcoinStandardProvider(wallet) : makeSatsConnectProvider(sats),
      networksOf(wallet)
    )
  )
}

/** Both sources, a listed provider dropped when a registration of its name is there. */
export const mergeBitcoinWallets = (
  registered: ReadonlyArray<WalletConnector>,
  listed: ReadonlyArray<WalletConnector>
): ReadonlyArray<WalletConnector> => {
  const names = new Set(registered.map((c) => c.name.toLowerCase()))
  return [...registered, ...listed.filter((c) => !names.has(c.name.toLowerCase()))]
}

const isBitcoinId = (id: string) =>
  id.startsWith(BITCOIN_STANDARD_ID_PREFIX) || id.startsWith(BTC_PROVIDER_ID_PREFIX)

/** The two sources as one event source: each change lists every Bitcoin wallet found now. */
const bitcoinWallets: Subscribe<ReadonlyArray<WalletConnector>> = (listener) => {
  let registered: ReadonlyArray<WalletConnector> = []
  let listed: ReadonlyArray<WalletConnector> = []
  const changed = () => listener(mergeBitcoinWallets(registered, listed))
  const stopRegistry = standardRegistrations(
    fromBitcoinStandardWallet,
    BITCOIN_STANDARD_ID_PREFIX
  )((list) => {
    registered = list
    changed()
  })
  const stopList = providersListed((list) => {
    listed = list
    changed()
  })
  return () => {
    stopRegistry()
    stopList()
  }
}

/**
 * Takes Bitcoin wallets for as long as the scope lives; after each change, `update` replaces the previous
 * ones in the connector list with the current ones.
 */
export const discoverBitcoinWallets = (
  update: (f: (all: ReadonlyArray<WalletConnector>) => ReadonlyArray<WalletConnector>) => Effect.Effect<void>
) => listen(bitcoinWallets, (found) => update((all) => [...all.filter((c) => !isBitcoinId(c.id)), ...found]))
