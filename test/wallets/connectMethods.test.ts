import { assert, describe, it } from "@effect/vitest"
import { connectMethodsOrder } from "../../src/layers/wallets/connectMethods"
import { trapTarget } from "../../src/react/modal/element/focus"

const base = { configured: undefined, hasBrowserWallet: false, emailEnabled: true, socialsEnabled: true }

describe("connectMethodsOrder", () => {
  it("puts email, social, wallet by default", () => {
    assert.deepStrictEqual(connectMethodsOrder(base), ["email", "social", "wallet"])
  })
  it("puts the wallet first when a browser wallet is shown", () => {
    assert.deepStrictEqual(connectMethodsOrder({ ...base, hasBrowserWallet: true }), [
      "wallet",
      "email",
      "social"
    ])
  })
  it("lets a configured order override both", () => {
    const configured = ["social", "wallet", "email"] as const
    assert.deepStrictEqual(connectMethodsOrder({ ...base, configured, hasBrowserWallet: true }), configured)
  })
  it("leaves out disabled methods and keeps forgotten ones at the end", () => {
    assert.deepStrictEqual(connectMethodsOrder({ ...base, emailEnabled: false }), ["social", "wallet"])
    assert.deepStrictEqual(connectMethodsOrder({ ...base, configured: ["social"] }), [
      "social",
      "email",
      "wallet"
    ])
  })
})

describe("trapTarget", () => {
  const [a, b, c] = ["a", "b", "c"].map((id) => ({ id }) as unknown as HTMLElement)
  const all = [a, b, c].filter((x): x is HTMLElement => x !== undefined)
  it("wraps at both ends and lets the browser move focus in between", () => {
    assert.strictEqual(trapTarget(all, c ?? null, false), a)
    assert.strictEqual(trapTarget(all, a ?? null, true), c)
    assert.isUndefined(trapTarget(all, b ?? null, false))
  })
  it("pulls focus back in from outside, and does nothing with nothing to focus", () => {
    assert.strictEqual(trapTarget(all, null, false), a)
    assert.strictEqual(trapTarget(all, null, true), c)
    assert.isUndefined(trapTarget([], null, false))
  })
})
