import { assert, describe, it } from "@effect/vitest"
import {
  AdapterNotFoundError,
  ContestedWalletError,
  EmailLoginCooldownError,
  FrameRequestError,
  MethodNotAllowedError,
  NameLookupError,
  PayFailedError,
  PayFeatureOffError,
  SwapFailedError,
  ViewUnavailableError
} from "../src/errors"
import type { Catalog } from "../src/messages/compiled/catalog"
import { catalog as de } from "../src/messages/compiled/de"
import { errorMessagesWords } from "../src/messages/compiled/en/errorMessages"
import { errorsWords } from "../src/messages/compiled/en/errors"
import { frameErrorsWords } from "../src/messages/compiled/en/frameErrors"
import { payWords } from "../src/messages/compiled/en/pay"
import { swapErrorsWords } from "../src/messages/compiled/en/swapErrors"
import { viewsWords } from "../src/messages/compiled/en/views"
import { present } from "../src/presentation"
import { allCases } from "./errorCatalogue"

describe("present in a locale's catalog", () => {
  it("takes the catalog's words: German for every error of the catalogue, kind and delay unchanged", () => {
    for (const { error } of allCases) {
      const english = present(error)
      const german = present(error, de)
      assert.strictEqual(german.kind, english.kind, error._tag)
      assert.strictEqual(german.delayMs, english.delayMs, error._tag)
      assert.strictEqual(german.variant, english.variant, error._tag)
      assert.strictEqual(german.description === undefined, english.description === undefined, error._tag)
    }
    assert.strictEqual(
      present(new MethodNotAllowedError({ method: "eth_sign" }), de).message,
      "Aktion nicht erlaubt"
    )
    assert.strictEqual(
      present(new EmailLoginCooldownError({ seconds: 1 }), de).message,
      "Bitte versuchen Sie es in 1 Sekunde erneut"
    )
    assert.strictEqual(present(new AdapterNotFoundError({}), de).message, "Adapter nicht gefunden")
    assert.strictEqual(
      present(new FrameRequestError({ reason: "wrong-code" }), de).message,
      "Der Code ist nicht richtig. Prüfen Sie die E-Mail und versuchen Sie es erneut."
    )
    assert.strictEqual(
      present(new SwapFailedError({ reason: "expired" }), de).message,
      de.swapErrors.expired()
    )
    assert.strictEqual(present(new PayFeatureOffError({}), de).message, "Bezahlen ist nicht aktiviert")
    assert.strictEqual(
      present(new PayFailedError({ reason: "declined" }), de).message,
      "Sie haben die Zahlung in Ihrer Wallet abgelehnt"
    )
    assert.strictEqual(
      present(new ViewUnavailableError({ view: "OnRampProviders", reason: "region" }), de).message,
      "Kaufen ist in Ihrer Region nicht verfügbar"
    )
    const contested = present(
      new ContestedWalletError({ walletName: "Sandbox Wallet", during: "restore" }),
      de
    )
    assert.include(contested.description ?? "", "Sandbox Wallet")
    // A server's own reason is its text, in any language.
    assert.strictEqual(present(new NameLookupError({ reason: "Name is taken" }), de).message, "Name is taken")
  })

  it("English's catalog through the catalog path reads exactly as English (errorMessages are the classes' texts)", () => {
    const english = {
      errors: errorsWords,
      errorMessages: errorMessagesWords,
      frameErrors: frameErrorsWords,
      swapErrors: swapErrorsWords,
      views: viewsWords,
      pay: payWords
    } as unknown as Catalog
    for (const { error } of allCases)
      assert.deepStrictEqual(present(error, english), present(error), error._tag)
  })
})
