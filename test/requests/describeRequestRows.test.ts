import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { stringToHex } from "viem"
import { describeRequest } from "../../src/layers/requests/describeRequest"
import {
  displayText,
  formatDeadline,
  MAX_TEXT_LENGTH,
  UNREADABLE
} from "../../src/layers/requests/requestValues"
import { UNSAFE_RPC_METHODS } from "../../src/layers/requests/rpcMethods"
import { ALICE as from, SOLANA_ALICE as pubkey, BOB as recipient } from "../kit/accounts"
import { hostile, NUM_RUNS } from "../schemas/helpers"
import { approval, describe1, labels, mainnet, text, value } from "./describeFixtures"

/** Every string inside a description's values: what the view shows of the request. */
const stringsIn = (value: unknown): ReadonlyArray<string> =>
  typeof value === "string"
    ? [value]
    : typeof value === "object" && value !== null
      ? Object.values(value).flatMap(stringsIn)
      : []

describe("describeRequest: common rows", () => {
  it("starts with the method, the network and the account", () => {
    const description = describe1("personal_sign", [stringToHex("hi"), from])
    assert.deepStrictEqual(description.rows.slice(0, 3), [
      { label: "Method", value: text("personal_sign"), format: "code" },
      { label: "Network", value: text("Ethereum"), format: "text" },
      { label: "From", value: text(from), format: "code" }
    ])
    const unnamed = describe1("personal_sign", [stringToHex("hi"), from], {
      ...mainnet,
      networkName: undefined
    })
    assert.deepStrictEqual(value(unnamed, "Network"), text("eip155:1"))
    const nowhere = describeRequest(
      { ...approval("personal_sign", [stringToHex("hi"), from]), network: undefined },
      { ...mainnet, networkName: undefined }
    )
    assert.deepStrictEqual(value(nowhere, "Network"), { _tag: "UnknownNetwork" })
  })
})

describe("describeRequest: unreadable params", () => {
  it("shows malformed params of each kind as unreadable data", () => {
    const malformed: ReadonlyArray<readonly [string, unknown]> = [
      ["personal_sign", [42]],
      ["personal_sign", "0x00"],
      ["eth_signTypedData_v4", [from, "{not json"]],
      ["eth_signTypedData_v4", [from, { domain: {} }]],
      ["eth_sendTransaction", [null]],
      ["eth_sendTransaction", { to: recipient }],
      ["wallet_sendCalls", [{ calls: [] }]],
      ["wallet_grantPermissions", [{ permissions: "all" }]],
      ["wallet_revokePermissions", []],
      ["eth_sendUserOperation", [{ callData: "0x" }]],
      ["solana_signMessage", { message: "0OIl", pubkey }],
      ["solana_signTransaction", { transaction: 1 }],
      ["solana_signAllTransactions", {}],
      ["solana_signAndSendTransaction", null]
    ]
    for (const [method, params] of malformed) {
      const description = describe1(method, params)
      const shown = description.rows.slice(3).map((row) => row.value)
      assert.deepInclude(shown, UNREADABLE, `${method} ${JSON.stringify(params)}`)
    }
  })

  it("survives params whose getters throw", () => {
    const trap = new Proxy(
      {},
      {
        get: () => {
          throw new Error("boom")
        },
        ownKeys: () => {
          throw new Error("boom")
        }
      }
    )
    for (const method of UNSAFE_RPC_METHODS) {
      for (const params of [trap, [trap, trap], { message: trap, transactions: trap }]) {
        const description = describe1(method, params)
        assert.isTrue(description.rows.length >= 4, method)
      }
    }
  })

  it("property: never throws; every string is bounded and clean; rows are unique", () => {
    const params = fc.oneof(
      hostile,
      fc.tuple(fc.string(), hostile),
      fc.array(fc.record({ to: fc.string(), value: hostile, data: fc.string(), chainId: hostile })),
      fc.record({ message: fc.string(), pubkey: fc.string(), transactions: fc.array(fc.string()) }),
      fc.tuple(
        fc.constant(from),
        fc
          .record({ domain: hostile, primaryType: fc.constantFrom("Permit", "Mail"), message: hostile })
          .map((typed) => JSON.stringify(typed) ?? "")
      )
    )
    const context = fc.record({
      activeChainId: fc.option(fc.nat(), { nil: undefined }),
      networkName: fc.option(fc.string(), { nil: undefined }),
      nativeSymbol: fc.option(fc.string(), { nil: undefined })
    })
    // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
    const hidden = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/
    fc.assert(
      fc.property(
        fc.constantFrom(...UNSAFE_RPC_METHODS, "eth_unknown"),
        params,
        context,
        (method, input, ctx) => {
          const description = describe1(method, input, ctx)
          for (const shown of stringsIn([description.warnings, description.rows.map((row) => row.value)])) {
            assert.isAtMost(shown.length, MAX_TEXT_LENGTH)
            assert.notMatch(shown, hidden)
          }
          assert.strictEqual(new Set(labels(description)).size, description.rows.length)
        }
      ),
      { numRuns: NUM_RUNS }
    )
  })
})

describe("helpers", () => {
  it("displayText collapses whitespace unless multi-line, and reads non-strings as unreadable", () => {
    assert.strictEqual(displayText("  a\n\tb  "), "a b")
    assert.strictEqual(displayText("a\n\tb", true), "a\n b")
    assert.strictEqual(displayText(undefined), undefined)
    assert.strictEqual((displayText(`${"😀".repeat(MAX_TEXT_LENGTH)}`) ?? "").length <= MAX_TEXT_LENGTH, true)
  })

  it("formatDeadline is a UTC date, or never past year 9999", () => {
    assert.strictEqual(formatDeadline(0n), "1970-01-01 00:00:00 UTC")
    assert.strictEqual(formatDeadline(253_402_300_799n), "9999-12-31 23:59:59 UTC")
    assert.strictEqual(formatDeadline(253_402_300_800n), undefined)
  })
})
