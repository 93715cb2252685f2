/**
 * Names bound to its form (`formFlow.ts`'s binding rule through `Names.lazy.ts`): the registration is
 * signed by the account the form is for, only while it and its network are the active ones; after a switch
 * nothing is signed or registered, and the form is for the account now active, the label kept and
 * checked again, saying the account changed.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { NAME_CHECK_DELAY_MS } from "../../../src/layers/flows/names/Names.lazy"
import { present } from "../../../src/presentation"
import type { NamesState } from "../../../src/services/Names"
import { BOB } from "../../kit/accounts"
import { connectedAs } from "../../kit/bindings"
import { flowTagged } from "../../kit/flowWorld"
import { editAndSettle } from "../formSteps"
import { inWorld } from "./namesWorld"

type Editing = Extract<NamesState, { _tag: "Editing" }>

const free = (state: NamesState): state is Editing => state._tag === "Editing" && state.check._tag === "Free"

describe("Names bound to its form", () => {
  it.effect(
    "another account before Register: nothing is signed; the form is for it, the label checked again",
    () =>
      inWorld({}, (w) =>
        Effect.gen(function* () {
          yield* w.names.start
          yield* editAndSettle(w.names, "alice", NAME_CHECK_DELAY_MS, free)
          yield* SubscriptionRef.update(w.connection, (now) => ({
            ...now,
            namespaces: connectedAs("eip155", BOB)
          }))
          yield* w.names.register
          assert.deepStrictEqual(w.calls.requests, [])
          assert.deepStrictEqual(w.calls.registrations, [])
          const form = yield* flowTagged(w.names, "Editing")
          assert.strictEqual(form.label, "alice")
          assert.strictEqual(form.binding?.address, BOB)
          assert.strictEqual(present(form.reviewChanged!).message, "The account changed")
          // The label is checked again for the new form; registering signs with the account now active.
          yield* editAndSettle(w.names, "alice", NAME_CHECK_DELAY_MS, free)
          yield* w.names.register
          yield* flowTagged(w.names, "Registered")
          const [signed] = w.calls.requests
          assert.strictEqual(signed?.method, "personal_sign")
          assert.strictEqual((signed?.params as ReadonlyArray<unknown> | undefined)?.[1], BOB)
          assert.strictEqual(w.calls.registrations[0]?.address, BOB)
        })
      )
  )

  it.effect("without an EVM account the form is bound to none, and Register does nothing", () =>
    inWorld({}, (w) =>
      Effect.gen(function* () {
        yield* SubscriptionRef.update(w.connection, (now) => ({ ...now, namespaces: {} }))
        yield* w.names.start
        const form = yield* editAndSettle(w.names, "alice", NAME_CHECK_DELAY_MS, free)
        assert.isUndefined(form.binding)
        yield* w.names.register
        assert.deepStrictEqual(w.calls.requests, [])
        yield* flowTagged(w.names, "Editing")
      })
    )
  )
})
