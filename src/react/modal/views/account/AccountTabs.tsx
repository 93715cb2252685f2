import { type KeyboardEvent, useId, useMemo, useRef, useState } from "react"
import { groupByMonth, signOf, transferAmount } from "../../../../layers/account/activity"
import { sentRow } from "../../../../layers/account/sentActivity"
import { formatAmount, formatDay, formatUsd } from "../../../../layers/format/format"
import type { Transaction } from "../../../../schemas/Transaction"
import type { RetryableDatum } from "../../../../services/AccountData"
import { makeImagesPort } from "../../bridge/imagesPort"
import { useController } from "../../element/context"
import { useStore } from "../../element/useStore"
import { WalletIcon } from "../wallets/WalletIcon"
import { RemoteImage } from "../wallets/WalletImage"

type Tab = "Tokens" | "NFTs" | "Activity"
const TABS: ReadonlyArray<Tab> = ["Tokens", "NFTs", "Activity"]
/** With `features.history` off: NFTs are read from the history too, so both go. */
const WITHOUT_HISTORY: ReadonlyArray<Tab> = ["Tokens"]

// Every name, symbol and image URL below was made safe when the service decoded it: printed as it is.

/** A failed datum: what is missing (its toast said why) and a way to load it again. */
const Unavailable = ({ message, datum }: { readonly message: string; readonly datum: RetryableDatum }) => {
  const controller = useController()
  return (
    <>
      <p className="empty">{message}</p>
      <button type="button" className="button" onClick={() => void controller.accountData.retry(datum)}>
        Try again
      </button>
    </>
  )
}

const LoadMore = ({ onClick }: { readonly onClick: () => Promise<void> }) => (
  <button type="button" className="row" onClick={() => void onClick()}>
    <span className="name">Load more</span>
  </button>
)

const Tokens = () => {
  const controller = useController()
  const tokens = useStore(controller.accountData.tokens)
  if (tokens._tag === "Failed")
    return <Unavailable message="Token balances are unavailable." datum="tokens" />
  if (tokens._tag !== "Ready")
    return (
      <p className="empty" aria-live="polite">
        Loading tokens…
      </p>
    )
  if (tokens.value.length === 0) return <p className="empty">No tokens yet</p>
  const images = makeImagesPort(controller.imageUrls)
  return (
    <ul className="list" aria-label="Tokens">
      {tokens.value.map((token) => (
        <li key={`${token.chainId}:${token.address ?? "native"}`} className="item">
          <WalletIcon icon={images.token(token)} name={token.symbol ?? token.name ?? ""} />
          <span className="name">
            {token.name ?? token.symbol}
            <span className="sub">
              {formatAmount(token.quantity.numeric, 3)} {token.symbol}
            </span>
          </span>
          <span className="value">{formatUsd(token.value)}</span>
        </li>
      ))}
    </ul>
  )
}

const ActivityItem = ({ transaction }: { readonly transaction: Transaction }) => {
  const transfer = transaction.transfers[0]
  const operation = transaction.metadata.operationType ?? "Transaction"
  const failed = transaction.metadata.status.toLowerCase() === "failed"
  return (
    <li className="item">
      <span className="name">
        {operation.charAt(0).toUpperCase() + operation.slice(1)}
        <span className="sub">
          {formatDay(new Date(transaction.metadata.minedAt))}
          {failed ? " · Failed" : ""}
        </span>
      </span>
      {transfer === undefined ? null : (
        <span className="value">
          {signOf(transaction.metadata.operationType ?? "", transfer)}
          {transferAmount(transfer)}
        </span>
      )}
    </li>
  )
}

const NO_TRANSACTIONS: ReadonlyArray<Transaction> = []

/** Sends through Airlock the history does not list yet: pending at once, then settled. */
const SentItems = () => {
  const controller = useController()
  const sent = useStore(controller.accountData.sent)
  const { activeNamespace, active } = useStore(controller.networks)
  const network = active[activeNamespace]
  const currency = network?._tag === "Known" ? network.network.nativeCurrency : undefined
  if (sent.length === 0) return null
  return (
    <ul className="list" aria-label="Sent from this app">
      {sent.map((item) => {
        const row = sentRow(item, currency)
        return (
          <li key={item.id} className="item" data-status={item.status}>
            <span className="name">
              {row.label}
              <span className="sub" aria-live="polite">
                {row.status}
              </span>
            </span>
            {row.amount === undefined ? null : <span className="value">{row.amount}</span>}
          </li>
        )
      })}
    </ul>
  )
}

const Activity = () => {
  const controller = useController()
  const activity = useStore(controller.accountData.activity)
  const sent = useStore(controller.accountData.sent)
  const transactions = activity._tag === "Ready" ? activity.value.items : NO_TRANSACTIONS
  const groups = useMemo(() => groupByMonth(transactions, new Date()), [transactions])
  // On failure the list is emptied (SPEC.md §8); the toast says why.
  if (activity._tag === "Failed")
    return (
      <>
        <SentItems />
        <Unavailable message="Activity is unavailable." datum="activity" />
      </>
    )
  const loading = activity._tag !== "Ready" || activity.value.loadingMore
  return (
    <div>
      <SentItems />
      {groups.map((group) => (
        <section key={group.key} className="month" aria-label={group.label}>
          <h3 className="month-label">{group.label}</h3>
          <ul className="list">
            {group.transactions.map((transaction) => (
              <ActivityItem key={transaction.id} transaction={transaction} />
            ))}
          </ul>
        </section>
      ))}
      {loading ? (
        <p className="empty" aria-live="polite">
          Loading activity…
        </p>
      ) : transactions.length === 0 && sent.length === 0 ? (
        <p className="empty">No activity yet</p>
      ) : null}
      {activity._tag === "Ready" && activity.value.hasMore && !loading ? (
        <LoadMore onClick={controller.accountData.loadMoreActivity} />
      ) : null}
    </div>
  )
}

/** NFTs the account received, from its activity (previews through `<img src>` only). */
const Nfts = () => {
  const controller = useController()
  const nfts = useStore(controller.accountData.nfts)
  if (nfts._tag === "Failed") return <Unavailable message="NFTs are unavailable." datum="nfts" />
  // Shown once the pages of a load are in, so the grid does not grow under the visitor's eyes.
  if (nfts._tag !== "Ready") return <p className="empty">Loading NFTs…</p>
  const { items, hasMore, loadingMore } = nfts.value
  return (
    <div>
      {items.length === 0 ? (
        <p className="empty">No NFTs yet</p>
      ) : (
        <ul className="nft-grid" aria-label="NFTs">
          {items.map((nft) => (
            <li key={`${nft.name}|${nft.preview ?? ""}`} className="nft">
              <RemoteImage src={nft.preview} name="" className="nft-preview" />
              <span className="name">{nft.name}</span>
            </li>
          ))}
        </ul>
      )}
      {loadingMore ? (
        <p className="empty" aria-live="polite">
          Loading NFTs…
        </p>
      ) : hasMore ? (
        <LoadMore onClick={controller.accountData.loadMoreNfts} />
      ) : null}
    </div>
  )
}

/**
 * Tokens, NFTs and Activity tabs (SPEC.md §2), keyboard-navigable as an ARIA tablist; Tokens alone with
 * `features.history` off.
 */
export const AccountTabs = () => {
  const tabs = useController().config.features.history ? TABS : WITHOUT_HISTORY
  const [tab, setTab] = useState<Tab>("Tokens")
  const id = useId()
  const buttons = useRef<Array<HTMLButtonElement | null>>([])
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(tab)
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0
    if (step === 0) return
    event.preventDefault()
    const next = (index + step + tabs.length) % tabs.length
    const nextTab = tabs[next]
    if (nextTab === undefined) return
    setTab(nextTab)
    buttons.current[next]?.focus()
  }
  return (
    <div className="tabs">
      <div className="tablist" role="tablist" aria-label="Account" onKeyDown={onKeyDown}>
        {tabs.map((name, index) => (
          <button
            key={name}
            ref={(el) => {
              buttons.current[index] = el
            }}
            type="button"
            role="tab"
            id={`${id}-${name}`}
            aria-selected={tab === name}
            aria-controls={`${id}-${name}-panel`}
            tabIndex={tab === name ? 0 : -1}
            className="tab"
            onClick={() => setTab(name)}
          >
            {name}
          </button>
        ))}
      </div>
      <div className="tabpanel" role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}`}>
        {tab === "Tokens" ? <Tokens /> : tab === "NFTs" ? <Nfts /> : <Activity />}
      </div>
    </div>
  )
}
