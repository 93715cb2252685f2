import { type UIEvent, useEffect, useLayoutEffect, useRef, useState } from "react"
import { walletsWords } from "../../../../messages/compiled/en/wallets"
import type { CatalogWallet } from "../../../../services/WalletCatalog"
import { useWords } from "../../element/useWords"
import { WalletImage } from "./WalletImage"

export const COLUMNS = 4
/** Fixed row height (px): the window is computed from it, and the spacer's height is rows × this. */
export const ROW_HEIGHT = 96
/** Used until the scroll box can be measured (and where it cannot: no layout). */
export const DEFAULT_VIEWPORT = 368
const OVERSCAN_ROWS = 2
/** Ask for more when the window comes this close to the last row. */
const PREFETCH_ROWS = 3

/** The rows to render, `[start, end)`, for a scroll offset: the visible ones plus a few either side. */
export const windowOf = (
  scrollTop: number,
  viewport: number,
  rows: number
): { readonly start: number; readonly end: number } => {
  const top = Math.max(0, Number.isFinite(scrollTop) ? scrollTop : 0)
  const first = Math.floor(top / ROW_HEIGHT)
  const last = Math.ceil((top + Math.max(viewport, ROW_HEIGHT)) / ROW_HEIGHT)
  const end = Math.min(rows, last + OVERSCAN_ROWS)
  return { start: Math.min(Math.max(0, first - OVERSCAN_ROWS), end), end }
}

interface WalletGridProps {
  readonly wallets: ReadonlyArray<CatalogWallet>
  readonly label: string
  readonly onChoose: (wallet: CatalogWallet) => void
  /** Called when the window nears the last row (infinite scroll). */
  readonly onNearEnd?: (() => void) | undefined
}

/**
 * A grid of wallets that renders only the rows in view: a spacer of the full height keeps the
 * scrollbar honest, and the rendered rows are moved to where they belong.
 */
export const WalletGrid = ({ wallets, label, onChoose, onNearEnd }: WalletGridProps) => {
  const t = useWords("wallets", walletsWords)
  const scroller = useRef<HTMLDivElement>(null)
  const [scrollTop, setScrollTop] = useState(0)
  const [viewport, setViewport] = useState(DEFAULT_VIEWPORT)

  useLayoutEffect(() => {
    const box = scroller.current
    if (box === null) return
    const measure = () => {
      if (box.clientHeight > 0) setViewport(box.clientHeight)
    }
    measure()
    if (typeof ResizeObserver === "undefined") return
    const observer = new ResizeObserver(measure)
    observer.observe(box)
    return () => observer.disconnect()
  }, [])

  const rows = Math.ceil(wallets.length / COLUMNS)
  const { start, end } = windowOf(scrollTop, viewport, rows)
  const nearEnd = rows > 0 && end >= rows - PREFETCH_ROWS

  useEffect(() => {
    if (nearEnd) onNearEnd?.()
  }, [nearEnd, onNearEnd])

  const onScroll = (event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop)
  const visible = wallets.slice(start * COLUMNS, end * COLUMNS)

  return (
    <div className="wallet-scroll" ref={scroller} onScroll={onScroll}>
      <div className="wallet-window" style={{ height: rows * ROW_HEIGHT }}>
        <ul
          className="wallet-grid"
          aria-label={label}
          style={{ transform: `translateY(${start * ROW_HEIGHT}px)`, gridAutoRows: `${ROW_HEIGHT}px` }}
        >
          {visible.map((wallet, i) => {
            const index = start * COLUMNS + i
            return (
              <li key={wallet.id} aria-posinset={index + 1} aria-setsize={wallets.length}>
                <button type="button" className="wallet-tile" onClick={() => onChoose(wallet)}>
                  <WalletImage src={wallet.imageUrl} name={wallet.name} />
                  <span className="name">{wallet.name}</span>
                  {wallet.installed ? <span className="tag">{t.installed()}</span> : null}
                </button>
              </li>
            )
          })}
        </ul>
      </div>
    </div>
  )
}
