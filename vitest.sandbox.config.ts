import { defineConfig } from "vitest/config"
import { installNode20Shims } from "./scripts/node20-shims.mjs"

installNode20Shims()

/**
 * The sandbox's own tests (test/sandbox): its chains (anvil), API, relay, frame, wallets and servers, some in
 * Debian chromium. Not the product's unit tests (vitest.config.ts); `npm test` runs them as a step of their own.
 * Under `npm test` the sandbox's built pages come from the run's one build (scripts/vite.mjs, `reusesBuild`).
 */
export default defineConfig({
  test: {
    name: "sandbox",
    include: ["test/sandbox/**/*.test.ts"],
    environment: "node",
    // Loopback only, as for the unit tests: the sandbox is a local world.
    setupFiles: ["test/setup/noNetwork.ts"],
    pool: "threads",
    testTimeout: 20_000
  }
})
