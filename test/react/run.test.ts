import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { MethodNotAllowedError, UserRejectedRequestError } from "../../src/errors"
import { attempt } from "../../src/react/modal/bridge/run"
import { presentFailure } from "../../src/react/modal/element/failure"

const runtime = ManagedRuntime.make(Layer.empty)

describe("a port's result", () => {
  it("settles with the service's typed error as it is: nothing is presented on the way", async () => {
    const error = new MethodNotAllowedError({ method: "eth_sign" })
    const result = await attempt(runtime)(Effect.fail(error))
    assert.deepStrictEqual(result, { _tag: "Failure", error })
    if (result._tag === "Failure") assert.strictEqual(result.error, error)
    assert.deepStrictEqual(await attempt(runtime)(Effect.succeed(1)), { _tag: "Success", value: 1 })
  })

  it("keeps a defect for the host as it was thrown", async () => {
    const bug = new Error("a bug")
    const result = await attempt(runtime)(Effect.die(bug))
    assert.deepStrictEqual(result, { _tag: "Defect", defect: bug })
  })

  it("the view presents a failure in the catalogue's words, and a defect in the generic ones", () => {
    assert.deepStrictEqual(
      presentFailure({
        _tag: "Failure",
        error: new UserRejectedRequestError({ code: 4001, message: "User rejected.", cause: undefined })
      }),
      {
        kind: "toast",
        message: "Request rejected in wallet",
        delayMs: 0,
        variant: "info"
      }
    )
    assert.deepStrictEqual(presentFailure({ _tag: "Defect", defect: new Error("a bug") }), {
      kind: "toast",
      message: "Something went wrong",
      delayMs: 0,
      variant: "error"
    })
  })
})
