import { defineConfig } from "vitest/config"
import { installNode20Shims } from "./scripts/node20-shims.mjs"

installNode20Shims()

/** Unit, property and contract tests. Real-browser tests live in vitest.e2e.config.ts. */
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    exclude: ["test/e2e/**", "node_modules/**"],
    environment: "node",
    // Any attempt to reach a host other than loopback fails the test; the modal's stylesheet is loaded
    // as a page would have it by its first open (see the files).
    setupFiles: ["test/setup/noNetwork.ts", "test/setup/modalStyles.ts"],
    pool: "threads",
    testTimeout: 20_000
  }
})
