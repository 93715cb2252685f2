/**
 * Server rendering, in Node (no DOM): `createModal` is refused with a clear error, and the React bindings
 * render a closed, disconnected modal with `react-dom/server`. moduleScope.test.ts checks the imports.
 */
import { createElement } from "react"
import { renderToString } from "react-dom/server"
import { assert, describe, it } from "vitest"
import { AccountView } from "./accountView"

describe("on a server", () => {
  it("refuses createModal with an error that says what to do", async () => {
    const { createModal, CreateModalOnServerError } = await import("../../src/index")
    try {
      createModal({ projectId: "sandbox-project", networks: [] } as never)
      assert.fail("expected a throw")
    } catch (error) {
      assert.instanceOf(error, CreateModalOnServerError)
      assert.match(String((error as Error).message), /needs a browser page/)
      assert.match(String((error as Error).message), /call createModal in the browser/)
    }
  })

  it("renders the hooks and the ConnectButton as a closed, disconnected modal", () => {
    const html = renderToString(createElement(AccountView))
    assert.include(html, ">Connect Wallet</button>")
    assert.include(html, 'aria-expanded="false"')
    assert.include(html, 'data-status="disconnected"')
    assert.include(html, 'data-open="false"')
    assert.include(html, 'data-view="Connect"')
    assert.include(html, 'data-network=""')
    assert.include(html, 'data-wallet=""')
    assert.include(html, 'data-wallets="0"')
    assert.include(html, 'data-pairing="idle"')
    assert.include(html, 'data-transactions="0"')
    assert.include(html, 'data-theme="light"')
  })

  it("gives the server's wagmi connector no provider and no authorization", async () => {
    const { airlock } = await import("../../src/wagmi/index")
    const connector = airlock({ modal: () => undefined })({
      chains: [{ id: 1 } as never],
      emitter: { emit: () => undefined } as never
    } as never)
    await connector.setup?.()
    assert.isFalse(await connector.isAuthorized())
    assert.deepStrictEqual(await connector.getAccounts(), [])
    const error = await connector.getProvider().then(
      () => undefined,
      (e: unknown) => e as Error
    )
    assert.strictEqual(error?.name, "ProviderNotFoundError")
  })
})
