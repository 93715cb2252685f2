/**
 * The Send form's rules (SPEC.md §5): a token from the account's balances (the native coin included), an
 * amount (a decimal string, more than zero, within the token's decimals, no more than the balance), a
 * receiver (40 hex characters, with a valid checksum when mixed case), and a network fee the native coin
 * can still pay once the amount is sent. Pure; viem's address helpers are the only dependency.
 */
import { encodeFunctionData, erc20Abi, getAddress, isAddress, toHex } from "viem"
import type { TokenBalance } from "../schemas/Balance"

/** A token the account can send on the active chain. */
export interface SendableToken {
  /** `native`, or the token contract's address (checksummed). */
  readonly key: "native" | `0x${string}`
  readonly name: string
  readonly symbol: string
  readonly decimals: number
  /** The balance in the token's smallest unit. */
  readonly balance: bigint
  /** USD per whole token; 0 when unknown. */
  readonly price: number
}

const DECIMAL = /^\d+(\.\d+)?$/

/** A decimal string in the smallest unit of `decimals`; `undefined` when it has more decimals or is not one. */
export const toBaseUnits = (text: string, decimals: number): bigint | undefined => {
  if (!DECIMAL.test(text) || text.length > 80) return undefined
  const [whole = "0", fraction = ""] = text.split(".")
  if (fraction.length > decimals) return undefined
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, "0") || "0")
}

/** The account's tokens on `chainId`, native first, as the balance answer lists them. */
export const sendableTokens = (
  balances: ReadonlyArray<TokenBalance>,
  chainId: string
): ReadonlyArray<SendableToken> =>
  balances
    .filter((token) => token.chainId === chainId)
    .flatMap((token): ReadonlyArray<SendableToken> => {
      const decimals = Number(token.quantity.decimals)
      // The API's numeric may carry more digits than the token has: the extra ones are dust, dropped.
      const [whole = "0", fraction = ""] = token.quantity.numeric.split(".")
      const balance = toBaseUnits(
        `${whole}${fraction === "" ? "" : `.${fraction.slice(0, decimals)}`}`,
        decimals
      )
      // The balance API names a token contract by its CAIP-10 id (`eip155:1:0x…`) or its plain address.
      const address = token.address?.slice(token.address.lastIndexOf(":") + 1)
      if (balance === undefined || decimals > 77) return []
      if (address !== undefined && !isAddress(address)) return []
      return [
        {
          key: address === undefined ? "native" : getAddress(address),
          name: token.name ?? token.symbol ?? "Token",
          symbol: token.symbol ?? "",
          decimals,
          balance,
          price: token.price
        }
      ]
    })
    .sort((a, b) => (a.key === "native" ? -1 : b.key === "native" ? 1 : 0))

export type AmountProblem =
  | "empty"
  | "format"
  | "zero"
  | "decimals"
  | "over-balance"
  | "over-balance-with-fee"
  | "no-fee-balance"

/** The amount in base units, or what is wrong with it (the fee is `feeProblem`'s, once it is known). */
export const checkAmount = (
  text: string,
  token: SendableToken
):
  | { readonly ok: true; readonly amount: bigint }
  | { readonly ok: false; readonly problem: AmountProblem } => {
  const trimmed = text.trim()
  if (trimmed === "") return { ok: false, problem: "empty" }
  if (!/^-?\d+(\.\d+)?$/.test(trimmed) || trimmed.startsWith("-")) return { ok: false, problem: "format" }
  const amount = toBaseUnits(trimmed, token.decimals)
  if (amount === undefined) return { ok: false, problem: "decimals" }
  if (amount === 0n) return { ok: false, problem: "zero" }
  if (amount > token.balance) return { ok: false, problem: "over-balance" }
  return { ok: true, amount }
}

/**
 * Whether the network fee can be paid once `amount` of `token` is sent: for the native coin from what is
 * left of it, for a token from the native balance (`native`, absent when the account holds none).
 */
export const feeProblem = (
  token: SendableToken,
  amount: bigint,
  fee: bigint,
  native: SendableToken | undefined
): AmountProblem | undefined => {
  if (token.key === "native") return amount + fee > token.balance ? "over-balance-with-fee" : undefined
  return native === undefined || fee > native.balance ? "no-fee-balance" : undefined
}

/** `unknown-name`: an account name no registry entry gives an address for on this chain. */
export type ReceiverProblem = "empty" | "format" | "checksum" | "unknown-name"

/** The receiver, checksummed, or what is wrong with it. */
export const checkReceiver = (
  text: string
):
  | { readonly ok: true; readonly address: `0x${string}` }
  | { readonly ok: false; readonly problem: ReceiverProblem } => {
  const trimmed = text.trim()
  if (trimmed === "") return { ok: false, problem: "empty" }
  if (!/^0x[0-9a-fA-F]{40}$/.test(trimmed)) return { ok: false, problem: "format" }
  // All lower or all upper case carries no checksum; mixed case must be a valid one (EIP-55).
  if (!isAddress(trimmed, { strict: true })) return { ok: false, problem: "checksum" }
  return { ok: true, address: getAddress(trimmed) }
}

/** The transaction a send makes: a native transfer, or an ERC-20 `transfer` to the token's contract. */
export const sendTransaction = (
  from: string,
  token: SendableToken,
  receiver: `0x${string}`,
  amount: bigint
): { readonly from: string; readonly to: string; readonly value?: string; readonly data?: `0x${string}` } =>
  token.key === "native"
    ? { from, to: receiver, value: toHex(amount) }
    : {
        from,
        to: token.key,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [receiver, amount] })
      }
