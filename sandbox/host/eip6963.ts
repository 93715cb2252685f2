/**
 * A page with no wallet library. Two independent parts: Airlock, created with `announceEIP6963: true`, and
 * the EIP-6963 listener any dapp can write, which lists every announced wallet (Airlock among them) and
 * asks the chosen one for its accounts.
 */
import { createModal } from "airlock"
import { readSandboxConfig } from "../shared/config"
import { sandboxNetwork, sandboxServices } from "./sandboxModal"
import "./styles.css"

const sandbox = readSandboxConfig()

const [firstChain, ...otherChains] = sandbox?.chains ?? []
if (sandbox !== undefined && firstChain !== undefined) {
  createModal({
    projectId: sandbox.api.projectId,
    networks: [sandboxNetwork(firstChain), ...otherChains.map(sandboxNetwork)],
    ...sandboxServices(sandbox),
    metadata: {
      name: "Airlock by EIP-6963",
      description: "No wallet library",
      url: location.origin,
      icons: []
    },
    themeMode: "dark",
    announceEIP6963: true
  })
}

/** What a wallet announces (EIP-6963 `EIP6963ProviderDetail`). */
interface AnnouncedWallet {
  readonly info: {
    readonly uuid: string
    readonly name: string
    readonly icon: string
    readonly rdns: string
  }
  readonly provider: { readonly request: (args: { readonly method: string }) => Promise<unknown> }
}

const errorText = (error: unknown) =>
  error instanceof Error
    ? `${"code" in error ? `${String(error.code)}: ` : ""}${error.message}`
    : String(error)

const list = document.getElementById("wallets")
const listed = new Set<string>()

const show = ({ info, provider }: AnnouncedWallet) => {
  // A wallet answers every request for providers: list it once.
  if (list === null || listed.has(info.uuid)) return
  listed.add(info.uuid)
  const item = document.createElement("li")
  item.className = "actions"
  item.dataset.testid = "eip6963-wallet"
  item.dataset.rdns = info.rdns
  const icon = document.createElement("img")
  // The EIP asks for a data URI: anything else would make the page fetch a URL a wallet chose.
  if (info.icon.startsWith("data:image/")) icon.src = info.icon
  icon.alt = ""
  icon.width = 24
  icon.height = 24
  const name = document.createElement("span")
  name.textContent = info.name
  const button = document.createElement("button")
  button.type = "button"
  button.textContent = `Connect ${info.name}`
  const result = document.createElement("output")
  result.dataset.testid = "eip6963-result"
  button.addEventListener("click", () => {
    result.textContent = "Waiting for the wallet…"
    provider.request({ method: "eth_requestAccounts" }).then(
      (accounts) => {
        result.textContent = Array.isArray(accounts) ? accounts.join(", ") : String(accounts)
      },
      (error: unknown) => {
        result.textContent = `Failed: ${errorText(error)}`
      }
    )
  })
  item.append(icon, name, button, result)
  list.append(item)
}

window.addEventListener("eip6963:announceProvider", (event) => {
  const { detail } = event as CustomEvent<AnnouncedWallet>
  if (typeof detail?.info?.name === "string" && typeof detail.provider?.request === "function") show(detail)
})
// Wallets that announced before this listener existed announce again when asked.
window.dispatchEvent(new Event("eip6963:requestProvider"))
