/**
 * The names the account has already, beside the Register form (`Names.lazy.ts` over the registry's
 * reverse look-up, `v1/profile/reverse/{address}`): asked once the form shows, for the account it is for,
 * joined to the form when they come (whatever the visitor typed meanwhile), kept through edits and a failed
 * registration; only the account's own valid names; a failed look-up shows none and holds nothing back.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { NameLookupError, ProviderRequestError } from "../../../src/errors"
import { NAME_CHECK_DELAY_MS } from "../../../src/layers/flows/names/Names.lazy"
import type { AccountProfile } from "../../../src/schemas/Profile"
import type { NamesState } from "../../../src/services/Names"
import type { ProviderApiError } from "../../../src/services/ProviderApi"
import { ALICE, BOB } from "../../kit/accounts"
import { connectedAs } from "../../kit/bindings"
import { flowTagged, untilFlow } from "../../kit/flowWorld"
import { editAndSettle } from "../formSteps"
import { inWorld } from "./namesWorld"

type Editing = Extract<NamesState, { _tag: "Editing" }>

const profile = (name: string, address: string, coinType = "60"): AccountProfile => ({
  name,
  addresses: { [coinType]: { address } }
})

const free = (state: NamesState): state is Editing => state._tag === "Editing" && state.check._tag === "Free"
const listed = (state: NamesState): state is Editing => state._tag === "Editing" && state.owned !== undefined

describe("Names: the names the account has", () => {
  it.effect(
    "lists the account's own valid names, each once, in the registry's order; asked for it, as its sender",
    () =>
      inWorld(
        {
          reverse: () =>
            Effect.succeed([
              profile("alice.reown.id", ALICE.toLowerCase()),
              // Another address's name, however the registry lists it, is not the account's.
              profile("bob.reown.id", BOB),
              profile("not a name", ALICE),
              profile("ab.reown.id", ALICE),
              profile("alice.reown.id", ALICE, "2147514985"),
              profile("old-name.wcn.id", ALICE, "2147514985"),
              { name: undefined, addresses: { "60": { address: ALICE } } }
            ])
        },
        (w) =>
          Effect.gen(function* () {
            yield* w.names.start
            const form = yield* untilFlow(w.names, listed)
            assert.deepStrictEqual(form.owned, ["alice.reown.id", "old-name.wcn.id"])
            assert.deepStrictEqual(w.calls.reverse, [{ address: ALICE, sender: ALICE }])
            // The look-up runs beside the form: the registry's check is not waiting on it, nor it on the check.
            assert.deepStrictEqual(w.log, [])
          })
      )
  )

  it.effect("an answer after the visitor typed joins the form, the label and its check untouched", () =>
    Effect.gen(function* () {
      const answer = yield* Deferred.make<ReadonlyArray<AccountProfile>, ProviderApiError>()
      yield* inWorld({ reverse: () => Deferred.await(answer) }, (w) =>
        Effect.gen(function* () {
          yield* w.names.start
          const typed = yield* editAndSettle(w.names, "alice", NAME_CHECK_DELAY_MS, free)
          assert.isUndefined(typed.owned)
          yield* Deferred.succeed(answer, [profile("mine.reown.id", ALICE)])
          const form = yield* untilFlow(w.names, listed)
          assert.deepStrictEqual(form.owned, ["mine.reown.id"])
          assert.strictEqual(form.label, "alice")
          assert.deepStrictEqual(form.check, { _tag: "Free", name: "alice.reown.id" })
        })
      )
    })
  )

  it.effect("stay through edits and a refused registration", () =>
    inWorld(
      {
        reverse: () => Effect.succeed([profile("mine.reown.id", ALICE)]),
        register: () =>
          Effect.fail(
            new NameLookupError({ name: "alice.reown.id", reason: "Name is already registered", status: 400 })
          )
      },
      (w) =>
        Effect.gen(function* () {
          yield* w.names.start
          yield* untilFlow(w.names, listed)
          const form = yield* editAndSettle(w.names, "alice", NAME_CHECK_DELAY_MS, free)
          assert.deepStrictEqual(form.owned, ["mine.reown.id"])
          yield* w.names.register
          const refused = yield* flowTagged(w.names, "Failed")
          assert.deepStrictEqual(refused.owned, ["mine.reown.id"])
          const again = yield* editAndSettle(w.names, "alice2", NAME_CHECK_DELAY_MS, free)
          assert.deepStrictEqual(again.owned, ["mine.reown.id"])
        })
    )
  )

  it.effect("a look-up that fails shows none, and the form checks and registers as ever", () =>
    inWorld(
      {
        reverse: () =>
          Effect.fail(
            new ProviderRequestError({ reason: "status", status: 503, endpoint: "/v1/profile/reverse" })
          )
      },
      (w) =>
        Effect.gen(function* () {
          yield* w.names.start
          const form = yield* editAndSettle(w.names, "alice", NAME_CHECK_DELAY_MS, free)
          assert.isUndefined(form.owned)
          yield* w.names.register
          yield* flowTagged(w.names, "Registered")
          assert.strictEqual(w.calls.registrations.length, 1)
        })
    )
  )

  it.effect("the form for another account lists that account's names, never the one before's", () =>
    Effect.gen(function* () {
      const alices = yield* Deferred.make<ReadonlyArray<AccountProfile>, ProviderApiError>()
      yield* inWorld(
        {
          reverse: (address) =>
            address === ALICE ? Deferred.await(alices) : Effect.succeed([profile("bobs.reown.id", BOB)])
        },
        (w) =>
          Effect.gen(function* () {
            yield* w.names.start
            yield* editAndSettle(w.names, "alice", NAME_CHECK_DELAY_MS, free)
            yield* SubscriptionRef.update(w.connection, (now) => ({
              ...now,
              namespaces: connectedAs("eip155", BOB)
            }))
            // Registering finds the change: the form is for BOB now, and asks for his names.
            yield* w.names.register
            const form = yield* untilFlow(w.names, listed)
            assert.strictEqual(form.binding?.address, BOB)
            assert.deepStrictEqual(form.owned, ["bobs.reown.id"])
            // ALICE's look-up, still under way, was stopped: its answer reaches no form.
            yield* Deferred.succeed(alices, [profile("alices.reown.id", ALICE)])
            const after = yield* editAndSettle(w.names, "robert", NAME_CHECK_DELAY_MS, free)
            assert.deepStrictEqual(after.owned, ["bobs.reown.id"])
            assert.deepStrictEqual(
              w.calls.reverse.map((call) => call.address),
              [ALICE, BOB]
            )
          })
      )
    })
  )
})
