/**
 * Buy bound to its form (`formFlow.ts`'s binding rule through `Onramp.lazy.ts`). Buy signs and sends
 * nothing: it asks the API for a provider's page that pays crypto to an address on a network, with the
 * quote, so Continue can open it within the click. The form is bound to the account and network it opened
 * for (its options are that network's), and its page is kept only while they are the active ones: after
 * a switch the form holds no page to open, Continue opens the form again on what is active, saying what
 * changed, and the page opened next is the new account's.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { BUY_QUOTE_DELAY_MS } from "../../../src/layers/flows/onramp/Onramp.lazy"
import type { OnrampState } from "../../../src/services/Onramp"
import { ALICE, BOB } from "../../kit/accounts"
import { connectedAs } from "../../kit/bindings"
import { flowTagged, untilFlow } from "../../kit/flowWorld"
import { editAndSettle } from "../formSteps"
import { inWorld, type World } from "./onrampWorld"

type Editing = Extract<OnrampState, { _tag: "Editing" }>

const quotedForm = (state: OnrampState): state is Editing =>
  state._tag === "Editing" && state.quote._tag === "Quoted"

/** Starts and quotes 50 USD by card from the United States. */
const quoted = (w: World) =>
  Effect.gen(function* () {
    yield* w.onramp.start
    return yield* editAndSettle(w.onramp, { country: "US", amount: "50" }, BUY_QUOTE_DELAY_MS, quotedForm)
  })

describe("Buy bound to its form", () => {
  it.effect("the form holds the account and network it opened for", () =>
    inWorld({}, (w) =>
      Effect.gen(function* () {
        const form = yield* quoted(w)
        assert.deepStrictEqual(form.binding, { namespace: "eip155", network: w.network, address: ALICE })
      })
    )
  )

  it.effect(
    "another account before Continue: the old page leaves the form; it opens again for it, saying so",
    () =>
      inWorld({}, (w) =>
        Effect.gen(function* () {
          const quotedForAlice = yield* quoted(w)
          assert.isDefined(quotedForAlice.page)
          yield* SubscriptionRef.update(w.connection, (now) => ({
            ...now,
            namespaces: connectedAs("eip155", BOB)
          }))
          yield* untilFlow(
            w.onramp,
            (state): state is Editing => state._tag === "Editing" && state.page === undefined
          )
          yield* w.onramp.proceed
          const form = yield* flowTagged(w.onramp, "Editing")
          assert.strictEqual(form.reviewChanged?.change, "account")
          assert.strictEqual(form.binding.address, BOB)
          // Quoted again, Continue asks for the new account's page.
          const again = yield* editAndSettle(
            w.onramp,
            { country: "US", amount: "50" },
            BUY_QUOTE_DELAY_MS,
            quotedForm
          )
          assert.isUndefined(again.reviewChanged)
          yield* w.onramp.proceed
          yield* flowTagged(w.onramp, "Opened")
          assert.deepStrictEqual(
            w.calls.urls.map((url) => url.address),
            [ALICE, BOB]
          )
        })
      )
  )

  it.effect(
    "another network before Continue: the page leaves the form; nothing is sold there, and the view says why",
    () =>
      inWorld({}, (w) =>
        Effect.gen(function* () {
          yield* quoted(w)
          yield* SubscriptionRef.set(w.networks, {
            activeNamespace: "eip155",
            active: { eip155: { _tag: "Known", network: w.config.networks[1]! } }
          })
          yield* untilFlow(
            w.onramp,
            (state): state is Editing => state._tag === "Editing" && state.page === undefined
          )
          yield* w.onramp.proceed
          assert.strictEqual(w.calls.urls.length, 1)
          const unavailable = yield* flowTagged(w.onramp, "Unavailable")
          assert.strictEqual(unavailable.reviewChanged?.change, "network")
        })
      )
  )
})
