import jsQR from "jsqr"
import { PNG } from "pngjs"
import { expect, inject } from "vitest"
import { chooseSandboxWallet, test } from "./browser"

/** Receive in chromium: the connected address as a QR code (decoded here from a screenshot), Copy, networks. */

const demoUrl = inject("demoUrl")
const sandbox = inject("sandbox")
const account0 = sandbox.accounts[0]!

test.scoped({ contextOptions: { permissions: ["clipboard-read", "clipboard-write"] } })

test("Receive shows a QR code that decodes to the connected address, Copy, and the networks to receive on (issue 13)", async ({
  page
}) => {
  page.setDefaultTimeout(10_000)
  await chooseSandboxWallet(page, demoUrl, "wallet=auto-approve")
  const account = page.getByRole("dialog", { name: "Account" })
  await account.getByRole("button", { name: "Receive" }).click()

  const receive = page.getByRole("dialog", { name: "Receive" })
  const qr = receive.getByRole("img", { name: /^QR code of your address/ })
  await qr.waitFor()
  const png = PNG.sync.read(await qr.screenshot())
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)
  expect(decoded?.data).toBe(account0)

  await receive.getByText(account0, { exact: true }).waitFor()
  await receive.getByRole("button", { name: "Copy address" }).click()
  await receive.getByRole("button", { name: "Address copied" }).waitFor()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(account0)
  const networks = await receive
    .getByRole("list", { name: "Networks you can receive on" })
    .getByRole("listitem")
    .allTextContents()
  expect(networks).toEqual(sandbox.chains.map((chain) => chain.name))

  await page.getByRole("button", { name: "Back" }).click()
  await account.waitFor()
})
