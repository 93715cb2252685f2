import { fileURLToPath } from "node:url"
import react from "@vitejs/plugin-react"
import { defineConfig, type Rollup, type UserConfig } from "vite"

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** Everything a host already has, or that its bundler resolves once for itself (our dependencies). */
const external = [
  /^react($|\/)/,
  /^react-dom($|\/)/,
  /^viem($|\/)/,
  /^effect($|\/)/,
  /^@walletconnect\//,
  /^uqr$/,
  /^@noble\//,
  /^@wagmi\/core$/
]

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

/** The Sandbox Solana Wallet: one self-contained classic script that registers by the Wallet Standard. */
const sandboxSolanaWallet: UserConfig = {
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: here("./sandbox/wallets/solana/dist"),
    emptyOutDir: true,
    sourcemap: true,
    lib: {
      entry: here("./sandbox/wallets/solana/index.ts"),
      formats: ["iife"],
      name: "SandboxSolanaWallet",
      fileName: () => "sandbox-solana-wallet.js"
    }
  }
}

/**
 * The Sandbox Bitcoin Wallet: one self-contained classic script that announces itself by the Wallet Standard
 * and by sats-connect's providers list.
 */
const sandboxBitcoinWallet: UserConfig = {
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: here("./sandbox/wallets/bitcoin/dist"),
    emptyOutDir: true,
    sourcemap: true,
    lib: {
      entry: here("./sandbox/wallets/bitcoin/index.ts"),
      formats: ["iife"],
      name: "SandboxBitcoinWallet",
      fileName: () => "sandbox-bitcoin-wallet.js"
    }
  }
}

/** ox (under @walletconnect/utils) has a PURE annotation that Rollup cannot place and drops: harmless. */
const quietDependencyAnnotations = (warning: Rollup.RollupLog, warn: (warning: Rollup.RollupLog) => void) => {
  if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/") === true) return
  warn(warning)
}

/**
 * The Sandbox WalletConnect Wallet: a page of its own on @reown/walletkit, served from its own origin by
 * sandbox/host/serve.mjs. Never part of the package.
 */
const sandboxWcWallet: UserConfig = {
  root: here("./sandbox/wallets/walletconnect"),
  build: {
    outDir: here("./sandbox/wallets/walletconnect/dist"),
    emptyOutDir: true,
    sourcemap: true,
    // WalletKit, viem and their cryptography make one chunk of about 1 MB: fine for a local test page.
    chunkSizeWarningLimit: 2048,
    rollupOptions: { onwarn: quietDependencyAnnotations }
  }
}

/**
 * The gallery (sandbox/gallery): every view of the modal in each of its states, on mock layers. It builds
 * the modal from src/ (its scenarios reach the service tags and the router's maker), with relative asset
 * URLs so that it serves at `/gallery/` beside the demo and at `/` alone (scripts/gallery-shots.mjs).
 */
const gallery: UserConfig = {
  root: here("./sandbox/gallery"),
  base: "./",
  plugins: [react()],
  build: {
    outDir: here("./sandbox/gallery/dist"),
    emptyOutDir: true,
    sourcemap: true,
    // Every view is bundled into the page on purpose (no lazy loading to wait for): one large chunk.
    chunkSizeWarningLimit: 2048,
    rollupOptions: {
      input: { index: here("./sandbox/gallery/index.html"), gallery: here("./sandbox/gallery/gallery.html") },
      onwarn: quietDependencyAnnotations
    }
  }
}

/**
 * `vite build` builds the package (library mode, one ES module per public entry).
 * `vite build --mode host` builds the sandbox host pages against the built package.
 * `vite build --mode wallet` builds the sandbox wallet script.
 * `vite build --mode solwallet` builds the Sandbox Solana Wallet script.
 * `vite build --mode btcwallet` builds the Sandbox Bitcoin Wallet script.
 * `vite build --mode wcwallet` builds the Sandbox WalletConnect Wallet page.
 * `vite build --mode gallery` builds the gallery pages.
 */
export default defineConfig(({ mode }) =>
  mode === "wallet" || mode === "solwallet" || mode === "btcwallet"
    ? { wallet: sandboxWallet, solwallet: sandboxSolanaWallet, btcwallet: sandboxBitcoinWallet }[mode]
    : mode === "wcwallet"
      ? sandboxWcWallet
      : mode === "gallery"
        ? gallery
        : mode === "host"
          ? {
              root: here("./sandbox/host"),
              plugins: [react()],
              resolve: {
                alias: [
                  { find: /^airlock\/react$/, replacement: here("./dist/react.js") },
                  { find: /^airlock\/siwx$/, replacement: here("./dist/siwx.js") },
                  { find: /^airlock\/wagmi$/, replacement: here("./dist/wagmi.js") },
                  { find: /^airlock$/, replacement: here("./dist/index.js") }
                ]
              },
              build: {
                outDir: here("./sandbox/host/dist"),
                emptyOutDir: true,
                sourcemap: true,
                // The WalletConnect SDK is one lazy chunk of about 550 kB, loaded only when a visitor chooses it.
                chunkSizeWarningLimit: 1024,
                rollupOptions: {
                  // The main demo, the wagmi demo, the plain EIP-6963 page and the ethers and viem page.
                  input: {
                    index: here("./sandbox/host/index.html"),
                    wagmi: here("./sandbox/host/wagmi.html"),
                    eip6963: here("./sandbox/host/eip6963.html"),
                    provider: here("./sandbox/host/provider.html")
                  },
                  onwarn: quietDependencyAnnotations
                }
              }
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
                    networks: here("./src/networks.ts"),
                    react: here("./src/react/index.ts"),
                    siwx: here("./src/siwx/index.ts"),
                    testing: here("./src/testing/index.ts"),
                    wagmi: here("./src/wagmi/index.ts")
                  }
                },
                rollupOptions: {
                  external,
                  // One file per module: with `sideEffects: false`, a host's bundler drops the modules it
                  // does not use (schemas the first paint never decodes with, among them).
                  output: { preserveModules: true, preserveModulesRoot: "src", entryFileNames: "[name].js" }
                }
              }
            }
)
