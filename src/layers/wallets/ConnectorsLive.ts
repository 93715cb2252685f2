import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import * as Schedule from "effect/Schedule"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { AIRLOCK_RDNS } from "../../interop/identity"
import { Eip6963ProviderInfo } from "../../schemas/Connector"
import type { ModalOptions } from "../../schemas/ModalOptions"
import { dataImageUri, readField, sanitizeName, sanitizeRdns } from "../../schemas/ThirdPartyText"
import { Connectors, type Eip1193Provider, type WalletConnector } from "../../services/Connectors"
import { ModalConfig } from "../../services/ModalConfig"
import { eventsOf, listen } from "../platform/listen"
import { lazyPart, loadPart } from "../runtime/lazy"

export const ANNOUNCE_EVENT = "eip6963:announceProvider"
export const REQUEST_EVENT = "eip6963:requestProvider"
export const INJECTED_ID = "injected"

/** Announced wallets one page may list; later announcers are ignored (a page cannot grow it forever). */
export const MAX_ANNOUNCED_WALLETS = 64
/** An EIP-6963 uuid is 36 characters; a longer one is not a uuid. */
const MAX_UUID_LENGTH = 64

const decodeInfo = Schema.decodeUnknownOption(Eip6963ProviderInfo)

/** Whether a value can serve as an EIP-1193 provider (has a callable `request`). */
export const isEip1193Provider = (value: unknown): value is Eip1193Provider => {
  try {
    return (
      (typeof value === "object" || typeof value === "function") &&
      value !== null &&
      typeof Reflect.get(value, "request") === "function"
    )
  } catch {
    return false
  }
}

/**
 * An EIP-6963 announcement's `detail` as a connector, or none when it is malformed or not frozen (the
 * EIP asks wallets to freeze it, so a detail someone can still rewrite is not trusted; THREATS.md T5).
 */
export const fromAnnouncement = (detail: unknown): Option.Option<WalletConnector> => {
  if (typeof detail !== "object" || detail === null || !Object.isFrozen(detail)) return Option.none()
  const provider = readField(detail, "provider")
  if (!isEip1193Provider(provider)) return Option.none()
  return Option.flatMap(decodeInfo(readField(detail, "info")), (info) => {
    if (info.uuid.length > MAX_UUID_LENGTH) return Option.none()
    const name = sanitizeName(info.name)
    if (name === undefined) return Option.none()
    const rdns = sanitizeRdns(info.rdns)
    // Airlock's own announcement (`announceEIP6963`): the modal never lists itself.
    if (rdns === AIRLOCK_RDNS) return Option.none()
    return Option.some({
      id: `eip6963:${info.uuid}`,
      key: rdns ?? `name:${name.toLowerCase()}`,
      type: "ANNOUNCED",
      chain: "eip155",
      name,
      icon: dataImageUri(info.icon),
      rdns,
      provider,
      suspicious: false,
      uuid: info.uuid
    })
  })
}

/** The generic browser wallet for a `window.ethereum` that no announcement covers. */
export const injectedConnector = (provider: Eip1193Provider): WalletConnector => ({
  id: INJECTED_ID,
  key: INJECTED_ID,
  type: "INJECTED",
  chain: "eip155",
  name: "Browser Wallet",
  icon: undefined,
  rdns: undefined,
  provider,
  suspicious: false,
  uuid: undefined
})

/**
 * Adds an announcement (THREATS.md T5). A provider already announced is the same wallet, whatever uuid
 * it now gives (a wallet minting a uuid per request must not grow the list); the same uuid or rdns with
 * another provider object is flagged on both sides, and both stay listed so the visitor sees the conflict
 * instead of a silent pick. Past `MAX_ANNOUNCED_WALLETS` announced wallets, new ones are ignored. The
 * list itself comes back when nothing changes.
 */
export const withAnnouncement = (
  list: ReadonlyArray<WalletConnector>,
  next: WalletConnector
): ReadonlyArray<WalletConnector> => {
  let announced = 0
  for (const c of list) {
    if (c.type !== "ANNOUNCED") continue
    if (c.provider === next.provider) return list
    announced++
  }
  if (announced >= MAX_ANNOUNCED_WALLETS) return list
  const clashes = (c: WalletConnector) =>
    c.type === "ANNOUNCED" && c.provider !== next.provider && (c.uuid === next.uuid || c.key === next.key)
  const clash = list.some(clashes)
  const marked = list.map((c) => (clashes(c) ? { ...c, suspicious: true } : c))
  // A reused uuid must not collide with any id in use, or a click could reach another wallet (R17).
  const taken = new Set(list.map((c) => c.id))
  let id = next.id
  for (let n = 2; taken.has(id); n++) id = `${next.id}#${n}`
  const added = { ...next, id, suspicious: clash }
  // A provider announced is no longer the anonymous browser wallet.
  return [...marked.filter((c) => !(c.type === "INJECTED" && c.provider === next.provider)), added]
}

/** Options that hide connectors: the exclusion list (rdns or case-insensitive name) and the switches. */
export const isShown = (
  connector: WalletConnector,
  options: Pick<ModalOptions, "excludeWalletIds" | "enableEIP6963" | "enableInjected">
): boolean => {
  if (connector.type === "ANNOUNCED" && !options.enableEIP6963) return false
  if (connector.type === "INJECTED" && !options.enableInjected) return false
  const excluded = options.excludeWalletIds.map((id) => id.toLowerCase())
  return !(
    (connector.rdns !== undefined && excluded.includes(connector.rdns)) ||
    excluded.includes(connector.name.toLowerCase())
  )
}

/** The Wallet Standard's discovery of Solana browser wallets (`walletStandard.ts`), after the first paint. */
export const WalletStandardLazy = lazyPart("@airlock/walletStandard", () => import("./walletStandard"))
/** Bitcoin browser wallets' discovery (`bitcoinDiscovery.ts`), loaded only for a host with a Bitcoin network. */
export const BitcoinDiscoveryLazy = lazyPart(
  "@airlock/bitcoinDiscovery",
  () => import("../bitcoin/bitcoinDiscovery")
)

type Update = (
  f: (all: ReadonlyArray<WalletConnector>) => ReadonlyArray<WalletConnector>
) => Effect.Effect<void>

/** A namespace's browser wallets, found for as long as the scope lasts by the code `discovery` loads. */
const discoverWith = <R>(
  discovery: Effect.Effect<(update: Update) => Effect.Effect<void, never, R>, unknown>,
  update: Update
) =>
  discovery.pipe(
    // Code that would not load after 3 more tries: no such browser wallets on this page.
    Effect.retry({ times: 3, schedule: Schedule.exponential("500 millis") }),
    Effect.flatMap((discover) => discover(update)),
    Effect.ignore
  )

/**
 * THREATS.md R2: a stored key is never decided on fewer announcements than this (`awaitKey`), however little
 * of the restore's window is left.
 */
export const DISCOVERY_SETTLE = Duration.millis(500)

/** Connectors whose stored key matches; more than one means a clash and no automatic choice. */
export const matchingKey = (list: ReadonlyArray<WalletConnector>, key: string) =>
  list.filter((c) => c.key === key)

const pageProvider = (): unknown => {
  try {
    return typeof window === "undefined" ? undefined : Reflect.get(window, "ethereum")
  } catch {
    return undefined
  }
}

export const makeConnectors = Effect.gen(function* () {
  const config = yield* ModalConfig
  // Everything found, including what the options hide: clashes must be judged against all of it.
  const found = yield* Ref.make<ReadonlyArray<WalletConnector>>([])
  const connectors = yield* SubscriptionRef.make<ReadonlyArray<WalletConnector>>([])
  // An announcement that changes nothing (a repeat) publishes nothing: views do not render for it.
  const update = (f: (all: ReadonlyArray<WalletConnector>) => ReadonlyArray<WalletConnector>) =>
    Effect.flatMap(
      Ref.modify(found, (all) => {
        const next = f(all)
        return [next === all ? undefined : next, next] as const
      }),
      (changed) =>
        changed === undefined
          ? Effect.void
          : SubscriptionRef.set(
              connectors,
              changed.filter((c) => isShown(c, config))
            )
    )

  if (typeof window !== "undefined") {
    const injected = pageProvider()
    if (isEip1193Provider(injected)) yield* update(() => [injectedConnector(injected)])
    yield* listen(eventsOf<string, Event>(window, ANNOUNCE_EVENT), (event) => {
      const connector = fromAnnouncement(readField(event, "detail"))
      return Option.isSome(connector) ? update((all) => withAnnouncement(all, connector.value)) : Effect.void
    })
    // Wallets that loaded before us announce again when asked; later ones announce by themselves.
    yield* Effect.sync(() => window.dispatchEvent(new Event(REQUEST_EVENT)))
    const has = (ns: string) => config.enableEIP6963 && config.networks.some((n) => n.chainNamespace === ns)
    if (has("solana"))
      yield* Effect.forkScoped(
        discoverWith(
          Effect.map(loadPart(WalletStandardLazy), (m) => m.discoverStandardWallets),
          update
        )
      )
    if (has("bip122"))
      yield* Effect.forkScoped(
        discoverWith(
          Effect.map(loadPart(BitcoinDiscoveryLazy), (m) => m.discoverBitcoinWallets),
          update
        )
      )
  }

  /** Exactly one connector claims `key` now: that one; none or several: none. */
  const onlyClaimant = (key: string) =>
    Effect.map(SubscriptionRef.get(connectors), (all) => {
      const matches = matchingKey(all, key)
      return matches.length === 1 ? Option.fromNullishOr(matches[0]) : Option.none<WalletConnector>()
    })

  /** The moment a second wallet on the page claims `key`, if it ever does. */
  const contested = (key: string) =>
    SubscriptionRef.changes(connectors).pipe(
      Stream.filter((all) => matchingKey(all, key).length > 1),
      Stream.runHead
    )

  // A wallet announcing the stored key first is not trusted at once: the key is decided only when the
  // window closes, on every announcement it let in, and a key two wallets claim within it is never picked,
  // which ends the wait at once (T5, R2, R17).
  const awaitKey = (key: string, windowMillis: number) =>
    contested(key).pipe(
      Effect.as(Option.none<WalletConnector>()),
      Effect.timeoutOrElse({
        duration: Duration.max(Duration.millis(windowMillis), DISCOVERY_SETTLE),
        orElse: () => onlyClaimant(key)
      })
    )

  return Connectors.of({
    connectors,
    byId: (id) =>
      Effect.map(SubscriptionRef.get(connectors), (all) =>
        Option.fromNullishOr(all.find((c) => c.id === id))
      ),
    awaitKey
  })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const ConnectorsLive = Layer.effect(Connectors, makeConnectors)
