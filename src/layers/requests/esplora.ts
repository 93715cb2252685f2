/**
 * A Bitcoin network's Esplora (its `rpcUrls.default.http[0]`, FACTS-NEXT §5): the payment address's coins,
 * fee estimates, previous transactions and the broadcast. Every call is timed out and its answer bounded
 * and decoded; a failure is the catalogue's `BitcoinError` (no answer, or the chain's refusal as its code).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { BitcoinError } from "../../bitcoinErrors"
import {
  EsploraFeeEstimates,
  type EsploraUtxo,
  EsploraUtxos,
  type EsploraFeeEstimates as FeeEstimates
} from "../../schemas/Bitcoin"
import { type FetchRequest, fetchResponse, readBody, TOO_LARGE } from "../platform/fetchExchange"

/** THREATS R2: a read settles within 10 s, its body included. */
export const ESPLORA_TIMEOUT = "10 seconds"
/** 500 coins of about 150 bytes of JSON each, with room. */
const MAX_JSON_BYTES = 256 * 1024
/** A previous transaction's hex: a standard transaction is at most 400 000 weight units. */
const MAX_TX_HEX = 800_000
const MAX_ERROR_BYTES = 2048

export interface Esplora {
  readonly utxos: (address: string) => Effect.Effect<ReadonlyArray<EsploraUtxo>, BitcoinError>
  readonly feeEstimates: Effect.Effect<FeeEstimates, BitcoinError>
  /** The raw transaction, hex. */
  readonly transactionHex: (txid: string) => Effect.Effect<string, BitcoinError>
  /** Sends a raw transaction; answers its txid as the network gives it. */
  readonly broadcast: (hex: string) => Effect.Effect<string, BitcoinError>
}

const unreachable = (cause?: unknown) => new BitcoinError({ failure: { _tag: "NetworkUnreachable" }, cause })

/** The body as text, refused past `limit` bytes while it streams (a missing `content-length` does not help). */
const boundedText = (response: Response, limit: number) =>
  readBody(response, limit).pipe(
    Effect.mapError(unreachable),
    Effect.flatMap((bytes) =>
      bytes === TOO_LARGE
        ? Effect.fail(unreachable("too large"))
        : Effect.succeed(new TextDecoder().decode(bytes))
    )
  )

const get: FetchRequest = { method: "GET", headers: {} }

/** The Esplora at `base` (no trailing slash needed), through `fetch` (the modal's `HttpFetch`). */
export const makeEsplora = (fetch: typeof globalThis.fetch, base: string): Esplora => {
  const root = base.replace(/\/+$/, "")
  const text = (url: string, request: FetchRequest, limit: number) =>
    fetchResponse(fetch, url, request).pipe(
      Effect.mapError(unreachable),
      Effect.flatMap((response) =>
        response.status >= 200 && response.status < 300
          ? boundedText(response, limit)
          : Effect.flatMap(boundedText(response, MAX_ERROR_BYTES), (body) =>
              Effect.fail(
                response.status === 400 && request.method === "POST"
                  ? new BitcoinError({ failure: { _tag: "BroadcastRefused", code: body.trim() } })
                  : unreachable(response.status)
              )
            )
      ),
      Effect.timeoutOrElse({ duration: ESPLORA_TIMEOUT, orElse: () => Effect.fail(unreachable("timeout")) })
    )
  const json = <A>(path: string, schema: Schema.Decoder<A>) =>
    text(`${root}${path}`, get, MAX_JSON_BYTES).pipe(
      Effect.flatMap((body) => Effect.try({ try: () => JSON.parse(body) as unknown, catch: unreachable })),
      Effect.flatMap((raw) => Effect.mapError(Schema.decodeUnknownEffect(schema)(raw), unreachable))
    )
  const segment = (value: string) => encodeURIComponent(value)
  return {
    utxos: (address) => json(`/address/${segment(address)}/utxo`, EsploraUtxos),
    feeEstimates: json("/fee-estimates", EsploraFeeEstimates),
    transactionHex: (txid) =>
      text(`${root}/tx/${segment(txid)}/hex`, get, MAX_TX_HEX).pipe(
        Effect.map((t) => t.trim()),
        Effect.filterOrFail(
          (hex) => /^[0-9a-f]+$/.test(hex),
          () => unreachable("not hex")
        )
      ),
    broadcast: (hex) =>
      Effect.map(
        text(`${root}/tx`, { method: "POST", headers: { "content-type": "text/plain" }, body: hex }, 256),
        (t) => t.trim()
      )
  }
}
