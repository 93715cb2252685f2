import type { ReactNode } from "react"
import { ChevronIcon } from "./icons"

interface ListItemContent {
  /** The leading picture (a wallet or network icon), decorative: the title names the item. */
  readonly icon?: ReactNode
  readonly title: string
  /** The title is a name (a wallet's, a network's), shown as given in every language. */
  readonly verbatim?: boolean
  readonly subtitle?: string | undefined
  /** A short status (e.g. "QR code", "Installed"); `tone` colours it. */
  readonly tag?: string | undefined
  readonly tone?: "accent" | "success" | undefined
  /** A trailing chevron for an item that leads to another view. */
  readonly chevron?: boolean
  readonly label?: string | undefined
  readonly current?: boolean
  readonly busy?: boolean
  /** Extra attributes for tests and styles (e.g. `data-suspicious`). */
  readonly data?: Readonly<Record<`data-${string}`, string | undefined>>
}

type ListItemProps = ListItemContent &
  (
    | { readonly onClick: () => void; readonly disabled?: boolean; readonly href?: undefined }
    | {
        readonly href: string
        /** An https page opens beside the dapp; a native link hands over in place. */
        readonly target?: "_blank" | undefined
        readonly onClick?: () => void
      }
  )

const Content = ({ icon, title, verbatim, subtitle, tag, tone, chevron }: ListItemContent) => (
  <>
    {icon}
    <span className="text">
      <span className="name" translate={verbatim === true ? "no" : undefined}>
        {title}
      </span>
      {subtitle === undefined ? null : <span className="sub">{subtitle}</span>}
    </span>
    {tag === undefined ? null : (
      <span className="tag" data-tone={tone}>
        {tag}
      </span>
    )}
    {chevron === true ? <ChevronIcon /> : null}
  </>
)

/** One row of a list: icon, title, subtitle, a trailing tag or chevron; a button, or a link. */
export const ListItem = (props: ListItemProps) => {
  const common = {
    className: "row list-item",
    "aria-label": props.label,
    "aria-current": props.current === true ? ("true" as const) : undefined,
    "aria-busy": props.busy === true ? true : undefined,
    ...props.data
  }
  if (props.href !== undefined)
    return (
      <a
        {...common}
        href={props.href}
        target={props.target}
        rel="noopener noreferrer"
        onClick={props.onClick}
      >
        <Content {...props} />
      </a>
    )
  return (
    <button {...common} type="button" disabled={props.disabled} onClick={props.onClick}>
      <Content {...props} />
    </button>
  )
}
