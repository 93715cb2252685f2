import { fileURLToPath } from "node:url"
import react from "@vitejs/plugin-react"
import { defineConfig, type UserConfig } from "vite"

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** Everything a host already has, or that it resolves once for itself. */
const external = [/^react($|\/)/, /^react-dom($|\/)/, /^viem($|\/)/, /^effect($|\/)/, /^@effect\//]

/** The sandbox wallet: one self-contained classic script the demo page loads before the app. */
const sandboxWallet: UserConfig = {
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: here("./sandbox/wallets/injected/dist"),
    emptyOutDir: true,
    sourcemap: true,
    lib: {
      entry: here("./sandbox/wallets/injected/index.ts"),
      formats: ["iife"],
      name: "SandboxWallet",
      fileName: () => "sandbox-wallet.js"
    }
  }
}

/**
 * `vite build` builds the package (library mode, one ES module per public entry).
 * `vite build --mode host` builds the sandbox host page against the built package.
 * `vite build --mode wallet` builds the sandbox wallet script.
 */
export default defineConfig(({ mode }) =>
  mode === "wallet"
    ? sandboxWallet
    : mode === "host"
      ? {
          root: here("./sandbox/host"),
          plugins: [react()],
          resolve: {
            alias: [
              { find: /^airlock\/react$/, replacement: here("./dist/react.js") },
              { find: /^airlock$/, replacement: here("./dist/index.js") }
            ]
          },
          build: { outDir: here("./sandbox/host/dist"), emptyOutDir: true, sourcemap: true }
        }
      : {
          plugins: [react()],
          build: {
            outDir: here("./dist"),
            emptyOutDir: true,
            sourcemap: true,
            minify: false,
            lib: {
              formats: ["es"],
              entry: {
                index: here("./src/index.ts"),
                layers: here("./src/layers/index.ts"),
                react: here("./src/react/index.ts"),
                testing: here("./src/testing/index.ts")
              }
            },
            rollupOptions: { external }
          }
        }
)
