/** The Sandbox Solana Wallet's icon: a small SVG as a base64 data URI (the wallet standard asks for one). */
import type { WalletIcon } from "@wallet-standard/base"

const SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">',
  '<rect width="96" height="96" rx="22" fill="#3b2a7a"/>',
  '<path d="M28 30h46l-8 9H20z" fill="#c9f2e4"/>',
  '<path d="M20 44h46l8 9H28z" fill="#9fe6cf"/>',
  '<path d="M28 58h46l-8 9H20z" fill="#c9f2e4"/>',
  "</svg>"
].join("")

export const SOLANA_WALLET_ICON: WalletIcon = `data:image/svg+xml;base64,${btoa(SVG)}`
