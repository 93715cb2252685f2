/**
 * A token picker: a search field over a listbox of tokens with their icons and balances. The search field
 * keeps the focus and moves the active option with the arrow keys (`aria-activedescendant`); Enter picks it,
 * Escape closes without a change. Laid out in the flow of the form, never over it.
 */
import { type KeyboardEvent, useId, useMemo, useState } from "react"
import { OWNS_ESCAPE } from "../element/focus"
import { RemoteImage } from "../views/wallets/WalletImage"

/** A token as the picker lists it; `balance` already formatted ("12.5"), absent when none is held. */
export interface PickerToken {
  readonly key: string
  readonly symbol: string
  readonly name: string
  readonly icon: string | undefined
  readonly balance?: string | undefined
}

const matches = (token: PickerToken, search: string) => {
  const text = search.trim().toLowerCase()
  return text === "" || token.symbol.toLowerCase().includes(text) || token.name.toLowerCase().includes(text)
}

export const TokenPicker = ({
  label,
  tokens,
  selected,
  onPick,
  onClose
}: {
  /** What is picked: "Token to send", "Token to receive". */
  readonly label: string
  readonly tokens: ReadonlyArray<PickerToken>
  readonly selected: string | undefined
  readonly onPick: (key: string) => void
  readonly onClose: () => void
}) => {
  const ids = { search: useId(), list: useId() }
  const [search, setSearch] = useState("")
  const shown = useMemo(() => tokens.filter((token) => matches(token, search)), [tokens, search])
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      shown.findIndex((t) => t.key === selected)
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
        aria-label={`Search: ${label}`}
        aria-expanded="true"
        aria-controls={ids.list}
        aria-activedescendant={current === undefined ? undefined : optionId(current.key)}
        placeholder="Search by name or symbol"
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
          <p className="token-none">No token matches</p>
        ) : (
          shown.map((token) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the search field carries the keyboard (aria-activedescendant)
            <div
              key={token.key}
              tabIndex={-1}
              id={optionId(token.key)}
              role="option"
              aria-selected={token.key === selected}
              data-active={token.key === current?.key}
              className="token-option"
              onClick={() => onPick(token.key)}
            >
              <RemoteImage src={token.icon} name={token.symbol} size={28} />
              <span className="token-option-name">
                <span className="token-option-symbol">{token.symbol}</span>
                <span className="sub">{token.name}</span>
              </span>
              {token.balance === undefined ? null : (
                <span className="token-option-balance">{token.balance}</span>
              )}
            </div>
          ))
        )}
      </div>
    </div>
  )
}
