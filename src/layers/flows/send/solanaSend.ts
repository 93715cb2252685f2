/**
 * A Send on Solana, loaded by the Send flow with the first Solana review: the transfer planned from the
 * chain (the mint's token program, whether the receiver's token account exists and the rent to create it),
 * its fee (`getFeeForMessage` over the compiled message), and at confirmation the wire transaction built
 * again on a fresh blockhash, since the preview may have outlived the first one. Every read goes through
 * `FallbackTransport` and every answer is decoded; the errors are the catalogue's.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type * as Result from "effect/Result"
import { type ChainNotConfiguredError, ProviderRequestError } from "../../../errors"
import { SchemaDecodeError } from "../../../schemas/decode"
import type { CaipNetworkId } from "../../../schemas/Primitives"
import {
  decodeAccountInfo,
  decodeFeeForMessage,
  decodeLatestBlockhash,
  decodeRentExemption
} from "../../../schemas/SolanaRpc"
import type { FallbackTransportShape } from "../../../services/FallbackTransport"
import type { RpcError } from "../../../services/RpcTransport"
import type { SendableToken, SolanaTransfer } from "../../../services/Send"
import {
  associatedTokenAccount,
  type BlockhashLifetime,
  checkSolanaReceiver,
  TOKEN_PROGRAMS,
  tokenAccountSize,
  transferMessage,
  transferTransaction
} from "./solanaTransfer"

/** Why a Solana send could not be prepared: the chain's RPC failed, answered nonsense, or is not configured. */
export type SolanaSendError = ProviderRequestError | SchemaDecodeError | ChainNotConfiguredError

/** The fee is worth waiting for this long; without it the preview says "Unavailable", as on EVM. */
const FEE_TIMEOUT = "5 seconds"

/** What reads of accounts ask for: existence and owner, none of the data. */
const NO_DATA = { encoding: "base64", dataSlice: { offset: 0, length: 0 }, commitment: "confirmed" }

/** An RPC failure in the catalogue's words ("Network request failed"); `endpoint` names the method. */
export const rpcFailure =
  (method: string) =>
  (error: RpcError | ChainNotConfiguredError): ProviderRequestError | ChainNotConfiguredError => {
    switch (error._tag) {
      case "ChainNotConfiguredError":
        return error
      case "RpcTimeoutError":
        return new ProviderRequestError({ reason: "timeout", endpoint: method, cause: error })
      case "RpcHttpError":
        return new ProviderRequestError({
          reason: "status",
          endpoint: method,
          status: error.status,
          cause: error
        })
      case "RpcDecodeError":
        return new ProviderRequestError({ reason: "malformed-body", endpoint: method, cause: error })
      case "RpcResponseError":
        return new ProviderRequestError({ reason: "invalid-request", endpoint: method, cause: error })
      case "RpcTransportError":
        return new ProviderRequestError({ reason: "network", endpoint: method, cause: error })
    }
  }

/** A planned transfer: the transaction's content, what creating the receiver's account costs, and the fee. */
export interface SolanaPlan {
  readonly transfer: SolanaTransfer
  /** Lamports of rent for the receiver's token account the send creates; 0 when it exists. */
  readonly rent: bigint
  /** Lamports; `undefined` when the node did not say in time. */
  readonly fee: bigint | undefined
  /** The least lamports an account may hold (rent-exempt, no data); `undefined` when the node did not say. */
  readonly reserve: bigint | undefined
}

export const makeSolanaSend = (fallback: FallbackTransportShape) => {
  const ask = <A>(
    network: CaipNetworkId,
    method: string,
    params: ReadonlyArray<unknown>,
    decode: (answer: unknown) => Result.Result<A, SchemaDecodeError>
  ): Effect.Effect<A, SolanaSendError> =>
    fallback.request(network, { method, params: [...params] }).pipe(
      Effect.mapError(rpcFailure(method)),
      Effect.flatMap((answer) => Effect.fromResult(decode(answer)))
    )

  const latestBlockhash = (network: CaipNetworkId): Effect.Effect<BlockhashLifetime, SolanaSendError> =>
    Effect.map(
      ask(network, "getLatestBlockhash", [{ commitment: "confirmed" }], decodeLatestBlockhash),
      ({ value }) => ({
        blockhash: value.blockhash,
        lastValidBlockHeight: BigInt(value.lastValidBlockHeight)
      })
    )

  const ownerOf = (network: CaipNetworkId, account: string) =>
    Effect.map(
      ask(network, "getAccountInfo", [account, NO_DATA], decodeAccountInfo),
      ({ value }) => value?.owner
    )

  const tokenTransfer = (
    network: CaipNetworkId,
    from: string,
    token: SendableToken,
    receiver: string,
    amount: bigint
  ) =>
    Effect.gen(function* () {
      const mint = token.key
      const tokenProgram = yield* ownerOf(network, mint)
      if (tokenProgram === undefined || !TOKEN_PROGRAMS.has(tokenProgram))
        return yield* Effect.fail(
          new SchemaDecodeError({
            subject: "Token mint",
            message: `Token mint: ${mint} is not an account of a token program`
          })
        )
      const [source, destination] = yield* Effect.promise(() =>
        Promise.all([
          associatedTokenAccount(from, mint, tokenProgram),
          associatedTokenAccount(receiver, mint, tokenProgram)
        ])
      )
      const createsAccount = (yield* ownerOf(network, destination)) === undefined
      const rent = createsAccount
        ? BigInt(
            yield* ask(
              network,
              "getMinimumBalanceForRentExemption",
              [tokenAccountSize(tokenProgram)],
              decodeRentExemption
            )
          )
        : 0n
      const transfer: SolanaTransfer = {
        kind: "token",
        from,
        to: receiver,
        mint,
        tokenProgram,
        decimals: token.decimals,
        amount,
        source,
        destination,
        createsAccount
      }
      return { transfer, rent }
    })

  /** The transfer `amount` of `token` from `from` to `receiver` makes, with its rent and fee. */
  const plan = (
    network: CaipNetworkId,
    from: string,
    token: SendableToken,
    receiver: string,
    amount: bigint
  ): Effect.Effect<SolanaPlan, SolanaSendError> =>
    Effect.gen(function* () {
      const [planned, lifetime, reserve] = yield* Effect.all(
        [
          token.key === "native"
            ? Effect.succeed({
                transfer: { kind: "sol", from, to: receiver, lamports: amount } satisfies SolanaTransfer,
                rent: 0n
              })
            : tokenTransfer(network, from, token, receiver, amount),
          latestBlockhash(network),
          ask(network, "getMinimumBalanceForRentExemption", [0], decodeRentExemption).pipe(
            Effect.timeoutOption(FEE_TIMEOUT),
            Effect.option
          )
        ],
        { concurrency: "unbounded" }
      )
      const fee = yield* ask(
        network,
        "getFeeForMessage",
        [transferMessage(planned.transfer, lifetime), { commitment: "confirmed" }],
        decodeFeeForMessage
      ).pipe(Effect.timeoutOption(FEE_TIMEOUT), Effect.option)
      const lamports = Option.getOrUndefined(Option.flatten(fee))?.value
      const least = Option.getOrUndefined(Option.flatten(reserve))
      return {
        ...planned,
        fee: lamports === undefined || lamports === null ? undefined : BigInt(lamports),
        reserve: least === undefined ? undefined : BigInt(least)
      }
    })

  /** The unsigned wire transaction (base64) of `transfer`, on a blockhash fetched now. */
  const wire = (network: CaipNetworkId, transfer: SolanaTransfer): Effect.Effect<string, SolanaSendError> =>
    Effect.map(latestBlockhash(network), (lifetime) => transferTransaction(transfer, lifetime))

  return { checkReceiver: checkSolanaReceiver, plan, wire }
}

export type SolanaSend = ReturnType<typeof makeSolanaSend>
