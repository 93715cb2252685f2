/**
 * The one machine of the form flows (Send, Swap, Buy, Names): the visitor edits a draft, quoted again once
 * the typing pauses (a newer edit interrupts the older quote); a review prepares what confirming will do;
 * confirming does it, and the flow ends done or failed; back returns to the form, quoted anew. The machine
 * owns the state, its fibers and the transitions; each flow brings its rules: how a draft is checked and
 * quoted, what a review shows, how to confirm, and the states its view reads.
 */
import * as Effect from "effect/Effect"
import * as FiberHandle from "effect/FiberHandle"
import type * as Result from "effect/Result"
import type * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"

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
}

/** A step the visitor takes (a review, a confirmation): its rules. */
export interface Step<S, I, A, E> {
  /** The state the step shows at once from `state`, and what it works on; `undefined`: not from here. */
  readonly begin: (state: S) => { readonly working: S; readonly input: I } | undefined
  /** The work; `show` moves the state on while it runs (the approval, then the swap). */
  readonly work: (input: I, show: (state: S) => Effect.Effect<void>) => Effect.Effect<A, E>
  /** Where the outcome leads: its failure stays the flow's typed error. */
  readonly land: (outcome: Result.Result<A, E>, input: I) => S
}

/** A step's outcome where it landed: the state it led to, and what its work answered. */
export interface Landed<S, A, E> {
  readonly state: S
  readonly outcome: Result.Result<A, E>
}

export interface FormFlow<S extends Tagged, D> {
  readonly state: SubscriptionRef.SubscriptionRef<S>
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
   * Confirms: once at a time (a second call finds the step under way and does nothing), and its outcome
   * always lands. Answers where it landed, if the step began.
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
): Effect.Effect<FormFlow<S, D>, never, Scope.Scope> =>
  Effect.gen(function* () {
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

    /** A step: begun at once (so never twice), worked, landed (while it still shows, for a review). */
    const take =
      (whileShown: boolean) =>
      <I, A, E>(step: Step<S, I, A, E>): Effect.Effect<Landed<S, A, E> | undefined> =>
        Effect.gen(function* () {
          const begun = yield* SubscriptionRef.modify(
            state,
            (current): readonly [{ readonly working: S; readonly input: I } | undefined, S] => {
              const next = step.begin(current)
              return next === undefined ? [undefined, current] : [next, next.working]
            }
          )
          if (begun === undefined) return undefined
          let shown = begun.working
          const show = (next: S) =>
            SubscriptionRef.update(state, (now) => {
              if (whileShown && now !== shown) return now
              shown = next
              return next
            })
          const outcome = yield* Effect.result(step.work(begun.input, show))
          const landed = step.land(outcome, begun.input)
          return yield* SubscriptionRef.modify(state, (now): readonly [Landed<S, A, E> | undefined, S] =>
            whileShown && now !== shown ? [undefined, now] : [{ state: landed, outcome }, landed]
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

    return { state, start, edit, review: take(true), confirm: take(false), back, watch, follow }
  })
