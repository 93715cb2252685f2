/**
 * A wagmi dapp over Airlock: wagmi's hooks read the account and make every request, and the `airlock`
 * connector lets the modal choose the wallet. Airlock's own ConnectButton sits beside wagmi's connect, to
 * show that a wallet connected either way is wagmi's connection.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { createModal } from "airlock"
import { AirlockProvider, ConnectButton } from "airlock/react"
import { airlock } from "airlock/wagmi"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { type Address, defineChain, formatEther, parseEther } from "viem"
import {
  createConfig,
  http,
  useBalance,
  useChains,
  useConfig,
  useConnect,
  useConnection,
  useConnectors,
  useDisconnect,
  useSendTransaction,
  useSignMessage,
  useSwitchChain,
  WagmiProvider
} from "wagmi"
import { waitForTransactionReceipt } from "wagmi/actions"
import { readSandboxConfig, type SandboxChainConfig } from "../shared/config"
import { Field } from "./Field"
import { sandboxNetwork, sandboxServices } from "./sandboxModal"
import "./styles.css"

const sandbox = readSandboxConfig()

/** Where the "Send" button sends: the sandbox's dev account 1. */
const recipient = sandbox?.wallet.accounts[1]?.address as Address | undefined

/** A sandbox chain as both need it: a viem chain for wagmi, with the CAIP fields the modal reads. */
const chainOf = (chain: SandboxChainConfig) => defineChain(sandboxNetwork(chain))

/** The modal, and the wagmi config whose one connector is Airlock; undefined outside the sandbox. */
const setUp = () => {
  const [first, ...others] = (sandbox?.chains ?? []).map(chainOf)
  if (sandbox === undefined || first === undefined) return undefined
  const modal = createModal({
    projectId: sandbox.api.projectId,
    networks: [first, ...others],
    ...sandboxServices(sandbox),
    metadata: { name: "Airlock with wagmi", description: "A wagmi dapp", url: location.origin, icons: [] },
    themeMode: "dark"
  })
  const config = createConfig({
    chains: [first, ...others],
    connectors: [airlock({ modal })],
    transports: Object.fromEntries(sandbox.chains.map((chain) => [chain.chainId, http(chain.rpcUrl)])),
    // Airlock lists the page's injected wallets itself; wagmi offers only Airlock.
    multiInjectedProviderDiscovery: false
  })
  return { modal, config }
}

function Wallet() {
  const connection = useConnection()
  const [connector] = useConnectors()
  const connect = useConnect()
  const disconnect = useDisconnect()
  const chains = useChains()
  const switchChain = useSwitchChain()
  const balance = useBalance({ address: connection.address })
  const signMessage = useSignMessage()
  const sendTransaction = useSendTransaction()
  const config = useConfig()
  const failure = [connect, signMessage, sendTransaction, switchChain, disconnect].find((m) => m.error)?.error

  return (
    <section className="panel" aria-labelledby="wagmi-title">
      <h2 id="wagmi-title">wagmi</h2>
      <div className="actions">
        <button
          type="button"
          data-testid="wagmi-connect"
          disabled={connector === undefined || connection.isConnected}
          onClick={() => connector && connect.mutate({ connector })}
        >
          Connect with wagmi
        </button>
        <button
          type="button"
          data-testid="wagmi-disconnect"
          disabled={!connection.isConnected}
          onClick={() => disconnect.mutate()}
        >
          Disconnect
        </button>
        <button
          type="button"
          data-testid="wagmi-sign"
          disabled={!connection.isConnected}
          onClick={() => signMessage.mutate({ message: "Hello from wagmi over Airlock" })}
        >
          Sign message
        </button>
        <button
          type="button"
          data-testid="wagmi-send"
          disabled={!connection.isConnected || recipient === undefined}
          onClick={() =>
            recipient &&
            sendTransaction.mutate(
              { to: recipient, value: parseEther("0.001") },
              // The hash comes back once the wallet sent it: the balance moves when the chain includes it.
              {
                onSuccess: (hash) =>
                  void waitForTransactionReceipt(config, { hash }).then(() => balance.refetch())
              }
            )
          }
        >
          Send 0.001 ETH to account 1
        </button>
        {chains.map((chain) => (
          <button
            key={chain.id}
            type="button"
            data-testid={`wagmi-switch-${chain.id}`}
            disabled={!connection.isConnected || connection.chainId === chain.id}
            onClick={() => switchChain.mutate({ chainId: chain.id })}
          >
            Switch to {chain.name}
          </button>
        ))}
      </div>
      <dl>
        <Field label="Status" testId="wagmi-status" value={connection.status} />
        <Field label="Address" testId="wagmi-address" value={connection.address ?? "—"} />
        <Field label="Chain id" testId="wagmi-chain-id" value={String(connection.chainId ?? "—")} />
        <Field
          label="Balance"
          testId="wagmi-balance"
          value={
            balance.data === undefined ? "—" : `${formatEther(balance.data.value)} ${balance.data.symbol}`
          }
        />
        <Field label="Signature" testId="wagmi-signature" value={signMessage.data ?? "—"} />
        <Field label="Transaction" testId="wagmi-transaction" value={sendTransaction.data ?? "—"} />
        <Field label="Last error" testId="wagmi-error" value={failure?.message ?? "—"} />
      </dl>
    </section>
  )
}

const root = document.getElementById("root")
const app = setUp()
const queryClient = new QueryClient()
if (root !== null) {
  createRoot(root).render(
    <StrictMode>
      <header className="bar">
        <span className="brand">
          <img src="/favicon.svg" alt="" width="24" height="24" />
          Airlock with wagmi
        </span>
        <a href="/">Main demo</a>
        {app && (
          <AirlockProvider modal={app.modal}>
            <ConnectButton />
          </AirlockProvider>
        )}
      </header>
      <main className="content">
        <h1>wagmi over Airlock</h1>
        {app === undefined ? (
          <p className="lead">Open this page through the sandbox: npm run demo.</p>
        ) : (
          <WagmiProvider config={app.config}>
            <QueryClientProvider client={queryClient}>
              <p className="lead">
                Every field and button below is a wagmi hook; the Airlock connector opens the modal to pick a
                wallet. The button in the bar is Airlock's own, and connects the same wallet.
              </p>
              <div className="panels">
                <Wallet />
              </div>
            </QueryClientProvider>
          </WagmiProvider>
        )}
      </main>
    </StrictMode>
  )
}
