import { describe, expect, it } from "vitest"
import { avatarBackground, avatarGradient } from "../../src/react/modal/ui/avatarGradient"

const ALICE = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
const BOB = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"

describe("avatarGradient", () => {
  it("draws the same gradient for the same address, whatever its letter case", () => {
    expect(avatarGradient(ALICE)).toEqual(avatarGradient(ALICE))
    expect(avatarGradient(ALICE.toLowerCase())).toEqual(avatarGradient(ALICE))
    expect(avatarBackground(ALICE)).toBe(avatarBackground(ALICE.toUpperCase().replace("0X", "0x")))
  })

  it("draws different gradients for different addresses", () => {
    expect(avatarGradient(ALICE)).not.toEqual(avatarGradient(BOB))
    const many = new Set(
      Array.from({ length: 50 }, (_, i) => avatarBackground(`0x${i.toString(16).padStart(40, "0")}`))
    )
    expect(many.size).toBeGreaterThan(45)
  })

  it("keeps its two hues apart and its angle on a 45° step", () => {
    for (const address of [ALICE, BOB, "", "So11111111111111111111111111111111111111112"]) {
      const { from, to, angle } = avatarGradient(address)
      const hue = (colour: string) => Number(/hsl\((\d+) /.exec(colour)?.[1])
      const apart = Math.abs(hue(from) - hue(to))
      expect(Math.min(apart, 360 - apart)).toBeGreaterThanOrEqual(60)
      expect(angle % 45).toBe(0)
      expect(avatarBackground(address)).toBe(`linear-gradient(${angle}deg, ${from}, ${to})`)
    }
  })
})
