// @vitest-environment happy-dom
/**
 * THREATS.md T3, R9: 1000 hostile EIP-6963 wallets (markup in names, direction overrides, 1 MB names,
 * script-bearing icons) announced to the real modal. The rendered shadow DOM holds no executable element,
 * no handler attribute, only safe image sources, and the names only as text.
 */
import fc from "fast-check"
import { act } from "react"
import { describe, expect, it } from "vitest"
import { sanitizeName } from "../../src/schemas/ThirdPartyText"
import { makeMockEip1193Provider } from "../../src/testing/index"
import { disposeModals, openOnConnect, PWN, walletsOnly } from "../kit/modal"
import { TestPlatform } from "../kit/platform"
import { announce } from "../kit/wallets"

/** The browser wallets' rows of the Connect view (the WalletConnect row aside). */
const BROWSER_WALLET_NAMES = '.list li:not([data-group="walletConnect"]) .name'
const BROWSER_WALLET_TAGS = '.list li:not([data-group="walletConnect"]) .tag'

// Only the wallet list: fewer nodes to walk, the same rendering path for wallets.
const options = walletsOnly

const MB = "W".repeat(1024 * 1024)
const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="

const hostileName = fc.oneof(
  fc.constantFrom(
    `<script>${PWN}</script>`,
    `"><img src=x onerror="${PWN}">`,
    `'><svg onload=${PWN}>`,
    `</span><iframe src="javascript:${PWN}"></iframe>`,
    `<object data="javascript:${PWN}"></object><embed src="javascript:${PWN}">`,
    "Meta\u202eksaM",
    "\u202dMetaMask\u202c",
    "Meta\u200bMask\ufeff",
    "Meta\u0000Mask",
    "\u2066Rabby\u2069 Wallet",
    `javascript:${PWN}`,
    "{{constructor.constructor('alert(1)')()}}",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, as plain text
    "${alert(1)}",
    "MetaMask",
    "MetaMask",
    MB,
    `<b>${MB}</b>`
  ),
  fc.string({ minLength: 1, maxLength: 80 }),
  fc.string({ minLength: 1, maxLength: 20, unit: "binary" }),
  fc
    .array(fc.constantFrom("<", ">", '"', "'", "=", "on", "error", "\u202e", "\u200b", "script", " ", "a"), {
      minLength: 1,
      maxLength: 30
    })
    .map((parts) => parts.join(""))
)

const hostileIcon = fc.oneof(
  fc.constantFrom(
    `javascript:${PWN}`,
    `JaVaScRiPt:${PWN}`,
    `\u0000javascript:${PWN}`,
    `data:text/html,<script>${PWN}</script>`,
    `data:text/html;base64,${btoa(`<script>${PWN}</script>`)}`,
    `data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="${PWN}"><script>${PWN}</script></svg>`,
    `data:image/svg+xml;base64,${btoa(`<svg xmlns="http://www.w3.org/2000/svg"><script>${PWN}</script></svg>`)}`,
    `x" onerror="${PWN}`,
    `https://evil.example/i.png" onerror="${PWN}`,
    "http://evil.example/icon.png",
    "https://wallet.example/icon.png",
    PNG,
    `data:image/png;base64,${MB}`,
    "",
    "//evil.example/icon.png"
  ),
  fc.webUrl(),
  fc.string({ maxLength: 60 })
)

const hostileRdns = fc.oneof(
  fc.constantFrom(
    "io.metamask",
    "io.rabby",
    `io.metamask"><script>${PWN}</script>`,
    "io.\u202eksamatem",
    "",
    "x"
  ),
  fc.domain(),
  fc.string({ maxLength: 30 })
)

interface HostileWallet {
  readonly name: string
  readonly icon: string
  readonly rdns: string
}

const wallets: ReadonlyArray<HostileWallet> = fc.sample(
  fc.record({ name: hostileName, icon: hostileIcon, rdns: hostileRdns }),
  { numRuns: 1000, seed: 6963 }
)

const BATCH = 50

const ALLOWED_DATA_ICON = /^data:image\/(png|jpeg|webp|gif|svg\+xml)[;,]/i
const FORBIDDEN_TAGS = new Set([
  "script",
  "iframe",
  "object",
  "embed",
  "frame",
  "frameset",
  "base",
  "meta",
  "link",
  "foreignobject"
])
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding invisible characters is the point
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/

/** A modal open on Connect with these wallets announced. */
const renderWith = async (batch: ReadonlyArray<HostileWallet>, offset: number) => {
  const { shadow } = await openOnConnect(options, TestPlatform, () =>
    act(async () => {
      for (const [i, wallet] of batch.entries())
        announce({ uuid: `wallet-${offset + i}`, ...wallet }, makeMockEip1193Provider())
    })
  )
  return shadow
}

const isSafeImageSource = (src: string) => {
  try {
    const url = new URL(src)
    return url.protocol === "https:" || (url.protocol === "data:" && ALLOWED_DATA_ICON.test(src))
  } catch {
    return false
  }
}

/** Everything the DOM check finds wrong in one render. */
const audit = (shadow: ShadowRoot, allowedTags: ReadonlySet<string>): ReadonlyArray<string> => {
  const problems: Array<string> = []
  for (const element of [...shadow.querySelectorAll("*")]) {
    const tag = element.tagName.toLowerCase()
    if (FORBIDDEN_TAGS.has(tag)) problems.push(`<${tag}> rendered`)
    if (!allowedTags.has(tag)) problems.push(`unexpected <${tag}>`)
    if (element.shadowRoot !== null) problems.push(`<${tag}> hosts a shadow root`)
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase()
      if (name.startsWith("on")) problems.push(`<${tag} ${name}>`)
      if (name === "srcdoc" || name === "formaction" || name === "xlink:href")
        problems.push(`<${tag} ${name}>`)
      if (/^\s*(javascript|vbscript|data:text)/i.test(attribute.value))
        problems.push(`<${tag} ${name}="${attribute.value.slice(0, 40)}">`)
    }
    if (tag === "img" && !isSafeImageSource(element.getAttribute("src") ?? "")) {
      problems.push(`<img src="${(element.getAttribute("src") ?? "").slice(0, 60)}">`)
    }
  }
  return problems
}

describe("hostile wallets in the modal (R9)", () => {
  it("render 1000 hostile wallets as text and safe images only", async () => {
    // The tags the Connect view uses with one ordinary wallet: the allow-list.
    const baseline = await renderWith([{ name: "Plain Wallet", icon: PNG, rdns: "dev.plain" }], -1)
    const allowedTags = new Set([...baseline.querySelectorAll("*")].map((e) => e.tagName.toLowerCase()))
    expect(allowedTags.has("img")).toBe(true)
    await disposeModals()

    let rows = 0
    for (let offset = 0; offset < wallets.length; offset += BATCH) {
      const batch = wallets.slice(offset, offset + BATCH)
      const shadow = await renderWith(batch, offset)

      expect(audit(shadow, allowedTags)).toEqual([])

      // Each listed name is the cleaned name, as the text of its row and nowhere as markup.
      const expected = batch.map((w) => sanitizeName(w.name)).filter((n): n is string => n !== undefined)
      const shown = [...shadow.querySelectorAll(BROWSER_WALLET_NAMES)].map((n) => n.textContent)
      expect(shown).toEqual(expected)
      for (const name of shadow.querySelectorAll(BROWSER_WALLET_NAMES)) {
        expect(name.children.length).toBe(0)
      }
      expect(INVISIBLE.test(shadow.textContent ?? "")).toBe(false)
      expect(Reflect.get(window, "__pwned")).toBeUndefined()
      expect(document.querySelectorAll("script, iframe, object, embed").length).toBe(0)
      rows += shown.length

      await disposeModals()
    }
    // Most hostile names still leave something readable: the walk saw real rows.
    expect(rows).toBeGreaterThan(900)
  })

  it("has an audit that finds planted markup (so a pass means something)", () => {
    const host = document.createElement("div")
    const shadow = host.attachShadow({ mode: "open" })
    const planted = document.createElement("div")
    const img = document.createElement("img")
    img.setAttribute("src", "javascript:alert(1)")
    img.setAttribute("onerror", "alert(1)")
    planted.append(img, document.createElement("script"), document.createElement("iframe"))
    shadow.append(planted)
    const problems = audit(shadow, new Set(["div", "img"]))
    expect(problems).toContain("<script> rendered")
    expect(problems).toContain("<iframe> rendered")
    expect(problems).toContain("<img onerror>")
    expect(problems.some((p) => p.startsWith('<img src="javascript:'))).toBe(true)
  })

  it("shows a wallet that imitates another's rdns with the impersonation badge", async () => {
    const shadow = await renderWith(
      [
        { name: "MetaMask", icon: PNG, rdns: "io.metamask" },
        { name: "MetaMask", icon: PNG, rdns: "io.metamask" }
      ],
      5000
    )
    const tags = [...shadow.querySelectorAll(BROWSER_WALLET_TAGS)].map((t) => t.textContent)
    expect(tags).toEqual(["Possible impersonation", "Possible impersonation"])
  })
})
