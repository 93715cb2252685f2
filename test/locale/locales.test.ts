import { assert, describe, it } from "@effect/vitest"
import { directionOf, LOCALES, matchLocale, resolveLocale } from "../../src/messages/locales"

describe("locale matching", () => {
  it("takes an exact tag in any case", () => {
    assert.strictEqual(matchLocale("ja"), "ja")
    assert.strictEqual(matchLocale("PT-br"), "pt-BR")
    assert.strictEqual(matchLocale("zh-TW"), "zh-TW")
  })

  it("falls back by language: pt-PT to pt-BR, de-AT to de, en-GB to en", () => {
    assert.strictEqual(matchLocale("pt-PT"), "pt-BR")
    assert.strictEqual(matchLocale("pt"), "pt-BR")
    assert.strictEqual(matchLocale("de-AT"), "de")
    assert.strictEqual(matchLocale("en-GB"), "en")
    assert.strictEqual(matchLocale("fa-IR"), "fa")
  })

  it("reads Chinese by script first, then by region", () => {
    assert.strictEqual(matchLocale("zh"), "zh-CN")
    assert.strictEqual(matchLocale("zh-Hans-HK"), "zh-CN")
    assert.strictEqual(matchLocale("zh-Hant"), "zh-TW")
    assert.strictEqual(matchLocale("zh-HK"), "zh-TW")
    assert.strictEqual(matchLocale("zh-SG"), "zh-CN")
  })

  it("knows the legacy codes of Hebrew and Indonesian", () => {
    assert.strictEqual(matchLocale("iw"), "he")
    assert.strictEqual(matchLocale("in-ID"), "id")
  })

  it("matches nothing for an unsupported language, a malformed tag, or the pseudo-locale's language", () => {
    assert.strictEqual(matchLocale("sw"), undefined)
    assert.strictEqual(matchLocale("not a tag"), undefined)
    assert.strictEqual(matchLocale(""), undefined)
    assert.strictEqual(matchLocale("en-XA"), "en-XA")
  })

  it('"auto" takes the first supported of the browser\'s languages, else English', () => {
    assert.strictEqual(resolveLocale("auto", ["sw", "pt-PT", "ja"]), "pt-BR")
    assert.strictEqual(resolveLocale("auto", ["sw", "xx"]), "en")
    assert.strictEqual(resolveLocale("auto", []), "en")
  })

  it("an explicit tag that matches nothing is English, whatever the browser says", () => {
    assert.strictEqual(resolveLocale("sw", ["ja"]), "en")
    assert.strictEqual(resolveLocale("ko-KR", ["ja"]), "ko")
  })

  it("writes Arabic, Hebrew and Persian right to left, the others left to right", () => {
    const rtl = LOCALES.filter((tag) => directionOf(tag) === "rtl")
    assert.deepStrictEqual([...rtl].sort(), ["ar", "fa", "he"])
  })
})
