import { type KeyboardEvent, useId, useMemo, useRef, useState } from "react"
import { groupByMonth, signOf, transferAmount } from "../../../../layers/account/activity"
import { sentRow } from "../../../../layers/account/sentActivity"
import { formatAmount, formatDay, formatUsd } from "../../../../layers/format/format"
import { accountWords } from "../../../../messages/compiled/en/account"
import type { Transaction } from "../../../../schemas/Transaction"
import type { RetryableDatum } from "../../../../services/AccountData"
import type { TrackedTransaction } from "../../../../services/TransactionWatcher"
import { makeImagesPort } from "../../bridge/imagesPort"
import { useController } from "../../element/context"
import { useIntlLocale } from "../../element/useIntlLocale"
import { useStore } from "../../element/useStore"
import { useWords } from "../../element/useWords"
import { WalletIcon } from "../wallets/WalletIcon"
import { RemoteImage } from "../wallets/WalletImage"

type Tab = "Tokens" | "NFTs" | "Activity"
const TABS: ReadonlyArray<Tab> = ["Tokens", "NFTs", "Activity"]
/** With `features.history` off: NFTs are read from the history too, so both go. */
const WITHOUT_HISTORY: ReadonlyArray<Tab> = ["Tokens"]
/** Each tab's message. */
const TAB_WORDS = { Tokens: "tokens", NFTs: "nfts", Activity: "activity" } as const satisfies Record<
  Tab,
  AccountWord
>

type AccountWord = keyof typeof accountWords

/** The operations the history names that have words of their own; any other reads as the history says. */
const OPERATION_WORDS: Readonly<Record<string, Extract<AccountWord, `op${string}`>>> = {
  approve: "opApprove",
  borrow: "opBorrow",
  burn: "opBurn",
  cancel: "opCancel",
  claim: "opClaim",
  deploy: "opDeploy",
  deposit: "opDeposit",
  execute: "opExecute",
  mint: "opMint",
  receive: "opReceive",
  repay: "opRepay",
  send: "opSend",
  stake: "opStake",
  trade: "opTrade",
  unstake: "opUnstake",
  withdraw: "opWithdraw"
}

const STATUS_WORDS = {
  pending: "statusPending",
  confirmed: "statusConfirmed",
  failed: "statusFailed",
  unknown: "statusUnknown"
} as const satisfies Record<TrackedTransaction["status"], AccountWord>

// Every name, symbol and image URL below was made safe when the service decoded it: printed as it is.

/** A failed datum: what is missing (its toast said why) and a way to load it again. */
const Unavailable = ({ message, datum }: { readonly message: string; readonly datum: RetryableDatum }) => {
  const controller = useController()
  const t = useWords("account", accountWords)
  return (
    <>
      <p className="empty">{message}</p>
      <button type="button" className="button" onClick={() => void controller.accountData.retry(datum)}>
        {t.tryAgain()}
      </button>
    </>
  )
}

const LoadMore = ({ onClick }: { readonly onClick: () => Promise<void> }) => {
  const t = useWords("account", accountWords)
  return (
    <button type="button" className="row" onClick={() => void onClick()}>
      <span className="name">{t.loadMore()}</span>
    </button>
  )
}

const Tokens = () => {
  const controller = useController()
  const t = useWords("account", accountWords)
  const locale = useIntlLocale()
  const tokens = useStore(controller.accountData.tokens)
  if (tokens._tag === "Failed") return <Unavailable message={t.tokensUnavailable()} datum="tokens" />
  if (tokens._tag !== "Ready")
    return (
      <p className="empty" aria-live="polite">
        {t.loadingTokens()}
      </p>
    )
  if (tokens.value.length === 0) return <p className="empty">{t.noTokens()}</p>
  const images = makeImagesPort(controller.imageUrls)
  return (
    <ul className="list" aria-label={t.tokens()}>
      {tokens.value.map((token) => (
        <li key={`${token.chainId}:${token.address ?? "native"}`} className="item">
          <WalletIcon icon={images.token(token)} name={token.symbol ?? token.name ?? ""} />
          <span className="name" translate="no">
            {token.name ?? token.symbol}
            <span className="sub">
              <span dir="ltr">{`${formatAmount(token.quantity.numeric, 3, locale)} ${token.symbol ?? ""}`}</span>
            </span>
          </span>
          <span className="value" dir="ltr">
            {formatUsd(token.value, locale)}
          </span>
        </li>
      ))}
    </ul>
  )
}

/** An activity row's operation in words; one the catalog has no words for, as the history names it. */
const operationText = (t: typeof accountWords, operation: string | undefined): string => {
  if (operation === undefined) return t.opTransaction()
  const key = operation.toLowerCase()
  // Own entries only: an operation named "constructor" must not reach Object.prototype.
  const word = Object.hasOwn(OPERATION_WORDS, key) ? OPERATION_WORDS[key] : undefined
  return word === undefined ? operation.charAt(0).toUpperCase() + operation.slice(1) : t[word]()
}

const ActivityItem = ({ transaction }: { readonly transaction: Transaction }) => {
  const t = useWords("account", accountWords)
  const locale = useIntlLocale()
  const transfer = transaction.transfers[0]
  const operation = transaction.metadata.operationType
  const failed = transaction.metadata.status.toLowerCase() === "failed"
  const day = formatDay(new Date(transaction.metadata.minedAt), locale)
  return (
    <li className="item">
      <span className="name">
        {operationText(t, operation)}
        <span className="sub">{failed ? t.dayFailed({ day }) : day}</span>
      </span>
      {transfer === undefined ? null : (
        <span className="value" dir="ltr">
          {signOf(transaction.metadata.operationType ?? "", transfer)}
          {transferAmount(transfer, locale)}
        </span>
      )}
    </li>
  )
}

const NO_TRANSACTIONS: ReadonlyArray<Transaction> = []

/** Sends through Airlock the history does not list yet: pending at once, then settled. */
const SentItems = () => {
  const controller = useController()
  const t = useWords("account", accountWords)
  const locale = useIntlLocale()
  const sent = useStore(controller.accountData.sent)
  const { activeNamespace, active } = useStore(controller.networks)
  const network = active[activeNamespace]
  const currency = network?._tag === "Known" ? network.network.nativeCurrency : undefined
  if (sent.length === 0) return null
  return (
    <ul className="list" aria-label={t.sentFromApp()}>
      {sent.map((item) => {
        const row = sentRow(item, currency, locale)
        return (
          <li key={item.id} className="item" data-status={item.status}>
            <span className="name">
              {row.kind === "batch" ? t.sentBatch() : t.sentSend()}
              <span className="sub" aria-live="polite">
                {t[STATUS_WORDS[row.status]]()}
              </span>
            </span>
            {row.amount === undefined ? null : (
              <span className="value" dir="ltr">
                {row.amount}
              </span>
            )}
          </li>
        )
      })}
    </ul>
  )
}

const Activity = () => {
  const controller = useController()
  const t = useWords("account", accountWords)
  const locale = useIntlLocale()
  const activity = useStore(controller.accountData.activity)
  const sent = useStore(controller.accountData.sent)
  const transactions = activity._tag === "Ready" ? activity.value.items : NO_TRANSACTIONS
  const groups = useMemo(() => groupByMonth(transactions, new Date(), locale), [transactions, locale])
  // On failure the list is emptied (SPEC.md §8); the toast says why.
  if (activity._tag === "Failed")
    return (
      <>
        <SentItems />
        <Unavailable message={t.activityUnavailable()} datum="activity" />
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
          {t.loadingActivity()}
        </p>
      ) : transactions.length === 0 && sent.length === 0 ? (
        <p className="empty">{t.noActivity()}</p>
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
  const t = useWords("account", accountWords)
  const nfts = useStore(controller.accountData.nfts)
  if (nfts._tag === "Failed") return <Unavailable message={t.nftsUnavailable()} datum="nfts" />
  // Shown once the pages of a load are in, so the grid does not grow under the visitor's eyes.
  if (nfts._tag !== "Ready") return <p className="empty">{t.loadingNfts()}</p>
  const { items, hasMore, loadingMore } = nfts.value
  return (
    <div>
      {items.length === 0 ? (
        <p className="empty">{t.noNfts()}</p>
      ) : (
        <ul className="nft-grid" aria-label={t.nfts()}>
          {items.map((nft) => (
            <li key={`${nft.name}|${nft.preview ?? ""}`} className="nft">
              <RemoteImage src={nft.preview} name="" className="nft-preview" />
              <span className="name" translate="no">
                {nft.name}
              </span>
            </li>
          ))}
        </ul>
      )}
      {loadingMore ? (
        <p className="empty" aria-live="polite">
          {t.loadingNfts()}
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
  const t = useWords("account", accountWords)
  const tabs = useController().config.features.history ? TABS : WITHOUT_HISTORY
  const [tab, setTab] = useState<Tab>("Tokens")
  const id = useId()
  const buttons = useRef<Array<HTMLButtonElement | null>>([])
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(tab)
    // In a right-to-left layout the next tab is on the left.
    const forward = event.currentTarget.closest("[dir]")?.getAttribute("dir") === "rtl" ? -1 : 1
    const step = event.key === "ArrowRight" ? forward : event.key === "ArrowLeft" ? -forward : 0
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
      <div className="tablist" role="tablist" aria-label={t.tabsLabel()} onKeyDown={onKeyDown}>
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
            {t[TAB_WORDS[name]]()}
          </button>
        ))}
      </div>
      <div className="tabpanel" role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}`}>
        {tab === "Tokens" ? <Tokens /> : tab === "NFTs" ? <Nfts /> : <Activity />}
      </div>
    </div>
  )
}
