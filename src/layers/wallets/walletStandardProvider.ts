/**
 * A Wallet Standard Solana wallet behind the provider surface every connector has: the `solana_*` requests
 * of WalletConnect's Solana RPC (base58 messages and signatures, base64 or base58 transactions) become
 * calls of the wallet's features, and its `change` event becomes `accountsChanged`. The wallet object is
 * a third party's: every field is read defensively and every answer is checked before it goes back.
 */

import * as Schema from "effect/Schema"
import { SolanaAddress } from "../../schemas/Primitives"
import { readField } from "../../schemas/ThirdPartyText"
import type { Eip1193Provider } from "../../services/Connectors"
import { standardChainOfCaip } from "./solanaChains"
import type * as SolanaCodecs from "./solanaCodecs"
import {
  featureMethod,
  requireMethod,
  type StandardHandler,
  standardProvider,
  walletFailure
} from "./standardWallet"

/** Accounts one wallet may list; the rest are not read. */
export const MAX_STANDARD_ACCOUNTS = 16
/** Transactions one `solana_signAllTransactions` may carry. */
export const MAX_TRANSACTIONS_PER_REQUEST = 32
const isSolanaAddress = Schema.is(SolanaAddress)

const invalidParams = (message: string) => walletFailure(-32602, message)
const badAnswer = (what: string) => walletFailure(-32603, `The wallet answered ${what} with something else`)

/** Loads the byte encodings (`solanaCodecs.ts`); rejects as the import would. */
export type LoadCodecs = () => Promise<typeof SolanaCodecs>

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null

/** A wallet's account: its object (features want it back) and the Solana address read from it once. */
interface StandardAccount {
  readonly account: Record<string, unknown>
  readonly address: string
}

/** The wallet's accounts that hold a Solana address. */
export const solanaAccounts = (value: unknown): ReadonlyArray<StandardAccount> => {
  if (!Array.isArray(value)) return []
  const found: Array<StandardAccount> = []
  for (const account of value.slice(0, MAX_STANDARD_ACCOUNTS)) {
    if (!isRecord(account)) continue
    const address = readField(account, "address")
    if (isSolanaAddress(address)) found.push({ account, address })
  }
  return found
}

const addressesOf = (accounts: ReadonlyArray<StandardAccount>) => accounts.map((a) => a.address)

/** The first entry of a feature's answer list, which must be a record. */
const firstOutput = (answer: unknown, what: string): Record<string, unknown> => {
  const first = Array.isArray(answer) ? answer[0] : undefined
  if (!isRecord(first)) throw badAnswer(what)
  return first
}

const bytesField = (record: Record<string, unknown>, key: string, what: string): Uint8Array => {
  const value = readField(record, key)
  if (!(value instanceof Uint8Array)) throw badAnswer(what)
  return value
}

const stringField = (params: unknown, key: string): string => {
  const value = readField(params, key)
  if (typeof value !== "string") throw invalidParams(`Expected ${key} as a string`)
  return value
}

export const makeStandardProvider = (wallet: unknown, codecs: LoadCodecs): Eip1193Provider => {
  const accounts = () => solanaAccounts(readField(wallet, "accounts"))

  const accountOf = (address: string | undefined) => {
    const all = accounts()
    const found = address === undefined ? all[0] : all.find((a) => a.address === address)
    if (found === undefined) throw walletFailure(4100, "The wallet has not authorised this account")
    return found.account
  }

  const connect = async (silent: boolean) => {
    const answer = await requireMethod(wallet, "standard:connect", "connect")(silent ? { silent } : undefined)
    const granted = solanaAccounts(readField(answer, "accounts"))
    return addressesOf(granted.length > 0 ? granted : accounts())
  }

  const readTransactionParam = async (params: unknown) => {
    const { readTransaction } = await codecs()
    const wire = readTransaction(stringField(params, "transaction"))
    if (wire === undefined) throw invalidParams("Expected a serialised transaction, base64 or base58")
    return wire
  }

  const signTransactions = async (texts: ReadonlyArray<unknown>, chainId: string | undefined) => {
    const { readTransaction, writeTransaction } = await codecs()
    const wires = texts.map((text) => {
      const wire = typeof text === "string" ? readTransaction(text) : undefined
      if (wire === undefined) throw invalidParams("Expected serialised transactions, base64 or base58")
      return wire
    })
    const account = accountOf(undefined)
    const chain = chainId === undefined ? undefined : standardChainOfCaip(chainId)
    const answer = await requireMethod(
      wallet,
      "solana:signTransaction",
      "signTransaction"
    )(
      ...wires.map((wire) => ({
        account,
        transaction: wire.bytes,
        ...(chain === undefined ? {} : { chain })
      }))
    )
    if (!Array.isArray(answer) || answer.length !== wires.length) throw badAnswer("solana:signTransaction")
    return wires.map((wire, index) => {
      const output = answer[index]
      if (!isRecord(output)) throw badAnswer("solana:signTransaction")
      return writeTransaction(
        bytesField(output, "signedTransaction", "solana:signTransaction"),
        wire.encoding
      )
    })
  }

  const handlers: Record<string, StandardHandler> = {
    solana_requestAccounts: () => connect(false),
    // Already authorised accounts; else a connect the wallet answers without asking, if it can.
    solana_accounts: async () => {
      const listed = addressesOf(accounts())
      return listed.length > 0 ? listed : connect(true)
    },
    solana_signMessage: async (params) => {
      const { fromBase58, toBase58 } = await codecs()
      const message = fromBase58(stringField(params, "message"))
      if (message === undefined) throw invalidParams("Expected the message as base58")
      const account = accountOf(stringField(params, "pubkey"))
      const output = firstOutput(
        await requireMethod(wallet, "solana:signMessage", "signMessage")({ account, message }),
        "solana:signMessage"
      )
      return { signature: toBase58(bytesField(output, "signature", "solana:signMessage")) }
    },
    solana_signTransaction: async (params, chainId) => {
      const [signed] = await signTransactions([stringField(params, "transaction")], chainId)
      return signed
    },
    solana_signAllTransactions: async (params, chainId) => {
      const list = readField(params, "transactions")
      if (!Array.isArray(list) || list.length === 0 || list.length > MAX_TRANSACTIONS_PER_REQUEST)
        throw invalidParams(`Expected 1 to ${MAX_TRANSACTIONS_PER_REQUEST} transactions`)
      const signed = await signTransactions(list, chainId)
      return { transactions: signed.map((s) => s.transaction) }
    },
    solana_signAndSendTransaction: async (params, chainId) => {
      const { toBase58 } = await codecs()
      const wire = await readTransactionParam(params)
      const chain = chainId === undefined ? undefined : standardChainOfCaip(chainId)
      if (chain === undefined) throw invalidParams("No Solana cluster to send the transaction on")
      const options = readField(params, "options")
      const output = firstOutput(
        await requireMethod(
          wallet,
          "solana:signAndSendTransaction",
          "signAndSendTransaction"
        )({
          account: accountOf(undefined),
          transaction: wire.bytes,
          chain,
          ...(isRecord(options) ? { options } : {})
        }),
        "solana:signAndSendTransaction"
      )
      return { signature: toBase58(bytesField(output, "signature", "solana:signAndSendTransaction")) }
    },
    solana_signIn: async (params) => {
      const { toBase58 } = await codecs()
      const output = firstOutput(
        await requireMethod(wallet, "solana:signIn", "signIn")(isRecord(params) ? params : {}),
        "solana:signIn"
      )
      const [signer] = solanaAccounts([readField(output, "account")])
      if (signer === undefined) throw badAnswer("solana:signIn")
      return {
        address: signer.address,
        signedMessage: toBase58(bytesField(output, "signedMessage", "solana:signIn")),
        signature: toBase58(bytesField(output, "signature", "solana:signIn"))
      }
    },
    // What a disconnect asks of an EVM wallet; here the wallet forgets the site.
    wallet_revokePermissions: async () => {
      await featureMethod(wallet, "standard:disconnect", "disconnect")?.()
      return null
    }
  }

  return standardProvider(wallet, handlers, {
    accountsOfChange: (changed) => addressesOf(solanaAccounts(changed))
  })
}
