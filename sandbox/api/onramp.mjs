// The Blockchain API's onramp endpoints (FACTS.md §1.5) for the sandbox: the options and the quote come
// from ../onramp/quote.mjs (the same formula the payment provider's page charges and delivers by), and the
// URL generator points at the sandbox's payment provider page (../onramp/provider.mjs), which runs on an
// origin of its own and really pays out on the sandbox chain.
import { getAddress } from "viem"
import {
  findAsset,
  findCountry,
  findFiat,
  isOnrampNetwork,
  ONRAMP_NETWORK_NAME,
  onrampOptions,
  PAYMENT_METHODS,
  purchaseAssets
} from "../onramp/options.mjs"
import { fiatAmountFor, ONRAMP_DEFAULT_AMOUNT, quoteOnramp } from "../onramp/quote.mjs"

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
/** Printable text without control characters. */
const PLAIN = /^[^\p{Cc}\p{Cf}]+$/u
export const MAX_DESTINATION_WALLETS = 10
export const MAX_WALLET_BLOCKCHAINS = 10
export const MAX_WALLET_ASSETS = 20
export const MAX_PARTNER_USER_ID = 128
const MAX_ID = 64

/** What the generator answers when the API was started without a provider page to point at. */
export const NO_PROVIDER_MESSAGE =
  "The onramp provider is not running: start the sandbox API with onrampProviderUrl (startDemo does)"

/** @import { IncomingMessage } from "node:http" */
/** @import { SandboxToken } from "../chain/chain.mjs" */
/** @import { ApiChain } from "./apiChains.mjs" */
/** @import { RouteContext } from "./http.mjs" */

/**
 * The onramp handlers for api.mjs's router. `chains` are the API's chains (the first is the one the
 * onramp sells on), `tokens` the known ERC-20s (sUSD among them), `priceOf(symbol)` the API's USD prices,
 * `providerUrl` the payment provider's origin (or undefined: the URL generator answers 503), `projectIds`
 * the accepted project ids; `fail(status, message)` makes the router's error, `readJson(req)` reads a
 * bounded JSON body.
 * @param {object} options
 * @param {ReadonlyArray<ApiChain>} options.chains
 * @param {ReadonlyArray<SandboxToken>} options.tokens
 * @param {(symbol: string) => number} options.priceOf
 * @param {string | undefined} options.providerUrl
 * @param {ReadonlySet<string>} options.projectIds
 * @param {(status: number, message: string) => Error} options.fail
 * @param {(req: IncomingMessage) => Promise<any>} options.readJson The body's JSON, unchecked.
 */
export function createOnrampHandlers({ chains, tokens, priceOf, providerUrl, projectIds, fail, readJson }) {
  const chainId = chains[0]?.chainId ?? 0
  const assets = purchaseAssets({ chainId, tokens })
  const prices = () => Object.fromEntries(assets.map((asset) => [asset.symbol, priceOf(asset.symbol)]))
  const base = providerUrl === undefined ? undefined : new URL(providerUrl).origin

  /**
   * The request's JSON object (its fields unchecked).
   * @param {IncomingMessage} req
   * @returns {Promise<Record<string, any>>}
   */
  const objectBody = async (req) => {
    const body = await readJson(req)
    if (body === null || typeof body !== "object" || Array.isArray(body))
      throw fail(400, "Expected a JSON object")
    if (body.projectId !== undefined && !projectIds.has(body.projectId))
      throw fail(403, "Unauthorized: invalid key")
    return body
  }
  /**
   * @overload
   * @param {unknown} value
   * @param {string} name
   * @param {{ required: true }} options
   * @returns {string}
   */
  /**
   * @overload
   * @param {unknown} value
   * @param {string} name
   * @returns {string | undefined}
   */
  /**
   * An id: a bounded string, or (as the real client sends currencies) an object with one.
   * @param {unknown} value
   * @param {string} name
   * @param {{ required?: boolean }} [options]
   * @returns {string | undefined}
   */
  function idParam(value, name, { required = false } = {}) {
    if (value === undefined || value === null) {
      if (required) throw fail(400, `${name} is required`)
      return undefined
    }
    const raw = typeof value === "object" && !Array.isArray(value) && "id" in value ? value.id : value
    if (typeof raw !== "string" || raw === "" || raw.length > MAX_ID || !PLAIN.test(raw))
      throw fail(400, `${name} must be an id of 1 to ${MAX_ID} characters`)
    return raw
  }
  /**
   * @param {unknown} value
   * @param {string} name
   * @param {{ required?: boolean }} [options]
   * @returns {string | number | undefined}
   */
  const amountParam = (value, name, { required = false } = {}) => {
    if (value === undefined || value === null) {
      if (required) throw fail(400, `${name} is required`)
      return undefined
    }
    if (
      !(typeof value === "string" && value.length <= 32) &&
      !(typeof value === "number" && Number.isFinite(value))
    )
      throw fail(400, `${name} must be a number or a numeric string`)
    return value
  }
  /**
   * @param {unknown} value
   * @param {string} name
   * @param {number} max
   * @param {{ min?: number }} [options]
   */
  const listParam = (value, name, max, { min = 1 } = {}) => {
    if (!Array.isArray(value) || value.length < min || value.length > max)
      throw fail(400, `${name} must list ${min} to ${max} items`)
    return value.map((item, i) => idParam(item, `${name}[${i}]`, { required: true }))
  }

  const options = () => onrampOptions({ chainId, tokens })

  /** @param {RouteContext} context */
  const quote = async ({ req }) => {
    const body = await objectBody(req)
    const result = quoteOnramp({
      chainId,
      tokens,
      prices: prices(),
      purchaseCurrency: idParam(body.purchaseCurrency, "purchaseCurrency", { required: true }),
      paymentCurrency: idParam(body.paymentCurrency, "paymentCurrency", { required: true }),
      amount: amountParam(body.amount, "amount", { required: true }),
      network: idParam(body.network, "network", { required: true }),
      country: idParam(body.country, "country"),
      paymentMethod: idParam(body.paymentMethod, "paymentMethod")
    })
    if (!result.ok) throw fail(400, result.reason)
    return result.quote
  }

  /** @param {RouteContext} context */
  const generateUrl = async ({ req }) => {
    const body = await objectBody(req)
    const wallets = body.destinationWallets
    if (!Array.isArray(wallets) || wallets.length === 0 || wallets.length > MAX_DESTINATION_WALLETS)
      throw fail(400, `destinationWallets must list 1 to ${MAX_DESTINATION_WALLETS} wallets`)
    const destinations = wallets.map((/** @type {any} */ wallet, /** @type {number} */ i) => {
      const name = `destinationWallets[${i}]`
      if (wallet === null || typeof wallet !== "object" || Array.isArray(wallet))
        throw fail(400, `${name} must be an object`)
      if (typeof wallet.address !== "string" || !ADDRESS.test(wallet.address))
        throw fail(400, `${name}.address must be an address (0x and 40 hex digits)`)
      const blockchains = listParam(wallet.blockchains, `${name}.blockchains`, MAX_WALLET_BLOCKCHAINS)
      for (const blockchain of blockchains)
        if (!isOnrampNetwork(blockchain, chainId))
          throw fail(
            400,
            `Unsupported blockchain ${blockchain}; the sandbox sells on "${ONRAMP_NETWORK_NAME}"`
          )
      const wanted = listParam(wallet.assets ?? [], `${name}.assets`, MAX_WALLET_ASSETS, { min: 0 })
      const chosen = wanted.map((id) => {
        const asset = findAsset(assets, id)
        if (asset === undefined)
          throw fail(400, `Unsupported asset ${id}; choose from ${assets.map((a) => a.id).join(", ")}`)
        return asset
      })
      return {
        address: getAddress(wallet.address.toLowerCase()),
        assets: chosen.length > 0 ? chosen : assets
      }
    })
    const partner = body.partnerUserId
    if (
      typeof partner !== "string" ||
      partner === "" ||
      partner.length > MAX_PARTNER_USER_ID ||
      !PLAIN.test(partner)
    )
      throw fail(400, `partnerUserId must be text of 1 to ${MAX_PARTNER_USER_ID} characters`)
    if (body.defaultExperience !== undefined && body.defaultExperience !== "buy")
      throw fail(400, 'defaultExperience must be "buy"')
    const defaultNetwork = idParam(body.defaultNetwork, "defaultNetwork")
    if (defaultNetwork !== undefined && !isOnrampNetwork(defaultNetwork, chainId))
      throw fail(400, `Unsupported defaultNetwork ${defaultNetwork}`)
    const countryId = idParam(body.country, "country")
    const country = countryId === undefined ? undefined : findCountry(countryId)
    if (countryId !== undefined && country === undefined) throw fail(400, `Unsupported country ${countryId}`)
    const fiatId = idParam(body.paymentCurrency, "paymentCurrency")
    const fiat = fiatId === undefined ? findFiat(country?.currencies[0] ?? "USD") : findFiat(fiatId)
    if (fiat === undefined) throw fail(400, `Unsupported paymentCurrency ${fiatId}`)
    const method = idParam(body.paymentMethod, "paymentMethod") ?? "card"
    const paymentMethod = PAYMENT_METHODS.find((known) => known === method)
    if (paymentMethod === undefined)
      throw fail(400, `Unsupported paymentMethod ${method}; choose one of ${PAYMENT_METHODS.join(", ")}`)
    const presetFiat = amountParam(body.presetFiatAmount, "presetFiatAmount")
    const presetCrypto = amountParam(body.presetCryptoAmount, "presetCryptoAmount")

    // The first wallet's first asset (destinationWallets has one at least; every wallet offers ether).
    const [destination] = destinations
    const asset = destination?.assets[0]
    if (destination === undefined || asset === undefined) throw fail(400, "No asset to offer")
    const { address } = destination
    const request = {
      chainId,
      tokens,
      prices: prices(),
      purchaseCurrency: asset.id,
      paymentCurrency: fiat.id,
      network: ONRAMP_NETWORK_NAME,
      country: country?.id,
      paymentMethod
    }
    /** @type {string | undefined} */
    let amount
    if (presetFiat !== undefined) amount = String(presetFiat)
    else if (presetCrypto !== undefined) {
      amount = fiatAmountFor({ ...request, cryptoAmount: String(presetCrypto) })
      if (amount === undefined)
        throw fail(400, "presetCryptoAmount must be a positive decimal number of the asset")
    }
    // Everything the page will quote is checked now: a bad combination is the caller's 400, not the page's.
    const checked = quoteOnramp({ ...request, amount: amount ?? ONRAMP_DEFAULT_AMOUNT })
    if (!checked.ok) throw fail(400, checked.reason)
    if (base === undefined) throw fail(503, NO_PROVIDER_MESSAGE)
    const query = new URLSearchParams({
      address,
      asset: asset.id,
      network: ONRAMP_NETWORK_NAME,
      fiat: fiat.id,
      ...(amount === undefined ? {} : { amount: checked.order.amount }),
      ...(country === undefined ? {} : { country: country.id }),
      method
    })
    return { url: `${base}/buy?${query}` }
  }

  return { options, quote, generateUrl }
}
