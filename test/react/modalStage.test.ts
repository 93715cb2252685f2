import { describe, expect, it } from "vitest"
import type * as ConnectStage from "../../src/react/modal/element/connectStage"
import { makeModalStage } from "../../src/react/modal/element/modalStage"
import { untilNotified } from "../kit/waits"

type Stage = typeof ConnectStage

/** A fetch the test settles itself, counting how often the stage was asked for. */
const controlledFetch = () => {
  const asked: Array<{ resolve: (stage: Stage) => void; reject: (error: unknown) => void }> = []
  const fetchStage = () =>
    new Promise<Stage>((resolve, reject) => {
      asked.push({ resolve, reject })
    })
  return { asked, fetchStage }
}

const fakeStage = { modalCss: ":host { color: red }", ModalApp: () => null } as unknown as Stage

describe("the modal's interface, out of the first paint", () => {
  it("is fetched once, however many ask, and its stylesheet is adopted before it is ready", async () => {
    const { asked, fetchStage } = controlledFetch()
    const added: Array<string> = []
    const stage = makeModalStage((css) => added.push(css), fetchStage)
    expect(stage.status()._tag).toBe("Idle")
    stage.load()
    stage.load()
    expect(stage.status()._tag).toBe("Loading")
    expect(asked).toHaveLength(1)
    const readyWith: Array<ReadonlyArray<string>> = []
    stage.subscribe(() => readyWith.push([...added]))
    asked[0]?.resolve(fakeStage)
    await untilNotified(stage.subscribe, () => stage.status()._tag === "Ready")
    expect(readyWith).toEqual([[fakeStage.modalCss]])
    stage.load()
    expect(asked).toHaveLength(1)
  })

  it("a failed fetch is asked again by the next load", async () => {
    const { asked, fetchStage } = controlledFetch()
    const added: Array<string> = []
    const stage = makeModalStage((css) => added.push(css), fetchStage)
    stage.load()
    asked[0]?.reject(new Error("chunk missing"))
    await untilNotified(stage.subscribe, () => stage.status()._tag === "Failed")
    expect(added).toEqual([])
    stage.load()
    expect(asked).toHaveLength(2)
    asked[1]?.resolve(fakeStage)
    await untilNotified(stage.subscribe, () => stage.status()._tag === "Ready")
    expect(added).toEqual([fakeStage.modalCss])
  })

  it("a loader that throws instead of rejecting is a failed fetch", async () => {
    const stage = makeModalStage(
      () => {},
      () => {
        throw new Error("no dynamic import here")
      }
    )
    stage.load()
    await untilNotified(stage.subscribe, () => stage.status()._tag === "Failed")
    expect(stage.status()._tag).toBe("Failed")
  })

  it("the real stage brings the dialog and a stylesheet for the shadow root", async () => {
    const added: Array<string> = []
    const stage = makeModalStage((css) => added.push(css))
    stage.load()
    await untilNotified(stage.subscribe, () => stage.status()._tag !== "Loading")
    const status = stage.status()
    expect(status._tag).toBe("Ready")
    if (status._tag === "Ready") expect(typeof status.stage.ModalApp).toBe("function")
    expect(added[0]).toContain(":host")
  })
})
