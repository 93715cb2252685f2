/**
 * The account-name flow (`NamesLive`, `Names.lazy.ts`) over fake services: the name rule, the
 * registry's free-or-taken answer once typing pauses (and only for the label still typed), the account's
 * signature of the registration message, the registration, and what follows it or its refusal. Time is the
 * TestClock's.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { stringToHex } from "viem"
import { NameLookupError, ProviderRequestError } from "../../../src/errors"
import { NAME_CHECK_DELAY_MS } from "../../../src/layers/flows/names/Names.lazy"
import { present } from "../../../src/presentation"
import type { CaipNetwork } from "../../../src/schemas/Network"
import type { NameSuggestion } from "../../../src/schemas/Profile"
import type { NamesState } from "../../../src/services/Names"
import type { ProviderApiError } from "../../../src/services/ProviderApi"
import { UserRejectedRequestError } from "../../../src/walletErrors"
import { ALICE } from "../../kit/accounts"
import { flowTagged, untilFlow } from "../../kit/flowWorld"
import { editAndSettle, tagged } from "../formSteps"
import { inWorld, type Options, SIGNATURE, type World } from "./namesWorld"

type Editing = Extract<NamesState, { _tag: "Editing" }>
type Names = World["names"]

/** 2026-11-25T00:00:00.250Z: the registration (400 ms later) is timed in whole seconds. */
const NOW_MS = 1_795_564_800_250
const NOW_S = 1_795_564_800

const failed = new ProviderRequestError({ reason: "network", endpoint: "v1/profile/suggestions" })
const refusal = new NameLookupError({
  name: "alice.reown.id",
  reason: "Name is already registered",
  status: 409
})

/** The form once the registry answered: not Checking any more. */
const settled = (state: NamesState): state is Editing =>
  state._tag === "Editing" && state.check._tag !== "Checking"

/** Edits the label and lets the typing pause pass; answers the form once checked. */
const editAndWait = (names: Names, label: string) => editAndSettle(names, label, NAME_CHECK_DELAY_MS, settled)

/** Starts and checks `label`, which the default registry answers free. */
const free = (names: Names, label = "alice") =>
  Effect.gen(function* () {
    yield* names.start
    const form = yield* editAndWait(names, label)
    tagged(form.check, "Free")
    return form
  })

const withNames = (options: Options, body: (w: World) => Effect.Effect<void>) => inWorld(options, body)

const rejected = new UserRejectedRequestError({
  code: 4001,
  message: "User rejected the request.",
  cause: undefined
})

describe("Names", () => {
  describe("the name rule", () => {
    it.effect("start: an empty form, nothing checked; the account's names (none) join it", () =>
      withNames({}, (w) =>
        Effect.gen(function* () {
          assert.strictEqual((yield* SubscriptionRef.get(w.names.state))._tag, "Idle")
          yield* w.names.start
          assert.deepStrictEqual(
            yield* untilFlow(w.names, (s): s is Editing => s._tag === "Editing" && s.owned !== undefined),
            {
              _tag: "Editing",
              label: "",
              check: { _tag: "None" },
              binding: { namespace: "eip155", network: w.network, address: ALICE },
              owned: []
            }
          )
        })
      )
    )

    it.effect("a label that breaks the rule: its problem, and the registry is never asked", () =>
      withNames({}, (w) =>
        Effect.gen(function* () {
          yield* w.names.start
          for (const [label, problem] of [
            ["abc", "short"],
            ["ali_ce", "characters"],
            ["alice.reown.id", "characters"],
            ["-alice", "hyphen-edge"],
            ["alice-", "hyphen-edge"],
            ["a".repeat(64), "long"]
          ] as const) {
            yield* w.names.edit(label)
            yield* TestClock.adjust(NAME_CHECK_DELAY_MS)
            const state = yield* flowTagged(w.names, "Editing")
            assert.strictEqual(state.problem, problem, label)
            assert.strictEqual(state.label, label)
            assert.deepStrictEqual(state.check, { _tag: "None" })
          }
          assert.deepStrictEqual(w.calls.suggestions, [])
        })
      )
    )

    it.effect("an empty label is not a problem yet", () =>
      withNames({}, (w) =>
        Effect.gen(function* () {
          yield* w.names.start
          yield* w.names.edit("abc")
          yield* w.names.edit("")
          yield* TestClock.adjust(NAME_CHECK_DELAY_MS)
          const state = yield* flowTagged(w.names, "Editing")
          assert.isUndefined(state.problem)
          assert.deepStrictEqual(state.check, { _tag: "None" })
          assert.deepStrictEqual(w.calls.suggestions, [])
        })
      )
    )

    it.effect("63 characters is the longest label allowed", () =>
      withNames({}, (w) =>
        Effect.gen(function* () {
          yield* w.names.start
          const form = yield* editAndWait(w.names, "a".repeat(63))
          assert.isUndefined(form.problem)
          tagged(form.check, "Free")
        })
      )
    )
  })

  describe("checking with the registry", () => {
    it.effect("after 400 ms of pause only, lower-cased and trimmed: Free with the full name", () =>
      withNames({}, (w) =>
        Effect.gen(function* () {
          yield* w.names.start
          yield* w.names.edit("  Alice ")
          assert.deepStrictEqual((yield* flowTagged(w.names, "Editing")).check, { _tag: "Checking" })
          yield* TestClock.adjust(NAME_CHECK_DELAY_MS - 1)
          assert.deepStrictEqual(w.calls.suggestions, [])
          yield* TestClock.adjust(1)
          const form = yield* untilFlow(w.names, settled)
          assert.deepStrictEqual(w.calls.suggestions, ["alice"])
          assert.deepStrictEqual(form.check, { _tag: "Free", name: "alice.reown.id" })
          assert.strictEqual(form.label, "  Alice ")
          assert.isUndefined(form.problem)
        })
      )
    )

    it.effect("an edit within the pause: one request, for the latest label", () =>
      withNames({}, (w) =>
        Effect.gen(function* () {
          yield* w.names.start
          yield* w.names.edit("alice")
          yield* TestClock.adjust(NAME_CHECK_DELAY_MS - 100)
          yield* w.names.edit("alicia")
          yield* TestClock.adjust(NAME_CHECK_DELAY_MS - 1)
          assert.deepStrictEqual(w.calls.suggestions, [])
          yield* TestClock.adjust(1)
          const form = yield* untilFlow(w.names, settled)
          assert.deepStrictEqual(w.calls.suggestions, ["alicia"])
          assert.deepStrictEqual(form.check, { _tag: "Free", name: "alicia.reown.id" })
          yield* TestClock.adjust(10 * NAME_CHECK_DELAY_MS)
          assert.strictEqual(w.calls.suggestions.length, 1)
        })
      )
    )

    it.effect("taken: Taken with the free suggestions, the registered ones and the asked name left out", () =>
      withNames(
        {
          suggestions: (label) =>
            Effect.succeed<ReadonlyArray<NameSuggestion>>([
              { name: `${label}.reown.id`, registered: true },
              { name: `${label}-1.reown.id`, registered: false },
              { name: `${label}-2.reown.id`, registered: true },
              { name: `${label}-3.reown.id`, registered: false },
              { name: `${label.toUpperCase()}.reown.id`, registered: false }
            ])
        },
        (w) =>
          Effect.gen(function* () {
            yield* w.names.start
            const form = yield* editAndWait(w.names, "Taken")
            assert.deepStrictEqual(form.check, {
              _tag: "Taken",
              name: "taken.reown.id",
              suggestions: ["taken-1.reown.id", "taken-3.reown.id"]
            })
          })
      )
    )

    it.effect("a registry that fails: the check Failed with its error", () =>
      withNames({ suggestions: () => Effect.fail(failed) }, (w) =>
        Effect.gen(function* () {
          yield* w.names.start
          const form = yield* editAndWait(w.names, "alice")
          assert.deepStrictEqual(form.check, { _tag: "Failed", error: failed })
        })
      )
    )

    it.effect("an answer for an older label never lands", () =>
      Effect.gen(function* () {
        const older = yield* Deferred.make<ReadonlyArray<NameSuggestion>, ProviderApiError>()
        yield* withNames(
          {
            suggestions: (label) =>
              label === "alice"
                ? Deferred.await(older)
                : Effect.succeed([{ name: `${label}.reown.id`, registered: false }])
          },
          (w) =>
            Effect.gen(function* () {
              yield* w.names.start
              yield* w.names.edit("alice")
              yield* TestClock.adjust(NAME_CHECK_DELAY_MS)
              assert.deepStrictEqual(w.calls.suggestions, ["alice"])
              // The visitor types on while alice's answer is on its way.
              yield* w.names.edit("bobby")
              yield* Deferred.succeed(older, [{ name: "alice.reown.id", registered: true }])
              const checking = yield* flowTagged(w.names, "Editing")
              assert.strictEqual(checking.label, "bobby")
              assert.deepStrictEqual(checking.check, { _tag: "Checking" })
              yield* TestClock.adjust(NAME_CHECK_DELAY_MS)
              const form = yield* untilFlow(w.names, settled)
              assert.deepStrictEqual(form.check, { _tag: "Free", name: "bobby.reown.id" })
              assert.deepStrictEqual(w.calls.suggestions, ["alice", "bobby"])
            })
        )
      })
    )

    it.effect("an answer that lands after the label became invalid is dropped", () =>
      Effect.gen(function* () {
        const older = yield* Deferred.make<ReadonlyArray<NameSuggestion>, ProviderApiError>()
        yield* withNames({ suggestions: () => Deferred.await(older) }, (w) =>
          Effect.gen(function* () {
            yield* w.names.start
            yield* w.names.edit("alice")
            yield* TestClock.adjust(NAME_CHECK_DELAY_MS)
            yield* w.names.edit("al")
            yield* Deferred.succeed(older, [{ name: "alice.reown.id", registered: false }])
            yield* TestClock.adjust(NAME_CHECK_DELAY_MS)
            const state = yield* flowTagged(w.names, "Editing")
            assert.strictEqual(state.problem, "short")
            assert.deepStrictEqual(state.check, { _tag: "None" })
          })
        )
      })
    )
  })

  describe("register", () => {
    it.effect("signs the message, registers with the ENSIP-11 coin type; then forget and one refresh", () =>
      withNames({}, (w) =>
        Effect.gen(function* () {
          yield* TestClock.setTime(NOW_MS)
          yield* free(w.names, "Alice")
          w.log.length = 0
          yield* w.names.register
          assert.deepStrictEqual(yield* flowTagged(w.names, "Registered"), {
            _tag: "Registered",
            name: "alice.reown.id"
          })
          const message = JSON.stringify({ name: "alice.reown.id", attributes: {}, timestamp: NOW_S })
          assert.deepStrictEqual(w.calls.requests, [
            { method: "personal_sign", params: [stringToHex(message), ALICE] }
          ])
          assert.deepStrictEqual(w.calls.registrations, [
            { coinType: 2147514985, address: ALICE, message, signature: SIGNATURE }
          ])
          assert.deepStrictEqual(w.log, ["request personal_sign", "register", `forget ${ALICE}`, "refresh"])
          assert.deepStrictEqual(w.calls.forgotten, [ALICE])
          assert.strictEqual(w.refreshes(), 1)
        })
      )
    )

    it.effect("on Ethereum the coin type is 60", () =>
      withNames({}, (w) =>
        Effect.gen(function* () {
          const mainnet = w.config.networks[1] as CaipNetwork
          yield* SubscriptionRef.set(w.networks, {
            activeNamespace: "eip155",
            active: { eip155: { _tag: "Known", network: mainnet } }
          })
          yield* free(w.names)
          yield* w.names.register
          yield* flowTagged(w.names, "Registered")
          assert.strictEqual(w.calls.registrations[0]?.coinType, 60)
        })
      )
    )

    it.effect("does nothing unless the name is Free", () =>
      withNames(
        {
          suggestions: (label) =>
            Effect.succeed(label === "taken" ? [{ name: "taken.reown.id", registered: true }] : [])
        },
        (w) =>
          Effect.gen(function* () {
            yield* w.names.register
            yield* flowTagged(w.names, "Idle")
            yield* w.names.start
            yield* w.names.register
            yield* w.names.edit("alice")
            yield* w.names.register
            assert.deepStrictEqual((yield* flowTagged(w.names, "Editing")).check, { _tag: "Checking" })
            const taken = yield* editAndWait(w.names, "taken")
            tagged(taken.check, "Taken")
            yield* w.names.register
            yield* flowTagged(w.names, "Editing")
            yield* w.names.edit("abc")
            yield* w.names.register
            yield* flowTagged(w.names, "Editing")
            assert.deepStrictEqual(w.calls.requests, [])
            assert.deepStrictEqual(w.calls.registrations, [])
            assert.deepStrictEqual(w.calls.forgotten, [])
            assert.strictEqual(w.refreshes(), 0)
          })
      )
    )

    it.effect("a registry refusal: Failed with it, its message the server's reason; nothing forgotten", () =>
      withNames({ register: () => Effect.fail(refusal) }, (w) =>
        Effect.gen(function* () {
          yield* free(w.names)
          yield* w.names.register
          const state = yield* flowTagged(w.names, "Failed")
          assert.strictEqual(state.error, refusal)
          assert.strictEqual(state.label, "alice")
          assert.strictEqual(present(refusal).message, "Name is already registered")
          assert.strictEqual(w.calls.registrations.length, 1)
          assert.deepStrictEqual(w.calls.forgotten, [])
          assert.strictEqual(w.refreshes(), 0)
        })
      )
    )

    it.effect("a wallet rejection: Failed with the wallet's error, the registry never asked", () =>
      withNames({ sign: () => Effect.fail(rejected) }, (w) =>
        Effect.gen(function* () {
          yield* free(w.names)
          yield* w.names.register
          const state = yield* flowTagged(w.names, "Failed")
          assert.strictEqual(state.error, rejected)
          assert.deepStrictEqual(w.calls.registrations, [])
          assert.deepStrictEqual(w.calls.forgotten, [])
        })
      )
    )

    it.effect("editing from Failed returns to the form, checked anew", () =>
      withNames({ sign: () => Effect.fail(rejected) }, (w) =>
        Effect.gen(function* () {
          yield* free(w.names)
          yield* w.names.register
          yield* flowTagged(w.names, "Failed")
          const form = yield* editAndWait(w.names, "alicia")
          assert.strictEqual(form.label, "alicia")
          assert.deepStrictEqual(form.check, { _tag: "Free", name: "alicia.reown.id" })
          yield* w.names.edit("abc")
          assert.strictEqual((yield* flowTagged(w.names, "Editing")).problem, "short")
        })
      )
    )
  })
})
