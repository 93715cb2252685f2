/**
 * The demo page's modal: the networks it offers (the sandbox's chains, Solana, Bitcoin) and the options its
 * query switches turn on. Apart from the page's panels, which only use it; it also hands the modal to browser
 * tests as `window.__airlockDemo`.
 */
import { createModal, type Modal } from "airlock"
import { createServerSiwx } from "airlock/siwx"
import { readSandboxConfig } from "../shared/config"
import { BITCOIN_IMAGE_ID, SOLANA_IMAGE_ID, sandboxNetwork, sandboxServices } from "./sandboxModal"

/**
 * The sandbox's chains, as the server running them describes them in /sandbox-config.js: anvil nodes on
 * loopback, the demo's real chains (so balances are real and not the testnet 0.00).
 */
export const sandbox = readSandboxConfig()

/**
 * The sandbox's local Solana chain (sandbox/solana), the first Solana network: the Sandbox WalletConnect
 * Wallet's Solana account holds SOL and sSPL there, and signs and sends there; the provider API answers its
 * balances and history from the chain.
 */
const solanaLocalnet =
  sandbox?.solana === undefined
    ? undefined
    : ({
        id: "localnet",
        caipNetworkId: "solana:localnet",
        chainNamespace: "solana",
        name: "Solana Localnet",
        nativeCurrency: { name: "Solana", symbol: "SOL", decimals: 9 },
        rpcUrls: { default: { http: [sandbox.solana.rpcUrl] } },
        assets: { imageId: SOLANA_IMAGE_ID }
      } as const)

/**
 * Solana devnet, kept beside the local chain: the wallet approves both, and the browser tests switch to it.
 * Nothing calls its RPC: balances come from the sandbox provider API's fixture and signatures from the
 * wallet. Not flagged `testnet`, like the sandbox chains, so the fixture balance shows instead of SPEC's
 * testnet 0.00.
 */
const solanaDevnet = {
  id: "EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
  caipNetworkId: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
  chainNamespace: "solana",
  name: "Solana Devnet",
  nativeCurrency: { name: "Solana", symbol: "SOL", decimals: 9 },
  rpcUrls: { default: { http: ["https://api.devnet.solana.com"] } },
  assets: { imageId: SOLANA_IMAGE_ID }
} as const

/**
 * The sandbox's local Bitcoin chain (sandbox/bitcoin, regtest), when the server runs one: its RPC URL is the
 * chain's Esplora API, where the modal reads UTXOs and fee estimates and broadcasts.
 */
export const sandboxBitcoin =
  sandbox?.bitcoin === undefined
    ? undefined
    : ({
        id: "0f9188f13cb7b2c71f2a335e3a4fc328",
        caipNetworkId: "bip122:0f9188f13cb7b2c71f2a335e3a4fc328",
        chainNamespace: "bip122",
        name: "Sandbox Bitcoin",
        nativeCurrency: { name: "Bitcoin", symbol: "BTC", decimals: 8 },
        rpcUrls: { default: { http: [sandbox.bitcoin.esploraUrl] } },
        testnet: true,
        assets: { imageId: BITCOIN_IMAGE_ID }
      } as const)

const networks = (sandbox?.chains ?? []).map(sandboxNetwork)
const [firstNetwork, ...otherNetworks] = networks

/**
 * `?signin` turns sign-in with the wallet on, verified by the sandbox's sign-in server (`/auth/`, an
 * HTTP-only session cookie); `?signin=required` disconnects a visitor who declines.
 */
const signInMode = new URLSearchParams(location.search).get("signin")
const siwx =
  signInMode === null
    ? undefined
    : createServerSiwx({ statement: "Sign in to the Airlock demo.", required: signInMode === "required" })

/**
 * `?legal`: the legal checkbox (`features.legalCheckbox`) with the demo's terms and privacy policy;
 * `?legal=footer`: the same links as the footer under Connect, without the checkbox.
 */
const legalParam = new URLSearchParams(location.search).get("legal")
const legalMode = legalParam === null ? undefined : legalParam === "footer" ? "footer" : "checkbox"

export const modal: Modal | undefined =
  firstNetwork === undefined
    ? undefined
    : createModal({
        projectId: sandbox?.api.projectId ?? "sandbox-project",
        networks: [
          firstNetwork,
          ...otherNetworks,
          ...(solanaLocalnet === undefined ? [] : [solanaLocalnet]),
          solanaDevnet,
          ...(sandboxBitcoin === undefined ? [] : [sandboxBitcoin])
        ],
        // The sandbox answers for the provider's hosts, so the demo runs offline.
        ...(sandbox === undefined
          ? {}
          : {
              ...sandboxServices(sandbox),
              // `?verify` turns WalletConnect Verify on for the browser test that stands in for its frame.
              walletConnectVerify: new URLSearchParams(location.search).has("verify"),
              // The sandbox exchange pools tokens on the first chain only; the second stays unsupported.
              swapNetworks: [firstNetwork.caipNetworkId]
            }),
        ...(siwx === undefined ? {} : { siwx }),
        // `?accountType=eoa`: the embedded wallet connects the key's account instead of the smart account.
        ...(new URLSearchParams(location.search).get("accountType") === "eoa"
          ? { defaultAccountTypes: { eip155: "eoa" } }
          : {}),
        // `?preview=off`: the wallet asks alone, without the modal's preview of what it asks; `?wallets=folded`:
        // with email or social login, the wallets wait behind "Continue with a wallet"; `?legal`: the legal
        // checkbox guards every way to connect; `?pay`: `modal.pay`; `?sessions`: smart sessions.
        ...(new URLSearchParams(location.search).get("preview") === "off" ||
        new URLSearchParams(location.search).get("wallets") === "folded" ||
        legalMode === "checkbox" ||
        new URLSearchParams(location.search).has("pay") ||
        new URLSearchParams(location.search).has("sessions")
          ? {
              features: {
                ...(new URLSearchParams(location.search).has("pay") ? { pay: true } : {}),
                ...(new URLSearchParams(location.search).get("preview") === "off" ? { preview: false } : {}),
                // `?sessions`: smart sessions (ERC-7715), granted from the Smart session panel.
                ...(new URLSearchParams(location.search).has("sessions") ? { smartSessions: true } : {}),
                ...(new URLSearchParams(location.search).get("wallets") === "folded"
                  ? { emailShowWallets: false }
                  : {}),
                ...(legalMode === "checkbox" ? { legalCheckbox: true } : {})
              }
            }
          : {}),
        // `?legal` and `?legal=footer`: the Connect view links the demo's terms and privacy policy.
        ...(legalMode === undefined
          ? {}
          : {
              termsConditionsUrl: `${location.origin}/terms.html`,
              privacyPolicyUrl: `${location.origin}/privacy.html`
            }),
        // `?locale=ja`: the modal's language from the start (the page's picker changes it later).
        locale: new URLSearchParams(location.search).get("locale") ?? "en",
        metadata: {
          name: "Airlock Demo",
          description: "Airlock sandbox host",
          url: location.origin,
          icons: []
        },
        themeMode: "dark"
      })

declare global {
  interface Window {
    /** The page's modal, for browser tests that ask what no button does (e.g. a transaction they built). */
    readonly __airlockDemo?: { readonly modal: Modal }
  }
}

if (modal !== undefined) {
  Object.defineProperty(window, "__airlockDemo", { value: Object.freeze({ modal }), enumerable: false })
}
