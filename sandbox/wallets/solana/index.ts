/**
 * The entry of `/sandbox-solana-wallet.js`: installs the Sandbox Solana Wallet when the script loads, as an
 * extension's content script would (see install.ts for the switches and the test handle).
 */
import { installSandboxSolanaWallet } from "./install"

installSandboxSolanaWallet()
