import * as Effect from "effect/Effect"
import type { AccountAction } from "../../../Modal"
import type { ModalOptions } from "../../../schemas/ModalOptions"
import { AccountData } from "../../../services/AccountData"
import { ModalConfig } from "../../../services/ModalConfig"
import { Names, type NamesShape } from "../../../services/Names"
import { Onramp, type OnrampShape } from "../../../services/Onramp"
import { ProviderApi } from "../../../services/ProviderApi"
import { Send, type SendShape } from "../../../services/Send"
import { Swap, type SwapShape } from "../../../services/Swap"
import { type AccountDataPort, makeAccountActions, makeAccountDataPort } from "./accountPort"
import { type EmbeddedPort, makeEmbeddedPort } from "./embeddedPort"
import { type FlowPort, flowPort } from "./flowPort"
import type { ImageUrls } from "./imagesPort"
import { type LegalPort, makeLegalPort } from "./legalPort"
import { type ModalPort, makeModalPort } from "./modalPort"
import { makePayPort, type PayPort } from "./payPort"
import { makeRequestsPort, type RequestsPort } from "./requestsPort"
import type { ModalRuntime } from "./run"
import { makeSessionsPort, type SessionsPort } from "./sessionsPort"
import { makeSignInPort, type SignInPort } from "./signInPort"
import type { Store } from "./store"
import { makeWalletsPort, type WalletsPort } from "./walletsPort"

export type { ModalEvent } from "../../../services/ModalEvents"
export type { CatalogPort } from "./walletsPort"

/**
 * The modal's services as plain values and promises, one port per feature: what the views and the public
 * handle use, so that no React code sees an Effect type (STYLE.md §4 rule 7). The ports adapt; the
 * services decide.
 */
export interface ModalController
  extends ModalPort,
    WalletsPort,
    RequestsPort,
    SignInPort,
    EmbeddedPort,
    LegalPort,
    SessionsPort {
  readonly config: ModalOptions
  /** The connected account's balance, tokens, NFTs, activity and identity, loaded by the service. */
  readonly accountData: AccountDataPort
  /** What the Account view offers the connected account, in its order. */
  readonly accountActions: Store<ReadonlyArray<AccountAction>>
  /** Sending from the Account view (`features.send`). */
  readonly send: FlowPort<SendShape>
  /** Swapping from the Account view (`features.swaps`). */
  readonly swap: FlowPort<SwapShape>
  /** Buying crypto from the Account view (`features.onramp`). */
  readonly onramp: FlowPort<OnrampShape>
  /** Registering an account name (EVM only). */
  readonly names: FlowPort<NamesShape>
  /** A payment the host asks for (`features.pay`). */
  readonly pay: PayPort
  /** The provider's image URLs, which the views' `makeImagesPort` chooses from. */
  readonly imageUrls: ImageUrls
}

/** Builds every service of `runtime` now (a layer that cannot build synchronously throws here). */
export const makeController = (runtime: ModalRuntime): ModalController => {
  const { config, accountData, provider } = runtime.runSync(
    Effect.all({ config: ModalConfig, accountData: AccountData, provider: ProviderApi })
  )
  const legal = makeLegalPort(runtime)
  const wallets = makeWalletsPort(runtime, legal.legal.consent)
  const accountDataPort = makeAccountDataPort(runtime, accountData)
  const embedded = makeEmbeddedPort(runtime)
  return {
    config,
    ...makeModalPort(runtime),
    ...wallets,
    ...makeRequestsPort(runtime),
    ...makeSignInPort(runtime),
    ...makeSessionsPort(runtime),
    send: flowPort(runtime, runtime.runSync(Send)),
    swap: flowPort(runtime, runtime.runSync(Swap)),
    onramp: flowPort(runtime, runtime.runSync(Onramp)),
    names: flowPort(runtime, runtime.runSync(Names)),
    pay: makePayPort(runtime),
    ...embedded,
    ...legal,
    accountData: accountDataPort,
    accountActions: makeAccountActions(
      config,
      wallets.connection,
      wallets.networks,
      accountDataPort.identity,
      embedded.embedded.smartAccountNetworks,
      embedded.embedded.hasEmail
    ),
    // The service itself, which views reach only through its image builders' type.
    imageUrls: provider
  }
}
