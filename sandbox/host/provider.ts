/**
 * An ethers 6 and viem dapp with no connector of its own: both libraries take `modal.getProvider()`, the
 * modal as an EIP-1193 provider, as they would take `window.ethereum`. The buttons make each kind of
 * request; the list shows every EIP-1193 event the provider emits, in order. `window.__providerDemo` hands
 * the same objects to the browser test (test/e2e/eip1193.e2e.ts).
 */
import { createModal, type Modal, type ModalProvider } from "airlock"
import { BrowserProvider, verifyMessage } from "ethers"
import {
  type Address,
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  type PublicClient,
  parseEther,
  type WalletClient
} from "viem"
import { readSandboxConfig } from "../shared/config"
import { sandboxNetwork, sandboxServices } from "./sandboxModal"
import "./styles.css"

const sandbox = readSandboxConfig()
const chains = (sandbox?.chains ?? []).map((chain) => defineChain(sandboxNetwork(chain)))
const recipient = sandbox?.wallet.accounts[1]?.address as Address | undefined

/** An event as the page lists it: its name and its payload (an error as its code and message). */
type ProviderEvent = readonly [string, unknown]

interface ProviderDemo {
  readonly modal: Modal
  readonly provider: ModalProvider
  readonly ethers: BrowserProvider
  readonly wallet: WalletClient
  readonly chain: PublicClient
  /** Every EIP-1193 event so far, in order. */
  readonly events: ReadonlyArray<ProviderEvent>
  /** Every view the modal opened on, in order. */
  readonly opens: ReadonlyArray<string>
}

declare global {
  interface Window {
    readonly __providerDemo?: ProviderDemo
  }
}

const [firstChain, ...otherChains] = chains
const output = document.querySelector<HTMLOutputElement>("[data-testid=provider-result]")
const list = document.querySelector<HTMLOListElement>("[data-testid=provider-events]")
const show = (text: string) => {
  if (output !== null) output.textContent = text
}
const errorText = (error: unknown) =>
  error instanceof Error
    ? `${"code" in error ? `${String(error.code)}: ` : ""}${error.message}`
    : String(error)

if (sandbox !== undefined && firstChain !== undefined) {
  const modal = createModal({
    projectId: sandbox.api.projectId,
    networks: [firstChain, ...otherChains],
    ...sandboxServices(sandbox),
    metadata: {
      name: "Airlock with ethers and viem",
      description: "No connector",
      url: location.origin,
      icons: []
    },
    themeMode: "dark"
  })
  const provider = modal.getProvider()
  const events: Array<ProviderEvent> = []
  for (const name of ["connect", "accountsChanged", "chainChanged", "disconnect"] as const) {
    provider.on(name, ((payload: unknown) => {
      const shown =
        payload instanceof Error
          ? { code: (payload as { code?: unknown }).code, message: payload.message }
          : payload
      events.push([name, shown])
      const item = document.createElement("li")
      item.textContent = `${name} ${JSON.stringify(shown)}`
      list?.append(item)
    }) as (payload: never) => void)
  }
  const opens: Array<string> = []
  modal.subscribeState((state) => {
    if (state.open && opens.at(-1) !== state.view) opens.push(state.view)
  })
  const ethers = new BrowserProvider(provider)
  const wallet = createWalletClient({ transport: custom(provider) })
  const chain = createPublicClient({ transport: custom(provider) })
  Object.defineProperty(window, "__providerDemo", {
    value: Object.freeze({ modal, provider, ethers, wallet, chain, events, opens }),
    enumerable: false
  })

  const account = async () => {
    const [address] = await wallet.getAddresses()
    if (address === undefined) throw new Error("Connect first")
    return address
  }
  const actions: Record<string, () => Promise<string>> = {
    connect: async () => `Connected ${await (await ethers.getSigner()).getAddress()}`,
    sign: async () => {
      const signer = await ethers.getSigner()
      const signature = await signer.signMessage("Hello from ethers over Airlock")
      return `Signed by ${verifyMessage("Hello from ethers over Airlock", signature)}`
    },
    typed: async () =>
      wallet.signTypedData({
        account: await account(),
        domain: { name: "Airlock demo", version: "1", chainId: await wallet.getChainId() },
        types: { Greeting: [{ name: "text", type: "string" }] },
        primaryType: "Greeting",
        message: { text: "Hello from viem over Airlock" }
      }),
    send: async () =>
      recipient === undefined
        ? "No account 1 in this sandbox"
        : wallet.sendTransaction({
            account: await account(),
            chain: null,
            to: recipient,
            value: parseEther("0.001")
          }),
    switch: async () => {
      const current = await wallet.getChainId()
      const next = chains.find((c) => c.id !== current) ?? firstChain
      await wallet.switchChain({ id: next.id })
      return `On chain ${next.id}`
    },
    revoke: async () => {
      await provider.request({ method: "wallet_revokePermissions", params: [{ eth_accounts: {} }] })
      return "Revoked"
    }
  }
  document.querySelector(".actions")?.addEventListener("click", (event) => {
    const action = (event.target as HTMLElement).closest("button")?.dataset.action
    const run = action === undefined ? undefined : actions[action]
    if (run === undefined) return
    show("Waiting…")
    run().then(show, (error: unknown) => show(`Failed: ${errorText(error)}`))
  })
}
