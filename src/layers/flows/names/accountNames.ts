/**
 * Account names of the provider (SPEC.md §5, §9): the name rule, the `.reown.id` suffix names are
 * registered under (the legacy `.wcn.id` still resolves), the message an account signs to register one,
 * the coin type its address is kept under, and which of the registry's names are an account's. Pure.
 */
import type { AccountProfile } from "../../../schemas/Profile"
import type { NameProblem, OwnedNames } from "../../../services/Names"

export const NAME_SUFFIX = ".reown.id"
export const LEGACY_NAME_SUFFIX = ".wcn.id"
const MAX_LABEL_LENGTH = 63

/**
 * SPEC.md §5: letters, digits and hyphens, at least 4 characters. Like any DNS label, at most 63 and no
 * hyphen first or last. The label is kept lower-case.
 */
export const checkNameLabel = (
  text: string
): { readonly ok: true; readonly label: string } | { readonly ok: false; readonly problem: NameProblem } => {
  const label = text.trim().toLowerCase()
  if (label === "") return { ok: false, problem: "empty" }
  if (!/^[a-z0-9-]+$/.test(label)) return { ok: false, problem: "characters" }
  if (label.length < 4) return { ok: false, problem: "short" }
  if (label.length > MAX_LABEL_LENGTH) return { ok: false, problem: "long" }
  if (label.startsWith("-") || label.endsWith("-")) return { ok: false, problem: "hyphen-edge" }
  return { ok: true, label }
}

/** A provider account name as a receiver (`alice.reown.id`, legacy `alice.wcn.id`), lower-cased; else `undefined`. */
export const accountNameOf = (text: string): string | undefined => {
  const name = text.trim().toLowerCase()
  const suffix = [NAME_SUFFIX, LEGACY_NAME_SUFFIX].find((s) => name.endsWith(s))
  if (suffix === undefined) return undefined
  return checkNameLabel(name.slice(0, -suffix.length)).ok ? name : undefined
}

/** SLIP-44 coin type of an EVM chain's addresses: 60 on Ethereum, ENSIP-11's `0x80000000 | chainId` elsewhere. */
export const coinTypeOf = (chainId: number): number => (chainId === 1 ? 60 : (0x80000000 | chainId) >>> 0)

/** What the account signs to register `name` (the provider's shape): the name, no attributes, the time. */
export const registrationMessage = (name: string, nowMs: number): string =>
  JSON.stringify({ name, attributes: {}, timestamp: Math.floor(nowMs / 1000) })

/**
 * The names of `profiles` (the registry's reverse look-up of `address`) that are the account's: a provider
 * account name whose profile holds `address` (under any coin type), each once, in the registry's order. A
 * registry that lists another address's name, or text that is no name, does not make it the account's.
 */
export const ownedNames = (profiles: ReadonlyArray<AccountProfile>, address: string): OwnedNames => {
  const owner = address.toLowerCase()
  const names = profiles.flatMap((profile) => {
    const name = profile.name === undefined ? undefined : accountNameOf(profile.name)
    const held = Object.values(profile.addresses).some((entry) => entry.address.toLowerCase() === owner)
    return name !== undefined && held ? [name] : []
  })
  return [...new Set(names)]
}
