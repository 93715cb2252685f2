import type { ReactNode } from "react"

/**
 * A button drawn as an icon. `label` is its accessible name (`aria-label`) unless `showLabel`, which shows
 * it under the icon instead, as action bars do.
 */
export const IconButton = ({
  icon,
  label,
  showLabel = false,
  onClick,
  disabled,
  pressed,
  data
}: {
  readonly icon: ReactNode
  readonly label: string
  readonly showLabel?: boolean
  readonly onClick: () => void
  readonly disabled?: boolean
  readonly pressed?: boolean
  /** Extra attributes for tests and styles. */
  readonly data?: Readonly<Record<`data-${string}`, string | undefined>>
}) => (
  <button
    type="button"
    className={showLabel ? "icon-button labelled" : "icon-button"}
    aria-label={showLabel ? undefined : label}
    title={showLabel ? undefined : label}
    aria-pressed={pressed}
    disabled={disabled}
    onClick={onClick}
    {...data}
  >
    {icon}
    {showLabel ? <span>{label}</span> : null}
  </button>
)
