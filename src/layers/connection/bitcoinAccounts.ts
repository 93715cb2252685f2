/**
 * A Bitcoin wallet's accounts as a connection holds them: the canonical `getAccountAddresses` answer (or
 * `accountsChanged` payload) of `{address, intention}` entries, ordered so that the account of the host's
 * type (`defaultAccountTypes.bip122`) comes first and is the active one, the other kept beside it with its
 * type. Pure; loaded with Bitcoin's side of a connection (`bitcoinWallets.ts`), and the address rules (the
 * providers' `bitcoinAddress.ts`) have already checked every address.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"

import type { BitcoinAccountType } from "./bitcoinAnswer"

/** Entries one answer may list; the rest are not read. */
const MAX_ENTRIES = 16

const Entry = Schema.Struct({
  address: Schema.String.check(Schema.isPattern(/^[a-zA-Z0-9]{14,90}$/)),
  intention: Schema.optional(Schema.Literals(["payment", "ordinal"]))
})
/** WalletConnect's wallets may answer bare addresses: each is a payment address then. */
const AnyEntry = Schema.Union([Entry, Entry.fields.address])
const decodeEntries = Schema.decodeUnknownOption(Schema.Array(Schema.Unknown))
const decodeEntry = Schema.decodeUnknownOption(AnyEntry)

/** The accounts of an answer, each with its type; entries that do not decode drop. */
export const decodeBitcoinAccounts = (
  payload: unknown
): ReadonlyArray<{ readonly address: string; readonly type: BitcoinAccountType }> => {
  const entries = Option.getOrElse(decodeEntries(payload), () => [])
  const found: Array<{ readonly address: string; readonly type: BitcoinAccountType }> = []
  for (const raw of entries.slice(0, MAX_ENTRIES)) {
    const entry = decodeEntry(raw)
    if (Option.isNone(entry)) continue
    const { address, intention } =
      typeof entry.value === "string" ? { address: entry.value, intention: undefined } : entry.value
    if (!found.some((f) => f.address === address)) found.push({ address, type: intention ?? "payment" })
  }
  return found
}

/**
 * The addresses in the connection's order, the first of the `preferred` type first (else the wallet's
 * first), then one of each other type: the connection shows at most one payment and one ordinals address.
 */
export const chooseBitcoinAccounts = (
  listed: ReadonlyArray<{ readonly address: string; readonly type: BitcoinAccountType }>,
  preferred: BitcoinAccountType
) => {
  const active = listed.find((a) => a.type === preferred) ?? listed[0]
  const others = listed.filter((a, i) => a !== active && listed.findIndex((b) => b.type === a.type) === i)
  const chosen = active === undefined ? [] : [active, ...others.filter((a) => a.type !== active.type)]
  return { accounts: chosen.map((a) => a.address), accountTypes: chosen.map((a) => a.type) }
}

/**
 * An `accountsChanged` payload of a Bitcoin wallet as the connection follows it: the accounts in its order
 * (`preferred`'s first) with their types; none when nothing in it decodes.
 */
export const followedBitcoinAccounts = (payload: unknown, preferred: BitcoinAccountType) =>
  chooseBitcoinAccounts(decodeBitcoinAccounts(payload), preferred)
