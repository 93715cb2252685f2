import { assert, describe, it } from "@effect/vitest"
import {
  BalanceUnavailableError,
  ChainMismatchError,
  InvalidAppConfigurationError,
  type InvalidAppConfigurationReason,
  MethodNotAllowedError,
  RequestPendingError,
  SessionExpiredError,
  UserRejectedRequestError
} from "../src/errors"
import { present } from "../src/presentation"
import { allCases } from "./errorCatalogue"
import { wallet } from "./errorCatalogueCore"

describe("present: the SPEC.md §8 catalogue", () => {
  for (const { error, message, shown } of allCases) {
    it(`${error._tag}: ${shown.kind} '${shown.message}' after ${shown.delayMs} ms`, () => {
      const presentation = present(error)
      assert.strictEqual(presentation.kind, shown.kind)
      assert.strictEqual(presentation.message, shown.message)
      assert.strictEqual(presentation.delayMs, shown.delayMs)
      assert.strictEqual(error.message, message)
    })
  }

  it("a value outside the union (a bug) shows its bounded message or a generic toast, whatever its tag", () => {
    const outside = (value: object) => present(value as never)
    for (const tag of ["constructor", "__proto__", "toString", "hasOwnProperty", "NoSuchError", 42]) {
      assert.deepStrictEqual(outside({ _tag: tag }), {
        kind: "toast",
        message: "Something went wrong",
        delayMs: 0,
        variant: "error"
      })
    }
    assert.strictEqual(outside({ _tag: "constructor", message: "Readable" }).message, "Readable")
    assert.strictEqual(
      outside({ _tag: "NoSuchError", message: "x".repeat(10_000) }).message,
      "Something went wrong"
    )
  })

  it("names each class after its _tag (<Subject><Problem>Error)", () => {
    for (const { error } of allCases) {
      assert.strictEqual(Object.getPrototypeOf(error).constructor.name, error._tag)
      assert.match(error._tag, /^[A-Z][A-Za-z]+Error$/)
      assert.instanceOf(error, Error)
    }
  })

  it("alerts are errors and carry a description", () => {
    for (const { error } of allCases) {
      const presentation = present(error)
      if (presentation.kind === "alert") {
        assert.strictEqual(presentation.variant, "error")
        assert.isString(presentation.description)
      }
    }
  })

  it("Session Expired tells the visitor to check the device's time settings and reconnect", () => {
    const { description } = present(new SessionExpiredError({}))
    assert.match(description ?? "", /time settings/i)
    assert.match(description ?? "", /reconnect/i)
  })

  it("Invalid App Configuration explains each reason differently where it matters", () => {
    const descriptionOf = (reason: InvalidAppConfigurationReason) =>
      present(new InvalidAppConfigurationError({ reason })).description
    assert.match(descriptionOf("origin-not-allowed") ?? "", /allow list/)
    assert.match(descriptionOf("invalid-project-id") ?? "", /project ID/)
    assert.match(descriptionOf("domain-unverified") ?? "", /verif/)
  })

  it("the balance error says when a retry is allowed (30 s)", () => {
    assert.strictEqual(new BalanceUnavailableError({}).retryAfterMs, 30_000)
  })

  it("keeps context fields and the cause", () => {
    const cause = new Error("boom")
    const error = new ChainMismatchError({ expectedChainId: 1, actualChainId: 10, cause })
    assert.strictEqual(error.expectedChainId, 1)
    assert.strictEqual(error.actualChainId, 10)
    assert.strictEqual(error.cause, cause)
    assert.strictEqual(new MethodNotAllowedError({ method: "eth_sign" }).method, "eth_sign")
  })

  it("user rejection and pending requests are informational, not errors", () => {
    assert.strictEqual(present(new UserRejectedRequestError(wallet)).variant, "info")
    assert.strictEqual(present(new RequestPendingError(wallet)).variant, "info")
  })
})
