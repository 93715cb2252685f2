import { base58 } from "@scure/base"
import { createModal, type Modal } from "airlock"
import {
  AirlockProvider,
  ConnectButton,
  useAirlock,
  useAirlockAccount,
  useAirlockNetwork,
  useAirlockState,
  useAirlockWalletConnect,
  useWalletInfo
} from "airlock/react"
import { StrictMode, useState } from "react"
import { createRoot } from "react-dom/client"
import { readSandboxConfig, type SandboxChainConfig } from "../shared/config"
import "./styles.css"

/**
 * The sandbox's chains, as the server running them describes them in /sandbox-config.js: anvil nodes on
 * loopback, the demo's real chains (so balances are real and not the testnet 0.00).
 */
const sandbox = readSandboxConfig()

const networkOf = (chain: SandboxChainConfig) =>
  ({
    id: chain.chainId,
    caipNetworkId: `eip155:${chain.chainId}`,
    chainNamespace: "eip155",
    name: chain.name,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } }
  }) as const

/**
 * Solana devnet, for the Sandbox WalletConnect Wallet's Solana account. Nothing calls its RPC: balances come
 * from the sandbox provider API's fixture and signatures from the wallet. Not flagged `testnet`, like the
 * sandbox chains, so the fixture balance shows instead of SPEC's testnet 0.00.
 */
const solanaDevnet = {
  id: "EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
  caipNetworkId: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
  chainNamespace: "solana",
  name: "Solana Devnet",
  nativeCurrency: { name: "Solana", symbol: "SOL", decimals: 9 },
  rpcUrls: { default: { http: ["https://api.devnet.solana.com"] } }
} as const

const networks = (sandbox?.chains ?? []).map(networkOf)
const [firstNetwork, ...otherNetworks] = networks

const modal: Modal | undefined =
  firstNetwork === undefined
    ? undefined
    : createModal({
        projectId: sandbox?.api.projectId ?? "sandbox-project",
        networks: [firstNetwork, ...otherNetworks, solanaDevnet],
        // The sandbox answers for the provider's hosts, so the demo runs offline.
        ...(sandbox === undefined
          ? {}
          : {
              apiUrl: sandbox.api.url,
              blockchainApiUrl: sandbox.api.url,
              analyticsUrl: sandbox.api.url,
              relayUrl: sandbox.relayUrl,
              // verify.walletconnect.org is out of reach offline.
              walletConnectVerify: false
            }),
        metadata: {
          name: "Airlock Demo",
          description: "Airlock sandbox host",
          url: location.origin,
          icons: []
        },
        themeMode: "dark"
      })

function Field({ label, testId, value }: { label: string; testId: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  )
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

/** Signature requests the dapp sends through `modal.request`; the wallet answers, the page shows it. */
function Requests() {
  const modal = useAirlock()
  const evm = useAirlockAccount({ namespace: "eip155" })
  const solana = useAirlockAccount({ namespace: "solana" })
  const [result, setResult] = useState<{ readonly label: string; readonly value: string }>()
  const message = "Hello from the Airlock demo"
  const show = (label: string, request: Promise<unknown>) =>
    request.then(
      (value) => setResult({ label, value: typeof value === "string" ? value : JSON.stringify(value) }),
      (error: unknown) =>
        setResult({ label: `${label} failed`, value: error instanceof Error ? error.message : String(error) })
    )
  return (
    <section className="panel" aria-labelledby="requests-title">
      <h2 id="requests-title">Requests</h2>
      <p>
        Message: <code data-testid="sign-message">{message}</code>
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
      </div>
      <dl>
        <Field label="request" testId="request-label" value={result?.label ?? "—"} />
        <Field label="result" testId="request-result" value={result?.value ?? "—"} />
      </dl>
    </section>
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

function App({ modal }: { modal: Modal }) {
  return (
    <AirlockProvider modal={modal}>
      <header className="bar">
        <span className="brand">
          <img src="/favicon.svg" alt="" width="24" height="24" />
          Airlock Demo
        </span>
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
          <Requests />
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
