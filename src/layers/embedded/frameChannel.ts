/**
 * The app's end of the embedded-wallet frame's conversation (`frameProtocol` has the rules):
 * the greeting that hands over the port, then requests and replies on that port alone. Messages enter
 * Effect through `listen` into a bounded dropping inbox, read in order; replies are matched to pending
 * requests by id and name, and a reply to an unknown, finished or abandoned id is dropped and counted,
 * like every message of the wrong shape. Loaded with the embedded wallet, never with the first paint.
 */
import * as Deferred from "effect/Deferred"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as PubSub from "effect/PubSub"
import * as Queue from "effect/Queue"
import * as Ref from "effect/Ref"
import type * as Scope from "effect/Scope"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { FrameLoadError, FrameRequestError, FrameTimeoutError } from "../../errors"
import type { AppRequest, FrameEvent } from "../../services/EmbeddedWalletBridge"
import { eventsOf, listen, type Subscribe } from "../platform/listen"
import {
  acceptHello,
  appEnvelope,
  type HelloExpectations,
  type HelloRefusal,
  newRequestId,
  readFrameMessage,
  type WindowMessage,
  withinBound
} from "./frameProtocol"
import { frameReasonOf } from "./frameReasons"

/** The frame must greet within this (SPEC.md §9: frame load time-out). */
export const FRAME_LOAD_TIMEOUT = Duration.millis(20_000)
/** An abort's own reply is waited for this long, so that it is not counted as a stray message. */
const ABORT_REPLY_WAIT_MS = 5_000
/** Messages waiting to be read; past this, the frame's flood is dropped. */
const INBOX_CAPACITY = 256

/** What the channel uses of a `MessagePort`. */
export interface FramePort {
  readonly postMessage: (message: unknown) => void
  readonly addEventListener: (type: "message", listener: (event: { readonly data: unknown }) => void) => void
  readonly removeEventListener: (
    type: "message",
    listener: (event: { readonly data: unknown }) => void
  ) => void
  readonly start: () => void
  readonly close: () => void
}

/** The app's window messages (the frame's greeting, the social login popup's result). */
export const windowMessages: Subscribe<WindowMessage> = (listener) =>
  eventsOf<"message", MessageEvent>(window, "message")(listener)

/**
 * The first of `messages` that `accept` answers with a value (an answer of `undefined` drops the message),
 * read in order through a bounded dropping inbox while the scope lasts: for the frame's greeting and the
 * social login popup's result alike.
 */
export const firstWindowMessage = <A>(
  messages: Subscribe<WindowMessage>,
  accept: (event: WindowMessage) => Effect.Effect<A | undefined>,
  capacity = INBOX_CAPACITY
): Effect.Effect<A, never, Scope.Scope> =>
  Effect.gen(function* () {
    const inbox = yield* Queue.make<WindowMessage>({ capacity, strategy: "dropping" })
    yield* listen(messages, (event) => Effect.asVoid(Queue.offer(inbox, event)))
    const next: Effect.Effect<A> = Effect.flatMap(Queue.take(inbox), (event) =>
      Effect.flatMap(accept(event), (value) => (value === undefined ? next : Effect.succeed(value)))
    )
    return yield* next
  })

/**
 * The port the frame hands over with its greeting, from its exact origin and window with the nonce;
 * every other greeting is dropped and handed to `refused` with the reason. No greeting in 20 s is 'Network Error -
 * Could not load embedded wallet'.
 */
export const awaitGreeting = <Port>(
  messages: Subscribe<WindowMessage>,
  expected: HelloExpectations,
  refused: (reason: HelloRefusal) => Effect.Effect<void>
): Effect.Effect<Port, FrameLoadError> =>
  firstWindowMessage(messages, (event) => {
    const verdict = acceptHello<Port>(event, expected)
    return verdict.ok ? Effect.succeed(verdict.port) : Effect.as(refused(verdict.reason), undefined)
  }).pipe(
    Effect.scoped,
    Effect.timeoutOrElse({
      duration: FRAME_LOAD_TIMEOUT,
      orElse: () => Effect.fail(new FrameLoadError({ cause: "no greeting from the frame" }))
    })
  )

type Pending = ReadonlyMap<
  string,
  { readonly request: AppRequest; readonly reply: Deferred.Deferred<unknown, FrameRequestError> }
>

export interface FrameChannel {
  /**
   * Asks the frame and waits for its reply, at most `timeout` when given ('Embedded Wallet Request Timed
   * Out'); an error reply is `FrameRequestError` (its text, or 'An error occurred'). Interrupting it
   * forgets the id: a late reply is dropped.
   */
  readonly request: (
    request: AppRequest,
    payload?: unknown,
    timeout?: Duration.Duration
  ) => Effect.Effect<unknown, FrameRequestError | FrameTimeoutError>
  /** The frame's own events (ready, session update) from now on, for as long as the scope lasts. */
  readonly events: Effect.Effect<PubSub.Subscription<FrameEvent>, never, Scope.Scope>
  /** Messages on the port that were dropped: another shape, or a reply no request waits for. */
  readonly dropped: SubscriptionRef.SubscriptionRef<number>
}

/** The messages' data on `port`, which opens with the first listener and closes with it. */
const portMessages =
  (port: FramePort): Subscribe<unknown> =>
  (listener) => {
    const onMessage = (event: { readonly data: unknown }) => listener(event.data)
    port.addEventListener("message", onMessage)
    port.start()
    return () => {
      port.removeEventListener("message", onMessage)
      port.close()
    }
  }

/** Talks to the frame over `port` until the scope closes, which closes the port. */
export const openFrameChannel = (port: FramePort): Effect.Effect<FrameChannel, never, Scope.Scope> =>
  Effect.gen(function* () {
    const pending = yield* Ref.make<Pending>(new Map())
    const dropped = yield* SubscriptionRef.make(0)
    const events = yield* PubSub.unbounded<FrameEvent>()
    const drop = SubscriptionRef.update(dropped, (n) => n + 1)

    const settle = (data: unknown) => {
      const message = readFrameMessage(data)
      if (Option.isNone(message)) return drop
      if (message.value._tag === "Event") return Effect.asVoid(PubSub.publish(events, message.value.event))
      const reply = message.value.reply
      return Effect.flatMap(
        Ref.modify(pending, (map) => {
          const waiting = map.get(reply.id)
          if (waiting === undefined || waiting.request !== reply.request) return [undefined, map] as const
          const rest = new Map(map)
          rest.delete(reply.id)
          return [waiting, rest] as const
        }),
        (waiting) => {
          if (waiting === undefined) return drop
          return reply._tag === "Success"
            ? Deferred.succeed(waiting.reply, reply.payload)
            : Deferred.fail(
                waiting.reply,
                new FrameRequestError({
                  request: reply.request,
                  reason: frameReasonOf(reply.message, reply.code),
                  frameMessage: reply.message,
                  frameCode: reply.code
                })
              )
        }
      )
    }
    const inbox = yield* Queue.make<unknown>({ capacity: INBOX_CAPACITY, strategy: "dropping" })
    yield* listen(portMessages(port), (data) => Effect.asVoid(Queue.offer(inbox, data)))
    yield* Effect.forkScoped(Effect.forever(Effect.flatMap(Queue.take(inbox), settle)))

    const forget = (id: string) =>
      Ref.update(pending, (map) => {
        const rest = new Map(map)
        rest.delete(id)
        return rest
      })

    const request: FrameChannel["request"] = (name, payload, timeout) =>
      Effect.gen(function* () {
        if (payload !== undefined && !withinBound(payload))
          return yield* Effect.fail(new FrameRequestError({ request: name }))
        const id = newRequestId()
        const reply = yield* Deferred.make<unknown, FrameRequestError>()
        yield* Ref.update(pending, (map) => new Map(map).set(id, { request: name, reply }))
        const answer = Effect.andThen(
          Effect.sync(() => port.postMessage(appEnvelope(name, id, payload))),
          Deferred.await(reply)
        )
        const bounded =
          timeout === undefined
            ? answer
            : Effect.timeoutOrElse(answer, {
                duration: timeout,
                orElse: () =>
                  Effect.fail(new FrameTimeoutError({ request: name, timeoutMs: Duration.toMillis(timeout) }))
              })
        // Whatever ended the wait (a reply, a time-out, an abort), the id is done with: a late reply drops.
        // A wallet request given up on is taken off the frame's approval screen too.
        return yield* bounded.pipe(
          Effect.ensuring(forget(id)),
          Effect.onInterrupt(() => (name === "RPC_REQUEST" ? abort(id) : Effect.void))
        )
      })

    /** Tells the frame a wallet request is abandoned; its answer is not awaited by anyone. */
    const abort = (id: string): Effect.Effect<void> =>
      Effect.asVoid(
        Effect.forkDetach(Effect.ignore(request("RPC_ABORT", { id }, Duration.millis(ABORT_REPLY_WAIT_MS))))
      )

    return { request, events: PubSub.subscribe(events), dropped } satisfies FrameChannel
  })
