import { createModal } from "airlock"
import { AirlockProvider, ConnectButton, useAirlockState } from "airlock/react"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import "./styles.css"

/** The sandbox chain: anvil on loopback (started by the sandbox; nothing needs to listen for this page). */
const sandboxChain = {
  id: 31337,
  caipNetworkId: "eip155:31337",
  chainNamespace: "eip155",
  name: "Sandbox Chain",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["http://127.0.0.1:8545"] } },
  testnet: true
} as const

const modal = createModal({
  projectId: "sandbox-project",
  networks: [sandboxChain],
  metadata: {
    name: "Airlock Demo",
    description: "Airlock sandbox host",
    url: location.origin,
    icons: []
  },
  themeMode: "dark"
})

function ModalState() {
  const state = useAirlockState()
  return (
    <section className="panel" aria-labelledby="modal-state-title">
      <h2 id="modal-state-title">Modal state</h2>
      <dl>
        <div>
          <dt>open</dt>
          <dd data-testid="modal-open">{String(state.open)}</dd>
        </div>
        <div>
          <dt>view</dt>
          <dd data-testid="modal-view">{state.view}</dd>
        </div>
      </dl>
    </section>
  )
}

function App() {
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
          A sandbox dapp for the Airlock modal. It talks only to loopback services: the sandbox chain is{" "}
          <strong>{sandboxChain.name}</strong> (chain {sandboxChain.id}) at{" "}
          <code>{sandboxChain.rpcUrls.default.http[0]}</code>.
        </p>
        <ModalState />
      </main>
    </AirlockProvider>
  )
}

const root = document.getElementById("root")
if (root === null) throw new Error("index.html has no #root element")
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>
)
