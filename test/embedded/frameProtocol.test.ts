import * as Option from "effect/Option"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { appEnvelope, newRequestId, readFrameMessage } from "../../src/layers/embedded/frameProtocol"

describe("the frame protocol's envelopes", () => {
  it("never throws on what a port may carry, and reads nothing but the frame's own envelopes", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(() => readFrameMessage(value)).not.toThrow()
      }),
      { numRuns: 1000 }
    )
    const id = newRequestId()
    expect(readFrameMessage(appEnvelope("GET_USER", id, {}))).toEqual(Option.none())
    expect(readFrameMessage({ type: "@w3m-frame/NOT_A_REQUEST_SUCCESS", id })).toEqual(Option.none())
    expect(readFrameMessage({ type: "@w3m-frame/GET_USER_SUCCESS" })).toEqual(Option.none())
    expect(readFrameMessage({ type: "@w3m-frame/GET_USER_SUCCESS", id: "short" })).toEqual(Option.none())
    expect(readFrameMessage({ type: "@w3m-frame/GET_USER_ERROR", id, payload: { message: "No" } })).toEqual(
      Option.some({ _tag: "Reply", reply: { _tag: "Error", id, request: "GET_USER", message: "No" } })
    )
  })

  it("makes 128-bit ids from the CSPRNG, never the same twice in 10 000", () => {
    const ids = new Set(Array.from({ length: 10_000 }, newRequestId))
    expect(ids.size).toBe(10_000)
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/)
  })
})
