/**
 * What Pay asks a wallet, and how it reads the answer: the transfer (an EVM transaction naming its chain,
 * through Send's `sendTransaction`; a Solana transfer built by Send's `solanaSend` on a fresh blockhash) and
 * why a request did not lead to a payment.
 */
import * as Effect from "effect/Effect"
import type { PayFailedError, PayFailureReason } from "../../../payErrors"
import type { PayDetails } from "../../../services/Pay"
import type { RequestError, WalletRequest } from "../../../services/RpcRouter"
import { hexChainId } from "../../requests/switchChain"
import { type ChunkLoadError, lazyPart } from "../../runtime/lazy"
import { sendTransaction } from "../send/sendForm"
import type { SolanaSend, SolanaSendError } from "../send/solanaSend"

/** Solana's transfer builder (Send's `solanaSend`, the same part), loaded with the first Solana payment only. */
export const SolanaPayLazy = lazyPart("@airlock/solanaSend", () => import("../send/solanaSend"))

/** Why a wallet's answer did not lead to a payment, as the host learns it. */
export const requestReason = (error: RequestError | PayFailedError): PayFailureReason => {
  switch (error._tag) {
    case "PayFailedError":
      return error.reason
    case "SignatureDeclinedError":
    case "UserRejectedRequestError":
      return "declined"
    case "RequestAbortedError":
      return "closed"
    default:
      return "failed"
  }
}

/** What the wallet is asked to send: an EVM transaction naming its chain, or a Solana transfer. */
export const makeWalletRequest =
  (solana: Effect.Effect<SolanaSend, ChunkLoadError>) =>
  (details: PayDetails, from: string): Effect.Effect<WalletRequest, ChunkLoadError | SolanaSendError> =>
    details.namespace === "eip155"
      ? Effect.succeed<WalletRequest>({
          method: "eth_sendTransaction",
          params: [
            {
              ...sendTransaction(
                from,
                {
                  key: details.asset.key as "native" | `0x${string}`,
                  name: "",
                  symbol: "",
                  decimals: 0,
                  balance: 0n,
                  price: 0
                },
                details.recipient as `0x${string}`,
                details.amount
              ),
              chainId: hexChainId(details.network)
            }
          ]
        })
      : Effect.flatMap(solana, (loaded) =>
          Effect.map(
            details.asset.key === "native"
              ? Effect.succeed({
                  kind: "sol" as const,
                  from,
                  to: details.recipient,
                  lamports: details.amount
                })
              : Effect.map(
                  loaded.plan(
                    details.network.caipNetworkId,
                    from,
                    {
                      key: details.asset.key,
                      name: details.asset.symbol,
                      symbol: details.asset.symbol,
                      decimals: details.asset.decimals,
                      balance: 0n,
                      price: 0
                    },
                    details.recipient,
                    details.amount
                  ),
                  (plan) => plan.transfer
                ),
            (transfer) => ({ loaded, transfer })
          )
        ).pipe(
          Effect.flatMap(({ loaded, transfer }) => loaded.wire(details.network.caipNetworkId, transfer)),
          Effect.map(
            (transaction): WalletRequest => ({
              method: "solana_signAndSendTransaction",
              params: { transaction }
            })
          )
        )
