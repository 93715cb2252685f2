/**
 * The token-amount field: a big number input, the token button (icon and symbol) that opens the token
 * picker, the balance with "Max", and the amount's fiat value under it. The receiving side of a swap shows
 * its quoted amount read-only. Values arrive formatted: the field formats nothing itself.
 */
import { useId, useRef, useState } from "react"
import { uiWords } from "../../../messages/compiled/en/ui"
import { useWords } from "../element/useWords"
import { RemoteImage } from "../views/wallets/WalletImage"
import { type PickerToken, TokenPicker } from "./TokenPicker"

export const TokenAmountField = ({
  label,
  amount,
  onAmount,
  token,
  tokens,
  onToken,
  balance,
  onMax,
  fiat,
  invalid = false,
  describedBy,
  pickerLabel,
  noMatch
}: {
  /** "You send", "You pay", "You receive". */
  readonly label: string
  readonly amount: string
  /** Absent: the amount is read-only (a quote's). */
  readonly onAmount?: ((amount: string) => void) | undefined
  readonly token: PickerToken | undefined
  readonly tokens: ReadonlyArray<PickerToken>
  readonly onToken: (key: string) => void
  /** The chosen token's balance, formatted with its symbol. */
  readonly balance?: string | undefined
  readonly onMax?: (() => void) | undefined
  /** The amount's value, formatted ("$12.50"). */
  readonly fiat?: string | undefined
  readonly invalid?: boolean
  readonly describedBy?: string | undefined
  readonly pickerLabel: string
  /** What the picker says when the search matches nothing ("No currency matches"); else of tokens. */
  readonly noMatch?: string | undefined
}) => {
  const t = useWords("ui", uiWords)
  const ids = { amount: useId(), label: useId() }
  const [picking, setPicking] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  // Picked or dismissed: the focus goes back to the token button, not to the page.
  const close = () => {
    setPicking(false)
    button.current?.focus()
  }
  return (
    <div className="token-field" data-invalid={invalid}>
      <div className="token-field-head">
        <label id={ids.label} htmlFor={ids.amount}>
          {label}
        </label>
        {balance === undefined ? null : (
          <span className="token-field-balance">
            {t.balance({ balance })}
            {onMax === undefined ? null : (
              <button
                type="button"
                className="token-max"
                onClick={onMax}
                aria-label={t.maxLabel({ balance })}
              >
                {t.max()}
              </button>
            )}
          </span>
        )}
      </div>
      <div className="token-field-row">
        <input
          id={ids.amount}
          className="token-amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={amount}
          readOnly={onAmount === undefined}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => onAmount?.(event.currentTarget.value)}
        />
        <button
          ref={button}
          type="button"
          className="token-button"
          aria-haspopup="listbox"
          aria-expanded={picking}
          aria-label={t.tokenButton({
            label: pickerLabel,
            token: token === undefined ? t.choose() : token.symbol
          })}
          onClick={() => setPicking((open) => !open)}
        >
          {token === undefined ? (
            <span>{t.choose()}</span>
          ) : (
            <>
              <RemoteImage src={token.icon} name={token.symbol} size={24} />
              <span className="token-button-symbol">{token.symbol}</span>
            </>
          )}
          <span aria-hidden="true" className="token-chevron">
            ▾
          </span>
        </button>
      </div>
      {fiat === undefined ? null : <p className="token-field-fiat">{fiat}</p>}
      {picking ? (
        <TokenPicker
          label={pickerLabel}
          tokens={tokens}
          selected={token?.key}
          onPick={(key) => {
            close()
            onToken(key)
          }}
          onClose={close}
          none={noMatch}
        />
      ) : null}
    </div>
  )
}
