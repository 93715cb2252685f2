import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { Connectors, type WalletConnector } from "../services/Connectors"
import { type MockEip1193Provider, type MockWalletOptions, makeMockEip1193Provider } from "./mockWallet"

/** The id the in-modal mock wallet connects by. */
export const MOCK_IN_MODAL_CONNECTOR_ID = "mock:in-modal"

/** A wallet with no screen of its own, like an embedded wallet: its unsafe requests are approved in the modal. */
export interface MockInModalWallet {
  readonly provider: MockEip1193Provider
  readonly connector: WalletConnector
  /** `Connectors` offering only this wallet: pass it to `createModal(options, { layer })`. */
  readonly layer: Layer.Layer<Connectors>
}

/**
 * A mock wallet whose unsafe requests (signatures, sends) show ApproveTransaction first and reach the
 * wallet only when the visitor approves, for testing the in-modal approval flow without an embedded wallet.
 *
 * @since 0.2.0
 * @category constructors
 */
export const makeMockInModalWallet = (options: MockWalletOptions = {}): MockInModalWallet => {
  const provider = makeMockEip1193Provider(options)
  const connector: WalletConnector = {
    id: MOCK_IN_MODAL_CONNECTOR_ID,
    key: MOCK_IN_MODAL_CONNECTOR_ID,
    type: "INJECTED",
    chain: "eip155",
    name: "Mock In-Modal Wallet",
    icon: undefined,
    rdns: undefined,
    provider,
    suspicious: false,
    uuid: undefined,
    approval: "modal"
  }
  const layer = Layer.effect(
    Connectors,
    Effect.map(SubscriptionRef.make<ReadonlyArray<WalletConnector>>([connector]), (connectors) =>
      Connectors.of({
        connectors,
        byId: (id) => Effect.succeed(id === connector.id ? Option.some(connector) : Option.none()),
        awaitKey: (key) => Effect.succeed(key === connector.key ? Option.some(connector) : Option.none())
      })
    )
  )
  return { provider, connector, layer }
}
