/**
 * What the frame's approval screen says an unsafe request asks (sandbox/frame/page/describe.js): printable
 * text as text, anything that could hide or reorder text made visible, the transaction's recipient, value
 * in ETH and selector; nothing for a request it cannot describe (that one is never shown).
 */
import { toHex } from "viem"
import { describe, expect, it } from "vitest"
import { describeRequest, formatEth, UNSAFE_METHODS } from "../../sandbox/frame/page/describe.js"

const ADDRESS = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
const rows = (method: string, params: unknown) =>
  Object.fromEntries(describeRequest(method, params, "eip155:31337")?.rows ?? [])

describe("describeRequest", () => {
  it("shows a personal_sign message as text when it is printable UTF-8, else as hex", () => {
    expect(rows("personal_sign", [toHex("Sign in\nnonce 1"), ADDRESS])).toEqual({
      Message: "Sign in\nnonce 1",
      Chain: "eip155:31337"
    })
    expect(rows("personal_sign", ["0xff00", ADDRESS]).Message).toBe("0xff00")
    expect(rows("personal_sign", [toHex("a\u0000b"), ADDRESS]).Message).toBe(toHex("a\u0000b"))
    // Odd-length hex is the bytes the server signs (padded), not text.
    expect(rows("personal_sign", ["0x141", ADDRESS]).Message).toBe("0x0141")
    // Plain text is signed as it is; a bidi override is shown as its code, not obeyed.
    expect(rows("personal_sign", ["pay \u202eevil", ADDRESS]).Message).toBe("pay \\u{202e}evil")
    expect(rows("personal_sign", [toHex("x".repeat(2000)), ADDRESS]).Message).toHaveLength(601)
  })

  it("names typed data's domain and primary type", () => {
    const document = { domain: { name: "Permit" }, types: {}, primaryType: "Permit", message: {} }
    expect(rows("eth_signTypedData_v4", [ADDRESS, JSON.stringify(document)])).toMatchObject({
      Domain: "Permit",
      Type: "Permit"
    })
    expect(rows("eth_signTypedData_v4", [ADDRESS, { primaryType: "Order" }])).toMatchObject({
      Domain: "(no name)",
      Type: "Order"
    })
  })

  it("gives a transaction's recipient, value in ETH and selector", () => {
    expect(rows("eth_sendTransaction", [{ to: ADDRESS, value: toHex(10n ** 16n) }])).toEqual({
      To: ADDRESS,
      Value: "0.01 ETH",
      Data: "none",
      Chain: "eip155:31337"
    })
    expect(rows("eth_sendTransaction", [{ data: "0x6080604052" }])).toMatchObject({
      To: "(a new contract)",
      Value: "0 ETH",
      Data: "yes, selector 0x60806040"
    })
    expect(formatEth("0x1bc16d674ec80000")).toBe("2")
  })

  it("describes nothing it cannot read, and knows only the unsafe methods", () => {
    for (const [method, params] of [
      ["personal_sign", [42]],
      ["eth_signTypedData_v4", [ADDRESS, "{not json"]],
      ["eth_sendTransaction", [{ to: "0x12", value: "0x1" }]],
      ["eth_sendTransaction", [{ to: ADDRESS, value: "10" }]],
      ["eth_sendTransaction", [{ to: ADDRESS, data: "0xzz" }]],
      ["solana_signMessage", [{}]],
      ["eth_sign", [ADDRESS, "0x00"]]
    ] as const)
      expect(describeRequest(method, params, "eip155:31337")).toBeUndefined()
    expect([...UNSAFE_METHODS].sort()).toEqual([
      "eth_sendTransaction",
      "eth_signTypedData_v4",
      "personal_sign",
      "solana_signMessage",
      "wallet_grantPermissions",
      "wallet_revokePermissions"
    ])
  })

  it("says what a session key may do, to whom and for how long; nothing for another permission", () => {
    const expiry = Math.floor(Date.now() / 1000) + 600
    const request = {
      expiry,
      signer: { type: "account", data: { id: ADDRESS } },
      permissions: [{ type: "native-token-transfer", data: { to: ADDRESS, valueLimit: "0x2386f26fc10000" } }]
    }
    expect(describeRequest("wallet_grantPermissions", [request], "eip155:31337")?.title).toBe(
      "Grant a session key"
    )
    expect(rows("wallet_grantPermissions", [request])).toEqual({
      "May send": "at most 0.01 ETH per transfer",
      "Only to": ADDRESS,
      For: `10 minutes (until ${new Date(expiry * 1000).toISOString()})`,
      Chain: "eip155:31337"
    })
    const other = { ...request, permissions: [{ type: "contract-call", data: {} }] }
    expect(describeRequest("wallet_grantPermissions", [other], "eip155:31337")).toBeUndefined()
    expect(rows("wallet_revokePermissions", [{ permissionContext: ADDRESS }])).toEqual({
      "Session key": ADDRESS,
      Chain: "eip155:31337"
    })
  })
})
