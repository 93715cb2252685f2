import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { defineConfig } from "vitest/config"
import { installNode20Shims } from "./scripts/node20-shims.mjs"

installNode20Shims()

/**
 * Test files that need modules of their own: they mock a module (`vi.doMock`), depend on a page that no
 * other file has touched (the network guard under happy-dom, hydration, the headless modal's missing
 * element), or start real chains and reach them with the real `fetch`, which a neighbour may have replaced.
 */
const ISOLATED = [
  "test/react/lazy-views.test.tsx",
  "test/setup/noNetwork.dom.test.ts",
  "test/ssr/hydrate.test.tsx",
  "test/interop/announce.test.ts",
  "test/wagmi/connector.test.ts",
  "test/contract/FallbackTransportSandbox.test.ts",
  "test/contract/FallbackTransport.test.ts",
  "test/contract/HttpRpcTransport.test.ts"
]

/** The unit test files that ask for a page (`@vitest-environment happy-dom` in their first lines). */
const onAPage = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return path === "test/e2e" || path === "test/sandbox" ? [] : onAPage(path)
    return /\.test\.tsx?$/.test(entry.name) &&
      readFileSync(path, "utf8").slice(0, 200).includes("@vitest-environment happy-dom")
      ? [path]
      : []
  })
const PAGE = onAPage("test")

const shared = {
  environment: "node" as const,
  // Any attempt to reach a host other than loopback fails the test; the modal's interface is loaded as a
  // page would have it by its first open (see the files).
  setupFiles: ["test/setup/noNetwork.ts", "test/setup/modalStage.ts"],
  pool: "threads" as const,
  testTimeout: 20_000
}

const include = ["test/**/*.test.ts", "test/**/*.test.tsx"]
const exclude = ["test/e2e/**", "test/sandbox/**", "node_modules/**"]

/**
 * The product's unit, property and contract tests. The sandbox's own tests (test/sandbox) run as a project of
 * their own (vitest.sandbox.config.ts), the real-browser tests as a third (vitest.e2e.config.ts). Files without
 * a page share their workers' modules (evaluating the same modules again for every file cost more than the
 * tests). Files on a page run isolated: a page's leftovers (its DOM, a modal's registry entry, a view's
 * loaded code, React work still scheduled) change what the next file on a shared worker sees; so do the few
 * listed above.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: "unit",
          include,
          exclude: [...exclude, ...ISOLATED, ...PAGE],
          isolate: false
        }
      },
      {
        test: {
          ...shared,
          name: "unit-isolated",
          include: [...new Set([...PAGE, ...ISOLATED])]
        }
      }
    ]
  }
})
