import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import { decodeItems } from "../../src/schemas/ApiFields"
import {
  decodeUnknownEffect,
  decodeUnknownResult,
  formatSchemaError,
  SchemaDecodeError
} from "../../src/schemas/decode"
import { EvmAddress } from "../../src/schemas/Primitives"
import { hostile, NUM_RUNS } from "./helpers"

const Person = Schema.Struct({
  name: Schema.String,
  tags: Schema.Array(Schema.String),
  nested: Schema.Struct({ "odd-key": Schema.Number }),
  wallet: EvmAddress
})

const validPerson = {
  name: "Ada",
  tags: ["a"],
  nested: { "odd-key": 1 },
  wallet: "0x52908400098527886e0f7030069857d2e4169ee7"
}

describe("decodeUnknownEffect", () => {
  it.effect("succeeds with the decoded value", () =>
    Effect.gen(function* () {
      const person = yield* decodeUnknownEffect(Person, "Person")(validPerson)
      assert.deepStrictEqual(person, validPerson)
    })
  )

  it.effect("fails with a SchemaDecodeError naming the subject and the path", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(
        decodeUnknownEffect(Person, "Person")({ ...validPerson, wallet: "0x1" })
      )
      assert.instanceOf(error, SchemaDecodeError)
      assert.strictEqual(error._tag, "SchemaDecodeError")
      assert.strictEqual(error.subject, "Person")
      assert.strictEqual(
        error.message,
        "Person: wallet: Expected an EVM address: 0x followed by 40 hex characters"
      )
    })
  )

  it.effect("reports several issues at once, with readable paths", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(
        decodeUnknownEffect(Person, "Person")({ name: 1, tags: ["a", 2], nested: { "odd-key": "x" } })
      )
      assert.include(error.message, "name: Expected string, actual 1")
      assert.include(error.message, "tags[1]: Expected string, actual 2")
      assert.include(error.message, 'nested["odd-key"]: Expected number')
      assert.include(error.message, "wallet: is missing")
    })
  )
})

describe("decodeUnknownResult", () => {
  it("returns Right or Left(SchemaDecodeError)", () => {
    assert.isTrue(Result.isSuccess(decodeUnknownResult(Person, "Person")(validPerson)))
    const left = decodeUnknownResult(Person, "Person")(null)
    assert.isTrue(Result.isFailure(left))
    if (Result.isFailure(left)) {
      assert.isTrue(left.failure.message.startsWith("Person: Expected object"))
      assert.isTrue(left.failure.message.endsWith("actual null"))
    }
  })

  it("caps the number of issues shown and the message length", () => {
    const Many = Schema.Array(Schema.Number)
    const result = decodeUnknownResult(Many, "Numbers")(Array.from({ length: 50 }, (_, i) => `x${i}`))
    assert.isTrue(Result.isFailure(result))
    if (Result.isFailure(result)) {
      assert.include(result.failure.message, "and 45 more")
      assert.isAtMost(result.failure.message.length, 600 + "Numbers: ".length)
    }
    const Long = Schema.String
    const long = decodeUnknownResult(Schema.Array(Long), "Long")([{ a: "x".repeat(5000) }])
    if (Result.isSuccess(long)) return assert.fail("a list of objects is not a list of strings")
    assert.isAtMost(long.failure.message.length, 610)
  })

  it("property: never throws, message always starts with the subject and is bounded", () =>
    fc.assert(
      fc.property(hostile, (input) => {
        const result = decodeUnknownResult(Person, "Person")(input)
        if (Result.isFailure(result)) {
          assert.isTrue(result.failure.message.startsWith("Person: "))
          assert.isAtMost(result.failure.message.length, 610)
        }
      }),
      { numRuns: NUM_RUNS }
    ))
})

describe("formatSchemaError", () => {
  it("formats a root issue without a path", () => {
    const result = Schema.decodeUnknownResult(Schema.String, { reportInput: true })(1)
    if (Result.isSuccess(result)) return assert.fail("1 is not a string")
    assert.strictEqual(formatSchemaError(result.failure), "Expected string, actual 1")
  })
})

describe("decodeItems", () => {
  it("keeps valid items in order and counts the dropped ones", () => {
    const { items, dropped } = decodeItems(Schema.Number)([1, "2", 3, null, 4])
    assert.deepStrictEqual(items, [1, 3, 4])
    assert.strictEqual(dropped, 2)
  })

  it("property: items + dropped = input length", () =>
    fc.assert(
      fc.property(fc.array(hostile), (input) => {
        const { items, dropped } = decodeItems(Person)(input)
        return items.length + dropped === input.length && items.every(Schema.is(Person))
      }),
      { numRuns: NUM_RUNS }
    ))
})

describe("formatSchemaError on hostile depth", () => {
  it("describes a 100 000-level nested value without overflowing", () => {
    let deep: unknown = 1
    for (let i = 0; i < 100_000; i++) deep = [deep]
    const result = decodeUnknownResult(Schema.Struct({ a: Schema.String }), "Deep")(deep)
    assert.isTrue(Result.isFailure(result))
  })
})
