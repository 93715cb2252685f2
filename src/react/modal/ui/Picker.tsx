/**
 * An in-flow picker: a search field over a listbox of items (icon, title, subtitle, a trailing figure). The
 * search field keeps the focus and moves the active option with the arrow keys (`aria-activedescendant`);
 * Enter picks it, Escape closes without a change. Laid out in the flow of the form, never over it. The
 * token picker and Buy's country list are this picker.
 */
import { type KeyboardEvent, useId, useMemo, useState } from "react"
import { uiWords } from "../../../messages/compiled/en/ui"
import { OWNS_ESCAPE } from "../element/focus"
import { useWords } from "../element/useWords"
import { RemoteImage } from "../views/wallets/WalletImage"

/** One item of a picker; `trailing` already formatted (a balance), `icon` an image URL. */
export interface PickerItem {
  readonly key: string
  readonly title: string
  readonly subtitle?: string | undefined
  /** `null`: the list shows no pictures; `undefined`: a placeholder with the title's initial. */
  readonly icon?: string | null | undefined
  readonly trailing?: string | undefined
}

const matches = (item: PickerItem, search: string) => {
  const text = search.trim().toLowerCase()
  return (
    text === "" ||
    item.title.toLowerCase().includes(text) ||
    (item.subtitle?.toLowerCase().includes(text) ?? false)
  )
}

export const Picker = ({
  label,
  items,
  selected,
  onPick,
  onClose,
  placeholder,
  none
}: {
  /** What is picked: "Token to send", "Country". */
  readonly label: string
  readonly items: ReadonlyArray<PickerItem>
  readonly selected: string | undefined
  readonly onPick: (key: string) => void
  readonly onClose: () => void
  /** The search field's placeholder: "Search by name or symbol". */
  readonly placeholder: string
  /** What the list says when the search matches nothing: "No token matches". */
  readonly none: string
}) => {
  const t = useWords("ui", uiWords)
  const ids = { search: useId(), list: useId() }
  const [search, setSearch] = useState("")
  const shown = useMemo(() => items.filter((item) => matches(item, search)), [items, search])
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      shown.findIndex((item) => item.key === selected)
    )
  )
  const current = shown[Math.min(active, shown.length - 1)]
  const optionId = (key: string) => `${ids.list}-${key}`
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault()
      const step = event.key === "ArrowDown" ? 1 : -1
      setActive(
        (index) => (Math.min(index, shown.length - 1) + step + shown.length) % Math.max(shown.length, 1)
      )
    } else if (event.key === "Enter") {
      event.preventDefault()
      if (current !== undefined) onPick(current.key)
    } else if (event.key === "Escape") {
      event.preventDefault()
      event.stopPropagation()
      onClose()
    }
  }
  return (
    <div className="token-picker" {...{ [OWNS_ESCAPE]: "" }}>
      <input
        id={ids.search}
        className="input token-search"
        type="search"
        role="combobox"
        aria-label={t.search({ label })}
        aria-expanded="true"
        aria-controls={ids.list}
        aria-activedescendant={current === undefined ? undefined : optionId(current.key)}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        // biome-ignore lint/a11y/noAutofocus: the picker opens on the visitor's click; the search is where they type
        autoFocus
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value)
          setActive(0)
        }}
        onKeyDown={onKeyDown}
      />
      <div id={ids.list} className="token-options" role="listbox" aria-label={label}>
        {shown.length === 0 ? (
          <p className="token-none">{none}</p>
        ) : (
          shown.map((item) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the search field carries the keyboard (aria-activedescendant)
            <div
              key={item.key}
              tabIndex={-1}
              id={optionId(item.key)}
              role="option"
              aria-selected={item.key === selected}
              data-active={item.key === current?.key}
              className="token-option"
              onClick={() => onPick(item.key)}
            >
              {item.icon === null ? null : <RemoteImage src={item.icon} name={item.title} size={28} />}
              <span className="token-option-name">
                <span className="token-option-symbol">{item.title}</span>
                {item.subtitle === undefined ? null : <span className="sub">{item.subtitle}</span>}
              </span>
              {item.trailing === undefined ? null : (
                <span className="token-option-balance">{item.trailing}</span>
              )}
            </div>
          ))
        )}
      </div>
    </div>
  )
}
