import type { TestProject } from "vitest/node"
import type { SandboxChain, SandboxPool, SandboxToken, SandboxTransfer } from "../../sandbox/chain/chain.mjs"
import { startDemo } from "../../sandbox/host/serve.mjs"

declare module "vitest" {
  export interface ProvidedContext {
    /** The demo host's URL, `http://127.0.0.1:PORT/`. */
    demoUrl: string
    /**
     * The sandbox the demo runs against: its chains (with their anvil RPC URLs), tokens, accounts, the
     * transfers its seeding made and the exchange's pools.
     */
    sandbox: {
      readonly chains: ReadonlyArray<SandboxChain>
      readonly tokens: ReadonlyArray<SandboxToken>
      readonly accounts: ReadonlyArray<string>
      readonly history: ReadonlyArray<SandboxTransfer>
      /** The exchange's pools on the first chain, with their reserves at start. */
      readonly pools: ReadonlyArray<SandboxPool>
      /** The EIP-7702 batch executor on each chain (the Sandbox Wallet's accounts delegate to it). */
      readonly batchDelegates: ReadonlyArray<{ readonly chainId: number; readonly address: string }>
    }
    /** The sandbox provider API the demo's modal talks to; `/__sandbox/faults` flips its fault switches. */
    apiUrl: string
    /** The sandbox WalletConnect relay, `ws://127.0.0.1:PORT`. */
    relayUrl: string
    /** The Sandbox WalletConnect Wallet's page, `http://127.0.0.1:PORT/` (its own origin). */
    walletConnectWalletUrl: string
    /**
     * The embedded wallet's frame origin, `http://127.0.0.1:PORT` (no trailing slash): its page at `/sdk`,
     * its auth server at `/auth/*`, the mailbox of login codes at `/mailbox.json`.
     */
    frameUrl: string
    /** The social and Farcaster sign-in stand-in's origin, `http://127.0.0.1:PORT` (no trailing slash). */
    socialUrl: string
    /**
     * The onramp's payment provider ("Sandbox Pay"), `http://127.0.0.1:PORT` (no trailing slash, its own
     * origin): the page at `/buy?…` that the API's onramp URL generator links to; `/api/purchases` lists
     * what it delivered.
     */
    onrampUrl: string
    /**
     * The local Solana chain (`solana:localnet`): its JSON-RPC URL, the sSPL mint and the dev accounts'
     * base58 addresses (their seeds: `sandboxSolanaAccounts()` of sandbox/solana/accounts.mjs).
     */
    solana: {
      readonly rpcUrl: string
      readonly mint: {
        readonly address: string
        readonly name: string
        readonly symbol: string
        readonly decimals: number
      }
      readonly accounts: ReadonlyArray<string>
    }
    /**
     * The local Bitcoin chain (regtest, `bip122:0f9188f13cb7b2c71f2a335e3a4fc328`): its Esplora API (with the
     * test controls `POST /__sandbox/faucet` and `/__sandbox/reset`), the dev accounts' payment and ordinals
     * addresses (their keys: `sandboxBitcoinAccounts()` of sandbox/bitcoin/accounts.mjs) and the seed
     * coinbases' txids, one per account.
     */
    bitcoin: {
      readonly esploraUrl: string
      readonly chain: string
      readonly accounts: ReadonlyArray<{ readonly payment: string; readonly ordinals: string }>
      readonly seed: ReadonlyArray<string>
    }
  }
}

/**
 * Builds the package, the demo host and the sandbox wallets once (not under `npm test`, which has built them
 * for the run: scripts/vite.mjs, `reusesBuild`), starts the sandbox chains, serves the demo
 * on a free port, and always stops the server and the chains (startDemo stops what it started when it
 * fails halfway; the teardown stops the rest).
 */
export default async function setup(project: TestProject) {
  const demo = await startDemo({ port: 0 })
  try {
    project.provide("demoUrl", demo.url)
    project.provide("apiUrl", demo.api.url)
    project.provide("relayUrl", demo.relay.url)
    project.provide("walletConnectWalletUrl", demo.walletConnectWalletUrl)
    project.provide("frameUrl", demo.frameUrl)
    project.provide("socialUrl", demo.socialUrl)
    project.provide("onrampUrl", demo.onrampUrl)
    project.provide("solana", {
      rpcUrl: demo.solana.rpcUrl,
      mint: {
        address: demo.solana.mint.address,
        name: demo.solana.mint.name,
        symbol: demo.solana.mint.symbol,
        decimals: demo.solana.mint.decimals
      },
      accounts: demo.solana.accounts.map((account) => account.address)
    })
    project.provide("bitcoin", {
      esploraUrl: demo.bitcoin.esploraUrl,
      chain: demo.bitcoin.chain,
      accounts: demo.bitcoin.accounts.map((account) => ({
        payment: account.payment.address,
        ordinals: account.ordinals.address
      })),
      seed: demo.bitcoin.seed().map((funding) => funding.txid)
    })
    project.provide("sandbox", {
      chains: demo.sandbox.chains.map(({ chainId, rpcUrl, name }) => ({ chainId, rpcUrl, name })),
      tokens: demo.sandbox.tokens.map((token) => ({ ...token })),
      accounts: demo.sandbox.accounts.map((account) => account.address),
      history: demo.sandbox.history.map((transfer) => ({ ...transfer })),
      pools: demo.sandbox.pools.map((pool) => ({ ...pool })),
      batchDelegates: demo.sandbox.batchDelegates.map((delegate) => ({ ...delegate }))
    })
  } catch (error) {
    await demo.close()
    throw error
  }
  return () => demo.close()
}
