import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as Semaphore from "effect/Semaphore"
import { ProviderRequestError, type ProviderServiceError } from "../../errors"
import { nullableWithDefault } from "../../schemas/ApiFields"
import { decodeBalanceResponse } from "../../schemas/Balance"
import { decodeUnknownResult } from "../../schemas/decode"
import { decodeIdentityResponse } from "../../schemas/Identity"
import { decodeHistoryResponse } from "../../schemas/Transaction"
import { BlockchainApi, type BlockchainApiShape } from "../../services/BlockchainApi"
import { ModalConfig } from "../../services/ModalConfig"
import { lazyPart, loadPart } from "../runtime/lazy"
import type * as FlowAnswers from "./flowAnswers"
import { type Decoder, makeProviderHttp, type ProviderRequest } from "./providerHttp"
import { encodePathSegment } from "./providerUrl"

export interface SupportedChains {
  readonly http: ReadonlyArray<string>
  readonly ws: ReadonlyArray<string>
}

const SupportedChainsEnvelope = Schema.Struct({
  http: Schema.Array(Schema.Unknown),
  ws: nullableWithDefault(Schema.Array(Schema.Unknown), () => [])
})

const strings = (items: ReadonlyArray<unknown>): ReadonlyArray<string> =>
  items.filter((item): item is string => typeof item === "string")

/**
 * `GET v1/supported-chains`. Per-item tolerance: a non-string id is dropped. Dropping only ever makes a
 * chain look unsupported, which callers answer with empty results rather than a wrong one.
 */
export const decodeSupportedChains = (input: unknown) =>
  Result.map(
    decodeUnknownResult(SupportedChainsEnvelope, "Supported chains response")(input),
    (envelope): SupportedChains => ({ http: strings(envelope.http), ws: strings(envelope.ws) })
  )

/** `/v1/<prefix>/{address}/<suffix>` with the address as one encoded segment, or a typed refusal. */
const addressPath = (
  template: (segment: string) => string,
  address: string
): Effect.Effect<string, ProviderRequestError> => {
  const segment = encodePathSegment(address)
  return segment === undefined
    ? Effect.fail(new ProviderRequestError({ reason: "invalid-request", endpoint: template("{address}") }))
    : Effect.succeed(template(segment))
}

/** The decoders of the answers only a flow asks for (`flowAnswers.ts`), loaded with the first such request. */
export const FlowAnswersLazy = lazyPart("@airlock/flowAnswers", () => import("./flowAnswers"))

const logDropped = (what: string) => (decoded: { readonly dropped: number }) =>
  decoded.dropped > 0 ? Effect.logDebug(`${what}: dropped ${decoded.dropped} invalid items`) : Effect.void

export const makeBlockchainApi: Effect.Effect<BlockchainApiShape, never, ModalConfig> = Effect.gen(
  function* () {
    const config = yield* ModalConfig
    const http = yield* makeProviderHttp({ baseUrl: config.blockchainApiUrl, projectId: config.projectId })

    // Only a success is kept; a failure is asked again next time. One request at a time, so concurrent
    // first callers share the answer.
    const cached = yield* Ref.make(Option.none<SupportedChains>())
    const lock = yield* Semaphore.make(1)
    const supportedChains: Effect.Effect<SupportedChains, ProviderServiceError> = lock
      .withPermits(1)(
        Effect.flatMap(
          Ref.get(cached),
          Option.match({
            onSome: Effect.succeed,
            onNone: () =>
              http
                .json({ path: "v1/supported-chains" }, decodeSupportedChains)
                .pipe(Effect.tap((chains) => Ref.set(cached, Option.some(chains))))
          })
        )
      )
      .pipe(Effect.withSpan("BlockchainApi.supportedChains"))

    /**
     * `request` (or what it makes of the flow decoders' bounds), decoded by the flow decoder `pick` names; a
     * decoder that did not load is a network failure of `endpoint`.
     */
    const flowJson = <A>(
      request: ProviderRequest | ((decoders: typeof FlowAnswers) => ProviderRequest),
      pick: (decoders: typeof FlowAnswers) => Decoder<A>,
      endpoint = typeof request === "function" ? "Blockchain API" : request.path
    ) =>
      loadPart(FlowAnswersLazy).pipe(
        Effect.mapError(
          (error) => new ProviderRequestError({ reason: "network", endpoint, cause: error.cause })
        ),
        Effect.flatMap((decoders) =>
          http.json(typeof request === "function" ? request(decoders) : request, pick(decoders))
        )
      )

    return BlockchainApi.of({
      supportedChains,
      balance: (address, chainId, options) =>
        addressPath((a) => `v1/account/${a}/balance`, address).pipe(
          Effect.flatMap((path) =>
            http.json(
              {
                path,
                params: [
                  ["currency", "usd"],
                  ["chainId", chainId],
                  ["forceUpdate", options?.forceUpdate === true ? "true" : undefined]
                ]
              },
              decodeBalanceResponse
            )
          ),
          Effect.tap(logDropped("balance")),
          Effect.withSpan("BlockchainApi.balance")
        ),
      history: (address, options) =>
        addressPath((a) => `v1/account/${a}/history`, address).pipe(
          Effect.flatMap((path) =>
            http.json(
              {
                path,
                params: [
                  ["cursor", options.cursor],
                  ["chainId", options.chainId]
                ]
              },
              decodeHistoryResponse
            )
          ),
          Effect.tap(logDropped("history")),
          Effect.withSpan("BlockchainApi.history")
        ),
      identity: (address, options) =>
        addressPath((a) => `v1/identity/${a}`, address).pipe(
          Effect.flatMap((path) =>
            http.json({ path, params: [["sender", options?.sender]] }, decodeIdentityResponse)
          ),
          Effect.withSpan("BlockchainApi.identity")
        ),
      convertTokens: (chainId) =>
        flowJson(
          { path: "v1/convert/tokens", params: [["chainId", chainId]] },
          (d) => d.decodeConvertTokens
        ).pipe(Effect.tap(logDropped("convert tokens")), Effect.withSpan("BlockchainApi.convertTokens")),
      convertQuotes: (request) =>
        flowJson(
          {
            path: "v1/convert/quotes",
            params: [
              ["amount", request.amount],
              ["userAddress", request.userAddress],
              ["from", request.from],
              ["to", request.to],
              ["gasPrice", request.gasPrice]
            ]
          },
          (d) => d.decodeConvertQuotes
        ).pipe(Effect.tap(logDropped("convert quotes")), Effect.withSpan("BlockchainApi.convertQuotes")),
      convertAllowance: (request) =>
        flowJson(
          {
            path: "v1/convert/allowance",
            params: [
              ["tokenAddress", request.tokenAddress],
              ["userAddress", request.userAddress],
              ...(request.to === undefined ? [] : [["to", request.to] as const])
            ]
          },
          (d) => d.decodeAllowance
        ).pipe(Effect.withSpan("BlockchainApi.convertAllowance")),
      convertGasPrice: (chainId) =>
        flowJson(
          { path: "v1/convert/gas-price", params: [["chainId", chainId]] },
          (d) => d.decodeGasPrices
        ).pipe(Effect.withSpan("BlockchainApi.convertGasPrice")),
      buildSwapTransaction: (request) =>
        flowJson(
          {
            method: "POST",
            path: "v1/convert/build-transaction",
            body: {
              amount: request.amount,
              eip155: { slippage: request.slippage },
              projectId: config.projectId,
              from: request.from,
              to: request.to,
              userAddress: request.userAddress
            }
          },
          (d) => d.decodeSwapTransaction
        ).pipe(Effect.withSpan("BlockchainApi.buildSwapTransaction")),
      buildApproveTransaction: (request) =>
        flowJson(
          {
            path: "v1/convert/build-approve",
            params: [
              ["userAddress", request.userAddress],
              ["from", request.from],
              ["to", request.to]
            ]
          },
          (d) => d.decodeApproveTransaction
        ).pipe(Effect.withSpan("BlockchainApi.buildApproveTransaction")),
      profile: (name) =>
        addressPath((n) => `v1/profile/account/${n}`, name).pipe(
          Effect.flatMap((path) => flowJson({ path, params: [["apiVersion", "2"]] }, (d) => d.decodeProfile)),
          Effect.withSpan("BlockchainApi.profile")
        ),
      reverseProfiles: (address, options) =>
        addressPath((a) => `v1/profile/reverse/${a}`, address).pipe(
          Effect.flatMap((path) =>
            flowJson(
              {
                path,
                params: [
                  ["sender", options?.sender],
                  ["apiVersion", "2"]
                ]
              },
              (d) => d.decodeReverseProfiles
            )
          ),
          Effect.withSpan("BlockchainApi.reverseProfiles")
        ),
      nameSuggestions: (name) =>
        addressPath((n) => `v1/profile/suggestions/${n}`, name).pipe(
          Effect.flatMap((path) =>
            flowJson({ path, params: [["zone", "reown.id"]] }, (d) => d.decodeNameSuggestions)
          ),
          Effect.withSpan("BlockchainApi.nameSuggestions")
        ),
      registerName: (request) =>
        flowJson(
          {
            method: "POST",
            path: "v1/profile/account",
            body: {
              coin_type: request.coinType,
              address: request.address,
              message: request.message,
              signature: request.signature
            }
          },
          (d) => d.decodeProfile
        ).pipe(Effect.withSpan("BlockchainApi.registerName")),
      onrampOptions: flowJson({ path: "v1/onramp/options" }, (d) => d.decodeOnrampOptions).pipe(
        Effect.withSpan("BlockchainApi.onrampOptions")
      ),
      onrampQuote: (request) =>
        flowJson(
          { method: "POST", path: "v1/onramp/quote", body: { ...request } },
          (d) => d.decodeOnrampQuote
        ).pipe(Effect.withSpan("BlockchainApi.onrampQuote")),
      onrampUrl: (request) =>
        flowJson(
          {
            method: "POST",
            path: "v1/generators/onrampurl",
            body: {
              destinationWallets: [
                { address: request.address, blockchains: request.blockchains, assets: request.assets }
              ],
              partnerUserId: request.partnerUserId,
              defaultExperience: "buy",
              ...(request.presetFiatAmount === undefined
                ? {}
                : { presetFiatAmount: request.presetFiatAmount }),
              ...(request.country === undefined ? {} : { country: request.country }),
              ...(request.paymentCurrency === undefined ? {} : { paymentCurrency: request.paymentCurrency }),
              ...(request.paymentMethod === undefined ? {} : { paymentMethod: request.paymentMethod })
            }
          },
          (d) => d.decodeOnrampUrl
        ).pipe(Effect.withSpan("BlockchainApi.onrampUrl")),
      smartSessions: (caipAddress) =>
        addressPath((a) => `v1/sessions/${a}`, caipAddress).pipe(
          Effect.flatMap((path) => flowJson({ path }, (d) => d.decodeSmartSessions)),
          Effect.tap(logDropped("smart sessions")),
          Effect.withSpan("BlockchainApi.smartSessions")
        ),
      revokeSmartSession: (request) =>
        addressPath((a) => `v1/sessions/${a}/revoke`, request.address).pipe(
          Effect.flatMap((path) =>
            http.send({
              method: "POST",
              path,
              body: { pci: request.pci, signature: request.signature },
              // Revoking is not repeated on its own: the visitor sees the failure and asks again.
              retries: 0
            })
          ),
          Effect.withSpan("BlockchainApi.revokeSmartSession")
        ),
      fungiblePrices: (addresses) =>
        flowJson(
          (d) => ({
            method: "POST",
            path: "v1/fungible/price",
            body: {
              currency: "usd",
              addresses: addresses.slice(0, d.MAX_FUNGIBLE_PRICES),
              projectId: config.projectId
            }
          }),
          (d) => d.decodeFungiblePrices,
          "v1/fungible/price"
        ).pipe(Effect.tap(logDropped("fungible prices")), Effect.withSpan("BlockchainApi.fungiblePrices"))
    })
  }
)
