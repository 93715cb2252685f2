/**
 * The embedded login's words (issue 30): every refusal the frame and its server are known to give is
 * named (`frameReasonOf`) and read in the product's own sentence (`present()`), never in the server's raw
 * words; an unknown one reads as a generic sentence. Update email is offered only to a login with an email.
 */

import * as Option from "effect/Option"
import { describe, expect, it } from "vitest"
import { FrameRequestError } from "../../src/errors"
import { hasEmailToUpdate } from "../../src/layers/embedded/emailUpdate"
import { frameReasonOf } from "../../src/layers/embedded/frameReasons"
import { present } from "../../src/presentation"
import type { EmbeddedWalletUser } from "../../src/schemas/EmbeddedWallet"

/** The sandbox frame's and server's refusals (sandbox/frame), as they come. */
const KNOWN: ReadonlyArray<readonly [string, string]> = [
  ["wrong code", "That code is not right. Check the email and try again."],
  ["wrong code, no tries left", "Too many wrong codes. Ask for a new code."],
  ["too many attempts", "Too many wrong codes. Ask for a new code."],
  ["invalid code", "That code is not right. Check the email and try again."],
  ["code expired", "This code has expired. Ask for a new code."],
  ["no code requested", "This code has expired. Ask for a new code."],
  ["invalid email", "Enter a valid email address."],
  ["account has no email", "This login has no email address to update."],
  ["same email", "This is already your email address."],
  ["email in use", "Another account uses this email address."],
  ["no email update pending", "Start the email update again."],
  ["verify the primary code first", "Start the email update again."],
  ["too many messages, try later", "Too many emails sent. Try again in a few minutes."],
  ["invalid session", "Your login has expired. Log in again."],
  ["session expired", "Your login has expired. Log in again."],
  ["approval link expired", "This approval link has expired. Log in again."],
  ["unknown approval link", "This approval link has expired. Log in again."],
  ["User rejected the request", "You rejected the request."],
  ["Social login cancelled", "The login was cancelled."],
  ["Login abandoned", "The login was cancelled."]
]

/** What a visitor reads for the frame's `message` (and `code`). */
const words = (message: unknown, code?: number) =>
  present(
    new FrameRequestError({ reason: frameReasonOf(message, code), frameMessage: message, frameCode: code })
  ).message

describe("the embedded login's refusals", () => {
  it("each known reason reads as the product's sentence, never the server's words", () => {
    for (const [raw, sentence] of KNOWN) {
      expect(words(raw), raw).toBe(sentence)
      expect(words(raw).toLowerCase()).not.toContain(raw.toLowerCase())
    }
  })

  it("the server's casing and spaces do not matter", () => {
    expect(words("  Wrong Code ")).toBe("That code is not right. Check the email and try again.")
  })

  it("an unknown reason, none, or not text: a generic sentence; a 4001 without words: the visitor's refusal", () => {
    for (const raw of ["database on fire", "", undefined, 42, { reason: "wrong code" }])
      expect(words(raw)).toBe("Something went wrong. Try again.")
    expect(words("nope", 4001)).toBe("You rejected the request.")
  })

  it("an error made without a reason reads as the generic sentence", () => {
    expect(present(new FrameRequestError({ frameMessage: "wrong code" })).message).toBe(
      "Something went wrong. Try again."
    )
  })
})

describe("hasEmailToUpdate", () => {
  const user = (email: string | undefined): EmbeddedWalletUser =>
    ({
      address: "0x0",
      chainId: 1,
      accounts: [],
      smartAccountDeployed: false,
      ...(email === undefined ? {} : { email })
    }) as never

  it("an email login has one; a social login without one (GitHub) or no user at all has none", () => {
    expect(hasEmailToUpdate(Option.some(user("alice@example.com")))).toBe(true)
    expect(hasEmailToUpdate(Option.some(user(undefined)))).toBe(false)
    expect(hasEmailToUpdate(Option.some(user("  ")))).toBe(false)
    expect(hasEmailToUpdate(Option.none())).toBe(false)
  })
})
