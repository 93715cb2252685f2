import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { isValidNameLabel } from "../../../sandbox/api/names.mjs"
import {
  accountNameOf,
  checkNameLabel,
  coinTypeOf,
  ownedNames,
  registrationMessage
} from "../../../src/layers/flows/names/accountNames"
import { ALICE, BOB } from "../../kit/accounts"

/** SPEC §5: letters, digits, hyphens, at least 4 characters (and, as any DNS label, at most 63, no hyphen at an end). */
const RULE = /^[a-z0-9](?:[a-z0-9-]{2,61})[a-z0-9]$/

const labels = fc.oneof(
  fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789-"), maxLength: 70 }),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: fc.constantFrom(..."aZ9-_. é"), maxLength: 10 })
)

describe("the name rule", () => {
  it("for 1 000 generated labels, the modal and the sandbox registry agree with the rule", () => {
    fc.assert(
      fc.property(labels, (label) => {
        const expected = RULE.test(label.toLowerCase())
        const checked = checkNameLabel(label)
        // The modal trims what was typed; the registry is sent the trimmed, lower-cased label.
        if (label === label.trim()) expect(checked.ok).toBe(expected)
        if (checked.ok) expect(isValidNameLabel(checked.label)).toBe(true)
      }),
      { numRuns: 1000 }
    )
  })

  it("names each problem", () => {
    expect(checkNameLabel("")).toEqual({ ok: false, problem: "empty" })
    expect(checkNameLabel("abc")).toEqual({ ok: false, problem: "short" })
    expect(checkNameLabel("ab_c")).toEqual({ ok: false, problem: "characters" })
    expect(checkNameLabel("-abcd")).toEqual({ ok: false, problem: "hyphen-edge" })
    expect(checkNameLabel("a".repeat(64))).toEqual({ ok: false, problem: "long" })
    expect(checkNameLabel(" Alice ")).toEqual({ ok: true, label: "alice" })
  })
})

describe("names as receivers", () => {
  it("take the provider's suffix or the legacy one, lower-cased; nothing else", () => {
    expect(accountNameOf("Alice.reown.id")).toBe("alice.reown.id")
    expect(accountNameOf("alice.wcn.id")).toBe("alice.wcn.id")
    for (const other of ["alice.eth", "abc.reown.id", BOB, "reown.id"])
      expect(accountNameOf(other)).toBeUndefined()
  })
})

describe("registration", () => {
  it("keeps EVM addresses under coin type 60 on Ethereum and ENSIP-11's elsewhere", () => {
    expect(coinTypeOf(1)).toBe(60)
    expect(coinTypeOf(31337)).toBe(2147514985)
    expect(coinTypeOf(10)).toBe(2147483658)
  })

  it("signs the name, no attributes and the time in seconds", () => {
    expect(JSON.parse(registrationMessage("alice.reown.id", 1_700_000_000_999))).toEqual({
      name: "alice.reown.id",
      attributes: {},
      timestamp: 1_700_000_000
    })
  })
})

describe("the names an account has", () => {
  const profiles = fc.array(
    fc.record({
      name: fc.option(
        fc.oneof(
          labels.map((label) => `${label}.reown.id`),
          fc.string({ maxLength: 20 })
        ),
        {
          nil: undefined
        }
      ),
      addresses: fc.dictionary(
        fc.constantFrom("60", "2147514985", "501"),
        fc.record({ address: fc.constantFrom(ALICE, ALICE.toLowerCase(), BOB) })
      )
    }),
    { maxLength: 20 }
  )

  const holdsAlice = (profile: { readonly addresses: Record<string, { readonly address: string }> }) =>
    Object.values(profile.addresses).some((entry) => entry.address.toLowerCase() === ALICE.toLowerCase())
  const nameOf = (profile: { readonly name?: string | undefined }) =>
    profile.name === undefined ? undefined : accountNameOf(profile.name)

  it("for 1 000 generated registry answers: the valid names held by the address, each once, and no other", () => {
    fc.assert(
      fc.property(profiles, (answer) => {
        const owned = ownedNames(answer, ALICE)
        expect(new Set(owned).size).toBe(owned.length)
        const held = new Set(answer.flatMap((profile) => (holdsAlice(profile) ? [nameOf(profile)] : [])))
        for (const name of owned) expect(held.has(name)).toBe(true)
        for (const name of held) if (name !== undefined) expect(owned).toContain(name)
      }),
      { numRuns: 1000 }
    )
  })
})
