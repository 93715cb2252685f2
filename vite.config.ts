import { fileURLToPath } from "node:url"
import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** Everything a host already has, or that it resolves once for itself. */
const external = [/^react($|\/)/, /^react-dom($|\/)/, /^viem($|\/)/, /^effect($|\/)/, /^@effect\//]

/**
 * `vite build` builds the package (library mode, one ES module per public entry).
 * `vite build --mode host` builds the sandbox host page against the built package.
 */
export default defineConfig(({ mode }) =>
  mode === "host"
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
