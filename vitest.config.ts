import { defineConfig } from "vitest/config"
import { installNode20Shims } from "./scripts/node20-shims.mjs"

installNode20Shims()

/**
 * The product's unit, property and contract tests. The sandbox's own tests (test/sandbox) run as a project of
 * their own (vitest.sandbox.config.ts), the real-browser tests as a third (vitest.e2e.config.ts).
 */
export default defineConfig({
  test: {
    name: "unit",
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    exclude: ["test/e2e/**", "test/sandbox/**", "node_modules/**"],
    environment: "node",
    // Any attempt to reach a host other than loopback fails the test; the modal's stylesheet is loaded
    // as a page would have it by its first open (see the files).
    setupFiles: ["test/setup/noNetwork.ts", "test/setup/modalStage.ts"],
    pool: "threads",
    testTimeout: 20_000
  }
})
