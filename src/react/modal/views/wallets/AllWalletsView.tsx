import { useCallback, useEffect, useId, useRef, useState } from "react"
import type { Catalog as Messages } from "../../../../messages/compiled/catalog"
import { walletsWords } from "../../../../messages/compiled/en/wallets"
import { present } from "../../../../presentation"
import type { CatalogSearchState, CatalogState, CatalogWallet } from "../../../../services/WalletCatalog"
import type { CatalogPort } from "../../bridge/controller"
import { useController } from "../../element/context"
import { useViewStyles } from "../../element/styleSheets"
import { useStore } from "../../element/useStore"
import { useLocale, useWords } from "../../element/useWords"
import { SearchIcon } from "../../ui/actionIcons"
import { allWalletsCss } from "./allWalletsStyles"
import { WalletGrid } from "./WalletGrid"

/** What the live region says: loading, nothing found, or the failure, else nothing. */
export const statusText = (
  query: string,
  state: CatalogState,
  search: CatalogSearchState,
  t: typeof walletsWords = walletsWords,
  messages?: Messages
): string => {
  if (query !== "") {
    const current = search.query === query
    if (current && search.status._tag === "Failed") return present(search.status.error, messages).message
    if (!current || search.status._tag === "Loading") return t.loading()
    return search.results.length === 0 ? t.noWalletsFound() : ""
  }
  if (state.status._tag === "Failed") return present(state.status.error, messages).message
  if (state.status._tag === "Loading" || !state.loaded) return t.loading()
  return state.list.length === 0 ? t.noWalletsFound() : ""
}

const Catalog = ({ catalog }: { readonly catalog: CatalogPort }) => {
  const controller = useController()
  const t = useWords("wallets", walletsWords)
  const messages = useLocale().catalog
  const state = useStore(catalog.state)
  const search = useStore(catalog.search)
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [text, setText] = useState("")

  // Leaving the view drops the search, as a fresh visit starts from the full list.
  useEffect(() => () => void catalog.setQuery(""), [catalog])

  const query = text.trim()
  const searching = query !== ""
  const wallets = searching ? search.results : state.list
  const status = statusText(query, state, search, t, messages)
  const canLoadMore = !searching && state.hasMore && state.status._tag === "Idle"

  const onNearEnd = useCallback(() => {
    if (canLoadMore) void catalog.loadNextPage()
  }, [canLoadMore, catalog])

  // An installed wallet connects directly; any other pairs through WalletConnect, with its deep link.
  const choose = (wallet: CatalogWallet) => {
    void controller.chooseWallet(
      wallet.installed && wallet.connectorId !== undefined
        ? { _tag: "Connector", connectorId: wallet.connectorId }
        : { _tag: "WalletConnect", walletId: wallet.id }
    )
  }

  const failed = !searching && state.status._tag === "Failed"
  return (
    <div>
      <div className="field wallet-search">
        <label className="visually-hidden" htmlFor={inputId}>
          {t.searchWallets()}
        </label>
        <SearchIcon />
        <input
          ref={input}
          id={inputId}
          className="input"
          type="search"
          autoComplete="off"
          spellCheck={false}
          placeholder={t.searchWallets()}
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            void catalog.setQuery(event.target.value)
          }}
        />
      </div>
      <p className="status" role="status" aria-live="polite">
        {status}
      </p>
      {failed ? (
        <button type="button" className="button" onClick={() => void catalog.load()}>
          {t.tryAgain()}
        </button>
      ) : null}
      {wallets.length === 0 ? null : (
        <WalletGrid
          key={searching ? `search:${search.query}` : "all"}
          wallets={wallets}
          label={searching ? t.searchResults() : t.allWalletsList()}
          onChoose={choose}
          onNearEnd={searching ? undefined : onNearEnd}
        />
      )}
    </div>
  )
}

/** Every wallet: installed, custom, featured, recommended, then the explorer's list; with search. */
export const AllWalletsView = () => {
  useViewStyles(allWalletsCss)
  const { catalog } = useController()
  return <Catalog catalog={catalog} />
}
