import { randomBytes } from "node:crypto"
import type { Locator, Page } from "playwright-core"
import { describe, expect, inject } from "vitest"
import { readCatalogs } from "../../scripts/messages.mjs"
import { test } from "./browser"

/**
 * The modal in other languages on the demo (issue 31): Japanese end to end (Connect, Account, Send, Swap,
 * Buy, Names, sign-in, email login), each view reading a few known Japanese words and no English sentence of
 * the English catalog; Arabic right to left with an address still reading left to right inside Arabic text;
 * German by `modal.setLocale` while the modal is open.
 */

const demoUrl = inject("demoUrl")
const frameUrl = inject("frameUrl")
const sandbox = inject("sandbox")
const receiver = sandbox.accounts[1]!

const catalogs = readCatalogs() as Record<string, Record<string, Record<string, string>>>
const word = (tag: string, namespace: string, key: string): string => {
  const text = catalogs[tag]?.[namespace]?.[key]
  if (text === undefined) throw new Error(`no message ${tag}/${namespace}/${key}`)
  return text
}

/**
 * The English catalog's whole messages without arguments that `tag` words otherwise: what a view shows if it
 * fell back to English. Longest first, so a short one inside a longer one is reported once.
 */
const englishOnly = (tag: string): ReadonlyArray<string> =>
  Object.entries(catalogs.en ?? {})
    .flatMap(([namespace, messages]) =>
      Object.entries(messages)
        .filter(([key, text]) => !text.includes("{") && text !== catalogs[tag]?.[namespace]?.[key])
        .map(([, text]) => text)
    )
    .filter((text) => /[A-Za-z]{3,}/.test(text))
    .sort((a, b) => b.length - a.length)

/** The dialog's visible words, data aside (names, addresses and amounts are marked `translate="no"` or `dir="ltr"`). */
const wordsOf = (dialog: Locator) =>
  dialog.evaluate((root) => {
    const parts: Array<string> = []
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const element = node.parentElement
      if (element === null || element.closest('[translate="no"], [dir="ltr"], [aria-hidden="true"]') !== null)
        continue
      parts.push(node.textContent ?? "")
    }
    return parts.join("\n")
  })

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** Fails with every English sentence `dialog` shows where `tag` has its own words. */
async function expectNoEnglish(dialog: Locator, tag: string, where: string) {
  const shown = await wordsOf(dialog)
  const found = englishOnly(tag).filter((text) =>
    new RegExp(`(^|[^A-Za-z])${escapeRegExp(text)}($|[^A-Za-z])`).test(shown)
  )
  expect(found, `${where}: English in the ${tag} modal`).toEqual([])
}

const ja = (namespace: string, key: string) => word("ja", namespace, key)

/** The demo in Japanese, connected with the Sandbox Wallet: the Account view. */
async function connectInJapanese(page: Page, query = "") {
  page.setDefaultTimeout(15_000)
  await page.goto(`${demoUrl}?locale=ja&wallet=auto-approve${query}`)
  await page.getByRole("button", { name: ja("button", "connect") }).click()
  const connect = page.getByRole("dialog", { name: ja("chrome", "Connect") })
  await connect.getByLabel(ja("login", "email")).waitFor()
  await expectNoEnglish(connect, "ja", "Connect")
  await connect.getByRole("button", { name: /^Sandbox Wallet(?!Connect)/ }).click()
}

async function accountInJapanese(page: Page) {
  const account = page.getByRole("dialog", { name: ja("chrome", "Account") })
  await account.getByRole("tab", { name: ja("account", "tokens") }).waitFor()
  return account
}

/** From the Account view, opens `action` and checks its view; then goes back to the Account view. */
async function visit(page: Page, action: string, title: string, known: string, where: string) {
  const account = await accountInJapanese(page)
  await account.getByRole("button", { name: action, exact: true }).click()
  const view = page.getByRole("dialog", { name: title })
  await view.getByText(known, { exact: false }).first().waitFor()
  await expectNoEnglish(view, "ja", where)
  await view.getByRole("button", { name: ja("chrome", "back") }).click()
}

const newEmail = () => `visitor.${randomBytes(4).toString("hex")}@example.test`

/** The login code mailed to `email`, once it is there. */
async function loginCode(email: string): Promise<string> {
  let code: string | undefined
  await expect
    .poll(
      async () => {
        const response = await fetch(`${frameUrl}/mailbox.json?to=${encodeURIComponent(email)}`)
        const { messages } = (await response.json()) as {
          messages: ReadonlyArray<{ kind: string; code?: string }>
        }
        code = messages.filter((m) => m.kind === "login-code").at(-1)?.code
        return code !== undefined
      },
      { timeout: 10_000 }
    )
    .toBe(true)
  return code!
}

describe("the modal in other languages (issue 31)", () => {
  test("Japanese: Connect, Account, Send, Swap and Buy read in Japanese, with no English sentence", async ({
    page
  }) => {
    await connectInJapanese(page)
    const account = await accountInJapanese(page)
    await expectNoEnglish(account, "ja", "Account")
    await visit(page, ja("account", "send"), ja("chrome", "WalletSend"), ja("send", "receiver"), "Send")
    await visit(page, ja("account", "swap"), ja("chrome", "Swap"), ja("swap", "reviewSwap"), "Swap")
    await visit(page, ja("account", "buy"), ja("chrome", "OnRampProviders"), ja("buy", "youPay"), "Buy")
  })

  test("Japanese: choosing a name reads in Japanese", async ({ page }) => {
    // No browser test names account #5 (the names test names #3), so the Account view offers one.
    await connectInJapanese(page, "&walletAccount=5")
    const account = await accountInJapanese(page)
    await account.getByRole("button", { name: ja("account", "chooseName") }).click()
    const names = page.getByRole("dialog", { name: ja("chrome", "RegisterAccountName") })
    await names.getByRole("button", { name: ja("names", "register") }).waitFor()
    await expectNoEnglish(names, "ja", "Names")
  })

  test("Japanese: the sign-in asks in Japanese and shows the message to sign as it is", async ({ page }) => {
    await connectInJapanese(page, "&signin")
    const signIn = page.getByRole("dialog", { name: ja("chrome", "SIWXSignMessage") })
    await signIn.getByText(ja("signin", "explanation")).waitFor()
    await expectNoEnglish(signIn, "ja", "Sign-in")
    // What the wallet signs is never translated: the dapp's statement reads as the dapp wrote it.
    await signIn.getByText("Sign in to the Airlock demo.").waitFor()
    await signIn.getByRole("button", { name: ja("signin", "sign"), exact: true }).click()
    await signIn.waitFor({ state: "detached" })
  })

  test("Japanese: an email login, from the address to the account", async ({ page }) => {
    page.setDefaultTimeout(20_000)
    const email = newEmail()
    await page.goto(`${demoUrl}?locale=ja`)
    await page.getByRole("button", { name: ja("button", "connect") }).click()
    const connect = page.getByRole("dialog", { name: ja("chrome", "Connect") })
    await connect.getByLabel(ja("login", "email")).fill(email)
    await connect.getByRole("button", { name: ja("login", "continue"), exact: true }).click()
    const confirm = page.getByRole("dialog", { name: ja("chrome", "EmailVerifyOtp") })
    await confirm.getByLabel(ja("login", "code")).waitFor()
    await expectNoEnglish(confirm, "ja", "Email code")
    await confirm.getByLabel(ja("login", "code")).fill(await loginCode(email))
    await confirm.getByRole("button", { name: ja("login", "continue"), exact: true }).click()
    const account = await accountInJapanese(page)
    await expectNoEnglish(account, "ja", "Account (email)")
  })

  test("Arabic: the dialog is right to left and mirrored; an address inside Arabic text reads left to right", async ({
    page
  }) => {
    page.setDefaultTimeout(15_000)
    const ar = (namespace: string, key: string) => word("ar", namespace, key)
    await page.goto(`${demoUrl}?locale=ar&wallet=auto-approve`)
    await page.getByRole("button", { name: ar("button", "connect") }).click()
    await page
      .getByRole("dialog", { name: ar("chrome", "Connect") })
      .getByRole("button", { name: /^Sandbox Wallet(?!Connect)/ })
      .click()
    const account = page.getByRole("dialog", { name: ar("chrome", "Account") })
    await account.getByRole("tab", { name: ar("account", "tokens") }).waitFor()
    expect(await page.locator("airlock-modal").getAttribute("dir")).toBe("rtl")
    await account.getByRole("button", { name: ar("account", "send"), exact: true }).click()
    const send = page.getByRole("dialog", { name: ar("chrome", "WalletSend") })
    // Mirrored: the back arrow points right, toward where a right-to-left reader came from.
    const back = send.getByRole("button", { name: ar("chrome", "back") })
    expect(await back.locator("svg").evaluate((svg) => getComputedStyle(svg).transform)).toBe(
      "matrix(-1, 0, 0, 1, 0, 0)"
    )
    await send.getByLabel(/^Amount|المبلغ/).fill("0.01")
    await send.getByLabel(ar("send", "receiver")).fill(receiver)
    await send.getByRole("button", { name: ar("send", "review") }).click()
    // The review's title is an Arabic sentence with the receiver's short address inside it.
    const short = `${receiver.slice(0, 4)}…${receiver.slice(-6)}`
    const title = send.getByText(short, { exact: false })
    await title.waitFor()
    const order = await title.evaluate((heading, address) => {
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const at = node.textContent?.indexOf(address) ?? -1
        if (at < 0) continue
        const box = (offset: number) => {
          const range = document.createRange()
          range.setStart(node, offset)
          range.setEnd(node, offset + 1)
          return range.getBoundingClientRect()
        }
        const text = node.textContent ?? ""
        const arabic = /[\u0600-\u06ff]/.test(text)
        return { first: box(at).left, last: box(at + address.length - 1).left, arabic }
      }
      return undefined
    }, short)
    expect(order?.arabic, "the address sits inside Arabic text").toBe(true)
    expect(order!.first, "its first character is left of its last").toBeLessThan(order!.last)
  })

  test("German by setLocale while the modal is open: it re-renders without closing", async ({ page }) => {
    page.setDefaultTimeout(15_000)
    await page.goto(demoUrl)
    await page.getByRole("button", { name: "Connect Wallet" }).click()
    const english = page.getByRole("dialog", { name: "Connect Wallet" })
    await english.waitFor()
    const chosen = await page.evaluate(() => window.__airlockDemo?.modal.setLocale("de"))
    expect(chosen).toBe("de")
    const german = page.getByRole("dialog", { name: word("de", "chrome", "Connect") })
    await german.getByLabel(word("de", "login", "email")).waitFor()
    expect(await page.evaluate(() => window.__airlockDemo?.modal.isOpen())).toBe(true)
    await expectNoEnglish(german, "de", "Connect (German)")
    await expect
      .poll(() => page.getByRole("button", { name: word("de", "button", "connect") }).count())
      .toBe(1)
  })
})
