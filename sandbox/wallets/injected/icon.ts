/** The wallet's icon: a small SVG as a base64 data URI (EIP-6963 asks for a data URI). */
const SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">',
  '<rect width="96" height="96" rx="22" fill="#1d6f5f"/>',
  '<rect x="18" y="28" width="60" height="44" rx="10" fill="#e9fbf5"/>',
  '<path d="M18 40h60" stroke="#1d6f5f" stroke-width="6"/>',
  '<circle cx="62" cy="56" r="6" fill="#1d6f5f"/>',
  "</svg>"
].join("")

export const WALLET_ICON = `data:image/svg+xml;base64,${btoa(SVG)}`
