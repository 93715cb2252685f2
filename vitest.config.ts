import { defineConfig } from "vitest/config"
import { installNode20Shims } from "./scripts/node20-shims.mjs"

installNode20Shims()

/** Unit, property and contract tests. Real-browser tests live in vitest.e2e.config.ts. */
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    exclude: ["test/e2e/**", "node_modules/**"],
    environment: "node",
    // Any attempt to reach a host other than loopback fails the test (see the file).
    setupFiles: ["test/setup/noNetwork.ts"],
    pool: "threads",
    testTimeout: 20_000
  }
})
