/** The token picker: the in-flow picker over tokens, each with its icon, symbol, name and balance. */
import { uiWords } from "../../../messages/compiled/en/ui"
import { useWords } from "../element/useWords"
import { Picker } from "./Picker"

/** A token as the picker lists it; `balance` already formatted ("12.5"), absent when none is held. */
export interface PickerToken {
  readonly key: string
  readonly symbol: string
  readonly name: string
  readonly icon: string | undefined
  readonly balance?: string | undefined
}

export const TokenPicker = ({
  label,
  tokens,
  selected,
  onPick,
  onClose,
  none
}: {
  /** What is picked: "Token to send", "Token to receive". */
  readonly label: string
  readonly tokens: ReadonlyArray<PickerToken>
  readonly selected: string | undefined
  readonly onPick: (key: string) => void
  readonly onClose: () => void
  /** What the list says when the search matches nothing; "No token matches" unless told. */
  readonly none?: string | undefined
}) => {
  const t = useWords("ui", uiWords)
  return (
    <Picker
      label={label}
      items={tokens.map((token) => ({
        key: token.key,
        title: token.symbol,
        subtitle: token.name,
        icon: token.icon,
        trailing: token.balance
      }))}
      selected={selected}
      onPick={onPick}
      onClose={onClose}
      placeholder={t.searchTokens()}
      none={none ?? t.noTokenMatches()}
    />
  )
}
