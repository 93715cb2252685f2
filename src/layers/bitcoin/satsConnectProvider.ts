/**
 * A sats-connect wallet (the providers list's `request(method, params)`, or the Wallet Standard's
 * `sats-connect:` feature) behind the provider surface every connector has: the canonical Bitcoin requests
 * (`bitcoinWire.ts`) become sats-connect's methods, whose JSON-RPC envelopes are decoded here. The
 * provider object is a third party's: every answer is checked before it goes back.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { readField } from "../../schemas/ThirdPartyText"
import type { Eip1193Provider, WalletRequestArgs } from "../../services/Connectors"
import { unsupported, walletFailure } from "../wallets/standardWallet"
import { isBitcoinAddress } from "./bitcoinAddress"
import {
  type BitcoinAccountAddress,
  badAnswer,
  base64Answer,
  checkedAccounts,
  decodeParams,
  invalidParams,
  MAX_BITCOIN_ACCOUNTS,
  paramsOfChain
} from "./bitcoinWire"

/** sats-connect's error codes as EIP-1193's, for `normalizeWalletError`. */
const CODES: Readonly<Record<number, number>> = { [-32000]: 4001, [-32001]: 4200, [-32002]: 4100 }

const RpcError = Schema.Struct({ code: Schema.Number, message: Schema.optional(Schema.String) })
/** JSON-RPC 2.0 (what a provider answers) or the library's `{status}` form; either holds a result or an error. */
const Envelope = Schema.Union([
  Schema.Struct({ result: Schema.Unknown, error: Schema.optional(Schema.Undefined) }),
  Schema.Struct({ error: RpcError })
])
const decodeEnvelope = Schema.decodeUnknownOption(Envelope)

const SatsAccount = Schema.Struct({
  address: Schema.String,
  publicKey: Schema.optional(Schema.String.check(Schema.isMaxLength(130))),
  purpose: Schema.String
})
const decodeAccounts = Schema.decodeUnknownOption(
  Schema.Union([Schema.Array(SatsAccount), Schema.Struct({ addresses: Schema.Array(SatsAccount) })])
)
const decodeSignature = Schema.decodeUnknownOption(Schema.Struct({ signature: Schema.String }))
const decodePsbt = Schema.decodeUnknownOption(
  Schema.Struct({
    psbt: Schema.String,
    txid: Schema.optional(Schema.String.check(Schema.isPattern(/^[0-9a-f]{64}$/)))
  })
)

/** The result of one sats-connect call, or its error thrown as the wallet coded it. */
const call = async (provider: unknown, method: string, params: unknown): Promise<unknown> => {
  const request = readField(provider, "request")
  if (typeof request !== "function") throw unsupported("request")
  const answer: unknown = await Reflect.apply(request, provider, [method, params])
  const envelope = decodeEnvelope(answer)
  if (Option.isNone(envelope)) throw badAnswer(method)
  if ("result" in envelope.value) return envelope.value.result
  const { code, message } = envelope.value.error
  throw walletFailure(CODES[code] ?? code, message?.slice(0, 300) ?? `The wallet refused ${method}`)
}

const accountsOf = (answer: unknown): ReadonlyArray<BitcoinAccountAddress> => {
  const decoded = decodeAccounts(answer)
  if (Option.isNone(decoded)) throw badAnswer("getAccounts")
  const list: ReadonlyArray<typeof SatsAccount.Type> =
    "addresses" in decoded.value ? decoded.value.addresses : decoded.value
  return list
    .slice(0, MAX_BITCOIN_ACCOUNTS * 2)
    .filter((a) => a.purpose === "payment" || a.purpose === "ordinals")
    .map((a) => ({
      address: a.address,
      ...(a.publicKey === undefined ? {} : { publicKey: a.publicKey }),
      intention: a.purpose === "ordinals" ? ("ordinal" as const) : ("payment" as const)
    }))
}

export const makeSatsConnectProvider = (provider: unknown): Eip1193Provider => {
  let lastChain: string | undefined
  // The accounts granted last: what `silent` reads answer, since sats-connect has no read that never asks.
  let granted: ReadonlyArray<BitcoinAccountAddress> = []

  const handlers: Record<string, (params: unknown, chainId: string | undefined) => Promise<unknown>> = {
    getAccountAddresses: async (raw, chainId) => {
      const params = paramsOfChain(chainId)
      const { intentions, silent } = decodeParams("getAccountAddresses", raw)
      if (silent !== true) {
        const purposes = (intentions ?? ["payment", "ordinal"]).map((i) => (i === "ordinal" ? "ordinals" : i))
        granted = checkedAccounts(
          accountsOf(await call(provider, "getAccounts", { purposes })),
          params,
          "getAccounts"
        )
        lastChain = chainId
      }
      return intentions === undefined ? granted : granted.filter((a) => intentions.includes(a.intention))
    },
    signMessage: async (raw) => {
      const { message, address, protocol } = decodeParams("signMessage", raw)
      const answer = decodeSignature(
        await call(provider, "signMessage", {
          address,
          message,
          protocol: protocol === "ecdsa" ? "ECDSA" : "BIP322"
        })
      )
      if (Option.isNone(answer)) throw badAnswer("signMessage")
      return { signature: base64Answer(answer.value.signature, "signMessage"), address }
    },
    // With `broadcast`, the wallet sends the transaction itself and answers its txid.
    signPsbt: async (raw, chainId) => {
      const { psbt, signInputs, broadcast } = decodeParams("signPsbt", raw)
      const network = paramsOfChain(chainId)
      const byAddress: Record<string, Array<number>> = Object.create(null)
      for (const input of signInputs) {
        if (!isBitcoinAddress(input.address, network)) throw invalidParams("Expected the network's addresses")
        const indexes = Object.hasOwn(byAddress, input.address) ? byAddress[input.address] : undefined
        if (indexes === undefined) byAddress[input.address] = [input.index]
        else if (!indexes.includes(input.index)) indexes.push(input.index)
      }
      const answer = decodePsbt(
        await call(provider, "signPsbt", { psbt, signInputs: byAddress, broadcast: broadcast === true })
      )
      if (Option.isNone(answer) || (broadcast === true && answer.value.txid === undefined))
        throw badAnswer("signPsbt")
      const signed = base64Answer(answer.value.psbt, "signPsbt")
      return answer.value.txid === undefined ? { psbt: signed } : { psbt: signed, txid: answer.value.txid }
    },
    // sats-connect has no standard way to forget a site; a disconnect only ends Airlock's side.
    wallet_revokePermissions: async () => null
  }

  return {
    request: async ({ method, params, chainId }: WalletRequestArgs) => {
      const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined
      if (handler === undefined) throw unsupported(method)
      return handler(params, chainId ?? lastChain)
    }
  }
}
