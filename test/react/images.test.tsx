// @vitest-environment happy-dom
/**
 * The images of networks, tokens and fiat currencies (issue 29): which URL `imagesPort.ts` chooses, and the
 * views that show them (the Networks view's rows, the Account view's network and tokens, Buy's currency),
 * each through `<img src>` of a safe URL or the placeholder's initial.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { act } from "react"
import { afterEach, describe, expect, it } from "vitest"
import { SDK_TYPE, SDK_VERSION } from "../../src/layers/provider/providerUrl"
import { makeImagesPort } from "../../src/react/modal/bridge/imagesPort"
import { BuyView } from "../../src/react/modal/views/flows/onramp/BuyView"
import type { TokenBalance } from "../../src/schemas/Balance"
import { AccountData, type AccountDataShape } from "../../src/services/AccountData"
import type { BuyOptions } from "../../src/services/Onramp"
import { makeMockEip1193Provider, makeMockWalletConnect } from "../../src/testing/index"
import { ALICE } from "../kit/accounts"
import { bindingOf } from "../kit/bindings"
import { openOnConnect, walletsOnly } from "../kit/modal"
import { baseNetwork, mainnetNetwork, sandboxNetwork } from "../kit/networks"
import { TestPlatform } from "../kit/platform"
import { click, FAKE_IMAGE_URLS, fakeController, mountWith, rendered, unmountViews } from "../kit/react"
import { untilNotified } from "../kit/waits"
import { announce, walletInfo } from "../kit/wallets"

afterEach(unmountViews)

const images = makeImagesPort(FAKE_IMAGE_URLS)
/** The provider's image URL as the modal builds it from `walletsOnly`'s project and the default API host. */
const providerImage = (path: string) =>
  `https://api.web3modal.org/public/${path}?projectId=sandbox-project&st=${SDK_TYPE}&sv=${SDK_VERSION}`

describe("which image", () => {
  it("a network: its own imageUrl when it is a safe image URL, else the provider's image of its imageId", () => {
    expect(images.network({ assets: { imageUrl: "https://cdn.example/a.png", imageId: "x" } })).toBe(
      "https://cdn.example/a.png"
    )
    expect(images.network({ assets: { imageUrl: "data:image/png;base64,AAAA" } })).toBe(
      "data:image/png;base64,AAAA"
    )
    for (const unsafe of [
      "javascript:alert(1)",
      "http://cdn.example/a.png",
      "https://user:pass@cdn.example/a.png",
      "data:text/html,<script>alert(1)</script>",
      " https://cdn.example/a.png"
    ]) {
      expect(images.network({ assets: { imageUrl: unsafe, imageId: "x" } })).toBe(
        "https://images.test/asset/x"
      )
      expect(images.network({ assets: { imageUrl: unsafe } })).toBeUndefined()
    }
    expect(images.network({ assets: {} })).toBeUndefined()
    expect(images.network({})).toBeUndefined()
  })

  it("a token: the balance's own icon, else the provider's image of its symbol; a currency by its code", () => {
    expect(images.token({ iconUrl: "https://cdn.example/usdc.png", symbol: "USDC" })).toBe(
      "https://cdn.example/usdc.png"
    )
    expect(images.token({ iconUrl: undefined, symbol: "USDC" })).toBe("https://images.test/token/USDC")
    expect(images.token({ iconUrl: undefined, symbol: undefined })).toBeUndefined()
    expect(images.currency("EUR")).toBe("https://images.test/currency/EUR")
  })
})

/** The row of the list labelled `list` that names `name`. */
const rowOf = (root: ParentNode, list: string, name: string) =>
  [...root.querySelectorAll(`[aria-label="${list}"] li`)].find(
    (li) => li.querySelector(".name")?.textContent?.startsWith(name) === true
  )
const imageOf = (row: Element | undefined) => row?.querySelector("img")?.getAttribute("src")

describe("the Networks view", () => {
  it("shows each network's image from the provider, its own safe URL, or the placeholder", async () => {
    const { modal, shadow } = await openOnConnect(
      {
        ...walletsOnly,
        networks: [
          { ...sandboxNetwork, assets: { imageId: "sandbox-chain-31337" } },
          { ...mainnetNetwork, assets: { imageUrl: "https://cdn.example/eth.svg", imageId: "unused" } },
          { ...baseNetwork, assets: { imageUrl: "javascript:window.__pwned=1" } }
        ]
      },
      TestPlatform
    )
    await act(async () => modal.open("Networks"))
    await rendered(() => shadow.querySelector('[aria-label="Networks"]'), "the networks list")
    expect(imageOf(rowOf(shadow, "Networks", "Sandbox Chain"))).toBe(
      providerImage("getAssetImage/sandbox-chain-31337")
    )
    expect(imageOf(rowOf(shadow, "Networks", "Ethereum"))).toBe("https://cdn.example/eth.svg")
    const base = rowOf(shadow, "Networks", "Base")
    expect(base?.querySelector("img")).toBeNull()
    expect(base?.querySelector(".placeholder")?.textContent).toBe("B")
    expect(Reflect.get(window, "__pwned")).toBeUndefined()
  })
})

describe("the Account view", () => {
  const token = (symbol: string, iconUrl: string | undefined): TokenBalance => ({
    name: symbol,
    symbol,
    chainId: "eip155:31337",
    address: `eip155:31337:0x${symbol.length.toString().padStart(40, "0")}`,
    value: 1,
    price: 1,
    quantity: { decimals: "6", numeric: "1" },
    iconUrl
  })

  it("shows the active network's image and each token's icon, the provider's where a token has none", async () => {
    const service = Effect.runSync(
      Effect.gen(function* () {
        const loading = { _tag: "Loading" } as const
        return {
          nativeBalance: yield* SubscriptionRef.make<AccountDataShape["nativeBalance"]["value"]>(loading),
          tokens: yield* SubscriptionRef.make<AccountDataShape["tokens"]["value"]>({
            _tag: "Ready",
            value: [token("USDC", undefined), token("SBX", "https://cdn.example/sbx.png")]
          }),
          nfts: yield* SubscriptionRef.make<AccountDataShape["nfts"]["value"]>(loading),
          activity: yield* SubscriptionRef.make<AccountDataShape["activity"]["value"]>(loading),
          identity: yield* SubscriptionRef.make<AccountDataShape["identity"]["value"]>(loading),
          sent: yield* SubscriptionRef.make<AccountDataShape["sent"]["value"]>([]),
          loadMoreActivity: Effect.void,
          loadMoreNfts: Effect.void,
          retry: () => Effect.void,
          refresh: Effect.void,
          demand: () => Effect.void
        } satisfies AccountDataShape
      })
    )
    const provider = makeMockEip1193Provider({ chainId: 31337, accounts: [ALICE] })
    const { modal, shadow, button } = await openOnConnect(
      { ...walletsOnly, networks: [{ ...sandboxNetwork, assets: { imageId: "sandbox-chain-31337" } }] },
      Layer.mergeAll(TestPlatform, makeMockWalletConnect().layer, Layer.succeed(AccountData, service)),
      () =>
        announce(
          walletInfo({ uuid: "350670db-19fa-4704-a166-e52e178b59d2", rdns: "com.example.mock" }),
          provider
        )
    )
    await click(await rendered(() => button("Mock Wallet"), "the announced wallet"))
    await untilNotified(modal.subscribeState, () => modal.getState().view === "Account")
    await rendered(() => shadow.querySelector('[aria-label="Tokens"]'), "the tokens")

    const networkRow = button("Network: Sandbox Chain. Switch network")
    expect(networkRow?.querySelector("img")?.getAttribute("src")).toBe(
      providerImage("getAssetImage/sandbox-chain-31337")
    )
    expect(imageOf(rowOf(shadow, "Tokens", "USDC"))).toBe(providerImage("getTokenImage/USDC"))
    expect(imageOf(rowOf(shadow, "Tokens", "SBX"))).toBe("https://cdn.example/sbx.png")
  })
})

describe("Buy", () => {
  const options: BuyOptions = {
    providers: [],
    fiat: [
      { id: "USD", limits: [] },
      { id: "EUR", limits: [] }
    ],
    crypto: [],
    countries: [],
    fallback: false
  }

  it("Buy shows the chosen currency's image and code on the amount's currency button", () => {
    const { controller } = fakeController({
      onramp: {
        _tag: "Editing",
        draft: {
          provider: "meld",
          country: undefined,
          fiat: "EUR",
          method: "card",
          amount: "",
          crypto: undefined
        },
        options,
        binding: bindingOf(ALICE, sandboxNetwork),
        quote: { _tag: "None" }
      }
    })
    const view = mountWith(controller, <BuyView />)
    const currency = view.querySelector<HTMLButtonElement>(".token-button")
    expect(currency?.getAttribute("aria-label")).toBe("Currency: EUR")
    expect(currency?.querySelector("img")?.getAttribute("src")).toBe("https://images.test/currency/EUR")
    expect(view.querySelector("select")).toBeNull()
  })
})
