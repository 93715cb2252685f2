/**
 * Importing `airlock`, `airlock/react` and `airlock/wagmi` on a server reads no page global at module scope.
 * This file imports nothing of Airlock statically, so the imports below are the first ones.
 *
 * `react-dom/client` is loaded first: it feature-tests `typeof window` as it loads (its own server
 * support), and whether it is already loaded depends on which test files ran before in this worker.
 */
import "react-dom/client"
import { afterEach, assert, it } from "vitest"

const PAGE_GLOBALS = ["window", "document", "localStorage", "sessionStorage", "customElements"] as const

/** Records each read of a page global (none exists in Node); returns the names read. */
const watchPageGlobals = () => {
  const read: Array<string> = []
  for (const name of PAGE_GLOBALS) {
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get: () => {
        read.push(name)
        return undefined
      }
    })
  }
  return read
}

afterEach(() => {
  for (const name of PAGE_GLOBALS) Reflect.deleteProperty(globalThis, name)
})

it("imports airlock, airlock/react and airlock/wagmi without reading window, document or storage", async () => {
  const read = watchPageGlobals()
  const entries = await Promise.all([
    import("../../src/index"),
    import("../../src/react/index"),
    import("../../src/wagmi/index")
  ])
  assert.deepStrictEqual(read, [])
  assert.strictEqual(typeof entries[0].createModal, "function")
  assert.strictEqual(typeof entries[1].useAirlockAccount, "function")
  assert.strictEqual(typeof entries[2].airlock, "function")
})
