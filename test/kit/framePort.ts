/**
 * The embedded wallet frame's end of a real `MessageChannel`, as the frame tests play it: it records what
 * the app asks over the port and lets a test await it; the app's end is `appPort`.
 */
import type { FramePort } from "../../src/layers/embedded/frameChannel"
import { HELLO } from "../../src/layers/embedded/frameProtocol"
import { untilNotifiedEffect } from "./waits"

/** What the app asked the frame: a request's type, its id and payload. */
export interface Asked {
  readonly type: string
  readonly id: string
  readonly payload?: unknown
}

export const framePort = () => {
  const channel = new MessageChannel()
  const asked: Array<Asked> = []
  const heard = (listener: () => void) => {
    channel.port2.addEventListener("message", listener)
    return () => channel.port2.removeEventListener("message", listener)
  }
  channel.port2.addEventListener("message", (event) => asked.push(event.data))
  channel.port2.start()
  return {
    /** The app's end, handed over in the frame's greeting. */
    appPort: channel.port1 as unknown as FramePort,
    asked,
    /** Waits until the frame has been asked `count` things. */
    untilAsked: (count: number) => untilNotifiedEffect(heard, () => asked.length === count),
    send: (message: unknown) => channel.port2.postMessage(message),
    close: () => channel.port2.close()
  }
}

/**
 * The frame's greeting to the app, as `frame` (at `origin`) sends it once loaded, with a new port; the
 * overrides forge it (another origin, window or nonce).
 */
export const greetFrame = (
  frame: HTMLIFrameElement,
  origin: string,
  overrides: { readonly origin?: string; readonly source?: unknown; readonly nonce?: string } = {}
) => {
  const nonce = new URL(frame.src).hash.replace("#nonce=", "")
  const port = framePort()
  window.dispatchEvent(
    new MessageEvent("message", {
      data: { type: HELLO, nonce: overrides.nonce ?? nonce },
      origin: overrides.origin ?? origin,
      source: (overrides.source ?? frame.contentWindow) as never,
      ports: [port.appPort as never]
    })
  )
  return port
}

/**
 * The frame's window must exist (it is the greeting's expected source): its page is an empty one served by
 * happy-dom's fetch interceptor, so nothing leaves the machine. Call in `beforeAll` of a happy-dom file.
 */
export const serveEmptyFramePages = () => {
  Reflect.set(Reflect.get(Reflect.get(window, "happyDOM"), "settings").fetch, "interceptor", {
    beforeAsyncRequest: async () =>
      new Response("<!doctype html><title>frame</title>", { headers: { "content-type": "text/html" } })
  })
}
