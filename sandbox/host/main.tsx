import { createModal, type Modal } from "airlock"
import {
  AirlockProvider,
  ConnectButton,
  useAirlockAccount,
  useAirlockNetwork,
  useAirlockState,
  useWalletInfo
} from "airlock/react"
import { StrictMode } from "react"
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

const networks = (sandbox?.chains ?? []).map(networkOf)
const [firstNetwork, ...otherNetworks] = networks

const modal: Modal | undefined =
  firstNetwork === undefined
    ? undefined
    : createModal({
        projectId: sandbox?.api.projectId ?? "sandbox-project",
        networks: [firstNetwork, ...otherNetworks],
        // The sandbox answers for the provider's hosts, so the demo runs offline.
        ...(sandbox === undefined
          ? {}
          : { apiUrl: sandbox.api.url, blockchainApiUrl: sandbox.api.url, analyticsUrl: sandbox.api.url }),
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
          with a local test key against two local chains.
        </p>
        <Chains chains={sandbox?.chains ?? []} />
        <div className="panels">
          <ConnectionState />
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
