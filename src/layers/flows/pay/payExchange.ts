/**
 * "Pay from an exchange" over the provider's JSON-RPC (FACTS.md §1.5, `POST v1/json-rpc?source=fund-wallet`):
 * the exchanges that pay an asset (`reown_getExchanges`), a deposit session on one of them with its page
 * (`reown_getExchangePayUrl`), and the session's status (`reown_getExchangeBuyStatus`). Every answer is
 * decoded; a list is bounded; the page's URL must be http(s); nothing here is retried (a second session
 * would be a second deposit page). Then the exchange's transfer is checked on chain (`checkedTransfer`):
 * the hash the exchange names must pay the recipient the amount in the asset, or the payment is not made.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { ProviderRequestError, type ProviderServiceError } from "../../../errors"
import { PayFailedError } from "../../../payErrors"
import { SafeImageUrl, SanitizedName } from "../../../schemas/ApiFields"
import { decodeUnknownResult } from "../../../schemas/decode"
import { HexString } from "../../../schemas/Primitives"
import type { FallbackTransportShape } from "../../../services/FallbackTransport"
import type { PayDetails, PayExchange } from "../../../services/Pay"
import type { ProviderHttp } from "../../provider/providerHttp"

/** The most exchanges a list shows. */
const MAX_EXCHANGES = 20
const PATH = "v1/json-rpc"

/** A JSON-RPC answer: its result, or the error that says why not. */
const Envelope = Schema.Struct({
  result: Schema.optional(Schema.Unknown),
  error: Schema.optional(Schema.Struct({ message: Schema.String.check(Schema.isMaxLength(300)) }))
})

const Exchanges = Schema.Struct({
  exchanges: Schema.Array(
    Schema.Struct({
      id: Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_.-]{1,64}$/)),
      name: SanitizedName,
      imageUrl: Schema.optional(SafeImageUrl)
    })
  ).check(Schema.isMaxLength(200))
})

const PayUrl = Schema.Struct({
  url: Schema.String.check(Schema.isMaxLength(2048)),
  sessionId: Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{1,50}$/))
})

export const BuyStatus = Schema.Struct({
  status: Schema.Literals(["UNKNOWN", "IN_PROGRESS", "SUCCESS", "FAILED"]),
  txHash: Schema.optional(Schema.String.check(Schema.isMaxLength(128)))
})
export type BuyStatus = typeof BuyStatus.Type

/** `url` when it is an http(s) URL, else `undefined` (a deposit page opens in a tab: nothing else may). */
export const depositUrl = (url: string): string | undefined => {
  try {
    const parsed = new URL(url)
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : undefined
  } catch {
    return undefined
  }
}

/** The CAIP-10 account a deposit is for. */
const caip10 = (details: PayDetails) => `${details.network.caipNetworkId}:${details.recipient}`

/** The amount as a decimal string in the asset's units ("5", "0.1"). */
export const decimalAmount = (amount: bigint, decimals: number): string => {
  const text = amount.toString().padStart(decimals + 1, "0")
  const whole = text.slice(0, text.length - decimals)
  const fraction = text.slice(text.length - decimals).replace(/0+$/, "")
  return fraction === "" ? whole : `${whole}.${fraction}`
}

export const makePayExchanges = (http: ProviderHttp) => {
  const call = <S extends Schema.Decoder<unknown>>(
    method: string,
    params: Record<string, unknown>,
    schema: S
  ): Effect.Effect<S["Type"], ProviderServiceError> =>
    http
      .json(
        {
          method: "POST",
          path: PATH,
          params: [["source", "fund-wallet"]],
          body: { jsonrpc: "2.0", id: 1, method, params },
          retries: 0
        },
        decodeUnknownResult(Envelope, `${method} answer`)
      )
      .pipe(
        Effect.flatMap((envelope) =>
          envelope.error !== undefined || envelope.result === undefined
            ? Effect.fail(
                new ProviderRequestError({ reason: "invalid-request", endpoint: `/${PATH} ${method}` })
              )
            : Effect.mapError(
                Effect.fromResult(decodeUnknownResult(schema, `${method} result`)(envelope.result)),
                (cause) =>
                  new ProviderRequestError({
                    reason: "malformed-body",
                    endpoint: `/${PATH} ${method}`,
                    cause
                  })
              )
        )
      )

  /** The exchanges that pay the asset; none when the provider did not say. */
  const list = (details: PayDetails): Effect.Effect<ReadonlyArray<PayExchange>> =>
    call(
      "reown_getExchanges",
      { page: 0, asset: details.asset.id, amount: decimalAmount(details.amount, details.asset.decimals) },
      Exchanges
    ).pipe(
      Effect.map((answer) =>
        answer.exchanges
          .slice(0, MAX_EXCHANGES)
          .flatMap((exchange) =>
            exchange.name === undefined
              ? []
              : [{ id: exchange.id, name: exchange.name, imageUrl: exchange.imageUrl }]
          )
      ),
      Effect.orElseSucceed(() => [])
    )

  /** A deposit session on the exchange for the payment, and its page. */
  const open = (exchangeId: string, details: PayDetails) =>
    call(
      "reown_getExchangePayUrl",
      {
        exchangeId,
        asset: details.asset.id,
        amount: decimalAmount(details.amount, details.asset.decimals),
        recipient: caip10(details)
      },
      PayUrl
    ).pipe(
      Effect.mapError((cause) => new PayFailedError({ reason: "failed", cause })),
      Effect.flatMap(({ url, sessionId }) => {
        const page = depositUrl(url)
        return page === undefined
          ? Effect.fail(new PayFailedError({ reason: "failed" }))
          : Effect.succeed({ url: page, sessionId })
      })
    )

  const status = (exchangeId: string, sessionId: string) =>
    call("reown_getExchangeBuyStatus", { exchangeId, sessionId }, BuyStatus)

  return { list, open, status }
}

const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"

const Receipt = Schema.Struct({
  status: HexString,
  logs: Schema.Array(
    Schema.Struct({ address: HexString, topics: Schema.Array(HexString), data: Schema.String })
  ).check(Schema.isMaxLength(512))
})
const Transaction = Schema.Struct({ to: Schema.NullOr(HexString), value: HexString })

const word = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, "0")}`

/**
 * Whether the mined transaction `hash` pays `details`: an ERC-20 `Transfer` of the amount to the recipient
 * logged by the token's contract, or the amount of the native coin sent to the recipient. Read through the
 * chain's RPC (10 s at most); anything else, or no answer, is not the payment.
 */
export const checkedTransfer = (
  fallback: FallbackTransportShape,
  details: PayDetails,
  hash: string
): Effect.Effect<boolean> => {
  const read = <A>(method: string, schema: Schema.Decoder<A>) =>
    fallback.request(details.network.caipNetworkId, { method, params: [hash] }).pipe(
      Effect.timeout("10 seconds"),
      Effect.flatMap((answer) => Effect.fromResult(Schema.decodeUnknownResult(schema)(answer))),
      Effect.option
    )
  const key = details.asset.key
  if (key === "native")
    return Effect.map(
      read("eth_getTransactionByHash", Transaction),
      (found) =>
        found._tag === "Some" &&
        found.value.to?.toLowerCase() === details.recipient.toLowerCase() &&
        BigInt(found.value.value) === details.amount
    )
  return Effect.map(read("eth_getTransactionReceipt", Receipt), (found) => {
    if (found._tag === "None" || BigInt(found.value.status) !== 1n) return false
    return found.value.logs.some(
      (log) =>
        log.address.toLowerCase() === key.toLowerCase() &&
        log.topics[0]?.toLowerCase() === TRANSFER_TOPIC &&
        log.topics[2]?.toLowerCase() === word(details.recipient) &&
        /^0x[0-9a-fA-F]{1,64}$/.test(log.data) &&
        BigInt(log.data) === details.amount
    )
  })
}
