/**
 * The embedded-wallet frame's conversation (issue 14 item 2; THREATS.md T6, T7): forged greetings (another
 * origin, another window, another nonce, a bad shape, no port) and forged replies (an unknown id, a
 * replayed id, another request's name, a bad shape, an oversize body) are all dropped and counted; only
 * the frame's own greeting hands over the port, and only replies to waiting requests settle them. The
 * time-outs are SPEC.md §9's (TestClock). The two ends talk over a real MessageChannel.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as PubSub from "effect/PubSub"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import {
  awaitGreeting,
  FRAME_LOAD_TIMEOUT,
  type FrameChannel,
  openFrameChannel
} from "../../src/layers/embedded/frameChannel"
import {
  HELLO,
  type HelloRefusal,
  MAX_MESSAGE_LENGTH,
  type WindowMessage
} from "../../src/layers/embedded/frameProtocol"
import type { Subscribe } from "../../src/layers/platform/listen"
import { framePort } from "../kit/framePort"
import { untilState } from "../kit/waits"

const FRAME_ORIGIN = "https://frame.example"
const NONCE = "0123456789abcdef0123456789abcdef"
const frameWindow = { name: "the frame's window" }

/** The dropped count once it reaches `count` (the channel reads its port in its own fiber). */
const droppedOnce = (channel: FrameChannel, count: number) => untilState(channel.dropped, (n) => n >= count)

/** A window whose `message` listeners the test calls, as the browser would. */
const fakeWindow = () => {
  const listeners = new Set<(event: WindowMessage) => void>()
  return {
    messages: ((listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }) satisfies Subscribe<WindowMessage>,
    post: (event: WindowMessage) => {
      for (const listener of [...listeners]) listener(event)
    },
    listening: () => listeners.size
  }
}

describe("the frame's greeting", () => {
  it.effect(
    "only the frame's own window, origin and nonce hand over the port; every forgery is counted",
    () =>
      Effect.gen(function* () {
        const window = fakeWindow()
        const refused = yield* SubscriptionRef.make<Readonly<Partial<Record<HelloRefusal, number>>>>({})
        const count = (reason: HelloRefusal) =>
          SubscriptionRef.update(refused, (counts) => ({ ...counts, [reason]: (counts[reason] ?? 0) + 1 }))
        const port = { the: "port" }
        const waiting = yield* Effect.forkChild(
          awaitGreeting(window.messages, { origin: FRAME_ORIGIN, source: frameWindow, nonce: NONCE }, count)
        )
        yield* Effect.yieldNow
        const hello = { type: HELLO, nonce: NONCE }
        window.post({ origin: "https://evil.example", source: frameWindow, data: hello, ports: [port] })
        window.post({ origin: FRAME_ORIGIN, source: { another: "window" }, data: hello, ports: [port] })
        window.post({
          origin: FRAME_ORIGIN,
          source: frameWindow,
          data: { ...hello, nonce: "0".repeat(32) },
          ports: [port]
        })
        window.post({ origin: FRAME_ORIGIN, source: frameWindow, data: "HELLO", ports: [port] })
        window.post({
          origin: FRAME_ORIGIN,
          source: frameWindow,
          data: { ...hello, padding: "x".repeat(MAX_MESSAGE_LENGTH) },
          ports: [port]
        })
        window.post({ origin: FRAME_ORIGIN, source: frameWindow, data: hello, ports: [] })
        yield* Effect.yieldNow
        assert.isUndefined(waiting.pollUnsafe())
        window.post({ origin: FRAME_ORIGIN, source: frameWindow, data: hello, ports: [port] })
        assert.strictEqual(yield* Fiber.join(waiting), port)
        assert.deepStrictEqual(yield* SubscriptionRef.get(refused), {
          origin: 1,
          source: 1,
          nonce: 1,
          shape: 2,
          port: 1
        })
        assert.strictEqual(
          window.listening(),
          0,
          "the greeting listener is gone once the port is handed over"
        )
      })
  )

  it.effect("no greeting within 20 s: 'Network Error - Could not load embedded wallet'", () =>
    Effect.gen(function* () {
      const window = fakeWindow()
      const waiting = yield* Effect.forkChild(
        awaitGreeting(
          window.messages,
          { origin: FRAME_ORIGIN, source: frameWindow, nonce: NONCE },
          () => Effect.void
        )
      )
      yield* TestClock.adjust(Duration.subtract(FRAME_LOAD_TIMEOUT, Duration.millis(1)))
      assert.isUndefined(waiting.pollUnsafe())
      yield* TestClock.adjust(Duration.millis(1))
      const exit = yield* Fiber.await(waiting)
      assert.isTrue(Exit.isFailure(exit))
      const error = Option.getOrThrow(Exit.findErrorOption(exit))
      assert.strictEqual(error.message, "Network Error - Could not load embedded wallet")
      assert.strictEqual(window.listening(), 0)
    })
  )
})

describe("requests over the port", () => {
  it.effect(
    "a reply settles its own request once; forged, replayed, mismatched and oversize replies are dropped",
    () => {
      const frame = framePort()
      return Effect.gen(function* () {
        const channel = yield* openFrameChannel(frame.appPort)
        const asking = yield* Effect.forkChild(channel.request("GET_CHAIN_ID"))
        yield* frame.untilAsked(1)
        const [asked] = frame.asked
        assert.strictEqual(asked?.type, "@w3m-app/GET_CHAIN_ID")
        assert.match(asked?.id ?? "", /^[0-9a-f]{32}$/)
        const id = asked!.id
        frame.send({ type: "@w3m-frame/GET_CHAIN_ID_SUCCESS", id: "f".repeat(32), payload: { chainId: 666 } })
        frame.send({ type: "@w3m-frame/GET_USER_SUCCESS", id, payload: { chainId: 666 } })
        frame.send({
          type: "@w3m-frame/GET_CHAIN_ID_SUCCESS",
          id,
          payload: { chainId: "x".repeat(MAX_MESSAGE_LENGTH) }
        })
        frame.send({ type: "@w3m-app/GET_CHAIN_ID", id })
        frame.send(42)
        frame.send({ type: "@w3m-frame/GET_CHAIN_ID_SUCCESS", id, payload: { chainId: 31337 } })
        frame.send({ type: "@w3m-frame/GET_CHAIN_ID_SUCCESS", id, payload: { chainId: 1 } })
        assert.deepStrictEqual(yield* Fiber.join(asking), { chainId: 31337 })
        assert.strictEqual(yield* droppedOnce(channel, 6), 6, "five forgeries and one replay")
      }).pipe(Effect.scoped, Effect.ensuring(Effect.sync(frame.close)))
    }
  )

  it.effect("an error reply reads the frame's message, or 'An error occurred' without one", () => {
    const frame = framePort()
    return Effect.gen(function* () {
      const channel = yield* openFrameChannel(frame.appPort)
      const first = yield* Effect.forkChild(Effect.flip(channel.request("CONNECT_OTP", { otp: "123456" })))
      const second = yield* Effect.forkChild(Effect.flip(channel.request("SIGN_OUT")))
      yield* frame.untilAsked(2)
      // The two requests run in their own fibers: either may be posted first.
      const otp = frame.asked.find((asked) => asked.type === "@w3m-app/CONNECT_OTP")
      const signOut = frame.asked.find((asked) => asked.type === "@w3m-app/SIGN_OUT")
      assert.deepStrictEqual(otp?.payload, { otp: "123456" })
      frame.send({ type: "@w3m-frame/CONNECT_OTP_ERROR", id: otp!.id, payload: { message: "Invalid code" } })
      frame.send({ type: "@w3m-frame/SIGN_OUT_ERROR", id: signOut!.id })
      assert.strictEqual((yield* Fiber.join(first)).message, "Invalid code")
      assert.strictEqual((yield* Fiber.join(second)).message, "An error occurred")
    }).pipe(Effect.scoped, Effect.ensuring(Effect.sync(frame.close)))
  })

  it.effect("a login request unanswered for 30 s times out, and its late reply is dropped", () => {
    const frame = framePort()
    return Effect.gen(function* () {
      const channel = yield* openFrameChannel(frame.appPort)
      const asking = yield* Effect.forkChild(
        Effect.flip(channel.request("CONNECT_EMAIL", { email: "a@b.example" }, Duration.seconds(30)))
      )
      yield* frame.untilAsked(1)
      yield* TestClock.adjust(Duration.millis(29_999))
      assert.isUndefined(asking.pollUnsafe())
      yield* TestClock.adjust(Duration.millis(1))
      assert.strictEqual((yield* Fiber.join(asking)).message, "Embedded Wallet Request Timed Out")
      frame.send({
        type: "@w3m-frame/CONNECT_EMAIL_SUCCESS",
        id: frame.asked[0]!.id,
        payload: { action: "CONNECT" }
      })
      assert.strictEqual(yield* droppedOnce(channel, 1), 1)
    }).pipe(Effect.scoped, Effect.ensuring(Effect.sync(frame.close)))
  })

  it.effect("a wallet request given up on is aborted in the frame; its late answer is dropped", () => {
    const frame = framePort()
    return Effect.gen(function* () {
      const channel = yield* openFrameChannel(frame.appPort)
      const asking = yield* Effect.forkChild(
        channel.request("RPC_REQUEST", { method: "personal_sign", params: ["0x00", "0x01"] })
      )
      yield* frame.untilAsked(1)
      const { id } = frame.asked[0]!
      yield* Fiber.interrupt(asking)
      yield* frame.untilAsked(2)
      const abort = frame.asked[1]!
      assert.strictEqual(abort.type, "@w3m-app/RPC_ABORT")
      assert.deepStrictEqual(abort.payload, { id })
      frame.send({ type: "@w3m-frame/RPC_ABORT_SUCCESS", id: abort.id })
      frame.send({ type: "@w3m-frame/RPC_REQUEST_SUCCESS", id, payload: "0xsignature" })
      assert.strictEqual(yield* droppedOnce(channel, 1), 1)
    }).pipe(Effect.scoped, Effect.ensuring(Effect.sync(frame.close)))
  })

  it.effect("an error reply keeps the frame's EIP-1193 code: 4001 is the visitor's Reject", () => {
    const frame = framePort()
    return Effect.gen(function* () {
      const channel = yield* openFrameChannel(frame.appPort)
      const asking = yield* Effect.forkChild(Effect.flip(channel.request("RPC_REQUEST", { method: "x" })))
      yield* frame.untilAsked(1)
      frame.send({
        type: "@w3m-frame/RPC_REQUEST_ERROR",
        id: frame.asked[0]!.id,
        payload: { message: "User rejected the request", code: 4001 }
      })
      const error = yield* Fiber.join(asking)
      assert.strictEqual(error._tag === "FrameRequestError" && error.frameCode, 4001)
      assert.strictEqual(error.message, "User rejected the request")
    }).pipe(Effect.scoped, Effect.ensuring(Effect.sync(frame.close)))
  })

  it.effect("the frame's events reach subscribers; a session update without a token is dropped", () => {
    const frame = framePort()
    return Effect.gen(function* () {
      const channel = yield* openFrameChannel(frame.appPort)
      const events = yield* channel.events
      frame.send({ type: "@w3m-frame/READY", payload: { version: "4" } })
      frame.send({ type: "@w3m-frame/SESSION_UPDATE", payload: {} })
      frame.send({ type: "@w3m-frame/SESSION_UPDATE", payload: { token: "t" } })
      assert.deepStrictEqual(yield* PubSub.take(events), { _tag: "Ready", version: "4" })
      assert.deepStrictEqual(yield* PubSub.take(events), { _tag: "SessionUpdate", token: "t" })
      assert.strictEqual(yield* droppedOnce(channel, 1), 1)
    }).pipe(Effect.scoped, Effect.ensuring(Effect.sync(frame.close)))
  })
})
