/**
 * A compact row that names a choice ("Country United States", its accessible name as read) and opens the in-flow picker of its
 * options under it; picking one, or Escape, closes the picker and gives the focus back to the row.
 */
import { useRef, useState } from "react"
import { uiWords } from "../../../messages/compiled/en/ui"
import { useWords } from "../element/useWords"
import { ChevronDownIcon } from "./icons"
import { Picker, type PickerItem } from "./Picker"

export const PickerRow = ({
  label,
  items,
  selected,
  onPick,
  unset,
  placeholder,
  none,
  describedBy
}: {
  /** What is chosen: "Country". */
  readonly label: string
  readonly items: ReadonlyArray<PickerItem>
  readonly selected: string | undefined
  readonly onPick: (key: string) => void
  /** The row's words while nothing is chosen: "Choose your country". */
  readonly unset: string
  readonly placeholder: string
  readonly none: string
  readonly describedBy?: string | undefined
}) => {
  const t = useWords("ui", uiWords)
  const row = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState(false)
  const close = () => {
    setOpen(false)
    row.current?.focus()
  }
  const chosen = items.find((item) => item.key === selected)
  return (
    <div className="picker-row">
      <button
        ref={row}
        type="button"
        className="row list-item picker-row-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={t.pickerRow({ label, value: chosen?.title ?? unset })}
        aria-describedby={describedBy}
        data-unset={chosen === undefined}
        onClick={() => setOpen((shown) => !shown)}
      >
        <span className="text">
          <span className="sub">{label}</span> <span className="name">{chosen?.title ?? unset}</span>
        </span>
        <ChevronDownIcon />
      </button>
      {open ? (
        <Picker
          label={label}
          items={items}
          selected={selected}
          onPick={(key) => {
            close()
            onPick(key)
          }}
          onClose={close}
          placeholder={placeholder}
          none={none}
        />
      ) : null}
    </div>
  )
}
