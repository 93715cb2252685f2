/** The Sandbox Bitcoin Wallet's icon: a small SVG as a base64 data URI (both announcements carry it). */
import type { WalletIcon } from "@wallet-standard/base"

const SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">',
  '<rect width="96" height="96" rx="22" fill="#7a4a12"/>',
  '<circle cx="48" cy="48" r="30" fill="#f7b955"/>',
  '<path d="M40 30v36M48 30v36M36 36h16a7 7 0 0 1 0 12H36h18a8 8 0 0 1 0 16H36" fill="none" stroke="#5a3408" stroke-width="5" stroke-linejoin="round"/>',
  "</svg>"
].join("")

export const BITCOIN_WALLET_ICON: WalletIcon = `data:image/svg+xml;base64,${btoa(SVG)}`
