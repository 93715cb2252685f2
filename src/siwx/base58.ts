/**
 * Base58 (the Bitcoin alphabet Solana uses for addresses, signatures and `solana_signMessage` payloads).
 * Pure and total; both directions are quadratic, so inputs are bounded.
 */

const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
/** Base58 decoding is quadratic: longer text is refused. */
export const MAX_BASE58_LENGTH = 4096

/** Base58 to bytes, or undefined when not base58 or longer than MAX_BASE58_LENGTH. */
export const decodeBase58 = (text: string): Uint8Array | undefined => {
  if (text.length > MAX_BASE58_LENGTH) return undefined
  const reversed: Array<number> = []
  for (const char of text) {
    let carry = ALPHABET.indexOf(char)
    if (carry < 0) return undefined
    for (let i = 0; i < reversed.length; i++) {
      carry += (reversed[i] ?? 0) * 58
      reversed[i] = carry & 0xff
      carry >>= 8
    }
    for (; carry > 0; carry >>= 8) reversed.push(carry & 0xff)
  }
  // Each leading "1" is a leading zero byte.
  for (let i = 0; i < text.length && text[i] === "1"; i++) reversed.push(0)
  return Uint8Array.from(reversed.reverse())
}

/** Bytes to base58; each leading zero byte is a leading "1". */
export const encodeBase58 = (bytes: Uint8Array): string => {
  const digits: Array<number> = []
  for (const byte of bytes) {
    let carry = byte
    for (let i = 0; i < digits.length; i++) {
      carry += (digits[i] ?? 0) << 8
      digits[i] = carry % 58
      carry = Math.floor(carry / 58)
    }
    for (; carry > 0; carry = Math.floor(carry / 58)) digits.push(carry % 58)
  }
  let zeros = ""
  for (let i = 0; i < bytes.length && bytes[i] === 0; i++) zeros += "1"
  return (
    zeros +
    digits
      .reverse()
      .map((digit) => ALPHABET[digit])
      .join("")
  )
}
