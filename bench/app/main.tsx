// The minimal host the bench measures: React, the modal and a Connect button, nothing else.
import { createModal } from "airlock"
import { AirlockProvider, ConnectButton } from "airlock/react"
import { createRoot } from "react-dom/client"

const modal = createModal({
  projectId: "sandbox-project",
  networks: [
    {
      id: 31337,
      caipNetworkId: "eip155:31337",
      chainNamespace: "eip155",
      name: "Sandbox Chain",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: ["http://127.0.0.1:8545"] } },
      testnet: true
    }
  ],
  metadata: { name: "Airlock Bench", description: "Airlock bench host", url: location.origin, icons: [] },
  themeMode: "dark"
})

createRoot(document.getElementById("root")!).render(
  <AirlockProvider modal={modal}>
    <ConnectButton />
  </AirlockProvider>
)
