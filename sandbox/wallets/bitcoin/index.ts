/**
 * The entry of `/sandbox-bitcoin-wallet.js`: installs the Sandbox Bitcoin Wallet when the script loads, as an
 * extension's content script would (see install.ts for the switches and the test handle).
 */
import { installSandboxBitcoinWallet } from "./install"

installSandboxBitcoinWallet()
