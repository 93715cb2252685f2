/**
 * The Connection tests' cases: a test in Connection's world over a seeded storage area, and the mock wallets
 * they connect (answering, refusing, hanging, held).
 */

import { it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import { REQUEST_EVENT } from "../../src/layers/wallets/ConnectorsLive"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import { Connection } from "../../src/services/Connection"
import type { MockEip1193Provider } from "../../src/testing/index"
import {
  announce,
  connectTo,
  holding,
  mockWallet,
  servicesLayer,
  type WalletInfo,
  walletA
} from "../kit/connectionWorld"
import { makeArea } from "../kit/fixtures"

/** What a test body runs on: Connection's world, wired as `makeAirlockLayer` does, and the test's scope. */
type ConnectionWorld = Layer.Success<ReturnType<typeof servicesLayer>> | Scope.Scope

interface WorldSeed {
  /** What the storage area holds at start. */
  readonly stored?: Record<string, unknown>
  readonly options?: Partial<ModalOptionsInput>
  /** Wallets that announce themselves before start, answering the discovery request the services make. */
  readonly announcedBeforeStart?: () => void
}

/**
 * A test in Connection's world, over a fresh storage area seeded as `world` says; the body gets the
 * connection and reads the area back with `read`.
 */
export const connectionTest = (
  name: string,
  body: (world: {
    readonly connection: Connection["Service"]
    readonly read: ReturnType<typeof makeArea>["read"]
  }) => Generator<Effect.Effect<unknown, unknown, ConnectionWorld>, void, never>,
  world: WorldSeed = {}
) =>
  it.effect(name, () => {
    const { area, read } = makeArea(world.stored)
    const early = world.announcedBeforeStart
    if (early) window.addEventListener(REQUEST_EVENT, early)
    return Effect.flatMap(Connection, (connection) => Effect.gen(() => body({ connection, read }))).pipe(
      Effect.provide(servicesLayer(area, world.options)),
      Effect.ensuring(Effect.sync(() => early && window.removeEventListener(REQUEST_EVENT, early)))
    )
  })

export const hang = { _tag: "Hang" } as const
export const refusal = { _tag: "Error", code: 4001, message: "User rejected the request." } as const

/** A mock wallet that answers `method` as `behaviour` says (never, or with an error). */
export const walletAnswering = (
  method: string,
  behaviour: typeof hang | typeof refusal,
  options: Parameters<typeof mockWallet>[0] = {}
) => {
  const mock = mockWallet(options)
  mock.setBehaviour(method, behaviour)
  return mock
}

/** A mock wallet, announced as Wallet A and connected. */
export const connectedWallet = (options: Parameters<typeof mockWallet>[0] = {}) =>
  Effect.gen(function* () {
    const mock = mockWallet(options)
    yield* connectTo(walletA, mock)
    return mock
  })

/** Announces `mock` as `wallet`, and answers it. */
export const announced = (wallet: WalletInfo, mock: MockEip1193Provider) => {
  announce(wallet, mock)
  return mock
}

/** Announces `mock` as `wallet`, holding its answers to eth_requestAccounts until the test releases them. */
export const announceHeld = (wallet: WalletInfo, mock: MockEip1193Provider) => {
  const late = holding(mock, "eth_requestAccounts")
  announce(wallet, late.provider)
  return late
}
