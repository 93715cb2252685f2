/**
 * WalletKit itself: its start against the sandbox relay, with its sessions kept in its own storage
 * (IndexedDB, under {@link STORAGE_PREFIX}) so that a reload keeps them, and the pairing with a dapp's `wc:`
 * URI. wallet.ts hands WalletKit's events to the wallet's parts. Free of DOM code.
 */
import { WalletKit } from "@reown/walletkit"
import { Core } from "@walletconnect/core"
import type { SandboxConfig } from "../../shared/config"
import { type Kit, messageOf, type WalletContext } from "./context"

const WALLET_NAME = "Sandbox WalletConnect Wallet"

/** WalletKit's storage keys are prefixed with this (a dapp in the same process or origin uses another). */
const STORAGE_PREFIX = "airlock-sandbox-wc-wallet"

/** Starts WalletKit; `origin`, the page's, is in the metadata the wallet shows dapps. */
export const initWalletKit = (config: SandboxConfig, origin: string): Promise<Kit> => {
  const core = new Core({
    projectId: config.api.projectId,
    relayUrl: config.relayUrl,
    customStoragePrefix: STORAGE_PREFIX,
    logger: "error",
    telemetryEnabled: false
  })
  // WalletKit.init fires an INIT analytics POST to pulse.walletconnect.org that ignores
  // `telemetryEnabled: false`; only the SDK's isTestRun() (`typeof process !== "undefined" &&
  // process.env.IS_VITEST === "true"`) skips it, and a browser has no `process`. The sandbox is offline
  // (the page's CSP would log the blocked call as an error), so that one call is dropped here.
  core.eventClient.init = async () => {}
  // The relay sends `attestation: ""` with every message, so WalletKit skips its Verify lookup; now and
  // then it still asks Verify's server for an attestation by the message's hash (seen under load, in a
  // session request). Offline there is none to find: the lookup answers "none" here, as the server does
  // for an unknown hash, instead of a call the CSP blocks (and logs as an error).
  Object.assign(core.verify, { fetchAttestation: async () => undefined })
  return WalletKit.init({
    core,
    metadata: {
      name: WALLET_NAME,
      description: "The Airlock sandbox's WalletConnect test wallet (anvil's public keys, loopback only).",
      url: origin,
      icons: []
    }
  })
}

/** Pairs with a `wc:` URI; the dapp's proposal or sign-in request then arrives through WalletKit's events. */
export const pairUri = async (context: WalletContext, uri: string): Promise<void> => {
  const trimmed = typeof uri === "string" ? uri.trim() : ""
  if (!trimmed.startsWith("wc:")) {
    const error = new Error("A WalletConnect URI starts with wc:")
    context.notice("error", error.message)
    throw error
  }
  const client = await context.client()
  try {
    await client.pair({ uri: trimmed })
    context.notice("info", "Paired; waiting for the dapp's proposal or sign-in request.")
  } catch (error) {
    context.notice("error", `Pairing failed: ${messageOf(error)}`)
    throw error
  }
}
