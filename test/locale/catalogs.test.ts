import { readFileSync } from "node:fs"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { generate, problemsOf, readCatalogs } from "../../scripts/messages.mjs"
import { catalog as arabic } from "../../src/messages/compiled/ar"
import { catalog as pseudo } from "../../src/messages/compiled/en-XA"
import { LOCALES } from "../../src/messages/locales"

const catalogs = readCatalogs()

describe("message catalogs", () => {
  it("every locale has every key of English, with English's ICU arguments and its own plural cases", () => {
    assert.deepStrictEqual(problemsOf(catalogs), [])
  })

  it("has a catalog for every supported locale but the pseudo-locale, and no other", () => {
    assert.deepStrictEqual(Object.keys(catalogs).sort(), LOCALES.filter((tag) => tag !== "en-XA").sort())
  })

  it("the compiled modules are the catalogs' (run `npm run messages` after editing one)", () => {
    for (const [path, text] of generate(catalogs))
      assert.strictEqual(
        readFileSync(join(__dirname, "../../src/messages/compiled", path), "utf8"),
        text,
        `src/messages/compiled/${path} is stale`
      )
  })

  describe("the check finds", () => {
    const english = {
      greet: { hello: "Hello {name}", count: "{n, plural, one {# wallet} other {# wallets}}" }
    }

    it("a missing key, an extra key and a missing namespace", () => {
      const problems = problemsOf({
        en: { ...english, other: { a: "A" } },
        de: { greet: { hello: "Hallo {name}", extra: "Extra" } }
      })
      assert.includeMembers(problems, [
        'de: namespace "other" is missing',
        'de/greet: "count" is missing',
        'de/greet: "extra" is not in English'
      ])
    })

    it("other arguments than English's, and a plural case the locale does not have", () => {
      const problems = problemsOf({
        en: english,
        ja: { greet: { hello: "こんにちは {user}", count: "{n, plural, one {#} other {#}}" } }
      })
      assert.strictEqual(problems.length, 2)
      assert.match(
        problems[0] ?? "",
        /ja\/greet: "hello" has arguments \{user:string\}, English \{name:string\}/
      )
      assert.match(problems[1] ?? "", /ja\/greet: "count" does not parse/)
    })

    it("a number argument English reads as a plural but a translation reads as text", () => {
      const problems = problemsOf({
        en: english,
        de: { greet: { hello: "Hallo {name}", count: "{n} Wallets" } }
      })
      assert.deepStrictEqual(problems, ['de/greet: "count" has arguments {n:string}, English {n:number}'])
    })
  })

  it("the pseudo-locale brackets every message and makes it at least 40 % longer", () => {
    for (const [namespace, messages] of Object.entries(pseudo))
      for (const [key, message] of Object.entries(messages as Record<string, (d: never) => string>)) {
        const text = message({} as never)
        assert.match(text, /^⟦.*⟧$/su, `${namespace}.${key}`)
      }
    assert.strictEqual(pseudo.button.connect(), "⟦Çöññéçţ Ŵåļļéţ · · ·⟧")
  })

  it("right-to-left catalogs isolate every argument; English's text is exactly its source", () => {
    const files = generate({
      en: { send: { to: "Send to {address}" } },
      ar: { send: { to: "إرسال إلى {address}" } },
      de: { send: { to: "Senden an {address}" } }
    })
    assert.include(
      files.get("en/send.ts"),
      'to: (d: { readonly address: string | number }): string => "Send to " + d.address'
    )
    assert.include(files.get("ar/send.ts"), '"إرسال إلى " + i(d.address)')
    assert.include(files.get("de/send.ts"), '"Senden an " + d.address')
    assert.strictEqual(arabic.button.connect(), "ربط المحفظة")
  })
})
