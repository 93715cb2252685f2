// Runs Vite builds in child processes, so that a caller's environment (vitest sets NODE_ENV=test)
// never leaks into a production bundle.
import { spawn } from "node:child_process"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

export const repoRoot = fileURLToPath(new URL("..", import.meta.url))

const viteBin = join(repoRoot, "node_modules", "vite", "bin", "vite.js")

/** `vite build` with the given extra arguments, from the repository root; rejects on failure. */
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

/** Builds the package into dist/ (library mode; no type declarations). */
export const buildPackage = () => viteBuild()
