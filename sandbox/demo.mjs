// npm run demo: start the sandbox chains, build the package, the host page and the sandbox wallet, then serve
// the demo on loopback until Ctrl-C, which stops the server and both anvil nodes.
// AIRLOCK_DEMO_PORT chooses the port (default 5173; 0 picks a free one).
import { startDemo } from "./host/serve.mjs"

const port = Number(process.env.AIRLOCK_DEMO_PORT ?? 5173)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`AIRLOCK_DEMO_PORT must be a port number, got "${process.env.AIRLOCK_DEMO_PORT}"`)
  process.exit(2)
}

/** @type {import("./host/serve.mjs").RunningDemo | undefined} */
let demo
let stopping = false
const stop = async (/** @type {NodeJS.Signals} */ signal) => {
  if (stopping) return
  stopping = true
  console.error(`\n${signal}: stopping the demo server and the sandbox chains`)
  await demo?.close()
  process.exit(0)
}
// Registered before anything starts, so that Ctrl-C during the build also stops what has started.
process.once("SIGINT", stop)
process.once("SIGTERM", stop)

console.error("Starting the sandbox chains and building the package, the demo host and the sandbox wallets…")
try {
  demo = await startDemo({ port })
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
if (stopping) {
  await demo.close()
} else {
  for (const chain of demo.sandbox.chains) {
    console.error(`  ${chain.name} (chain ${chain.chainId}): ${chain.rpcUrl}`)
  }
  for (const token of demo.sandbox.tokens) {
    console.error(`  ${token.name} (${token.symbol}, ${token.decimals} decimals): ${token.address}`)
  }
  console.error(`  Sandbox Solana (${demo.solana.chain}): ${demo.solana.rpcUrl}`)
  console.error(
    `  ${demo.solana.mint.name} (${demo.solana.mint.symbol}, ${demo.solana.mint.decimals} decimals): ${demo.solana.mint.address}`
  )
  console.error(`  Sandbox Bitcoin (regtest, ${demo.bitcoin.chain}): Esplora API ${demo.bitcoin.esploraUrl}`)
  console.error(`  Provider API: ${demo.api.url}`)
  console.error(`  WalletConnect relay: ${demo.relay.url}`)
  console.error(`  Embedded wallet frame: ${demo.frameUrl} (mailbox: ${demo.frameUrl}/mailbox)`)
  console.error(`  Social sign-in stand-in: ${demo.socialUrl}`)
  console.error(`  Onramp payment provider (Sandbox Pay): ${demo.onrampUrl}`)
  console.error(`  Exchange for modal.pay (Sandbox Exchange): ${demo.exchangeUrl}`)
  console.error(
    `  Sandbox WalletConnect Wallet: ${demo.walletConnectWalletUrl} (add ?mode=auto-approve to skip its prompts)`
  )
  console.error(
    `  Sandbox Wallet account: ${demo.sandbox.accounts[0]?.address} (add ?wallet=auto-approve to skip its prompts)`
  )
  console.log(`Demo ready at ${demo.url}`)
  console.log(`  With wagmi: ${new URL("wagmi.html", demo.url)}`)
  console.log(`  No wallet library, by EIP-6963: ${new URL("eip6963.html", demo.url)}`)
  console.log(`  ethers and viem, over the modal's provider: ${new URL("provider.html", demo.url)}`)
  console.log(`  Gallery, every view in each of its states (mock layers): ${demo.galleryUrl}`)
}
