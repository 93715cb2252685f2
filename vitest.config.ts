import { defineConfig } from "vitest/config"
import { installNode20Shims } from "./scripts/node20-shims.mjs"

installNode20Shims()

/**
 * Test files that need modules of their own: they mock a module (`vi.doMock`), or depend on a page that no
 * other file has touched (the network guard under happy-dom, hydration, the headless modal's missing element).
 */
const ISOLATED = [
  "test/react/lazy-views.test.tsx",
  "test/setup/noNetwork.dom.test.ts",
  "test/ssr/hydrate.test.tsx",
  "test/interop/announce.test.ts"
]

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
 * their own (vitest.sandbox.config.ts), the real-browser tests as a third (vitest.e2e.config.ts). Files share
 * their workers' modules (evaluating the same modules again for every file cost more than the tests), except
 * the few that need their own.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { ...shared, name: "unit", include, exclude: [...exclude, ...ISOLATED], isolate: false } },
      { test: { ...shared, name: "unit-isolated", include: ISOLATED } }
    ]
  }
})
