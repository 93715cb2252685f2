import { useState } from "react"
import { accountWords } from "../../../../messages/compiled/en/account"
import type { AccountType } from "../../../../schemas/Kinds"
import { truncateAddress } from "../../../../schemas/ThirdPartyText"
import { copyText } from "../../element/clipboard"
import { useWords } from "../../element/useWords"
import { CheckIcon, CopyIcon } from "../../ui/actionIcons"
import { IconButton } from "../../ui/IconButton"

/** One address with its type in words and a Copy button naming that type. */
const BitcoinAddressRow = ({ address, type }: { readonly address: string; readonly type: AccountType }) => {
  const t = useWords("account", accountWords)
  const [copied, setCopied] = useState(false)
  const typeName = type === "ordinal" ? t.bitcoinOrdinals() : t.bitcoinPayment()
  return (
    <li className="bitcoin-account" data-account-type={type}>
      <span className="bitcoin-account-type">{typeName}</span>
      <span className="bitcoin-account-address" title={address} translate="no" dir="ltr">
        {truncateAddress(address)}
      </span>
      <IconButton
        icon={copied ? <CheckIcon /> : <CopyIcon />}
        label={copied ? t.addressCopied() : t.copyBitcoinAddressOf({ type: typeName })}
        data={{ "data-action": "copyBitcoinAddress" }}
        onClick={() => void copyText(address).then(setCopied)}
      />
    </li>
  )
}

/**
 * A Bitcoin wallet's addresses under the account card: each with its type in words (payment, ordinals),
 * the active one first, each copyable.
 */
export const BitcoinAccounts = ({
  accounts,
  types,
  fallbackType
}: {
  readonly accounts: ReadonlyArray<string>
  readonly types: ReadonlyArray<AccountType> | undefined
  readonly fallbackType: AccountType
}) => (
  <ul className="bitcoin-accounts">
    {accounts.map((address, i) => (
      <BitcoinAddressRow key={address} address={address} type={types?.[i] ?? fallbackType} />
    ))}
  </ul>
)
