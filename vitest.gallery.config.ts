import { defineConfig } from "vitest/config"
import { installNode20Shims } from "./scripts/node20-shims.mjs"

installNode20Shims()

/**
 * The gallery walked in Debian chromium (issue 30): every scenario of sandbox/gallery, served alone by
 * test/gallery/gallerySetup.ts. Its own step of `npm test`, beside the demo's browser tests.
 */
export default defineConfig({
  test: {
    include: ["test/gallery/**/*.browser.ts"],
    environment: "node",
    globalSetup: ["test/gallery/gallerySetup.ts"],
    pool: "forks",
    // One walk at a time: the gallery runs beside the demo's browser tests, and a second chromium would
    // starve them on two cores.
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000
  }
})
