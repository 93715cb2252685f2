/**
 * The form-flow machine (`formFlow.ts`) on a flow of its own: a text quoted once typing pauses, a review,
 * a confirmation that may fail, back, a watch and a followed stream, and the binding rule: a confirmation
 * begins, and its work asks anything, only while the review's namespace, network and account are the
 * active ones. Time is the TestClock's; what the rules are asked is recorded.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Data from "effect/Data"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Queue from "effect/Queue"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { ReviewChangedError } from "../../src/errors"
import { type Editing, makeFormFlow, type Step } from "../../src/layers/flows/formFlow"
import type { ReviewBinding } from "../../src/services/Send"
import { ALICE, BOB } from "../kit/accounts"
import { bindingOf, caipNetworkOf, connectedAs } from "../kit/bindings"
import { connectedAccount } from "../kit/flowWorld"
import { sandboxNetwork, secondSandboxNetwork } from "../kit/networks"
import { untilState } from "../kit/waits"

class Refused extends Data.TaggedError("Refused")<{ readonly reason: string }> {}

interface Draft {
  readonly text: string
}

type State =
  | { readonly _tag: "Idle" }
  | {
      readonly _tag: "Editing"
      readonly draft: Draft
      readonly quote: string | undefined
      readonly extra?: number | undefined
      readonly changed?: ReviewChangedError | undefined
    }
  | { readonly _tag: "Reviewing"; readonly draft: Draft }
  | {
      readonly _tag: "Review"
      readonly draft: Draft
      readonly review: string
      readonly bound?: ReviewBinding
    }
  | {
      readonly _tag: "Confirming"
      readonly draft: Draft
      readonly step: number
      readonly bound?: ReviewBinding
    }
  | { readonly _tag: "Done"; readonly answer: string }
  | { readonly _tag: "Failed"; readonly draft: Draft; readonly error: Refused }

const PAUSE = 400

const sandbox = caipNetworkOf(sandboxNetwork)
const sandboxB = caipNetworkOf(secondSandboxNetwork)
/** What the toy's reviews are made for: Alice on the sandbox chain, active when the flow starts. */
const ALICE_ON_SANDBOX = bindingOf(ALICE, sandboxNetwork)

/**
 * The machine over a fresh state, Alice connected on the sandbox chain (`networks` and `connection` move
 * them); `quote` answers for a text (default: upper-cased at once).
 */
const toyFlow = (
  quote: (text: string) => Effect.Effect<string> = (text) => Effect.succeed(text.toUpperCase())
) =>
  Effect.gen(function* () {
    const asked: Array<string> = []
    const state = yield* SubscriptionRef.make<State>({ _tag: "Idle" })
    const account = yield* connectedAccount(ALICE, sandbox, [sandbox, sandboxB])
    const flow = yield* Effect.provide(
      makeFormFlow<State, Draft>(state, {
        draftOf: (editing) => editing.draft,
        edited: (editing, draft) => ({ ...editing, draft, quote: undefined }),
        quote: {
          pauseMs: PAUSE,
          run: ({ draft }) =>
            Effect.map(
              Effect.suspend(() => {
                asked.push(draft.text)
                return quote(draft.text)
              }),
              (answer) =>
                (now: Editing<State>): Editing<State> => ({ ...now, quote: answer })
            )
        },
        binding: {
          of: (current) =>
            current._tag === "Review" || current._tag === "Confirming" ? current.bound : undefined,
          changed: (from, changed) =>
            Effect.succeed({
              _tag: "Editing",
              draft: "draft" in from ? from.draft : { text: "" },
              quote: undefined,
              changed
            })
        }
      }),
      account.layer
    )
    yield* flow.start(Effect.succeed({ _tag: "Editing", draft: { text: "" }, quote: undefined }))
    return { flow, asked, networks: account.networks, connection: account.connection }
  })

const editing = (state: State) => {
  if (state._tag !== "Editing") assert.fail(`expected Editing, got ${state._tag}`)
  return state
}

/** The form once its quote landed. */
const quoted = (flow: { readonly state: SubscriptionRef.SubscriptionRef<State> }) =>
  untilState(
    flow.state,
    (state): state is Editing<State> => state._tag === "Editing" && state.quote !== undefined
  )

const current = (flow: { readonly state: SubscriptionRef.SubscriptionRef<State> }) =>
  SubscriptionRef.get(flow.state)

const reviewStep = (work: Effect.Effect<string, Refused>): Step<State, Draft, string, Refused> => ({
  begin: (state) =>
    state._tag === "Editing"
      ? { working: { _tag: "Reviewing", draft: state.draft }, input: state.draft }
      : undefined,
  work: () => work,
  land: (outcome, draft) =>
    outcome._tag === "Success"
      ? { _tag: "Review", draft, review: outcome.success, bound: ALICE_ON_SANDBOX }
      : { _tag: "Editing", draft, quote: undefined }
})

const backToForm = (state: State): Editing<State> | undefined =>
  state._tag === "Review" || state._tag === "Reviewing" || state._tag === "Failed"
    ? { _tag: "Editing", draft: state.draft, quote: undefined }
    : undefined

describe("the form-flow machine", () => {
  it.effect("quotes the draft once typing pauses; a newer edit interrupts the older quote", () =>
    Effect.gen(function* () {
      const { flow, asked } = yield* toyFlow()
      yield* flow.edit(() => ({ text: "a" }))
      yield* TestClock.adjust(PAUSE - 1)
      yield* flow.edit(() => ({ text: "ab" }))
      yield* TestClock.adjust(PAUSE - 1)
      assert.deepStrictEqual(asked, [])
      yield* TestClock.adjust(1)
      assert.strictEqual((yield* quoted(flow)).quote, "AB")
      assert.deepStrictEqual(asked, ["ab"])
      yield* TestClock.adjust(10 * PAUSE)
      assert.deepStrictEqual(asked, ["ab"])
    })
  )

  it.effect("an edit that changes nothing leaves the form and its quote alone", () =>
    Effect.gen(function* () {
      const { flow, asked } = yield* toyFlow()
      yield* flow.edit(() => ({ text: "a" }))
      yield* TestClock.adjust(PAUSE)
      const form = yield* quoted(flow)
      yield* flow.edit((draft) => ({ ...draft }))
      yield* TestClock.adjust(PAUSE)
      assert.strictEqual(yield* current(flow), form)
      assert.deepStrictEqual(asked, ["a"])
    })
  )

  it.effect("an answer for an older draft never lands", () =>
    Effect.gen(function* () {
      const older = yield* Deferred.make<string>()
      const { flow } = yield* toyFlow((text) => (text === "a" ? Deferred.await(older) : Effect.succeed(text)))
      yield* flow.edit(() => ({ text: "a" }))
      yield* TestClock.adjust(PAUSE)
      yield* flow.edit(() => ({ text: "b" }))
      yield* Deferred.succeed(older, "late")
      assert.isUndefined(editing(yield* current(flow)).quote)
      yield* TestClock.adjust(PAUSE)
      assert.strictEqual((yield* quoted(flow)).quote, "b")
    })
  )

  it.effect("a review lands while it shows; after back its outcome is dropped", () =>
    Effect.gen(function* () {
      const { flow } = yield* toyFlow()
      yield* flow.edit(() => ({ text: "a" }))
      const landed = yield* flow.review(reviewStep(Effect.succeed("fine")))
      assert.deepStrictEqual(landed?.state, {
        _tag: "Review",
        draft: { text: "a" },
        review: "fine",
        bound: ALICE_ON_SANDBOX
      })

      yield* flow.back(backToForm)
      const slow = yield* Deferred.make<string, Refused>()
      const reviewing = yield* Effect.forkChild(flow.review(reviewStep(Deferred.await(slow))))
      yield* untilState(flow.state, (state): state is State => state._tag === "Reviewing")
      yield* flow.back(backToForm)
      yield* Deferred.succeed(slow, "late")
      assert.isUndefined(yield* Fiber.join(reviewing))
      assert.strictEqual((yield* current(flow))._tag, "Editing")
    })
  )

  it.effect("confirms once at a time, shows its steps, and keeps a failure as the typed error", () =>
    Effect.gen(function* () {
      const { flow } = yield* toyFlow()
      yield* flow.edit(() => ({ text: "a" }))
      yield* flow.review(reviewStep(Effect.succeed("fine")))
      const gate = yield* Deferred.make<void>()
      let works = 0
      const confirmStep: Step<State, Draft, string, Refused> = {
        begin: (state) =>
          state._tag === "Review"
            ? { working: { _tag: "Confirming", draft: state.draft, step: 1 }, input: state.draft }
            : undefined,
        work: (draft, show) =>
          Effect.gen(function* () {
            works += 1
            yield* show({ _tag: "Confirming", draft, step: 2 })
            yield* Deferred.await(gate)
            return yield* new Refused({ reason: "no" })
          }),
        land: (outcome, draft) =>
          outcome._tag === "Success"
            ? { _tag: "Done", answer: outcome.success }
            : { _tag: "Failed", draft, error: outcome.failure }
      }
      const first = yield* Effect.forkChild(flow.confirm(confirmStep))
      yield* untilState(
        flow.state,
        (state): state is State => state._tag === "Confirming" && state.step === 2
      )
      assert.isUndefined(yield* flow.confirm(confirmStep))
      yield* Deferred.succeed(gate, undefined)
      const landed = yield* Fiber.join(first)
      assert.strictEqual(works, 1)
      const failed = yield* current(flow)
      assert.strictEqual(landed?.state, failed)
      assert.strictEqual(failed._tag === "Failed" && failed.error.reason, "no")
      assert.strictEqual(landed?.outcome._tag, "Failure")
    })
  )

  it.effect("back returns to the form quoted at once; edits from elsewhere do nothing", () =>
    Effect.gen(function* () {
      const { flow, asked } = yield* toyFlow()
      yield* flow.edit(() => ({ text: "a" }))
      yield* flow.review(reviewStep(Effect.succeed("fine")))
      yield* flow.edit(() => ({ text: "b" }))
      assert.strictEqual((yield* current(flow))._tag, "Review")
      yield* flow.back(backToForm)
      assert.strictEqual(editing(yield* current(flow)).quote, "A")
      assert.deepStrictEqual(asked, ["a"])
    })
  )

  it.effect("the watch runs until back or a new start stops it", () =>
    Effect.gen(function* () {
      const { flow } = yield* toyFlow()
      const ticks = yield* Queue.unbounded<number>()
      const ticking = Effect.forever(Effect.andThen(Effect.sleep(1000), Queue.offer(ticks, 1)))
      yield* flow.edit(() => ({ text: "a" }))
      yield* flow.review(reviewStep(Effect.succeed("fine")))
      yield* flow.watch(ticking)
      yield* TestClock.adjust(2000)
      yield* Queue.take(ticks)
      yield* Queue.take(ticks)
      yield* flow.back(backToForm)
      yield* TestClock.adjust(5000)
      assert.strictEqual(yield* Queue.size(ticks), 0)

      yield* flow.watch(ticking)
      yield* flow.start(Effect.succeed({ _tag: "Idle" }))
      yield* TestClock.adjust(5000)
      assert.strictEqual(yield* Queue.size(ticks), 0)
    })
  )

  it.effect("follow updates the form only while it is edited", () =>
    Effect.gen(function* () {
      const { flow } = yield* toyFlow()
      /** Follows one update, `extra`, sent once `go` is done; answers when it was taken. */
      const followOne = Effect.gen(function* () {
        const go = yield* Deferred.make<number>()
        const taken = yield* Deferred.make<void>()
        yield* flow.follow(
          Stream.fromEffect(Deferred.await(go)).pipe(
            Stream.map(
              (extra) =>
                (form: Editing<State>): Editing<State> => ({ ...form, extra })
            ),
            Stream.ensuring(Deferred.succeed(taken, undefined))
          )
        )
        return (extra: number) => Effect.andThen(Deferred.succeed(go, extra), Deferred.await(taken))
      })
      const whileEditing = yield* followOne
      yield* whileEditing(1)
      assert.strictEqual(editing(yield* current(flow)).extra, 1)
      const whileReviewed = yield* followOne
      yield* flow.review(reviewStep(Effect.succeed("fine")))
      const reviewed = yield* current(flow)
      yield* whileReviewed(2)
      assert.strictEqual(yield* current(flow), reviewed)
    })
  )

  describe("the binding rule", () => {
    /** A confirmation that counts what it asks: `requests` grows only past `bound`. */
    const counted = (gate?: Deferred.Deferred<void>) => {
      const counts = { works: 0, requests: 0 }
      const step: Step<State, Draft, string, Refused> = {
        begin: (state) =>
          state._tag === "Review"
            ? {
                working: { _tag: "Confirming", draft: state.draft, step: 1, bound: state.bound },
                input: state.draft
              }
            : undefined,
        work: (_draft, _show, bound) =>
          Effect.gen(function* () {
            counts.works += 1
            if (gate !== undefined) yield* Deferred.await(gate)
            yield* bound
            counts.requests += 1
            return "sent"
          }),
        land: (outcome, draft) =>
          outcome._tag === "Success"
            ? { _tag: "Done", answer: outcome.success }
            : { _tag: "Failed", draft, error: outcome.failure }
      }
      return { counts, step }
    }

    const reviewed = Effect.gen(function* () {
      const toy = yield* toyFlow()
      yield* toy.flow.edit(() => ({ text: "a" }))
      yield* toy.flow.review(reviewStep(Effect.succeed("fine")))
      return toy
    })

    const changedForm = (state: State) => {
      const form = editing(state)
      if (form.changed === undefined) assert.fail("expected the form to say what changed")
      return form.changed
    }

    it.effect("unchanged: the confirmation begins and asks", () =>
      Effect.gen(function* () {
        const { flow } = yield* reviewed
        const { counts, step } = counted()
        const landed = yield* flow.confirm(step)
        assert.deepStrictEqual(landed?.state, { _tag: "Done", answer: "sent" })
        assert.deepStrictEqual(counts, { works: 1, requests: 1 })
      })
    )

    it.effect(
      "the network switched after the review: nothing begins, the form says the network changed",
      () =>
        Effect.gen(function* () {
          const { flow, networks } = yield* reviewed
          yield* SubscriptionRef.set(networks, {
            activeNamespace: "eip155",
            active: { eip155: { _tag: "Known", network: sandboxB } }
          })
          const { counts, step } = counted()
          const landed = yield* flow.confirm(step)
          assert.deepStrictEqual(counts, { works: 0, requests: 0 })
          const change = changedForm(yield* current(flow))
          assert.deepStrictEqual(
            [change.change, change.reviewed, change.active],
            ["network", "eip155:31337", "eip155:31338"]
          )
          assert.strictEqual(landed?.outcome._tag, "Failure")
          assert.instanceOf(
            landed?.outcome._tag === "Failure" ? landed.outcome.failure : undefined,
            ReviewChangedError
          )
          // The form is quoted again at once, as after back.
          assert.strictEqual((yield* quoted(flow)).quote, "A")
        })
    )

    it.effect("the account switched while the work waited: its request is never made", () =>
      Effect.gen(function* () {
        const { flow, connection } = yield* reviewed
        const gate = yield* Deferred.make<void>()
        const { counts, step } = counted(gate)
        const confirming = yield* Effect.forkChild(flow.confirm(step))
        yield* untilState(flow.state, (state): state is State => state._tag === "Confirming")
        yield* SubscriptionRef.update(connection, (now) => ({
          ...now,
          namespaces: connectedAs("eip155", BOB)
        }))
        yield* Deferred.succeed(gate, undefined)
        yield* Fiber.join(confirming)
        assert.deepStrictEqual(counts, { works: 1, requests: 0 })
        assert.strictEqual(changedForm(yield* current(flow)).change, "account")
      })
    )

    it.effect("the same account in another casing is the same account", () =>
      Effect.gen(function* () {
        const { flow, connection } = yield* reviewed
        yield* SubscriptionRef.update(connection, (now) => ({
          ...now,
          namespaces: connectedAs("eip155", ALICE.toLowerCase())
        }))
        const { counts, step } = counted()
        yield* flow.confirm(step)
        assert.deepStrictEqual(counts, { works: 1, requests: 1 })
      })
    )

    it.effect("a state bound to nothing is never confirmed", () =>
      Effect.gen(function* () {
        const { flow } = yield* toyFlow()
        yield* flow.edit(() => ({ text: "a" }))
        yield* flow.review({
          ...reviewStep(Effect.succeed("fine")),
          land: (_, draft) => ({ _tag: "Review", draft, review: "unbound" })
        })
        const { counts, step } = counted()
        assert.isUndefined(yield* flow.confirm(step))
        assert.deepStrictEqual(counts, { works: 0, requests: 0 })
        assert.strictEqual((yield* current(flow))._tag, "Review")
      })
    )
  })
})
