// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest"
import { afterNextPaint, whenIdle } from "../../src/react/modal/element/frames"

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe("when the page's own work comes first", () => {
  it("runs a task after the next frame, in a task of its own; cancelled, never", () => {
    vi.useFakeTimers({
      toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame"]
    })
    const ran: Array<string> = []
    afterNextPaint(() => ran.push("after paint"))
    const cancel = afterNextPaint(() => ran.push("cancelled"))
    cancel()
    expect(ran).toEqual([])
    vi.advanceTimersToNextFrame()
    expect(ran).toEqual([])
    vi.runAllTimers()
    expect(ran).toEqual(["after paint"])
  })

  it("runs it in the next task where the page has no frames (a test DOM without requestAnimationFrame)", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] })
    vi.stubGlobal("requestAnimationFrame", undefined)
    const ran: Array<string> = []
    afterNextPaint(() => ran.push("next task"))
    expect(ran).toEqual([])
    vi.runAllTimers()
    expect(ran).toEqual(["next task"])
  })

  it("runs an idle task by its timeout at the latest where the page has no idle callbacks", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] })
    vi.stubGlobal("requestIdleCallback", undefined)
    const ran: Array<string> = []
    whenIdle(() => ran.push("idle"), 2000)
    vi.advanceTimersByTime(199)
    expect(ran).toEqual([])
    vi.advanceTimersByTime(1)
    expect(ran).toEqual(["idle"])
  })
})
