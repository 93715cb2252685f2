// SVG images the sandbox API generates: wallet, asset, currency and token icons, NFT previews and avatars.
// Colours and shapes come from a hash of the image's key, so the same id always gives the same picture.
import { createHash } from "node:crypto"

/**
 * The image key's 32 hash bytes, as a function of the index (every index used is below 32).
 * @param {string} key
 * @returns {(index: number) => number}
 */
const hashBytes = (key) => {
  const digest = createHash("sha256").update(`airlock-sandbox-image:${key}`).digest()
  return (index) => digest[index] ?? 0
}

/** @type {Readonly<Record<string, string>>} */
const XML_ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" }
export const escapeXml = (/** @type {unknown} */ text) =>
  String(text).replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c)

/** @param {string} key */
const palette = (key) => {
  const byte = hashBytes(key)
  const hue = ((byte(0) << 8) | byte(1)) % 360
  return {
    byte,
    from: `hsl(${hue} 72% 56%)`,
    to: `hsl(${(hue + 35 + (byte(2) % 50)) % 360} 70% 38%)`
  }
}

/**
 * @param {string} from
 * @param {string} to
 */
const gradient = (from, to) =>
  `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`

/**
 * A square (`rounded`) or round (`circle`) icon with a gradient and a short label, 96×96. `title` is the
 * accessible name.
 * @param {{ key: string, label: string, title: string, shape?: "rounded" | "circle" }} options
 * @returns {string}
 */
export function iconSvg({ key, label, title, shape = "rounded" }) {
  const { from, to } = palette(key)
  const text = escapeXml(label.slice(0, 4))
  const size = label.length <= 2 ? 36 : label.length === 3 ? 28 : 22
  const backdrop =
    shape === "circle"
      ? `<circle cx="48" cy="48" r="48" fill="url(#g)"/>`
      : `<rect width="96" height="96" rx="24" fill="url(#g)"/>`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    gradient(from, to),
    backdrop,
    `<text x="48" y="49" text-anchor="middle" dominant-baseline="central" font-family="system-ui, sans-serif" font-size="${size}" font-weight="700" fill="#fff">${text}</text>`,
    "</svg>"
  ].join("")
}

/**
 * An NFT preview, 256×256: a gradient, a few hashed shapes and the token's label.
 * @param {{ key: string, title: string, label: string }} options
 * @returns {string}
 */
export function nftSvg({ key, title, label }) {
  const { byte, from, to } = palette(key)
  const shapes = []
  for (let i = 0; i < 5; i++) {
    const x = 24 + (byte(3 + i * 3) % 208)
    const y = 24 + (byte(4 + i * 3) % 160)
    const r = 14 + (byte(5 + i * 3) % 42)
    const opacity = (0.18 + (byte(20 + i) % 40) / 100).toFixed(2)
    shapes.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity="${opacity}"/>`)
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    gradient(from, to),
    `<rect width="256" height="256" fill="url(#g)"/>`,
    ...shapes,
    `<rect x="16" y="200" width="224" height="40" rx="12" fill="#000" fill-opacity="0.35"/>`,
    `<text x="128" y="221" text-anchor="middle" dominant-baseline="central" font-family="system-ui, sans-serif" font-size="20" font-weight="700" fill="#fff">${escapeXml(label)}</text>`,
    "</svg>"
  ].join("")
}
