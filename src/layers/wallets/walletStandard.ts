/**
 * Solana browser wallets, found through the Wallet Standard's registry (`standardRegistry.ts`). Loaded by `ConnectorsLive`
 * when the host has a Solana network; the rest of Solana's code loads with the first request.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { dataImageUri, readField, sanitizeName } from "../../schemas/ThirdPartyText"
import type { WalletConnector } from "../../services/Connectors"
import { listen } from "../platform/listen"
import { lazyPart, loadPart } from "../runtime/lazy"
import { caipOfStandardChain } from "./solanaChains"
import { standardRegistrations } from "./standardRegistry"
import { type LoadCodecs, makeStandardProvider } from "./walletStandardProvider"

/** Ids of the connectors found here; the key of a wallet is its name, which is all the standard gives. */
export const STANDARD_ID_PREFIX = "wallet-standard:"
/** Chains one wallet may name; the rest are not read. */
const MAX_CHAINS = 32

const hasMethod = (wallet: unknown, feature: string, method: string) =>
  typeof readField(readField(readField(wallet, "features"), feature), method) === "function"

/** The Solana clusters a wallet serves, as CAIP-2 ids. */
const clustersOf = (wallet: unknown): ReadonlyArray<string> => {
  const chains = readField(wallet, "chains")
  if (!Array.isArray(chains)) return []
  const found = new Set<string>()
  for (const chain of chains.slice(0, MAX_CHAINS)) {
    const caip = typeof chain === "string" ? caipOfStandardChain(chain) : undefined
    if (caip !== undefined) found.add(caip)
  }
  return [...found]
}

/** The Solana features of which a wallet must offer one: a wallet that can sign nothing is of no use. */
const SIGNING_FEATURES = [
  ["solana:signAndSendTransaction", "signAndSendTransaction"],
  ["solana:signTransaction", "signTransaction"],
  ["solana:signMessage", "signMessage"]
] as const

/** Connects, says when its accounts change, and signs something: what Airlock asks of a Solana wallet. */
const isUsable = (wallet: unknown) =>
  hasMethod(wallet, "standard:connect", "connect") &&
  hasMethod(wallet, "standard:events", "on") &&
  SIGNING_FEATURES.some(([feature, method]) => hasMethod(wallet, feature, method))

/**
 * A registered wallet as a connector, or none when it is no Solana wallet Airlock can use: no readable
 * name, no Solana cluster, or not the features to connect, follow and sign. Its requests load `codecs`
 * with the first that needs them.
 */
export const fromStandardWallet = (
  wallet: unknown,
  id: string,
  codecs: LoadCodecs
): Option.Option<WalletConnector> => {
  const name = sanitizeName(readField(wallet, "name"))
  const chains = clustersOf(wallet)
  if (name === undefined || chains.length === 0 || !isUsable(wallet)) return Option.none()
  return Option.some({
    id,
    key: `${STANDARD_ID_PREFIX}${name.toLowerCase()}`,
    type: "ANNOUNCED",
    chain: "solana",
    name,
    icon: dataImageUri(readField(wallet, "icon")),
    rdns: undefined,
    provider: makeStandardProvider(wallet, codecs),
    suspicious: false,
    uuid: undefined,
    chains,
    signsIn: hasMethod(wallet, "solana:signIn", "signIn")
  })
}

/** The byte encodings of Solana requests (`solanaCodecs.ts`, `@solana/kit`), loaded with the first one. */
export const SolanaCodecsLazy = lazyPart("@airlock/solanaCodecs", () => import("./solanaCodecs"))

/**
 * Takes registrations for as long as the scope lives; after each change, `update` replaces the previous
 * registrations in the connector list with the current ones.
 */
export const discoverStandardWallets = (
  update: (f: (all: ReadonlyArray<WalletConnector>) => ReadonlyArray<WalletConnector>) => Effect.Effect<void>
) =>
  Effect.gen(function* () {
    // A wallet's request runs outside Effect; its codecs load in this context, failing as the import did.
    const run = Effect.runPromiseWith(yield* Effect.context<never>())
    const codecs = () => run(Effect.mapError(loadPart(SolanaCodecsLazy), (error) => error.cause))
    yield* listen(
      standardRegistrations((wallet, id) => fromStandardWallet(wallet, id, codecs), STANDARD_ID_PREFIX),
      (listed) => update((all) => [...all.filter((c) => !c.id.startsWith(STANDARD_ID_PREFIX)), ...listed])
    )
  })
