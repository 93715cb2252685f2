import { base58 } from "@scure/base"
import { createModal, LOCALES, type Modal } from "airlock"
import {
  AirlockProvider,
  ConnectButton,
  useAirlock,
  useAirlockAccount,
  useAirlockLocale,
  useAirlockNetwork,
  useAirlockState,
  useAirlockTransactions,
  useAirlockWalletConnect,
  useWalletInfo
} from "airlock/react"
import { createServerSiwx } from "airlock/siwx"
import { StrictMode, useState } from "react"
import { createRoot } from "react-dom/client"
import { readSandboxConfig, type SandboxChainConfig } from "../shared/config"
import { BitcoinPanel } from "./BitcoinPanel"
import { BitcoinRequestsPanel } from "./BitcoinRequestsPanel"
import { Field } from "./Field"
import { PayPanel } from "./PayPanel"
import { SessionsPanel } from "./SessionsPanel"
import { BITCOIN_IMAGE_ID, SOLANA_IMAGE_ID, sandboxNetwork, sandboxServices } from "./sandboxModal"
import "./styles.css"

/**
 * The sandbox's chains, as the server running them describes them in /sandbox-config.js: anvil nodes on
 * loopback, the demo's real chains (so balances are real and not the testnet 0.00).
 */
const sandbox = readSandboxConfig()

/**
 * The sandbox's local Solana chain (sandbox/solana), the first Solana network: the Sandbox WalletConnect
 * Wallet's Solana account holds SOL and sSPL there, and signs and sends there; the provider API answers its
 * balances and history from the chain.
 */
const solanaLocalnet =
  sandbox?.solana === undefined
    ? undefined
    : ({
        id: "localnet",
        caipNetworkId: "solana:localnet",
        chainNamespace: "solana",
        name: "Solana Localnet",
        nativeCurrency: { name: "Solana", symbol: "SOL", decimals: 9 },
        rpcUrls: { default: { http: [sandbox.solana.rpcUrl] } },
        assets: { imageId: SOLANA_IMAGE_ID }
      } as const)

/**
 * Solana devnet, kept beside the local chain: the wallet approves both, and the browser tests switch to it.
 * Nothing calls its RPC: balances come from the sandbox provider API's fixture and signatures from the
 * wallet. Not flagged `testnet`, like the sandbox chains, so the fixture balance shows instead of SPEC's
 * testnet 0.00.
 */
const solanaDevnet = {
  id: "EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
  caipNetworkId: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
  chainNamespace: "solana",
  name: "Solana Devnet",
  nativeCurrency: { name: "Solana", symbol: "SOL", decimals: 9 },
  rpcUrls: { default: { http: ["https://api.devnet.solana.com"] } },
  assets: { imageId: SOLANA_IMAGE_ID }
} as const

/**
 * The sandbox's local Bitcoin chain (sandbox/bitcoin, regtest), when the server runs one: its RPC URL is the
 * chain's Esplora API, where the modal reads UTXOs and fee estimates and broadcasts.
 */
const sandboxBitcoin =
  sandbox?.bitcoin === undefined
    ? undefined
    : ({
        id: "0f9188f13cb7b2c71f2a335e3a4fc328",
        caipNetworkId: "bip122:0f9188f13cb7b2c71f2a335e3a4fc328",
        chainNamespace: "bip122",
        name: "Sandbox Bitcoin",
        nativeCurrency: { name: "Bitcoin", symbol: "BTC", decimals: 8 },
        rpcUrls: { default: { http: [sandbox.bitcoin.esploraUrl] } },
        testnet: true,
        assets: { imageId: BITCOIN_IMAGE_ID }
      } as const)

const networks = (sandbox?.chains ?? []).map(sandboxNetwork)
const [firstNetwork, ...otherNetworks] = networks

/**
 * `?signin` turns sign-in with the wallet on, verified by the sandbox's sign-in server (`/auth/`, an
 * HTTP-only session cookie); `?signin=required` disconnects a visitor who declines.
 */
const signInMode = new URLSearchParams(location.search).get("signin")
const siwx =
  signInMode === null
    ? undefined
    : createServerSiwx({ statement: "Sign in to the Airlock demo.", required: signInMode === "required" })

/**
 * `?legal`: the legal checkbox (`features.legalCheckbox`) with the demo's terms and privacy policy;
 * `?legal=footer`: the same links as the footer under Connect, without the checkbox.
 */
const legalParam = new URLSearchParams(location.search).get("legal")
const legalMode = legalParam === null ? undefined : legalParam === "footer" ? "footer" : "checkbox"

const modal: Modal | undefined =
  firstNetwork === undefined
    ? undefined
    : createModal({
        projectId: sandbox?.api.projectId ?? "sandbox-project",
        networks: [
          firstNetwork,
          ...otherNetworks,
          ...(solanaLocalnet === undefined ? [] : [solanaLocalnet]),
          solanaDevnet,
          ...(sandboxBitcoin === undefined ? [] : [sandboxBitcoin])
        ],
        // The sandbox answers for the provider's hosts, so the demo runs offline.
        ...(sandbox === undefined
          ? {}
          : {
              ...sandboxServices(sandbox),
              // `?verify` turns WalletConnect Verify on for the browser test that stands in for its frame.
              walletConnectVerify: new URLSearchParams(location.search).has("verify"),
              // The sandbox exchange pools tokens on the first chain only; the second stays unsupported.
              swapNetworks: [firstNetwork.caipNetworkId]
            }),
        ...(siwx === undefined ? {} : { siwx }),
        // `?accountType=eoa`: the embedded wallet connects the key's account instead of the smart account.
        ...(new URLSearchParams(location.search).get("accountType") === "eoa"
          ? { defaultAccountTypes: { eip155: "eoa" } }
          : {}),
        // `?preview=off`: the wallet asks alone, without the modal's preview of what it asks; `?wallets=folded`:
        // with email or social login, the wallets wait behind "Continue with a wallet"; `?legal`: the legal
        // checkbox guards every way to connect; `?pay`: `modal.pay`; `?sessions`: smart sessions.
        ...(new URLSearchParams(location.search).get("preview") === "off" ||
        new URLSearchParams(location.search).get("wallets") === "folded" ||
        legalMode === "checkbox" ||
        new URLSearchParams(location.search).has("pay") ||
        new URLSearchParams(location.search).has("sessions")
          ? {
              features: {
                ...(new URLSearchParams(location.search).has("pay") ? { pay: true } : {}),
                ...(new URLSearchParams(location.search).get("preview") === "off" ? { preview: false } : {}),
                // `?sessions`: smart sessions (ERC-7715), granted from the Smart session panel.
                ...(new URLSearchParams(location.search).has("sessions") ? { smartSessions: true } : {}),
                ...(new URLSearchParams(location.search).get("wallets") === "folded"
                  ? { emailShowWallets: false }
                  : {}),
                ...(legalMode === "checkbox" ? { legalCheckbox: true } : {})
              }
            }
          : {}),
        // `?legal` and `?legal=footer`: the Connect view links the demo's terms and privacy policy.
        ...(legalMode === undefined
          ? {}
          : {
              termsConditionsUrl: `${location.origin}/terms.html`,
              privacyPolicyUrl: `${location.origin}/privacy.html`
            }),
        // `?locale=ja`: the modal's language from the start (the page's picker changes it later).
        locale: new URLSearchParams(location.search).get("locale") ?? "en",
        metadata: {
          name: "Airlock Demo",
          description: "Airlock sandbox host",
          url: location.origin,
          icons: []
        },
        themeMode: "dark"
      })

declare global {
  interface Window {
    /** The page's modal, for browser tests that ask what no button does (e.g. a transaction they built). */
    readonly __airlockDemo?: { readonly modal: Modal }
  }
}

if (modal !== undefined) {
  Object.defineProperty(window, "__airlockDemo", { value: Object.freeze({ modal }), enumerable: false })
}

function ModalState() {
  const state = useAirlockState()
  return (
    <section className="panel" aria-labelledby="modal-state-title">
      <h2 id="modal-state-title">Modal state</h2>
      <dl>
        <Field label="open" testId="modal-open" value={String(state.open)} />
        <Field label="view" testId="modal-view" value={state.view} />
      </dl>
    </section>
  )
}

/** What the hooks report: the account, its network and the wallet behind it. */
function ConnectionState() {
  const account = useAirlockAccount()
  const network = useAirlockNetwork()
  const { walletInfo } = useWalletInfo()
  return (
    <section className="panel" aria-labelledby="connection-title">
      <h2 id="connection-title">Connection</h2>
      <dl>
        <Field label="status" testId="account-status" value={account.status} />
        <Field label="address" testId="account-address" value={account.address ?? "—"} />
        <Field label="network" testId="network-name" value={network.name ?? "—"} />
        <Field
          label="chain id"
          testId="network-chain-id"
          value={network.chainId === undefined ? "—" : String(network.chainId)}
        />
        <Field label="wallet" testId="wallet-name" value={walletInfo?.name ?? "—"} />
        <Field label="wallet rdns" testId="wallet-rdns" value={walletInfo?.rdns ?? "—"} />
      </dl>
    </section>
  )
}

/** The Solana account of a multi-namespace session (WalletConnect). */
function SolanaAccount() {
  const account = useAirlockAccount({ namespace: "solana" })
  return (
    <section className="panel" aria-labelledby="solana-title">
      <h2 id="solana-title">Solana</h2>
      <dl>
        <Field label="status" testId="solana-status" value={account.status} />
        <Field label="address" testId="solana-address" value={account.address ?? "—"} />
      </dl>
    </section>
  )
}

const toHex = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, "0")).join("")}`

/** Where "Send 0.01 ETH" sends: the sandbox's last dev account. */
const recipient = sandbox?.wallet.accounts.at(-1)?.address

/** 0.01 ETH in wei, as the hex quantity `eth_sendTransaction` takes. */
const sendValue = `0x${(10n ** 16n).toString(16)}`

/** The sandbox chain's sUSD, which "Send 2.5 sUSD" moves with an ERC-20 `transfer` the page encodes. */
const sandboxUsd = sandbox?.tokens.find((token) => token.symbol === "sUSD")
const word = (value: bigint) => value.toString(16).padStart(64, "0")
/** `transfer(recipient, 2.5 sUSD)`. */
const transferCall = (to: string, decimals: number) =>
  `0xa9059cbb${word(BigInt(to))}${word((25n * 10n ** BigInt(decimals)) / 10n)}`

/** `0x1234…abcd`: enough of a hash to tell transactions apart. */
const shortHash = (hash: string) => `${hash.slice(0, 6)}…${hash.slice(-4)}`

/** What the last request (or network switch) settled with. */
interface RequestResult {
  readonly label: string
  readonly value: string
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Requests the dapp sends through `modal.request` and `modal.switchNetwork` (the hooks hand out the
 * modal's own methods); the page shows the answer.
 */
function Requests() {
  const modal = useAirlock()
  const evm = useAirlockAccount({ namespace: "eip155" })
  const solana = useAirlockAccount({ namespace: "solana" })
  const network = useAirlockNetwork()
  const [result, setResult] = useState<RequestResult>()
  const [settled, setSettled] = useState(0)
  const message = "Hello from the Airlock demo"
  const settle = (next: RequestResult) => {
    setResult(next)
    setSettled((count) => count + 1)
  }
  const show = (label: string, request: Promise<unknown>) =>
    request.then(
      (value) => settle({ label, value: typeof value === "string" ? value : JSON.stringify(value) }),
      (error: unknown) => settle({ label: `${label} failed`, value: messageOf(error) })
    )
  // The sandbox chain the wallet is not on (the first one while Solana is active).
  const otherChain = sandbox?.chains.find((chain) => chain.chainId !== network.chainId)
  return (
    <section className="panel" aria-labelledby="requests-title">
      <h2 id="requests-title">Requests</h2>
      <p>
        Message: <code data-testid="sign-message">{message}</code>
      </p>
      <p>
        Sends to: <code data-testid="send-recipient">{recipient ?? "—"}</code>
      </p>
      <div className="actions">
        <button
          type="button"
          disabled={evm.address === undefined}
          onClick={() =>
            void show(
              "personal_sign",
              modal.request(
                { method: "personal_sign", params: [toHex(message), evm.address] },
                { namespace: "eip155" }
              )
            )
          }
        >
          Sign message (EVM)
        </button>
        <button
          type="button"
          disabled={solana.address === undefined}
          onClick={() =>
            void show(
              "solana_signMessage",
              modal.request(
                {
                  method: "solana_signMessage",
                  params: {
                    message: base58.encode(new TextEncoder().encode(message)),
                    pubkey: solana.address
                  }
                },
                { namespace: "solana" }
              )
            )
          }
        >
          Sign message (Solana)
        </button>
        <button
          type="button"
          disabled={evm.address === undefined || recipient === undefined}
          onClick={() =>
            void show(
              "eth_sendTransaction",
              modal.request(
                {
                  method: "eth_sendTransaction",
                  params: [{ from: evm.address, to: recipient, value: sendValue }]
                },
                { namespace: "eip155" }
              )
            )
          }
        >
          Send 0.01 ETH
        </button>
        <button
          type="button"
          disabled={evm.address === undefined || recipient === undefined || sandboxUsd === undefined}
          onClick={() =>
            recipient === undefined || sandboxUsd === undefined
              ? undefined
              : void show(
                  "eth_sendTransaction",
                  modal.request(
                    {
                      method: "eth_sendTransaction",
                      params: [
                        {
                          from: evm.address,
                          to: sandboxUsd.address,
                          data: transferCall(recipient, sandboxUsd.decimals)
                        }
                      ]
                    },
                    { namespace: "eip155" }
                  )
                )
          }
        >
          Send 2.5 sUSD
        </button>
        {otherChain === undefined ? null : (
          <button
            type="button"
            onClick={() =>
              void network.switchNetwork(`eip155:${otherChain.chainId}`).then(
                () => settle({ label: "switchNetwork", value: `switched to ${otherChain.name}` }),
                (error: unknown) =>
                  settle({ label: "switchNetwork failed", value: `switch failed: ${messageOf(error)}` })
              )
            }
          >
            Switch to {otherChain.name}
          </button>
        )}
      </div>
      <dl>
        <Field label="request" testId="request-label" value={result?.label ?? "—"} />
        <Field label="result" testId="request-result" value={result?.value ?? "—"} />
        <Field label="settled" testId="requests-settled" value={String(settled)} />
      </dl>
      <Transactions />
    </section>
  )
}

/** `useAirlockTransactions` (`modal.subscribeTransactions`): what the page sent, newest first, as it settles. */
function Transactions() {
  const transactions = useAirlockTransactions()
  return (
    <>
      <h3 id="transactions-title">Transactions</h3>
      {/* Polite: a status that changes from pending to confirmed is read out. */}
      <div aria-live="polite">
        {transactions.length === 0 ? (
          <p data-testid="transactions-empty">No transactions yet</p>
        ) : (
          <ul className="transactions" aria-labelledby="transactions-title">
            {transactions.map((transaction) => (
              <li key={transaction.id} data-testid={`transaction-${transaction.id}`}>
                <code title={transaction.id}>{shortHash(transaction.id)}</code>{" "}
                <span data-testid="transaction-status">{transaction.status}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}

/** `useAirlockWalletConnect`: the pairing URI for a host that draws its own QR code. */
function HeadlessWalletConnect() {
  const pairing = useAirlockWalletConnect()
  return (
    <section className="panel" aria-labelledby="headless-title">
      <h2 id="headless-title">Headless WalletConnect</h2>
      <div className="actions">
        <button
          type="button"
          disabled={pairing.status !== "idle"}
          onClick={() => void pairing.connect().catch(() => {})}
        >
          Pair without the modal
        </button>
        <button type="button" disabled={pairing.status === "idle"} onClick={() => void pairing.cancel()}>
          Cancel
        </button>
      </div>
      <dl>
        <Field label="status" testId="headless-status" value={pairing.status} />
        <Field label="uri" testId="headless-uri" value={pairing.uri ?? "—"} />
      </dl>
    </section>
  )
}

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
          <Requests />
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
