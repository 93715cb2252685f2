/**
 * The Send form's rules (SPEC.md §5): a token from the account's balances (the native coin included), an
 * amount (a decimal string, more than zero, within the token's decimals, no more than the balance), a
 * receiver (EVM: 40 hex characters, with a valid checksum when mixed case; Solana: `solanaTransfer`'s
 * check), and a network fee the native coin can still pay once the amount is sent. Pure; viem's address
 * helpers are the only dependency (Swap and Buy share these rules, so no Solana library is imported here).
 */
import { encodeFunctionData, erc20Abi, getAddress, isAddress, toHex } from "viem"
import type { TokenBalance } from "../../../schemas/Balance"
import type { AmountProblem, ReceiverProblem, SendAmountProblem, SendableToken } from "../../../services/Send"

const DECIMAL = /^\d+(\.\d+)?$/
/** A Solana address's shape; the 32-byte check is the builder's, which a listed mint never reaches unchecked. */
const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

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
): ReadonlyArray<SendableToken> => {
  const solana = chainId.startsWith("solana:")
  return balances
    .filter((token) => token.chainId === chainId)
    .flatMap((token): ReadonlyArray<SendableToken> => {
      const decimals = Number(token.quantity.decimals)
      // The API's numeric may carry more digits than the token has: the extra ones are dust, dropped.
      const [whole = "0", fraction = ""] = token.quantity.numeric.split(".")
      const balance = toBaseUnits(
        `${whole}${fraction === "" ? "" : `.${fraction.slice(0, decimals)}`}`,
        decimals
      )
      // The balance API names a token by its CAIP-10 id (`eip155:1:0x…`, `solana:…:<mint>`) or its address.
      const address = token.address?.slice(token.address.lastIndexOf(":") + 1)
      if (balance === undefined || decimals > 77) return []
      const key =
        address === undefined
          ? "native"
          : solana
            ? BASE58_ADDRESS.test(address)
              ? address
              : undefined
            : isAddress(address)
              ? getAddress(address)
              : undefined
      if (key === undefined) return []
      return [
        {
          key,
          name: token.name ?? token.symbol ?? "Token",
          symbol: token.symbol ?? "",
          decimals,
          balance,
          price: token.price
        }
      ]
    })
    .sort((a, b) => (a.key === "native" ? -1 : b.key === "native" ? 1 : 0))
}

/**
 * A decimal string (SPEC.md §5: digits, one optional dot; no minus here) above zero within `decimals`, in
 * base units, or what is wrong with it. Send's and Pay's amounts alike.
 */
export const parseAmount = (
  text: string,
  decimals: number
):
  | { readonly ok: true; readonly amount: bigint }
  | { readonly ok: false; readonly problem: "empty" | "format" | "decimals" | "zero" } => {
  const trimmed = text.trim()
  if (trimmed === "") return { ok: false, problem: "empty" }
  if (!/^-?\d+(\.\d+)?$/.test(trimmed) || trimmed.startsWith("-")) return { ok: false, problem: "format" }
  const amount = toBaseUnits(trimmed, decimals)
  if (amount === undefined) return { ok: false, problem: "decimals" }
  if (amount === 0n) return { ok: false, problem: "zero" }
  return { ok: true, amount }
}

/** The amount in base units, or what is wrong with it (the fee is `feeProblem`'s, once it is known). */
export const checkAmount = (
  text: string,
  token: SendableToken
):
  | { readonly ok: true; readonly amount: bigint }
  | { readonly ok: false; readonly problem: AmountProblem } => {
  const parsed = parseAmount(text, token.decimals)
  if (!parsed.ok) return parsed
  if (parsed.amount > token.balance) return { ok: false, problem: "over-balance" }
  return parsed
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

/**
 * Whether the native coin the send leaves (its balance less `spent` of it) is nothing or at least `reserve`,
 * the least a Solana account may hold: a leftover in between is `below-reserve`.
 */
export const reserveProblem = (
  native: SendableToken | undefined,
  spent: bigint,
  reserve: bigint
): SendAmountProblem | undefined => {
  const left = (native?.balance ?? 0n) - spent
  return left > 0n && left < reserve ? "below-reserve" : undefined
}

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
