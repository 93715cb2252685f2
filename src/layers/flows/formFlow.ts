/**
 * The one machine of the form flows (Send, Swap, Buy, Names): the visitor edits a draft, quoted again once
 * the typing pauses (a newer edit interrupts the older quote); a review prepares what confirming will do;
 * confirming does it, and the flow ends done or failed; back returns to the form, quoted anew. The machine
 * owns the state, its fibers and the transitions; each flow brings its rules: how a draft is checked and
 * quoted, what a review shows, how to confirm, what a state is bound to, and the states its view reads.
 *
 * The binding rule (`reviewBinding.ts`): a step taken from a state bound to a namespace, network and
 * account begins only while those are the active ones, and its work re-checks them before each request it
 * makes (`bound`); a confirmation needs a bound state. On a change nothing more is asked of the wallet: the
 * flow goes where its `changed` rule says (the form again, with the change as its notice).
 */
import * as Effect from "effect/Effect"
import * as FiberHandle from "effect/FiberHandle"
import * as Result from "effect/Result"
import type * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { ReviewChangedError } from "../../errors"
import { Connection } from "../../services/Connection"
import { Networks } from "../../services/Networks"
import type { ReviewBinding } from "../../services/Send"
import { activeBinding, bindingChange } from "./reviewBinding"

type Tagged = { readonly _tag: string }

/** The state in which the visitor edits the form: every form flow names it `Editing`. */
export type Editing<S extends Tagged> = Extract<S, { readonly _tag: "Editing" }>

/** The form's part of a flow's rules. */
export interface FormRules<S extends Tagged, D> {
  /** What the visitor typed: a string or a flat record, compared field by field. */
  readonly draftOf: (editing: Editing<S>) => D
  /** The form with an edited draft, as it shows until its quote lands. */
  readonly edited: (editing: Editing<S>, draft: D) => Editing<S>
  /** The form an edit starts from in `state`; by default only a form being edited is. */
  readonly editable?: (state: S) => Editing<S> | undefined
  /**
   * How the form is quoted once typing pauses for `pauseMs`: what `run` answers lands in the form if its
   * draft did not change meanwhile. A flow without it is checked when reviewed.
   */
  readonly quote?: {
    readonly pauseMs: number
    readonly run: (editing: Editing<S>) => Effect.Effect<(now: Editing<S>) => Editing<S>>
  }
  /** What a state is bound to, and where the flow goes when that is no longer what is active. */
  readonly binding: {
    /** The namespace, network and account `state` was made for; `undefined`: a state bound to none. */
    readonly of: (state: S) => ReviewBinding | undefined
    /** Where the flow goes from `state` once `change` is found: the form again, `change` its notice. */
    readonly changed: (state: S, change: ReviewChangedError) => Effect.Effect<S>
  }
}

/** A step the visitor takes (a review, a confirmation): its rules. */
export interface Step<S, I, A, E> {
  /** The state the step shows at once from `state`, and what it works on; `undefined`: not from here. */
  readonly begin: (state: S) => { readonly working: S; readonly input: I } | undefined
  /**
   * The work; `show` moves the state on while it runs (the approval, then the swap); `bound` fails when the
   * namespace, network or account the step's state was bound to is no longer the active one: the work
   * runs it right before each request it makes, and its failure takes the flow to its `changed` rule.
   */
  readonly work: (
    input: I,
    show: (state: S) => Effect.Effect<void>,
    bound: Effect.Effect<void, ReviewChangedError>
  ) => Effect.Effect<A, E | ReviewChangedError>
  /** Where the outcome leads: its failure stays the flow's typed error. */
  readonly land: (outcome: Result.Result<A, E>, input: I) => S
}

/**
 * A step's outcome where it landed: the state it led to, and what its work answered (a `ReviewChangedError`
 * when what the state was bound to changed).
 */
export interface Landed<S, A, E> {
  readonly state: S
  readonly outcome: Result.Result<A, E | ReviewChangedError>
}

export interface FormFlow<S extends Tagged, D> {
  readonly state: SubscriptionRef.SubscriptionRef<S>
  /** What a review made now is for: the active namespace, its network and account (`reviewBinding.ts`). */
  readonly active: Effect.Effect<ReviewBinding | undefined>
  /** A new form: what ran for the last one stops (its quote, its watch), then `open` says where it begins. */
  readonly start: (open: Effect.Effect<S>) => Effect.Effect<void>
  /** Edits the draft; a changed draft is quoted again once the typing pauses. */
  readonly edit: (change: (draft: D) => D) => Effect.Effect<void>
  /**
   * Prepares a review: its outcome lands only while the step still shows, as the visitor may have gone
   * back meanwhile. Answers where it landed, if it did.
   */
  readonly review: <I, A, E>(step: Step<S, I, A, E>) => Effect.Effect<Landed<S, A, E> | undefined>
  /**
   * Confirms, from a bound state only: once at a time (a second call finds the step under way and does
   * nothing), and its outcome always lands. Answers where it landed, if the step began or found a change.
   */
  readonly confirm: <I, A, E>(step: Step<S, I, A, E>) => Effect.Effect<Landed<S, A, E> | undefined>
  /** Back to the form `to` gives for the state (nothing when none), stopping the watch; quoted at once. */
  readonly back: (to: (state: S) => Editing<S> | undefined) => Effect.Effect<void>
  /** Work that follows a step in the background (Buy awaiting the purchase), stopped by start and back. */
  readonly watch: (work: Effect.Effect<void>) => Effect.Effect<void>
  /** Keeps the form in step with `updates` (balances that arrive while it shows) for the layer's life. */
  readonly follow: (
    updates: Stream.Stream<(editing: Editing<S>) => Editing<S>>
  ) => Effect.Effect<void, never, Scope.Scope>
}

/** Two drafts alike: the same string, or records with the same fields. */
const sameDraft = (a: unknown, b: unknown): boolean => {
  if (a === b) return true
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  return [...keys].every((key) => Reflect.get(a, key) === Reflect.get(b, key))
}

const isEditing = <S extends Tagged>(state: S): state is Editing<S> => state._tag === "Editing"

/** The machine over `state`, which the flow's layer made (the view reads it before the flow loads). */
export const makeFormFlow = <S extends Tagged, D>(
  state: SubscriptionRef.SubscriptionRef<S>,
  rules: FormRules<S, D>
): Effect.Effect<FormFlow<S, D>, never, Scope.Scope | Connection | Networks> =>
  Effect.gen(function* () {
    const connection = yield* Connection
    const networks = yield* Networks
    const quoting = yield* FiberHandle.make<void, never>()
    const watching = yield* FiberHandle.make<void, never>()
    const editable = rules.editable ?? ((current: S) => (isEditing(current) ? current : undefined))

    /** Quotes the form as it is after `pauseMs`, interrupting a quote still on its way. */
    const requote = (pauseMs: number): Effect.Effect<void> => {
      const quote = rules.quote
      if (quote === undefined) return Effect.void
      return FiberHandle.run(
        quoting,
        Effect.gen(function* () {
          yield* Effect.sleep(pauseMs)
          const asked = yield* SubscriptionRef.get(state)
          if (!isEditing(asked)) return
          const settle = yield* quote.run(asked)
          // Only the draft still typed takes the answer.
          yield* SubscriptionRef.update(state, (now) =>
            isEditing(now) && sameDraft(rules.draftOf(now), rules.draftOf(asked)) ? settle(now) : now
          )
        })
      ).pipe(Effect.asVoid)
    }

    const start = (open: Effect.Effect<S>) =>
      Effect.gen(function* () {
        yield* FiberHandle.clear(watching)
        yield* FiberHandle.clear(quoting)
        yield* SubscriptionRef.set(state, yield* open)
      })

    const edit = (change: (draft: D) => D) =>
      Effect.gen(function* () {
        const changed = yield* SubscriptionRef.modify(state, (current): readonly [boolean, S] => {
          const form = editable(current)
          if (form === undefined) return [false, current]
          const draft = change(rules.draftOf(form))
          // An edit that changes nothing leaves the form, and its quote, as they are.
          if (form === current && sameDraft(draft, rules.draftOf(form))) return [false, current]
          return [true, rules.edited(form, draft)]
        })
        if (changed) yield* requote(rules.quote?.pauseMs ?? 0)
      })

    /** What Networks and Connection hold now. */
    const activeStates = Effect.all([
      SubscriptionRef.get(networks.state),
      SubscriptionRef.get(connection.state)
    ])

    const active = Effect.map(activeStates, ([networksNow, connectionNow]) =>
      activeBinding(networksNow, connectionNow)
    )

    /** Fails with what changed since `bound` was made, if anything did. */
    const unchangedSince = (bound: ReviewBinding) =>
      Effect.flatMap(activeStates, ([networksNow, connectionNow]) => {
        const change = bindingChange(bound, networksNow, connectionNow)
        return change === undefined ? Effect.void : Effect.fail(change)
      })

    /** The flow after `change`: what ran for the old binding stops, and the `changed` rule says where. */
    const rebind = (from: S, change: ReviewChangedError) =>
      Effect.gen(function* () {
        yield* FiberHandle.clear(watching)
        yield* FiberHandle.clear(quoting)
        const next = yield* rules.binding.changed(from, change)
        yield* SubscriptionRef.set(state, next)
        yield* requote(0)
        return next
      })

    type Begun<I> =
      | {
          readonly _tag: "Begun"
          readonly working: S
          readonly input: I
          readonly bound: ReviewBinding | undefined
        }
      | { readonly _tag: "Changed"; readonly from: S; readonly change: ReviewChangedError }

    /**
     * A step: begun at once (so never twice) while what its state is bound to is active, worked, landed
     * (while it still shows, for a review); a change found at the start or by `bound` lands `changed`'s.
     */
    const take =
      (whileShown: boolean) =>
      <I, A, E>(step: Step<S, I, A, E>): Effect.Effect<Landed<S, A, E> | undefined> =>
        Effect.gen(function* () {
          const [networksNow, connectionNow] = yield* activeStates
          const begun = yield* SubscriptionRef.modify(
            state,
            (current): readonly [Begun<I> | undefined, S] => {
              const next = step.begin(current)
              if (next === undefined) return [undefined, current]
              const bound = rules.binding.of(current)
              // Nothing is confirmed that was not made for a namespace, a network and an account.
              if (bound === undefined && !whileShown) return [undefined, current]
              const change =
                bound === undefined ? undefined : bindingChange(bound, networksNow, connectionNow)
              return change === undefined
                ? [{ _tag: "Begun", ...next, bound }, next.working]
                : [{ _tag: "Changed", from: current, change }, current]
            }
          )
          if (begun === undefined) return undefined
          if (begun._tag === "Changed")
            return { state: yield* rebind(begun.from, begun.change), outcome: Result.fail(begun.change) }
          const { bound } = begun
          let shown = begun.working
          const show = (next: S) =>
            SubscriptionRef.update(state, (now) => {
              if (whileShown && now !== shown) return now
              shown = next
              return next
            })
          const unchanged = bound === undefined ? Effect.void : unchangedSince(bound)
          const outcome = yield* Effect.result(step.work(begun.input, show, unchanged))
          let settled: Result.Result<A, E>
          if (outcome._tag === "Success") settled = Result.succeed(outcome.success)
          else if (outcome.failure instanceof ReviewChangedError) {
            const change = outcome.failure
            if (whileShown && (yield* SubscriptionRef.get(state)) !== shown) return undefined
            return { state: yield* rebind(shown, change), outcome: Result.fail(change) }
          } else settled = Result.fail(outcome.failure)
          const landed = step.land(settled, begun.input)
          return yield* SubscriptionRef.modify(state, (now): readonly [Landed<S, A, E> | undefined, S] =>
            whileShown && now !== shown ? [undefined, now] : [{ state: landed, outcome: settled }, landed]
          )
        })

    const back = (to: (current: S) => Editing<S> | undefined) =>
      Effect.gen(function* () {
        const moved = yield* SubscriptionRef.modify(state, (current): readonly [boolean, S] => {
          const form = to(current)
          return form === undefined ? [false, current] : [true, form]
        })
        if (!moved) return
        yield* FiberHandle.clear(watching)
        yield* requote(0)
      })

    const watch = (work: Effect.Effect<void>) => FiberHandle.run(watching, work).pipe(Effect.asVoid)

    const follow = (updates: Stream.Stream<(editing: Editing<S>) => Editing<S>>) =>
      updates.pipe(
        Stream.runForEach((update) =>
          SubscriptionRef.update(state, (current) => (isEditing(current) ? update(current) : current))
        ),
        Effect.forkScoped,
        Effect.asVoid
      )

    return { state, active, start, edit, review: take(true), confirm: take(false), back, watch, follow }
  })
