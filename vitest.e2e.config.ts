import { defineConfig } from "vitest/config"

/**
 * Real-browser tests: Debian chromium driven by playwright-core against the demo host.
 * globalSetup builds the package and the host once and serves them on a free loopback port.
 */
export default defineConfig({
  test: {
    include: ["test/e2e/**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["test/e2e/globalSetup.ts"],
    pool: "forks",
    poolOptions: { forks: { singleFork: true } },
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    expect: { poll: { timeout: 5_000, interval: 50 } }
  }
})
