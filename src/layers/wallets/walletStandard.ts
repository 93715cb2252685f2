/**
 * Solana browser wallets, found through the Wallet Standard's two window events: the app announces
 * itself once (`wallet-standard:app-ready`, which wallets already loaded answer by registering), and every
 * wallet that loads later registers with `wallet-standard:register-wallet`. Loaded by `ConnectorsLive`
 * when the host has a Solana network; the rest of Solana's code loads with the first request.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { dataImageUri, readField, sanitizeName } from "../../schemas/ThirdPartyText"
import type { WalletConnector } from "../../services/Connectors"
import { listen, type Subscribe } from "../platform/listen"
import { lazyPart, loadPart } from "../runtime/lazy"
import { caipOfStandardChain } from "./solanaChains"
import { type LoadCodecs, makeStandardProvider } from "./walletStandardProvider"

export const APP_READY_EVENT = "wallet-standard:app-ready"
export const REGISTER_WALLET_EVENT = "wallet-standard:register-wallet"
/** Ids of the connectors found here; the key of a wallet is its name, which is all the standard gives. */
export const STANDARD_ID_PREFIX = "wallet-standard:"
/**
 * Registered wallets one page may list; later registrations are refused (a page cannot grow it forever).
 * Only usable wallets count (`fromStandardWallet`): junk registrations never take a place, so they cannot
 * hide a wallet that registers after them. Well-formed fakes do take places, and are bounded by this:
 * nothing tells a well-formed fake from a real wallet, and a script that can register them can as well
 * swallow the real wallet's registration event, so refusing rather than evicting keeps the wallets that
 * registered first (extensions register before the page's scripts run).
 */
export const MAX_STANDARD_WALLETS = 32
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

/** Two registered wallets with one name are flagged, both of them, as announcements claiming one rdns are. */
export const flagClashes = (list: ReadonlyArray<WalletConnector>): ReadonlyArray<WalletConnector> =>
  list.map((c) => {
    const clash = list.some((other) => other !== c && other.key === c.key)
    return clash === c.suspicious ? c : { ...c, suspicious: clash }
  })

/**
 * The page's registry of standard wallets as an event source: subscribing announces the app and takes
 * registrations, each change an event listing the wallets registered now. A wallet registered twice is
 * listed once; unregistering takes it off the list.
 */
const registrations =
  (codecs: LoadCodecs): Subscribe<ReadonlyArray<WalletConnector>> =>
  (listener) => {
    const registered: Array<{ readonly wallet: unknown; readonly connector: WalletConnector }> = []
    let next = 1
    const changed = () => listener(flagClashes(registered.map((r) => r.connector)))

    const registerOne = (wallet: unknown): (() => void) => {
      if (registered.length >= MAX_STANDARD_WALLETS || registered.some((r) => r.wallet === wallet))
        return () => {}
      // Decoded before it takes a place: what is no usable wallet is dropped here and counts for nothing.
      const connector = fromStandardWallet(wallet, `${STANDARD_ID_PREFIX}${next++}`, codecs)
      if (Option.isNone(connector)) return () => {}
      const entry = { wallet, connector: connector.value }
      registered.push(entry)
      changed()
      return () => {
        const at = registered.indexOf(entry)
        if (at < 0) return
        registered.splice(at, 1)
        changed()
      }
    }
    const api = Object.freeze({
      register: (...wallets: ReadonlyArray<unknown>) => {
        const unregister = wallets.map(registerOne)
        return () => {
          for (const u of unregister) u()
        }
      }
    })
    const onRegister = (event: Event) => {
      const callback = readField(event, "detail")
      if (typeof callback !== "function") return
      try {
        Reflect.apply(callback, undefined, [api])
      } catch {
        // A wallet whose callback throws registers nothing; the others are unaffected.
      }
    }
    window.addEventListener(REGISTER_WALLET_EVENT, onRegister)
    window.dispatchEvent(new CustomEvent(APP_READY_EVENT, { detail: api }))
    return () => window.removeEventListener(REGISTER_WALLET_EVENT, onRegister)
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
    yield* listen(registrations(codecs), (listed) =>
      update((all) => [...all.filter((c) => !c.id.startsWith(STANDARD_ID_PREFIX)), ...listed])
    )
  })
