import { encode } from "uqr"

/** A QR code as one SVG path: `size` modules square, quiet zone included, dark modules in `path`. */
export interface QrDrawing {
  readonly size: number
  readonly path: string
}

/** Four modules of quiet zone, as the QR specification asks, so phones find the code on any background. */
const QUIET_ZONE = 4

/**
 * Draws `text` as a QR code with medium error correction. Each run of dark modules in a row is one
 * rectangle, which keeps the path short (a WalletConnect URI gives a version 8–10 code).
 */
export const qrDrawing = (text: string): QrDrawing => {
  const { data, size } = encode(text, { ecc: "M", border: QUIET_ZONE })
  const parts: Array<string> = []
  data.forEach((row, y) => {
    let x = 0
    while (x < size) {
      if (!row[x]) {
        x += 1
        continue
      }
      const start = x
      while (x < size && row[x]) x += 1
      parts.push(`M${start} ${y}h${x - start}v1h-${x - start}z`)
    }
  })
  return { size, path: parts.join("") }
}
