// The balance cache, by the balance requests the page sends: one per 30 s, shared while in flight.
import { describe, expect } from "vitest"
import { test } from "./browser"
import { account0, caipA, connect, openTab, pageRequests, setFaults, truncate } from "./providerWorld"

const balanceRequests = async () =>
  (await pageRequests()).filter((request) => /^\/v1\/account\/[^/]+\/balance$/.test(request.path))

describe("request counting (the balance cache)", () => {
  test("the Tokens tab opened again within 30 s reads the cache: one balance request", async ({ page }) => {
    const account = await connect(page)
    const tokens = account.getByRole("list", { name: "Tokens" })
    await tokens.waitFor()
    expect(await balanceRequests()).toHaveLength(1)
    const first = (await balanceRequests())[0]!
    expect(first.query.chainId).toBe(caipA)

    // Away and back, twice, and the modal closed and opened again: every Tokens tab mounts anew.
    for (const other of ["Activity", "NFTs"] as const) {
      await openTab(account, other)
      await tokens.waitFor({ state: "detached" })
      await openTab(account, "Tokens")
      await tokens.waitFor()
    }
    await page.keyboard.press("Escape")
    await account.waitFor({ state: "hidden" })
    await page.getByRole("button", { name: truncate(account0) }).click()
    await page.getByRole("dialog", { name: "Account" }).getByRole("list", { name: "Tokens" }).waitFor()

    const requests = await balanceRequests()
    expect(requests.length, "balance requests").toBe(1)
    expect(Date.now() - first.at, "all within the 30 s cache").toBeLessThan(30_000)
  })

  test("components asking while the balance request is in flight share it: one request", async ({ page }) => {
    // A slow balance API keeps the first request in flight while other Tokens tabs mount and ask.
    await setFaults({ delayMs: 3_000, paths: "^/v1/account/[^/]+/balance$" })
    const account = await connect(page)
    const loading = account.getByText("Loading tokens…")
    await loading.waitFor()
    const firstAsked = Date.now()
    for (const other of ["NFTs", "Activity"] as const) {
      await openTab(account, other)
      await openTab(account, "Tokens")
      await loading.waitFor()
    }
    await page.keyboard.press("Escape")
    await account.waitFor({ state: "hidden" })
    await page.getByRole("button", { name: truncate(account0) }).click()
    const reopened = page.getByRole("dialog", { name: "Account" })
    await reopened.getByText("Loading tokens…").waitFor()
    // Every one of them asked before the first answer came back (the log records a request when answered).
    expect((await balanceRequests()).length, "answered so far").toBe(0)
    console.log(
      `4 Tokens tabs (3 remounts) asked within ${Date.now() - firstAsked} ms of the first, all still waiting`
    )

    await reopened.getByRole("list", { name: "Tokens" }).waitFor()
    expect((await balanceRequests()).length, "balance requests").toBe(1)
  })
})
