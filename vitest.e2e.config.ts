import { defineConfig } from "vitest/config"
import { installNode20Shims } from "./scripts/node20-shims.mjs"

installNode20Shims()

/**
 * Real-browser tests: Debian chromium driven by playwright-core against the demo host.
 * globalSetup builds the package, the host and the sandbox wallets once (under `npm test`, which has built
 * them for the run, it reuses that build) and serves them on a free loopback port.
 */
export default defineConfig({
  test: {
    include: ["test/e2e/**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["test/e2e/globalSetup.ts"],
    pool: "forks",
    // One file at a time: they share the demo server and the sandbox chains.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    expect: { poll: { timeout: 5_000, interval: 50 } }
  }
})
