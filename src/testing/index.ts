/**
 * Test doubles for hosts' own tests: in-memory layers and a mock EIP-1193 wallet.
 *
 * @since 0.1.0
 */

import type * as Layer from "effect/Layer"
import * as KeyValueStore from "effect/persistence/KeyValueStore"

/**
 * Platform services in memory: pass as `createModal(options, { layer: MemoryPlatformLive })` so a test
 * never touches the page's `localStorage`.
 *
 * @since 0.1.0
 * @category layers
 */
export const MemoryPlatformLive: Layer.Layer<KeyValueStore.KeyValueStore> = KeyValueStore.layerMemory

export {
  type MockEmbeddedWalletBridge,
  type MockFrameAnswer,
  makeMockEmbeddedWalletBridge
} from "./mockEmbeddedWalletBridge"
export {
  MOCK_IN_MODAL_CONNECTOR_ID,
  type MockInModalWallet,
  makeMockInModalWallet
} from "./mockInModalWallet"
export {
  type MockBehaviour,
  type MockEip1193Provider,
  type MockRequest,
  type MockWalletOptions,
  makeMockEip1193Provider
} from "./mockWallet"

export {
  type MockWalletConnect,
  type MockWalletConnectOptions,
  type MockWalletConnectRequest,
  makeMockWalletConnect
} from "./mockWalletConnect"
