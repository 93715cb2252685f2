import { useMemo } from "react"
import { qrDrawing } from "./qr"

/** A QR code on white whatever the theme (scanners read dark on light best); `--airlock-qr-color` tints it. */
export const QrCode = ({ value, label }: { readonly value: string; readonly label: string }) => {
  const { size, path } = useMemo(() => qrDrawing(value), [value])
  return (
    <svg
      className="qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} />
    </svg>
  )
}
