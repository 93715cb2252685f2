/**
 * What Pay reads from the payment's chain through its configured RPC (`FallbackTransport`), each read 10 s
 * at most and its answer decoded: a token's symbol and decimals (an ERC-20's `symbol()` and `decimals()`, an
 * SPL mint's `getTokenSupply`), and the payer's balance of the asset. A token that does not answer is not
 * one Pay can move; a balance that does not come is shown as unavailable, never as zero.
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { decodeFunctionResult, encodeFunctionData, erc20Abi, type Hex } from "viem"
import { PayFailedError } from "../../../payErrors"
import { type CaipNetworkId, HexString } from "../../../schemas/Primitives"
import { truncateAddress } from "../../../schemas/ThirdPartyText"
import type { FallbackTransportShape } from "../../../services/FallbackTransport"
import type { PayAsset, PayDetails } from "../../../services/Pay"
import type { ParsedPay } from "./payRequest"

const READ_TIMEOUT = "10 seconds"

/** The most decimals an amount's arithmetic is kept to (a uint256 has 78 digits). */
const MAX_DECIMALS = 77

const SplSupply = Schema.Struct({
  value: Schema.Struct({
    decimals: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: MAX_DECIMALS }))
  })
})
const SolBalance = Schema.Struct({ value: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)) })
const SplAccounts = Schema.Struct({
  value: Schema.Array(
    Schema.Struct({
      account: Schema.Struct({
        data: Schema.Struct({
          parsed: Schema.Struct({
            info: Schema.Struct({
              tokenAmount: Schema.Struct({ amount: Schema.String.check(Schema.isPattern(/^\d{1,80}$/)) })
            })
          })
        })
      })
    })
  ).check(Schema.isMaxLength(64))
})

/** A symbol a contract answered: letters, digits and a few marks, 16 at most; else the address, shortened. */
const cleanSymbol = (symbol: string, address: string): string => {
  const cleaned = symbol.replace(/[^\p{L}\p{N}._$-]/gu, "").slice(0, 16)
  return cleaned === "" ? truncateAddress(address) : cleaned
}

export const makePayChain = (fallback: FallbackTransportShape) => {
  const read = <A>(
    network: CaipNetworkId,
    method: string,
    params: ReadonlyArray<unknown>,
    schema: Schema.Decoder<A>
  ) =>
    fallback.request(network, { method, params }).pipe(
      Effect.timeout(READ_TIMEOUT),
      Effect.flatMap((answer) => Effect.fromResult(Schema.decodeUnknownResult(schema)(answer))),
      Effect.option,
      Effect.map((found) => (found._tag === "Some" ? found.value : undefined))
    )

  const ethCall = (network: CaipNetworkId, to: string, data: Hex) =>
    read(network, "eth_call", [{ to, data }, "latest"], HexString)

  /** The asset's symbol and decimals: the network's coin from its configuration, a token from its chain. */
  const asset = (parsed: ParsedPay): Effect.Effect<PayAsset, PayFailedError> =>
    Effect.gen(function* () {
      const { network, token, assetId } = parsed
      const unsupported = new PayFailedError({ reason: "unsupported-asset" })
      if (token === "native") {
        const { symbol, decimals } = network.nativeCurrency
        return { id: assetId, key: "native", symbol, decimals }
      }
      if (token.kind === "spl") {
        const supply = yield* read(network.caipNetworkId, "getTokenSupply", [token.address], SplSupply)
        if (supply === undefined) return yield* Effect.fail(unsupported)
        return {
          id: assetId,
          key: token.address,
          symbol: truncateAddress(token.address),
          decimals: supply.value.decimals
        }
      }
      const [decimalsHex, symbolHex] = yield* Effect.all(
        [
          ethCall(
            network.caipNetworkId,
            token.address,
            encodeFunctionData({ abi: erc20Abi, functionName: "decimals" })
          ),
          ethCall(
            network.caipNetworkId,
            token.address,
            encodeFunctionData({ abi: erc20Abi, functionName: "symbol" })
          )
        ],
        { concurrency: "unbounded" }
      )
      const decoded = Result.try(() => ({
        decimals: decodeFunctionResult({ abi: erc20Abi, functionName: "decimals", data: decimalsHex as Hex }),
        symbol: decodeFunctionResult({ abi: erc20Abi, functionName: "symbol", data: symbolHex as Hex })
      }))
      if (decimalsHex === undefined || symbolHex === undefined || Result.isFailure(decoded))
        return yield* Effect.fail(unsupported)
      const { decimals, symbol } = decoded.success
      if (decimals > MAX_DECIMALS) return yield* Effect.fail(unsupported)
      return { id: assetId, key: token.address, symbol: cleanSymbol(symbol, token.address), decimals }
    })

  /** `address`'s balance of the payment's asset, in its smallest unit; `undefined` when the chain did not say. */
  const balance = (details: PayDetails, address: string): Effect.Effect<bigint | undefined> => {
    const network = details.network.caipNetworkId
    const key = details.asset.key
    if (details.namespace === "eip155") {
      const answer =
        key === "native"
          ? read(network, "eth_getBalance", [address, "latest"], HexString)
          : ethCall(
              network,
              key,
              encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [address as Hex] })
            )
      return Effect.map(answer, (hex) => (hex === undefined ? undefined : BigInt(hex)))
    }
    if (key === "native")
      return Effect.map(
        read(network, "getBalance", [address, { commitment: "confirmed" }], SolBalance),
        (answer) => (answer === undefined ? undefined : BigInt(answer.value))
      )
    return Effect.map(
      read(
        network,
        "getTokenAccountsByOwner",
        [address, { mint: key }, { encoding: "jsonParsed", commitment: "confirmed" }],
        SplAccounts
      ),
      (answer) =>
        answer?.value.reduce(
          (sum, entry) => sum + BigInt(entry.account.data.parsed.info.tokenAmount.amount),
          0n
        )
    )
  }

  return { asset, balance }
}
