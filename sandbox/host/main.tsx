/**
 * The demo host page: the sandbox dapp's layout around the modal (`demoModal.ts`) and its panels, each in a
 * file of its own.
 */
import { LOCALES, type Modal } from "airlock"
import { AirlockProvider, ConnectButton, useAirlockLocale } from "airlock/react"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import type { SandboxChainConfig } from "../shared/config"
import { BitcoinPanel } from "./BitcoinPanel"
import { BitcoinRequestsPanel } from "./BitcoinRequestsPanel"
import { modal, sandbox, sandboxBitcoin } from "./demoModal"
import { HeadlessWalletConnect } from "./HeadlessWalletConnect"
import { PayPanel } from "./PayPanel"
import { Requests } from "./Requests"
import { SessionsPanel } from "./SessionsPanel"
import { ConnectionState, ModalState, SolanaAccount } from "./StatePanels"
import "./styles.css"

/** Where "Send 0.01 ETH" sends: the sandbox's last dev account. */
const recipient = sandbox?.wallet.accounts.at(-1)?.address

function Chains({ chains }: { chains: ReadonlyArray<SandboxChainConfig> }) {
  return (
    <ul className="chains">
      {chains.map((chain) => (
        <li key={chain.chainId}>
          <strong>{chain.name}</strong> (chain {chain.chainId}) at <code>{chain.rpcUrl}</code>
        </li>
      ))}
    </ul>
  )
}

/** The modal's language, each named in its own (the pseudo-locale is for the gallery's checks). */
function LanguagePicker() {
  const { locale, setLocale } = useAirlockLocale()
  return (
    <select
      aria-label="Modal language"
      value={locale}
      onChange={(event) => void setLocale(event.target.value)}
    >
      {LOCALES.filter((tag) => tag !== "en-XA").map((tag) => (
        <option key={tag} value={tag} lang={tag}>
          {new Intl.DisplayNames([tag], { type: "language" }).of(tag) ?? tag}
        </option>
      ))}
    </select>
  )
}

function App({ modal }: { modal: Modal }) {
  return (
    <AirlockProvider modal={modal}>
      <header className="bar">
        <span className="brand">
          <img src="/favicon.svg" alt="" width="24" height="24" />
          Airlock Demo
        </span>
        <a href="/wagmi.html">With wagmi</a>
        <LanguagePicker />
        <ConnectButton />
      </header>
      <main className="content">
        <h1>Connect a wallet</h1>
        <p className="lead">
          A sandbox dapp for the Airlock modal. It talks only to loopback services: the Sandbox Wallet signs
          with a local test key against two local chains, and the Sandbox WalletConnect Wallet pairs through
          the local relay (open its page, then paste the link the modal copies).
        </p>
        <Chains chains={sandbox?.chains ?? []} />
        <div className="panels">
          <ConnectionState />
          <SolanaAccount />
          {sandboxBitcoin === undefined ? null : <BitcoinPanel />}
          <Requests chains={sandbox?.chains ?? []} recipient={recipient} tokens={sandbox?.tokens ?? []} />
          {sandbox === undefined ? null : <PayPanel sandbox={sandbox} />}
          {sandbox?.bitcoin === undefined ? null : <BitcoinRequestsPanel bitcoin={sandbox.bitcoin} />}
          {new URLSearchParams(location.search).has("sessions") ? (
            <SessionsPanel chainId={sandbox?.chains[0]?.chainId} recipient={recipient} />
          ) : null}
          <HeadlessWalletConnect />
          <ModalState />
        </div>
      </main>
    </AirlockProvider>
  )
}

/** Shown when the page was not served by the sandbox (no /sandbox-config.js). */
function NoSandbox() {
  return (
    <main className="content">
      <h1>No sandbox</h1>
      <p className="lead">
        This page needs the running sandbox. Start it with <code>npm run demo</code> and open the address it
        prints.
      </p>
    </main>
  )
}

const root = document.getElementById("root")
if (root === null) throw new Error("index.html has no #root element")
createRoot(root).render(
  <StrictMode>{modal === undefined ? <NoSandbox /> : <App modal={modal} />}</StrictMode>
)
