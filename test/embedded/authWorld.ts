/**
 * The auth connector's world for its tests: a frame the test plays, with a user logged in (or not), and the
 * layers `makeAirlockLayer` wires around the connector.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import { ConnectionLive } from "../../src/layers/connection/ConnectionLive"
import { ModalRouterLive } from "../../src/layers/modal/ModalRouterLive"
import { NetworksLive } from "../../src/layers/networks/NetworksLive"
import { StorageLive } from "../../src/layers/platform/StorageLive"
import { ConnectorsLive } from "../../src/layers/wallets/ConnectorsLive"
import { EmbeddedStorageKeys } from "../../src/schemas/EmbeddedStorageKeys"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import { Connection } from "../../src/services/Connection"
import type { AppRequest } from "../../src/services/EmbeddedWalletBridge"
import { ModalConfig } from "../../src/services/ModalConfig"
import { Storage } from "../../src/services/Storage"
import {
  type MockFrameAnswer,
  makeMockEmbeddedWalletBridge
} from "../../src/testing/mockEmbeddedWalletBridge"
import { makeMockWalletConnect } from "../../src/testing/mockWalletConnect"
import { eip155, waitForState } from "../kit/connectionWorld"
import { decodedOptions, sandboxNetwork, solanaDevnetNetwork, withWalletConnect } from "../kit/fixtures"
import { withFlow } from "../kit/flowLayers"
import { preloadedParts } from "../kit/lazyParts"

export const KEY_ACCOUNT = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
export const SMART_ACCOUNT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
export const SOLANA_ACCOUNT = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"

/** A frame with a user logged in (or not), who prefers `preferred`; `more` adds or replaces answers. */
export const frameWith = (
  options: {
    readonly loggedIn?: boolean
    readonly preferred?: "eoa" | "smartAccount"
    readonly more?: ReadonlyArray<readonly [AppRequest, MockFrameAnswer]>
  } = {}
) => {
  let preferred = options.preferred ?? "eoa"
  let loggedIn = options.loggedIn ?? true
  const user = () => ({
    email: "ada@example.com",
    address: preferred === "eoa" ? KEY_ACCOUNT : SMART_ACCOUNT,
    chainId: "eip155:31337",
    accounts: [
      { address: KEY_ACCOUNT, type: "eoa" },
      { address: SMART_ACCOUNT, type: "smartAccount" }
    ],
    smartAccountDeployed: false,
    preferredAccountType: preferred
  })
  return makeMockEmbeddedWalletBridge([
    ["CONNECT_EMAIL", () => Effect.succeed({ action: "CONNECT" })],
    ["IS_CONNECTED", () => Effect.sync(() => ({ isConnected: loggedIn }))],
    [
      "GET_USER",
      (payload) =>
        Effect.sync(() =>
          String((payload as { chainId?: unknown }).chainId).startsWith("solana:")
            ? { ...user(), address: SOLANA_ACCOUNT, chainId: solanaDevnetNetwork.caipNetworkId }
            : user()
        )
    ],
    ["GET_CHAIN_ID", () => Effect.succeed({ chainId: "eip155:31337" })],
    ["GET_SMART_ACCOUNT_ENABLED_NETWORKS", () => Effect.succeed({ smartAccountEnabledNetworks: [31337] })],
    [
      "SIGN_OUT",
      () =>
        Effect.sync(() => {
          loggedIn = false
          return undefined
        })
    ],
    [
      "SET_PREFERRED_ACCOUNT",
      (payload) =>
        Effect.sync(() => {
          preferred = (payload as { type: "eoa" | "smartAccount" }).type
          return { type: preferred, address: user().address }
        })
    ],
    ["RPC_REQUEST", () => Effect.succeed("0xsigned")],
    ...(options.more ?? [])
  ])
}

export const layerOf = (
  frame: ReturnType<typeof makeMockEmbeddedWalletBridge>,
  kept = KeyValueStore.layerMemory,
  networks: ModalOptionsInput["networks"] = [sandboxNetwork],
  options: Partial<ModalOptionsInput> = {}
) => {
  const platform = Layer.mergeAll(Layer.succeed(ModalConfig, decodedOptions({ ...options, networks })), kept)
  const core = Layer.mergeAll(StorageLive, ModalRouterLive).pipe(Layer.provideMerge(platform))
  const chain = Layer.mergeAll(NetworksLive, ConnectorsLive).pipe(Layer.provideMerge(core))
  const sessions = withWalletConnect(chain, makeMockWalletConnect({ relayDown: true }), frame)
  return withFlow(ConnectionLive.pipe(Layer.provideMerge(sessions))).pipe(Layer.provide(preloadedParts))
}

export const connectedAs = Effect.gen(function* () {
  const connection = yield* Connection
  return Option.map(yield* connection.connected("eip155"), (c) => [c.address, c.accountType] as const)
})

/** The account connected on EVM (address and type), and the type remembered as preferred there. */
export const accountChoice = Effect.all({
  connected: connectedAs,
  remembered: Effect.flatMap(Storage, (storage) =>
    Effect.map(storage.get(EmbeddedStorageKeys.preferredAccountTypes), (stored) =>
      Option.map(stored, (s): string | undefined => s.eip155)
    )
  )
})

/** Waits until the start's restore settled eip155 (connected, or given up). */
export const restoreSettled = waitForState((state) => {
  const { status } = eip155(state)
  return status !== "connecting" && status !== "reconnecting"
})
