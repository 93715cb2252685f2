/**
 * A Wallet Standard Bitcoin wallet (`bitcoin:*` features) behind the provider surface every connector has:
 * the canonical Bitcoin requests (`bitcoinWire.ts`) become calls of the wallet's features, and its
 * `standard:events` `change` becomes `accountsChanged`. The wallet object is a third party's: every field is
 * read defensively and every answer is checked before it goes back.
 */
import { readField } from "../../schemas/ThirdPartyText"
import type { Eip1193Provider } from "../../services/Connectors"
import {
  featureMethod,
  requireMethod,
  type StandardHandler,
  standardProvider,
  walletFailure
} from "../wallets/standardWallet"
import { type BitcoinParams, bitcoinAddressType, standardChainOfBitcoin } from "./bitcoinAddress"
import {
  type BitcoinAccountAddress,
  badAnswer,
  checkedAccounts,
  decodeParams,
  fromBase64,
  MAX_BITCOIN_ACCOUNTS,
  paramsOfChain,
  type SignInput,
  toBase64,
  withinTime
} from "./bitcoinWire"

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null

/** The sighash names of `bitcoin:signTransaction`, by their byte (0: taproot's default, sent as none). */
const SIGHASH_NAMES: Readonly<Record<number, string>> = {
  1: "ALL",
  2: "NONE",
  3: "SINGLE",
  129: "ALL|ANYONECANPAY",
  130: "NONE|ANYONECANPAY",
  131: "SINGLE|ANYONECANPAY"
}

interface StandardAccount {
  readonly account: Record<string, unknown>
  readonly address: string
}

/** A wallet's account objects (features want them back) with their addresses, for one network. */
const accountObjects = (value: unknown, chain: string | undefined): ReadonlyArray<StandardAccount> => {
  if (!Array.isArray(value)) return []
  const found: Array<StandardAccount> = []
  for (const account of value.slice(0, MAX_BITCOIN_ACCOUNTS)) {
    const address = readField(account, "address")
    if (!isRecord(account) || typeof address !== "string") continue
    // An account that names its chains and not this one belongs to another network.
    const chains = readField(account, "chains")
    if (chain !== undefined && Array.isArray(chains) && chains.length > 0 && !chains.includes(chain)) continue
    found.push({ account, address })
  }
  return found
}

/**
 * The standard's accounts name no purpose; by the field's convention ordinals live at taproot addresses and
 * payments at segwit v0, nested segwit or legacy ones. A wallet with taproot accounts only pays from its
 * first.
 */
const withIntentions = (
  accounts: ReadonlyArray<StandardAccount>,
  params: BitcoinParams,
  method: string
): ReadonlyArray<BitcoinAccountAddress> => {
  const typed = checkedAccounts(
    accounts.map((a) => ({ address: a.address, intention: "payment" as const })),
    params,
    method
  ).map((a) => ({ ...a, taproot: bitcoinAddressType(a.address, params) === "p2tr" }))
  const payer = typed.find((a) => !a.taproot) ?? typed[0]
  return typed.map(({ address, taproot }) => ({
    address,
    intention: taproot && address !== payer?.address ? ("ordinal" as const) : ("payment" as const)
  }))
}

/** `signInputs` grouped as the standard asks: one entry per account and sighash. */
const inputsToSign = (signInputs: ReadonlyArray<SignInput>, accountOf: (address: string) => unknown) => {
  const groups = new Map<string, { account: unknown; signingIndexes: Array<number>; sigHash?: string }>()
  for (const input of signInputs) {
    const type = input.sighashTypes?.[0]
    const sigHash = type === undefined || type === 0 ? undefined : SIGHASH_NAMES[type]
    if (type !== undefined && type !== 0 && sigHash === undefined)
      throw walletFailure(-32602, `Unknown sighash type ${type}`)
    const key = `${input.address} ${sigHash ?? ""}`
    const group = groups.get(key) ?? {
      account: accountOf(input.address),
      signingIndexes: [],
      ...(sigHash === undefined ? {} : { sigHash })
    }
    if (!group.signingIndexes.includes(input.index)) group.signingIndexes.push(input.index)
    groups.set(key, group)
  }
  return [...groups.values()]
}

const firstOutput = (answer: unknown, method: string): Record<string, unknown> => {
  const first = Array.isArray(answer) ? answer[0] : undefined
  if (!isRecord(first)) throw badAnswer(method)
  return first
}

const bytesOf = (output: Record<string, unknown>, key: string, method: string): Uint8Array => {
  const value = readField(output, key)
  if (!(value instanceof Uint8Array) || value.length === 0) throw badAnswer(method)
  return value
}

export const makeBitcoinStandardProvider = (wallet: unknown): Eip1193Provider => {
  // The network the last accounts were read on: what events and requests without a chain are checked with.
  let lastChain: string | undefined
  const require = (feature: string, method: string) => requireMethod(wallet, feature, method)
  const granted = (chainId: string | undefined) =>
    accountObjects(readField(wallet, "accounts"), chainId && standardChainOfBitcoin(chainId))

  const accountOf = (address: string, chainId: string | undefined) => {
    const found = granted(chainId).find((a) => a.address === address)
    if (found === undefined) throw walletFailure(4100, "The wallet has not authorised this address")
    return found.account
  }

  const handlers: Record<string, StandardHandler> = {
    getAccountAddresses: async (raw, chainId) => {
      const params = paramsOfChain(chainId)
      const { intentions, silent, account } = decodeParams("getAccountAddresses", raw)
      let listed = granted(chainId)
      if (listed.length === 0 && silent !== true && account === undefined) {
        const purposes = (intentions ?? ["payment", "ordinal"]).map((i) => (i === "ordinal" ? "ordinals" : i))
        const answer = await require("bitcoin:connect", "connect")({ purposes })
        const chain = chainId && standardChainOfBitcoin(chainId)
        listed = accountObjects(readField(answer, "accounts"), chain)
        if (listed.length === 0) listed = granted(chainId)
      }
      const accounts = withIntentions(listed, params, "bitcoin:connect")
      lastChain = chainId
      return intentions === undefined ? accounts : accounts.filter((a) => intentions.includes(a.intention))
    },
    // The standard has no protocol field: the wallet signs as it does (BIP-322 for segwit addresses).
    signMessage: async (raw, chainId) => {
      const { message, address } = decodeParams("signMessage", raw)
      const output = firstOutput(
        await require("bitcoin:signMessage", "signMessage")({
          account: accountOf(address, chainId),
          message: new TextEncoder().encode(message)
        }),
        "bitcoin:signMessage"
      )
      return { signature: toBase64(bytesOf(output, "signature", "bitcoin:signMessage")), address }
    },
    /**
     * With `broadcast`, a wallet offering `bitcoin:signAndSendTransaction` signs and sends, and the answer
     * is the PSBT as asked with the wallet's txid (the standard gives nothing else; the caller checks the
     * txid against the unsigned transaction's, the final one for segwit inputs). A wallet without it signs
     * with `bitcoin:signTransaction` and the answer has no txid: the caller checks and broadcasts it.
     */
    signPsbt: async (raw, chainId) => {
      const { psbt, signInputs, broadcast } = decodeParams("signPsbt", raw)
      const network = chainId ?? lastChain
      paramsOfChain(network)
      const chain = network === undefined ? undefined : standardChainOfBitcoin(network)
      const input = {
        psbt: fromBase64(psbt),
        inputsToSign: inputsToSign(signInputs, (address) => accountOf(address, network)),
        ...(chain === undefined ? {} : { chain })
      }
      const send = featureMethod(wallet, "bitcoin:signAndSendTransaction", "signAndSendTransaction")
      if (broadcast === true && send !== undefined) {
        const txid = readField(firstOutput(await send(input), "bitcoin:signAndSendTransaction"), "txId")
        if (typeof txid !== "string" || !/^[0-9a-f]{64}$/.test(txid))
          throw badAnswer("bitcoin:signAndSendTransaction")
        return { psbt, txid }
      }
      const output = firstOutput(
        await require("bitcoin:signTransaction", "signTransaction")(input),
        "bitcoin:signTransaction"
      )
      return { psbt: toBase64(bytesOf(output, "signedPsbt", "bitcoin:signTransaction")) }
    },
    // What a disconnect asks of every browser wallet; here the wallet forgets the site.
    wallet_revokePermissions: async () => {
      const disconnect = featureMethod(wallet, "standard:disconnect", "disconnect")
      if (disconnect !== undefined) await withinTime(disconnect(), "standard:disconnect")
      return null
    }
  }

  return standardProvider(wallet, handlers, {
    defaultChain: () => lastChain,
    accountsOfChange: (changed) => {
      if (lastChain === undefined) return undefined
      try {
        const chain = standardChainOfBitcoin(lastChain)
        return withIntentions(accountObjects(changed, chain), paramsOfChain(lastChain), "standard:events")
      } catch {
        // A change naming an address of another network is not followed: the connection stays as it was.
        return undefined
      }
    }
  })
}
