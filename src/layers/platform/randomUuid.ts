const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")

/**
 * A version 4 UUID. `crypto.randomUUID` exists only in secure contexts; plain-http pages still have
 * `getRandomValues`. Without either, a non-cryptographic id is good enough for what it names (an analytics
 * event, an EIP-6963 announcement).
 */
export const randomUuid = (): string => {
  const crypto = globalThis.crypto
  try {
    if (typeof crypto?.randomUUID === "function") return crypto.randomUUID()
  } catch {
    // fall through
  }
  const bytes = new Uint8Array(16)
  try {
    crypto.getRandomValues(bytes)
  } catch {
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256)
  }
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const h = hex(bytes)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}
