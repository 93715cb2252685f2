// A wagmi host with Airlock but without the Airlock connector: the baseline bench/wagmiSize.mjs subtracts.
import { createConfig, http, injected } from "@wagmi/core"
import { createModal } from "airlock"
import { foundry } from "viem/chains"

const modal = createModal({
  projectId: "sandbox-project",
  networks: [
    {
      id: 31337,
      caipNetworkId: "eip155:31337",
      chainNamespace: "eip155",
      name: "Sandbox Chain",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: ["http://127.0.0.1:8545"] } }
    }
  ]
})

export const config = createConfig({
  chains: [foundry],
  connectors: [injected()],
  transports: { [foundry.id]: http() }
})
export { modal }
