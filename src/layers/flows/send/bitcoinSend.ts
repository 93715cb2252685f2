/**
 * A Send on a Bitcoin network, loaded with the first Bitcoin review (`@scure/btc-signer` stays out of the
 * Send view's chunk): the receiver checked by the network's address rules, and the transfer built into the
 * PSBT the review shows (the account's coins and the fee rate from the network's Esplora, the same
 * builder as a dapp's `sendTransfer`). Confirming sends that PSBT through the request path as `signPsbt`
 * with broadcast, which checks the wallet's answer against it.
 */
import * as Effect from "effect/Effect"
import { BitcoinError } from "../../../bitcoinErrors"
import type { CaipNetwork } from "../../../schemas/Network"
import { bitcoinParamsOf } from "../../bitcoin/bitcoinAddress"
import { decodeAddress } from "../../requests/bitcoinScripts"
import { buildTransfer, feeRateOf } from "../../requests/bitcoinTransfer"
import { makeEsplora } from "../../requests/esplora"

export interface BitcoinPlan {
  readonly psbt: string
  readonly signInputs: ReadonlyArray<{ readonly address: string; readonly index: number }>
  readonly fee: bigint
  readonly feeRate: number
  readonly vsize: number
}

export type BitcoinSend = ReturnType<typeof makeBitcoinSend>

export const makeBitcoinSend = (fetch: typeof globalThis.fetch) => ({
  /** Whether `receiver` is an address of the network (bech32/bech32m or legacy, with its prefix). */
  checkReceiver: (network: CaipNetwork, receiver: string): boolean => {
    const params = bitcoinParamsOf(network.caipNetworkId)
    return params !== undefined && decodeAddress(receiver.trim(), params) !== undefined
  },
  /** The transfer of `amount` sats from `from` to `receiver`, as the PSBT the review shows. */
  plan: (
    network: CaipNetwork,
    from: string,
    receiver: string,
    amount: bigint
  ): Effect.Effect<BitcoinPlan, BitcoinError> =>
    Effect.gen(function* () {
      const params = bitcoinParamsOf(network.caipNetworkId)
      if (params === undefined)
        return yield* Effect.fail(new BitcoinError({ failure: { _tag: "UnknownNetwork" } }))
      const esplora = makeEsplora(fetch, network.rpcUrls.default.http[0])
      const [utxos, estimates] = yield* Effect.all([esplora.utxos(from), esplora.feeEstimates], {
        concurrency: 2
      })
      const feeRate = feeRateOf(estimates)
      const built = yield* Effect.fromResult(
        buildTransfer({ network: params, from, recipient: receiver.trim(), amount, utxos, feeRate })
      )
      return {
        psbt: built.psbt,
        signInputs: built.inputs.map((_, index) => ({ address: from, index })),
        fee: built.fee,
        feeRate,
        vsize: built.vsize
      }
    })
})
