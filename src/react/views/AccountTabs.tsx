import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react"
import { groupByMonth, signOf, transferAmount } from "../../internal/activity"
import { formatAmount } from "../../internal/format"
import { safeIconUrl, sanitizeName } from "../../internal/untrusted"
import type { TokenBalance } from "../../schemas/Balance"
import type { CaipNetwork } from "../../schemas/Network"
import type { Transaction } from "../../schemas/Transaction"
import { useController } from "../modal/context"
import { WalletIcon } from "./WalletIcon"

type Tab = "Tokens" | "NFTs" | "Activity"
const TABS: ReadonlyArray<Tab> = ["Tokens", "NFTs", "Activity"]

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" })

const Tokens = ({ network, address }: { readonly network: CaipNetwork; readonly address: string }) => {
  const controller = useController()
  const [tokens, setTokens] = useState<ReadonlyArray<TokenBalance> | "loading" | "failed">("loading")
  useEffect(() => {
    let live = true
    setTokens("loading")
    void controller.tokenBalances(network, address).then((result) => {
      if (live) setTokens(result._tag === "Success" ? result.value : "failed")
    })
    return () => {
      live = false
    }
  }, [controller, network, address])
  if (tokens === "loading")
    return (
      <p className="empty" aria-live="polite">
        Loading tokens…
      </p>
    )
  if (tokens === "failed") return <p className="empty">Token balances are unavailable.</p>
  if (tokens.length === 0) return <p className="empty">No tokens yet</p>
  return (
    <ul className="list" aria-label="Tokens">
      {tokens.map((token) => {
        const name = sanitizeName(token.name) ?? token.symbol
        return (
          <li key={`${token.chainId}:${token.address ?? "native"}`} className="item">
            <WalletIcon icon={safeIconUrl(token.iconUrl)} name={token.symbol} />
            <span className="name">
              {name}
              <span className="sub">
                {formatAmount(token.quantity.numeric, 3)} {sanitizeName(token.symbol)}
              </span>
            </span>
            <span className="value">{usd.format(token.value)}</span>
          </li>
        )
      })}
    </ul>
  )
}

interface ActivityState {
  readonly transactions: ReadonlyArray<Transaction>
  readonly next: string | undefined
  readonly status: "loading" | "idle" | "failed"
}

const useActivity = (network: CaipNetwork, address: string) => {
  const controller = useController()
  const [state, setState] = useState<ActivityState>({ transactions: [], next: undefined, status: "loading" })
  const generation = useRef(0)
  const load = (cursor: string | undefined, previous: ReadonlyArray<Transaction>) => {
    const mine = ++generation.current
    setState({ transactions: previous, next: cursor, status: "loading" })
    void controller.history(network, address, cursor).then((result) => {
      if (mine !== generation.current) return
      // On failure the list is emptied (SPEC.md §8); the toast says why.
      setState(
        result._tag === "Success"
          ? {
              transactions: [...previous, ...result.value.transactions],
              next: result.value.next,
              status: "idle"
            }
          : { transactions: [], next: undefined, status: "failed" }
      )
    })
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload only when the account or network changes
  useEffect(() => {
    load(undefined, [])
    return () => {
      generation.current++
    }
  }, [network, address])
  return { state, loadMore: () => load(state.next, state.transactions) }
}

const ActivityItem = ({ transaction }: { readonly transaction: Transaction }) => {
  const transfer = transaction.transfers[0]
  const operation = sanitizeName(transaction.metadata.operationType) ?? "Transaction"
  const failed = transaction.metadata.status.toLowerCase() === "failed"
  return (
    <li className="item">
      <span className="name">
        {operation.charAt(0).toUpperCase() + operation.slice(1)}
        <span className="sub">
          {new Date(transaction.metadata.minedAt).toLocaleDateString("en-US", {
            month: "short",
            day: "numeric"
          })}
          {failed ? " · Failed" : ""}
        </span>
      </span>
      {transfer === undefined ? null : (
        <span className="value">
          {signOf(transaction.metadata.operationType, transfer)}
          {transferAmount(transfer)}
        </span>
      )}
    </li>
  )
}

const Activity = ({ network, address }: { readonly network: CaipNetwork; readonly address: string }) => {
  const { state, loadMore } = useActivity(network, address)
  const groups = useMemo(() => groupByMonth(state.transactions, new Date()), [state.transactions])
  return (
    <div>
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
      {state.status === "loading" ? (
        <p className="empty" aria-live="polite">
          Loading activity…
        </p>
      ) : state.transactions.length === 0 ? (
        <p className="empty">{state.status === "failed" ? "Activity is unavailable." : "No activity yet"}</p>
      ) : null}
      {state.status === "idle" && state.next !== undefined ? (
        <button type="button" className="row" onClick={loadMore}>
          <span className="name">Load more</span>
        </button>
      ) : null}
    </div>
  )
}

/** NFTs the account received, from its activity (previews through `<img src>` only). */
/** NFT transfers can sit on any page of activity: follow the cursor, up to a bound. */
const NFT_PAGES = 10

const Nfts = ({ network, address }: { readonly network: CaipNetwork; readonly address: string }) => {
  const { state, loadMore } = useActivity(network, address)
  const pagesRead = useRef(1)
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow each new cursor once it is known
  useEffect(() => {
    if (state.status !== "idle" || state.next === undefined || pagesRead.current >= NFT_PAGES) return
    pagesRead.current++
    loadMore()
  }, [state.status, state.next])
  const nfts = useMemo(() => {
    const seen = new Map<string, { name: string; preview: string | undefined }>()
    for (const transaction of state.transactions) {
      for (const transfer of transaction.transfers) {
        if (transfer.nft_info === undefined || transfer.direction === "out") continue
        const name = sanitizeName(transfer.nft_info.name) ?? "NFT"
        const preview = safeIconUrl(transfer.nft_info.content?.preview?.url)
        seen.set(`${name}|${preview ?? ""}`, { name, preview })
      }
    }
    return [...seen.values()]
  }, [state.transactions])
  // Shown once every page is in, so the grid does not grow under the visitor's eyes.
  const complete =
    state.status === "failed" ||
    (state.status === "idle" && (state.next === undefined || pagesRead.current >= NFT_PAGES))
  if (!complete) return <p className="empty">Loading NFTs…</p>
  if (nfts.length === 0) return <p className="empty">No NFTs yet</p>
  return (
    <ul className="nft-grid" aria-label="NFTs">
      {nfts.map((nft) => (
        <li key={`${nft.name}|${nft.preview ?? ""}`} className="nft">
          {nft.preview === undefined ? (
            <span className="nft-preview placeholder" aria-hidden="true" />
          ) : (
            <img
              className="nft-preview"
              src={nft.preview}
              alt=""
              loading="lazy"
              referrerPolicy="no-referrer"
            />
          )}
          <span className="name">{nft.name}</span>
        </li>
      ))}
    </ul>
  )
}

/** Tokens, NFTs and Activity tabs (SPEC.md §2), keyboard-navigable as an ARIA tablist. */
export const AccountTabs = ({
  network,
  address
}: {
  readonly network: CaipNetwork
  readonly address: string
}) => {
  const [tab, setTab] = useState<Tab>("Tokens")
  const id = useId()
  const buttons = useRef<Array<HTMLButtonElement | null>>([])
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.indexOf(tab)
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0
    if (step === 0) return
    event.preventDefault()
    const next = (index + step + TABS.length) % TABS.length
    const nextTab = TABS[next]
    if (nextTab === undefined) return
    setTab(nextTab)
    buttons.current[next]?.focus()
  }
  return (
    <div className="tabs">
      <div className="tablist" role="tablist" aria-label="Account" onKeyDown={onKeyDown}>
        {TABS.map((name, index) => (
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
        {tab === "Tokens" ? (
          <Tokens network={network} address={address} />
        ) : tab === "NFTs" ? (
          <Nfts network={network} address={address} />
        ) : (
          <Activity network={network} address={address} />
        )}
      </div>
    </div>
  )
}
