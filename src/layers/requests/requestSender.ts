/**
 * Whose request it is: the account an unsafe request names as its sender or signer. The account is the
 * connected one (SPEC.md §3–4), so a request naming another is refused before the preview and the wallet:
 * a wallet holding both accounts could act as the other, and the preview would describe someone else.
 * Pure and total over any params.
 */
import { AccountMismatchError } from "../../errors"
import type { ChainNamespace } from "../../schemas/Primitives"

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/

const field = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null && !Array.isArray(value) && Object.hasOwn(value, key)
    ? (value as Readonly<Record<string, unknown>>)[key]
    : undefined

const positional = (params: unknown, index: number): unknown =>
  Array.isArray(params) ? params[index] : undefined

/**
 * `personal_sign` takes `[message, address]`; some dapps still send `[address, message]`, as wallets
 * accept. The signer is the parameter that is an address, the second one first.
 */
const personalSigner = (params: unknown): unknown => {
  const second = positional(params, 1)
  if (typeof second === "string" && EVM_ADDRESS.test(second)) return second
  const first = positional(params, 0)
  return typeof first === "string" && EVM_ADDRESS.test(first) ? first : second
}

/**
 * The account `method` names as the one that sends or signs, as the dapp sent it (not necessarily a
 * string); `undefined` when it names none (the wallet then acts as the connected account).
 */
export const namedSender = (method: string, params: unknown): unknown => {
  switch (method) {
    case "eth_sendTransaction":
    case "wallet_sendCalls":
      return field(positional(params, 0), "from")
    case "personal_sign":
      return personalSigner(params)
    case "eth_signTypedData_v4":
      return positional(params, 0)
    case "solana_signMessage":
      return field(params, "pubkey")
    default:
      return undefined
  }
}

/** EVM addresses compare in any case (checksums are case); Solana's base58 addresses exactly. */
const sameAccount = (namespace: ChainNamespace, named: string, account: string): boolean =>
  namespace === "eip155" ? named.toLowerCase() === account.toLowerCase() : named === account

/** The refusal of a request whose named sender or signer is not `account`; `undefined` when it is its own. */
export const foreignSender = (
  namespace: ChainNamespace,
  method: string,
  params: unknown,
  account: string
): AccountMismatchError | undefined => {
  const named = namedSender(method, params)
  if (named === undefined || named === null) return undefined
  return typeof named === "string" && sameAccount(namespace, named, account)
    ? undefined
    : new AccountMismatchError({
        expected: account,
        // Bounded, and never converted: a dapp's object may throw from its own toString.
        requested: typeof named === "string" ? named.slice(0, 100) : `(${typeof named})`
      })
}
