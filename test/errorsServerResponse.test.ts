import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import type { AirlockError, InvalidAppConfigurationReason } from "../src/errors"
import { fromServerResponse } from "../src/layers/provider/serverResponse"
import { present } from "../src/presentation"

interface ServerRow {
  readonly name: string
  readonly status: number
  readonly body: unknown
  readonly tag: AirlockError["_tag"] | undefined
  readonly reason?: InvalidAppConfigurationReason
  readonly message?: string
}

const throwingBody = new Proxy(
  {},
  {
    get: () => {
      throw new Error("trap")
    }
  }
)

const serverRows: ReadonlyArray<ServerRow> = [
  {
    name: "origin not allowed in { message }",
    status: 401,
    body: { message: "Unauthorized: origin not allowed" },
    tag: "InvalidAppConfigurationError",
    reason: "origin-not-allowed"
  },
  {
    name: "origin not allowed as a text body",
    status: 401,
    body: "Unauthorized: origin not allowed",
    tag: "InvalidAppConfigurationError",
    reason: "origin-not-allowed"
  },
  {
    name: "invalid key in { error }",
    status: 401,
    body: { error: "Unauthorized: invalid key" },
    tag: "InvalidAppConfigurationError",
    reason: "invalid-project-id"
  },
  {
    name: "invalid key in a JSON-RPC envelope with HTTP 200",
    status: 200,
    body: { jsonrpc: "2.0", id: 1, error: { code: -32000, message: "Unauthorized: invalid key" } },
    tag: "InvalidAppConfigurationError",
    reason: "invalid-project-id"
  },
  {
    name: "JWT not yet valid",
    status: 400,
    body: { message: "JWT validation error: JWT Token is not yet valid" },
    tag: "SessionExpiredError"
  },
  {
    name: "JWT not yet valid as JSON text",
    status: 401,
    body: JSON.stringify({ error: "JWT validation error: JWT Token is not yet valid" }),
    tag: "SessionExpiredError"
  },
  {
    name: "403 without a named message",
    status: 403,
    body: {},
    tag: "InvalidAppConfigurationError",
    reason: "forbidden"
  },
  {
    name: "403 with the origin message keeps the specific reason",
    status: 403,
    body: { message: "Unauthorized: origin not allowed" },
    tag: "InvalidAppConfigurationError",
    reason: "origin-not-allowed"
  },
  { name: "503", status: 503, body: "Service Unavailable", tag: "ServiceUnavailableError" },
  {
    name: "name lookup: first reason description",
    status: 400,
    body: { reasons: [{ description: "Name is already taken" }, { description: "second" }] },
    tag: "NameLookupError",
    message: "Name is already taken"
  },
  {
    name: "name lookup: reasons in a JSON text body",
    status: 404,
    body: JSON.stringify({ reasons: [{ description: "Name not found" }] }),
    tag: "NameLookupError",
    message: "Name not found"
  },
  { name: "name lookup: empty reasons", status: 400, body: { reasons: [] }, tag: undefined },
  { name: "500 with nothing named", status: 500, body: { message: "boom" }, tag: undefined },
  { name: "200 success", status: 200, body: { balances: [] }, tag: undefined },
  { name: "null body", status: 404, body: null, tag: undefined },
  { name: "throwing Proxy body", status: 401, body: throwingBody, tag: undefined },
  {
    name: "throwing Proxy body with 403",
    status: 403,
    body: throwingBody,
    tag: "InvalidAppConfigurationError"
  },
  { name: "malformed JSON text", status: 400, body: '{"reasons": [', tag: undefined },
  {
    name: "huge body with the message first",
    status: 401,
    body: `Unauthorized: invalid key${" ".repeat(5_000_000)}`,
    tag: "InvalidAppConfigurationError",
    reason: "invalid-project-id"
  }
]

describe("fromServerResponse", () => {
  for (const row of serverRows) {
    it(row.name, () => {
      const error = fromServerResponse(row.status, row.body)
      assert.strictEqual(error?._tag, row.tag)
      if (row.reason !== undefined && error?._tag === "InvalidAppConfigurationError") {
        assert.strictEqual(error.reason, row.reason)
      }
      if (row.message !== undefined) assert.strictEqual(error?.message, row.message)
    })
  }

  it("keeps the status", () => {
    const error = fromServerResponse(403, "")
    assert.strictEqual(error?._tag === "InvalidAppConfigurationError" ? error.status : undefined, 403)
  })

  it("never throws on 1000 random statuses and bodies, and each result can be presented", () => {
    const body = fc.oneof(
      fc.anything({ withBigInt: true, withNullPrototype: true, withBoxedValues: true, withMap: true }),
      fc.json(),
      fc.record({ message: fc.anything() }, { requiredKeys: [] }),
      fc.record({ error: fc.oneof(fc.string(), fc.record({ message: fc.anything() })) }),
      fc.record({ reasons: fc.array(fc.record({ description: fc.anything() }, { requiredKeys: [] })) }),
      fc.constantFrom(
        "Unauthorized: origin not allowed",
        "Unauthorized: invalid key",
        "JWT validation error: JWT Token is not yet valid"
      )
    )
    const status = fc.oneof(
      fc.constantFrom(200, 400, 401, 403, 404, 429, 500, 503),
      fc.integer(),
      fc.double()
    )
    fc.assert(
      fc.property(status, body, (s, b) => {
        const error = fromServerResponse(s, b)
        if (error !== undefined) {
          const presentation = present(error)
          assert.isTrue(presentation.message.length > 0 && presentation.message.length <= 500)
        }
      }),
      { numRuns: 1000 }
    )
  })
})
