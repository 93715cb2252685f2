/**
 * The decoders of the Blockchain API's answers that only a flow asks for (swaps, prices, buying, names,
 * sessions). Their schemas are built when this module is evaluated, so it loads with the first such
 * request, not with the account's stage, which a connected account's Account view needs at once.
 */
export {
  decodeAllowance,
  decodeApproveTransaction,
  decodeConvertQuotes,
  decodeConvertTokens,
  decodeFungiblePrices,
  decodeGasPrices,
  decodeSwapTransaction,
  MAX_FUNGIBLE_PRICES
} from "../../schemas/Convert"
export { decodeOnrampOptions, decodeOnrampQuote, decodeOnrampUrl } from "../../schemas/FiatOnramp"
export { decodeNameSuggestions, decodeProfile, decodeReverseProfiles } from "../../schemas/Profile"
export { decodeSmartSessions } from "../../schemas/SmartSessions"
