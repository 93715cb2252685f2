import { assert, describe, it } from "@effect/vitest"
import { maxUint256, stringToHex } from "viem"
import { MAX_TEXT_LENGTH } from "../../src/layers/requests/requestValues"
import { ALICE as from, CAROL as spender } from "../kit/accounts"
import {
  amount,
  chain,
  deadline,
  describe1,
  labels,
  mainnet,
  permit,
  text,
  token,
  UNLIMITED,
  units,
  value
} from "./describeFixtures"

describe("describeRequest: personal_sign", () => {
  it("shows a UTF-8 message as text, line breaks kept", () => {
    const description = describe1("personal_sign", [stringToHex("Sign in to example.org\nNonce: 42 ✓"), from])
    assert.strictEqual(description.title, "SignMessage")
    const message = description.rows.find((row) => row.label === "Message")
    assert.deepStrictEqual(message, {
      label: "Message",
      value: text("Sign in to example.org\nNonce: 42 ✓"),
      format: "message"
    })
  })

  it("shows bytes that are not readable text as hex", () => {
    const hash = `0x${"ff".repeat(32)}`
    assert.deepStrictEqual(value(describe1("personal_sign", [hash, from]), "MessageHex"), text(hash))
    // Valid UTF-8 but control characters: not text a person reads.
    assert.deepStrictEqual(
      value(describe1("personal_sign", ["0x0001020304", from]), "MessageHex"),
      text("0x0001020304")
    )
  })

  it("shows a message sent as plain text, and an empty one", () => {
    assert.deepStrictEqual(value(describe1("personal_sign", ["hello", from]), "Message"), text("hello"))
    // Empty text: the view says "(empty)".
    assert.deepStrictEqual(value(describe1("personal_sign", ["0x", from]), "Message"), text(""))
  })

  it("strips direction overrides and bounds a long message", () => {
    assert.deepStrictEqual(
      value(describe1("personal_sign", [stringToHex("pay\u202eevil\u200b"), from]), "Message"),
      text("payevil")
    )
    const long = value(describe1("personal_sign", [stringToHex("a".repeat(50_000)), from]), "Message")
    assert.strictEqual(long._tag === "Text" ? long.text.length : 0, MAX_TEXT_LENGTH)
    assert.isTrue(long._tag === "Text" && long.text.endsWith("…"))
  })
})

describe("describeRequest: eth_signTypedData_v4", () => {
  it("shows a permit: domain, spender, allowance and deadline as a date", () => {
    const description = describe1("eth_signTypedData_v4", [from, JSON.stringify(permit())])
    assert.strictEqual(description.title, "SignPermit")
    assert.deepStrictEqual(value(description, "Domain"), text("USD Coin"))
    assert.deepStrictEqual(value(description, "Version"), text("2"))
    assert.deepStrictEqual(value(description, "Chain"), chain("1", "Ethereum"))
    assert.deepStrictEqual(value(description, "Contract"), text(token))
    assert.deepStrictEqual(value(description, "PrimaryType"), text("Permit"))
    assert.deepStrictEqual(value(description, "Spender"), text(spender))
    assert.deepStrictEqual(value(description, "Allowance"), amount(units(1_000_000n)))
    assert.deepStrictEqual(value(description, "Deadline"), deadline("2030-01-01 00:00:00 UTC"))
    assert.deepStrictEqual(description.warnings, [])
  })

  it("reads an unlimited permit with no deadline, and DAI's allowed/expiry permit", () => {
    const open = describe1("eth_signTypedData_v4", [
      from,
      permit({
        message: {
          owner: from,
          spender,
          value: maxUint256.toString(),
          nonce: 0,
          deadline: maxUint256.toString()
        }
      })
    ])
    assert.deepStrictEqual(value(open, "Allowance"), amount(UNLIMITED))
    assert.deepStrictEqual(value(open, "Deadline"), deadline(undefined))
    const dai = describe1("eth_signTypedData_v4", [
      from,
      permit({ message: { holder: from, spender, nonce: 0, expiry: 0, allowed: true } })
    ])
    assert.deepStrictEqual(value(dai, "Allowance"), amount(UNLIMITED))
    assert.deepStrictEqual(value(dai, "Deadline"), deadline("1970-01-01 00:00:00 UTC"))
  })

  it("warns when the domain chainId is not the active chain (THREATS T10)", () => {
    const polygon = permit({
      domain: { name: "USD Coin", version: "2", chainId: "0x89", verifyingContract: token }
    })
    const description = describe1("eth_signTypedData_v4", [from, JSON.stringify(polygon)])
    assert.deepStrictEqual(value(description, "Chain"), chain("137"))
    assert.deepStrictEqual(description.warnings, [
      { _tag: "OtherChain", what: "signature", chainId: "137", activeChainId: "1", networkName: "Ethereum" }
    ])
    const unknown = describe1("eth_signTypedData_v4", [from, polygon], {
      ...mainnet,
      activeChainId: undefined
    })
    assert.deepStrictEqual(unknown.warnings, [{ _tag: "ChainUnknown", what: "signature", chainId: "137" }])
    const garbled = permit({ domain: { chainId: "one" } })
    assert.deepStrictEqual(describe1("eth_signTypedData_v4", [from, garbled]).warnings, [
      { _tag: "ChainUnreadable", what: "signature" }
    ])
  })

  it("shows another primary type's message as JSON", () => {
    const mail = {
      domain: { name: "Ether Mail", chainId: 1 },
      primaryType: "Mail",
      types: {},
      message: { contents: "Hello, Bob!" }
    }
    const description = describe1("eth_signTypedData_v4", [from, JSON.stringify(mail)])
    assert.strictEqual(description.title, "SignTypedData")
    assert.deepStrictEqual(value(description, "Message"), text('{\n  "contents": "Hello, Bob!"\n}'))
    assert.notInclude(labels(description), "Spender")
  })
})
