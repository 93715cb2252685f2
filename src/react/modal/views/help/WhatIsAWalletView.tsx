import { useMemo } from "react"
import { type WalletDownload, walletsToGet } from "../../../../layers/wallets/walletsToGet"
import { helpWords } from "../../../../messages/compiled/en/help"
import { useController } from "../../element/context"
import { useViewStyles } from "../../element/styleSheets"
import { useStore } from "../../element/useStore"
import { useWords } from "../../element/useWords"
import { WalletIcon } from "../wallets/WalletIcon"

/** A download page's name: brands as they are, the wallet's own site in the visitor's words. */
const downloadName = (t: typeof helpWords, kind: WalletDownload["kind"]) => {
  switch (kind) {
    case "appStore":
      return t.appStore()
    case "playStore":
      return t.googlePlay()
    case "homepage":
      return t.website()
  }
}

const helpCss = `
.help-points { margin: 0; padding: 0; list-style: none; display: flex; flex-direction: column; gap: calc(var(--_fs) * 1.2); }
.help-points li { display: flex; flex-direction: column; gap: calc(var(--_fs) * 0.2); }
.help-points strong { font-size: calc(var(--_fs) * 1.4); }
.help-points span, .help-empty { color: var(--_fg-2); font-size: calc(var(--_fs) * 1.3); }
.help-heading { margin: calc(var(--_fs) * 2) 0 calc(var(--_fs) * 0.8); font-size: calc(var(--_fs) * 1.4); font-weight: 600; }
.help-wallets { margin: 0; padding: 0; list-style: none; display: flex; flex-direction: column; gap: calc(var(--_fs) * 0.8); }
.help-wallet {
  display: flex; align-items: center; gap: calc(var(--_fs) * 1.2);
  padding: calc(var(--_fs) * 1) calc(var(--_fs) * 1.2);
  border-radius: calc(var(--_r) * 4); background: var(--_bg-2);
}
.help-wallet-text { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: calc(var(--_fs) * 0.4); }
.help-wallet-name { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.help-links { display: flex; flex-wrap: wrap; gap: calc(var(--_fs) * 0.4) calc(var(--_fs) * 1.2); }
.help-links a { color: var(--_fg); font-size: calc(var(--_fs) * 1.2); text-decoration: underline; text-underline-offset: 2px; }
.help-links a:focus-visible { outline: 2px solid var(--_focus); outline-offset: 2px; border-radius: 2px; }
`

/** What a wallet is, and the recommended wallets to get one from, for a visitor who has none. */
export const WhatIsAWalletView = () => {
  useViewStyles(helpCss)
  const controller = useController()
  const t = useWords("help", helpWords)
  const catalog = useStore(controller.catalog.state)
  const wallets = useMemo(() => walletsToGet(catalog), [catalog])
  return (
    <div className="section">
      <ul className="help-points">
        <li>
          <strong>{t.homeTitle()}</strong>
          <span>{t.homeText()}</span>
        </li>
        <li>
          <strong>{t.loginTitle()}</strong>
          <span>{t.loginText()}</span>
        </li>
        <li>
          <strong>{t.approveTitle()}</strong>
          <span>{t.approveText()}</span>
        </li>
      </ul>
      <h3 className="help-heading">{t.getAWallet()}</h3>
      {wallets.length === 0 ? (
        <p className="help-empty" role="status" aria-busy={catalog.status._tag === "Loading"}>
          {catalog.status._tag === "Loading" ? t.loadingWallets() : t.noWallets()}
        </p>
      ) : (
        <ul className="help-wallets" aria-label={t.recommendedWallets()}>
          {wallets.map((wallet) => (
            <li key={wallet.id} className="help-wallet">
              <WalletIcon icon={wallet.imageUrl} name={wallet.name} />
              <div className="help-wallet-text">
                <span className="help-wallet-name" title={wallet.name}>
                  {wallet.name}
                </span>
                <span className="help-links">
                  {wallet.downloads.map((download) => (
                    <a
                      key={download.kind}
                      href={download.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t.walletOn({ wallet: wallet.name, store: downloadName(t, download.kind) })}
                    >
                      {downloadName(t, download.kind)}
                    </a>
                  ))}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
