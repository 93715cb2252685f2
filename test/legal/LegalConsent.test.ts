/**
 * The legal checkbox's rule (`features.legalCheckbox`): required only with the flag on, given by `accept`,
 * taken back by `withdraw`, remembered in storage for the app's current terms (new URLs ask again).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { LegalConsentLive } from "../../src/layers/legal/LegalConsentLive"
import { makeSafeKeyValueStore } from "../../src/layers/platform/SafeKeyValueStoreLive"
import { StorageLive } from "../../src/layers/platform/StorageLive"
import { present } from "../../src/presentation"
import { legalAgreementKey } from "../../src/schemas/LegalAgreement"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import { LegalConsent } from "../../src/services/LegalConsent"
import { ModalConfig } from "../../src/services/ModalConfig"
import { decodedOptions, makeArea } from "../kit/fixtures"

const TERMS = "https://app.example/terms"
const PRIVACY = "https://app.example/privacy"
const legalOn: Partial<ModalOptionsInput> = {
  features: { legalCheckbox: true },
  termsConditionsUrl: TERMS,
  privacyPolicyUrl: PRIVACY
}

type Area = ReturnType<typeof makeArea>

/** The service over `settings` and a storage area that outlives it (a page's localStorage across reloads). */
const consentOn = (area: Area, settings: Partial<ModalOptionsInput> = legalOn) =>
  Effect.provide(
    Effect.service(LegalConsent),
    LegalConsentLive.pipe(
      Layer.provideMerge(StorageLive),
      Layer.provide(
        Layer.merge(
          Layer.succeed(ModalConfig, decodedOptions(settings)),
          Layer.succeed(
            KeyValueStore.KeyValueStore,
            makeSafeKeyValueStore(() => area.area)
          )
        )
      )
    )
  )

const stateOf = (consent: LegalConsent["Service"]) => SubscriptionRef.get(consent.state)

describe("LegalConsent", () => {
  it.effect("with the flag off nothing is required, every connect may start, and nothing is stored", () =>
    Effect.gen(function* () {
      const area = makeArea()
      const consent = yield* consentOn(area, {})
      assert.deepStrictEqual(yield* stateOf(consent), { required: false, accepted: false })
      assert.isTrue(Exit.isSuccess(yield* Effect.exit(consent.check)))
      yield* consent.accept
      assert.deepStrictEqual(yield* stateOf(consent), { required: false, accepted: false })
      assert.strictEqual(area.data.size, 0)
    })
  )

  it.effect("with the flag on a connect is refused, in words, until the visitor accepts", () =>
    Effect.gen(function* () {
      const consent = yield* consentOn(makeArea())
      assert.deepStrictEqual(yield* stateOf(consent), { required: true, accepted: false })
      const refused = yield* Effect.flip(consent.check)
      assert.strictEqual(refused._tag, "LegalConsentRequiredError")
      assert.strictEqual(present(refused).message, "Agree to the terms to connect")
      yield* consent.accept
      assert.deepStrictEqual(yield* stateOf(consent), { required: true, accepted: true })
      assert.isTrue(Exit.isSuccess(yield* Effect.exit(consent.check)))
      yield* consent.withdraw
      assert.isTrue(Exit.isFailure(yield* Effect.exit(consent.check)))
    })
  )

  it.effect("the answer is remembered for the next page load, and withdrawing forgets it", () =>
    Effect.gen(function* () {
      const area = makeArea()
      yield* Effect.flatMap(consentOn(area), (consent) => consent.accept)
      assert.deepStrictEqual(area.read(legalAgreementKey.key), {
        termsConditionsUrl: TERMS,
        privacyPolicyUrl: PRIVACY
      })
      const reloaded = yield* consentOn(area)
      assert.deepStrictEqual(yield* stateOf(reloaded), { required: true, accepted: true })
      yield* reloaded.withdraw
      assert.isUndefined(area.read(legalAgreementKey.key))
      assert.deepStrictEqual(yield* stateOf(yield* consentOn(area)), { required: true, accepted: false })
    })
  )

  it.effect("new terms ask again: an agreement to other URLs does not count", () =>
    Effect.gen(function* () {
      const area = makeArea()
      yield* Effect.flatMap(consentOn(area), (consent) => consent.accept)
      const changed = yield* consentOn(area, {
        ...legalOn,
        privacyPolicyUrl: "https://app.example/privacy-v2"
      })
      assert.deepStrictEqual(yield* stateOf(changed), { required: true, accepted: false })
      const termsOnly = yield* consentOn(area, { ...legalOn, privacyPolicyUrl: undefined })
      assert.deepStrictEqual(yield* stateOf(termsOnly), { required: true, accepted: false })
    })
  )

  it.effect("a stored value that does not decode counts as no agreement", () =>
    Effect.gen(function* () {
      const area = makeArea()
      area.area.setItem(
        legalAgreementKey.key,
        JSON.stringify({ v: 1, data: { termsConditionsUrl: "javascript:x" } })
      )
      const consent = yield* consentOn(area)
      assert.deepStrictEqual(yield* stateOf(consent), { required: true, accepted: false })
    })
  )
})
