// Runs Vite builds in child processes, so that a caller's environment (vitest sets NODE_ENV=test)
// never leaks into a production bundle.
import { spawn } from "node:child_process"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

export const repoRoot = fileURLToPath(new URL("..", import.meta.url))

const viteBin = join(repoRoot, "node_modules", "vite", "bin", "vite.js")

/**
 * Set to "1" by `npm test` (scripts/test.mjs) once it has built the package, the demo host and the sandbox
 * wallets for this run: whatever it starts then serves and measures those outputs instead of building them
 * again. Anything started on its own (`npm run demo`, `npm run bench`, a lone vitest run) builds.
 */
export const REUSE_BUILD_ENV = "AIRLOCK_REUSE_BUILD"

/** Whether this process runs under a caller that has already built everything (see {@link REUSE_BUILD_ENV}). */
export const reusesBuild = () => process.env[REUSE_BUILD_ENV] === "1"

/**
 * `vite build` with the given extra arguments, from the repository root; rejects on failure.
 * @param {ReadonlyArray<string>} [args]
 * @returns {Promise<void>}
 */
export function viteBuild(args = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [viteBin, "build", "--logLevel", "warn", ...args], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "inherit", "inherit"]
    })
    child.on("error", reject)
    child.on("exit", (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`vite build ${args.join(" ")} failed (${signal ?? `exit code ${code}`})`))
    )
  })
}

/**
 * Builds the package into dist/ (library mode; no type declarations).
 * @returns {Promise<void>}
 */
export const buildPackage = () => viteBuild()

/**
 * Builds the gallery pages (sandbox/gallery/dist/): every view of the modal on mock layers, from src/.
 * @returns {Promise<void>}
 */
export const buildGallery = () => viteBuild(["--mode", "gallery"])

/**
 * Builds the package (dist/) and then the demo host pages (sandbox/host/dist/), and meanwhile the sandbox
 * wallet (sandbox/wallets/injected/dist/), the Sandbox Solana Wallet (sandbox/wallets/solana/dist/), the
 * Sandbox Bitcoin Wallet (sandbox/wallets/bitcoin/dist/), the
 * Sandbox WalletConnect Wallet (sandbox/wallets/walletconnect/dist/) and the gallery
 * (sandbox/gallery/dist/): everything the demo serves.
 * Waits for all of them before failing, so no build is left running.
 * @returns {Promise<void>}
 */
export async function buildDemo() {
  const results = await Promise.allSettled([
    buildPackage().then(() => viteBuild(["--mode", "host"])),
    viteBuild(["--mode", "wallet"]),
    viteBuild(["--mode", "solwallet"]),
    viteBuild(["--mode", "btcwallet"]),
    viteBuild(["--mode", "wcwallet"]),
    buildGallery()
  ])
  const failed = results.find((result) => result.status === "rejected")
  if (failed !== undefined) throw failed.reason
}
