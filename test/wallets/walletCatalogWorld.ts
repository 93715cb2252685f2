/**
 * The WalletCatalog tests' world: a fake explorer over a universe of listings (its calls recorded, its delays
 * and failures set by the test), the installed wallets Connectors lists, and the catalogue's state.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { ProviderServiceError } from "../../src/errors"
import { WalletCatalogLive } from "../../src/layers/wallets/WalletCatalogLive"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import type { DecodedWalletList, WalletListing } from "../../src/schemas/WalletListing"
import { Connectors, type WalletConnector } from "../../src/services/Connectors"
import { ModalConfig } from "../../src/services/ModalConfig"
import type { WalletQuery } from "../../src/services/ProviderApi"
import { type CatalogWallet, WalletCatalog } from "../../src/services/WalletCatalog"
import { fakeProviderApi, walletPage } from "../kit/fakeExplorer"
import { decodedOptions } from "../kit/fixtures"
import { preloadedParts } from "../kit/lazyParts"
import { walletConnector } from "../kit/wallets"

const NAMED: ReadonlyArray<WalletListing> = [
  { id: "mm", name: "MetaMask", rdns: "io.metamask.mobile", mobile_link: "metamask://", image_id: "mm-img" },
  { id: "rabby", name: "Rabby Wallet", rdns: "io.rabby", homepage: "https://rabby.io" },
  { id: "trust", name: "Trust Wallet", rdns: "com.trustwallet.app", mobile_link: "trust://" },
  { id: "metronome", name: "Metronome Wallet", rdns: "dev.metronome" }
]

/** `w0`, `w1`…: "Wallet N", rdns `com.walletN`, after the named wallets. */
export const universe = (size: number): ReadonlyArray<WalletListing> => [
  ...NAMED,
  ...Array.from({ length: size - NAMED.length }, (_, i) => ({
    id: `w${i}`,
    name: `Wallet ${i}`,
    rdns: `com.wallet${i}`,
    image_id: `img-${i}`,
    mobile_link: `wallet${i}://`,
    homepage: `https://wallet${i}.example`
  }))
]

export interface Call {
  readonly query: WalletQuery
  readonly at: number
}

interface Control {
  delay: (query: WalletQuery) => number
  fail: (query: WalletQuery) => ProviderServiceError | undefined
}

/**
 * A fake explorer over a fixed list, with the API's include/exclude/search/paging rules, or answering as
 * `answer` says.
 */
const fakeApi = (
  listings: ReadonlyArray<WalletListing>,
  answer: (query: WalletQuery) => DecodedWalletList = (query) => walletPage(listings, query)
) => {
  const calls: Array<Call> = []
  const interrupted: Array<WalletQuery> = []
  const control: Control = { delay: () => 0, fail: () => undefined }
  const getWallets = (query: WalletQuery) =>
    Effect.gen(function* () {
      calls.push({ query, at: yield* Clock.currentTimeMillis })
      const delay = control.delay(query)
      if (delay > 0) yield* Effect.sleep(delay)
      const error = control.fail(query)
      if (error !== undefined) return yield* Effect.fail(error)
      return answer(query)
    }).pipe(Effect.onInterrupt(() => Effect.sync(() => interrupted.push(query))))
  const layer = fakeProviderApi(getWallets)
  return { layer, calls, interrupted, control }
}

export const connector = (name: string, rdns: string | undefined, id = `eip6963:${name}`) =>
  walletConnector(id, { key: rdns ?? `name:${name.toLowerCase()}`, name, rdns, uuid: name })

export const setup = (
  options: Partial<ModalOptionsInput> = {},
  listings: ReadonlyArray<WalletListing> = universe(200),
  installed: ReadonlyArray<WalletConnector> = [],
  answer?: (query: WalletQuery) => DecodedWalletList,
  parts: Layer.Layer<never> = preloadedParts
) => {
  const api = fakeApi(listings, answer)
  const config = decodedOptions(options)
  const connectors = Layer.effect(
    Connectors,
    Effect.map(SubscriptionRef.make(installed), (ref) =>
      Connectors.of({
        connectors: ref,
        byId: () => Effect.succeed(Option.none()),
        awaitKey: () => Effect.succeed(Option.none())
      })
    )
  )
  const layer = WalletCatalogLive.pipe(
    Layer.provideMerge(Layer.mergeAll(api.layer, Layer.succeed(ModalConfig, config), connectors, parts))
  )
  return { ...api, layer }
}

export const ids = (wallets: ReadonlyArray<CatalogWallet>) => wallets.map((w) => w.id)
export const catalogState = Effect.flatMap(WalletCatalog, (c) => SubscriptionRef.get(c.state))
export const searchState = Effect.flatMap(WalletCatalog, (c) => SubscriptionRef.get(c.search))
export const load = Effect.flatMap(WalletCatalog, (c) => c.load)
export const loadNextPage = Effect.flatMap(WalletCatalog, (c) => c.loadNextPage)
export const setQuery = (query: string) => Effect.flatMap(WalletCatalog, (c) => c.setQuery(query))
export const searchCalls = (calls: ReadonlyArray<Call>) => calls.filter((c) => c.query.search !== undefined)
