// The same host with the Airlock connector beside wagmi's injected one.
import { createConfig, http, injected } from "@wagmi/core"
import { airlock } from "airlock/wagmi"
import { foundry } from "viem/chains"
import { modal } from "./host"

export const config = createConfig({
  chains: [foundry],
  connectors: [injected(), airlock({ modal })],
  transports: { [foundry.id]: http() }
})
