// @vitest-environment happy-dom

// Property: random announcement sequences through the live layer (THREATS.md T3, T5, R17)

import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as SubscriptionRef from "effect/SubscriptionRef"
import fc from "fast-check"
import { sanitizeName } from "../../src/schemas/ThirdPartyText"
import { Connectors } from "../../src/services/Connectors"
import { makeMockEip1193Provider } from "../../src/testing/index"
import { announce, connectorsLayer, PNG, setWindowEthereum } from "./connectorsWorld"

const ALLOWED_DATA_ICON = /^data:image\/(png|jpeg|webp|gif|svg\+xml)[;,]/i

const isSafeIcon = (icon: string | undefined) => {
  if (icon === undefined) return true
  try {
    const url = new URL(icon)
    return url.protocol === "https:" || (url.protocol === "data:" && ALLOWED_DATA_ICON.test(icon))
  } catch {
    return false
  }
}

const POOL = 4

interface Announcement {
  readonly provider: number
  readonly detail: {
    readonly uuid: unknown
    readonly name: unknown
    readonly icon: unknown
    readonly rdns: unknown
  }
  readonly malformed: "none" | "noProvider" | "infoString"
}

const uuidArb = (hashSuffixes: boolean) =>
  fc.oneof(
    fc.constantFrom("u1", "u2", "u3"),
    ...(hashSuffixes ? [fc.constantFrom("u1#1", "u1#2", "u1#3")] : []),
    fc.uuid(),
    fc.string({ maxLength: 8 })
  )
const nameArb = fc.oneof(
  fc.constantFrom(
    "MetaMask",
    "Rabby",
    "metamask",
    " MetaMask\u202e",
    "<script>alert(1)</script>",
    '"><img onerror=x>',
    ""
  ),
  fc.string({ maxLength: 80 }),
  fc.string({ maxLength: 20, unit: "binary" }),
  fc.constant(7)
)
const iconArb = fc.oneof(
  fc.constantFrom(
    PNG,
    "data:image/svg+xml,<svg onload=alert(1)>",
    "data:text/html,<script>alert(1)</script>",
    "javascript:alert(1)",
    "https://wallet.example/icon.png",
    "http://wallet.example/icon.png",
    '" onerror="alert(1)'
  ),
  fc.string({ maxLength: 40 }),
  fc.constant(null)
)
const rdnsArb = fc.oneof(
  fc.constantFrom("io.metamask", "IO.MetaMask", "io.rabby", "not rdns", ""),
  fc.domain(),
  fc.string({ maxLength: 12 })
)
const announcementArb = (hashSuffixes: boolean): fc.Arbitrary<Announcement> =>
  fc.record({
    provider: fc.nat({ max: POOL - 1 }),
    detail: fc.record({ uuid: uuidArb(hashSuffixes), name: nameArb, icon: iconArb, rdns: rdnsArb }),
    malformed: fc.constantFrom("none", "none", "none", "none", "noProvider", "infoString")
  })

/** Replays announcements (sometimes with one of the providers as window.ethereum) and checks the list. */
const checkAnnouncements = (
  sequence: ReadonlyArray<Announcement>,
  injected: number | undefined,
  options: { readonly checkReannouncement: boolean }
) => {
  const providers = Array.from({ length: POOL }, () => makeMockEip1193Provider())
  if (injected === undefined) Reflect.deleteProperty(window, "ethereum")
  else setWindowEthereum(providers[injected])
  const program = Effect.gen(function* () {
    const connectors = yield* Connectors
    for (const a of sequence) {
      const provider = providers[a.provider]
      if (a.malformed === "noProvider") announce({ info: Object.freeze({ ...a.detail }) })
      else if (a.malformed === "infoString") announce({ info: String(a.detail.name), provider })
      else announce({ info: Object.freeze({ ...a.detail }), provider })
    }
    const all = yield* SubscriptionRef.get(connectors.connectors)
    // Ids are unique on the page, and each row routes to the provider it shows (R17).
    assert.strictEqual(new Set(all.map((c) => c.id)).size, all.length, "duplicate connector ids")
    for (const c of all) {
      assert.strictEqual(Option.getOrThrow(yield* connectors.byId(c.id)).provider, c.provider)
      assert.isTrue(providers.includes(c.provider as (typeof providers)[number]))
      // Names render as they are: already clean. Icons are only https or allowed image data.
      assert.strictEqual(sanitizeName(c.name), c.name)
      assert.isTrue(isSafeIcon(c.icon), `unsafe icon ${String(c.icon)}`)
    }
    // Every uuid or rdns claimed by two providers is flagged on each of them (T5).
    for (const a of all) {
      for (const b of all) {
        if (a === b || a.type !== "ANNOUNCED" || b.type !== "ANNOUNCED" || a.provider === b.provider) continue
        if (a.key === b.key) assert.isTrue(a.suspicious && b.suspicious, `unflagged clash on ${a.key}`)
        if (a.uuid === b.uuid) assert.isTrue(a.suspicious && b.suspicious, `unflagged clash on ${a.uuid}`)
      }
    }
    if (options.checkReannouncement) {
      // A (uuid, provider) pair is one wallet: listed at most once.
      const announced = all.filter((c) => c.type === "ANNOUNCED")
      const pairs = new Set(announced.map((c) => `${c.uuid}|${providers.indexOf(c.provider as never)}`))
      assert.strictEqual(pairs.size, announced.length, "a wallet is listed twice")
    }
  })
  Effect.runSync(Effect.scoped(Effect.provide(program, connectorsLayer())))
}

/** Sequences of announcements, with or without one of the providers as window.ethereum, all checked. */
const announcementsHold = (hashSuffixes: boolean) =>
  fc.property(
    fc.array(announcementArb(hashSuffixes), { maxLength: 12 }),
    fc.option(fc.nat({ max: POOL - 1 }), { nil: undefined }),
    (sequence, injected) => checkAnnouncements(sequence, injected, { checkReannouncement: true })
  )

describe("Connectors property", () => {
  it("keeps ids unique, names clean, icons safe and clashes flagged (1000 runs)", () => {
    fc.assert(announcementsHold(false), { numRuns: 1000 })
  })

  it("the same holds with re-announcements and literal '#n' uuids (1000 runs)", () => {
    fc.assert(
      announcementsHold(true),
      // A fixed seed: the one that found the duplicated second holder and the shared ids.
      { numRuns: 1000, seed: 6963, endOnFailure: true }
    )
  })
})
