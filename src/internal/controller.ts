import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as ManagedRuntime from "effect/ManagedRuntime"
import * as Option from "effect/Option"
import { type AirlockError, type Presentation, present } from "../errors"
import type { AirlockServices } from "../layers/AirlockLive"
import type { ModalOptions } from "../schemas/ModalOptions"
import type { CaipNetwork } from "../schemas/Network"
import type { CaipNetworkId, ChainNamespace, ThemeMode } from "../schemas/Primitives"
import type { ThemeVariables } from "../schemas/Theme"
import type { View } from "../schemas/View"
import type { RecentWallet } from "../schemas/Wallet"
import { BalanceService, type NativeBalance } from "../services/BalanceService"
import { Connection, type ConnectionState } from "../services/Connection"
import { Connectors, type WalletConnector } from "../services/Connectors"
import { ModalConfig } from "../services/ModalConfig"
import { ModalRouter, type RouteData, type RouterState } from "../services/ModalRouter"
import { Networks, type NetworksState } from "../services/Networks"
import { type Notice, Notifications } from "../services/Notifications"
import { Theme, type ThemeState } from "../services/Theme"
import { type Store, storeFromRef } from "./store"

/**
 * The modal's services as plain values and promises: what the views and the public handle use, so that
 * no React code sees an Effect type (STYLE.md §4 rule 7).
 */
export interface ModalController {
  readonly config: ModalOptions
  readonly router: Store<RouterState>
  readonly theme: Store<ThemeState>
  readonly notices: Store<ReadonlyArray<Notice>>
  readonly connection: Store<ConnectionState>
  readonly networks: Store<NetworksState>
  readonly connectors: Store<ReadonlyArray<WalletConnector>>
  readonly recentWallets: Store<ReadonlyArray<RecentWallet>>
  readonly open: (view?: View, data?: RouteData) => Promise<void>
  /** Resolves to whether the modal closed (ApproveTransaction refuses unless forced). */
  readonly close: (options?: { readonly force?: boolean }) => Promise<boolean>
  readonly push: (view: View, data?: RouteData) => Promise<void>
  readonly replace: (view: View, data?: RouteData) => Promise<void>
  readonly goBack: () => Promise<void>
  readonly setThemeMode: (mode: ThemeMode) => Promise<void>
  readonly setThemeVariables: (variables: ThemeVariables) => Promise<void>
  readonly notify: (presentation: Presentation) => Promise<void>
  readonly dismissNotice: (id: number) => Promise<void>
  /** Resolves to whether the wallet connected; a failure is in `connection`'s attempt. */
  readonly connect: (connectorId: string) => Promise<boolean>
  readonly cancelConnect: () => Promise<void>
  readonly disconnect: (namespace?: ChainNamespace) => Promise<void>
  /** Resolves to whether it switched; a failure is shown as a toast. */
  readonly switchNetwork: (caipNetworkId: CaipNetworkId) => Promise<Result<void>>
  readonly nativeBalance: (network: CaipNetwork, address: string) => Promise<Result<NativeBalance>>
}

/** What a promise of the controller settles with when the view must show a failure itself. */
export type Result<A> =
  | { readonly _tag: "Success"; readonly value: A }
  | { readonly _tag: "Failure"; readonly error: Presentation; readonly cause: unknown }

export const makeController = (
  runtime: ManagedRuntime.ManagedRuntime<AirlockServices, never>
): ModalController => {
  const services = runtime.runSync(
    Effect.all({
      config: ModalConfig,
      router: ModalRouter,
      theme: Theme,
      notifications: Notifications,
      connection: Connection,
      networks: Networks,
      connectors: Connectors,
      balances: BalanceService
    })
  )
  const run = <A>(effect: Effect.Effect<A>) => runtime.runPromise(effect)
  const routerStore = storeFromRef(runtime, services.router.state, (s) => s)
  // Router moves are synchronous: run them now and show the result in the same task (the 16 ms goal).
  const navigate = <A>(effect: Effect.Effect<A>): Promise<A> => {
    const exit = runtime.runSyncExit(effect)
    routerStore.refresh()
    return Exit.isSuccess(exit) ? Promise.resolve(exit.value) : runtime.runPromise(effect)
  }
  const { router, theme, notifications, connection, networks, connectors, balances } = services
  const attempt = <A, E extends AirlockError>(effect: Effect.Effect<A, E>): Promise<Result<A>> =>
    runtime.runPromiseExit(effect).then((exit) =>
      Exit.isSuccess(exit)
        ? { _tag: "Success", value: exit.value }
        : Option.match(Cause.failureOption(exit.cause), {
            onSome: (error): Result<A> => ({ _tag: "Failure", error: present(error), cause: error }),
            onNone: (): Result<A> => ({
              _tag: "Failure",
              error: { kind: "toast", variant: "error", message: "Something went wrong", delayMs: 0 },
              cause: Cause.squash(exit.cause)
            })
          })
    )

  return {
    config: services.config,
    router: routerStore,
    theme: storeFromRef(runtime, theme.state, (s) => s),
    notices: storeFromRef(runtime, notifications.notices, (s) => s),
    connection: storeFromRef(runtime, connection.state, (s) => s),
    networks: storeFromRef(runtime, networks.state, (s) => s),
    connectors: storeFromRef(runtime, connectors.connectors, (s) => s),
    recentWallets: storeFromRef(runtime, connection.recentWallets, (s) => s),
    open: (view, data) => navigate(router.open(view, data)),
    close: (options) => navigate(router.close(options)),
    push: (view, data) => navigate(router.push(view, data)),
    replace: (view, data) => navigate(router.replace(view, data)),
    goBack: () => navigate(router.goBack),
    setThemeMode: (mode) => run(theme.setMode(mode)),
    setThemeVariables: (variables) => run(theme.setVariables(variables)),
    notify: (presentation) => run(notifications.show(presentation)),
    dismissNotice: (id) => run(notifications.dismiss(id)),
    connect: (connectorId) =>
      attempt(
        connection.connect(connectorId).pipe(
          // Connected from the Connecting view: show the account (or UnsupportedChain, already routed).
          Effect.zipRight(
            Effect.flatMap(router.state.get, (s) =>
              s.open && s.view === "ConnectingExternal" ? router.open("Account") : Effect.void
            )
          )
        )
      ).then((r) => r._tag === "Success"),
    cancelConnect: () => run(connection.cancel),
    disconnect: (namespace) => run(connection.disconnect(namespace)),
    switchNetwork: (caipNetworkId) =>
      attempt(connection.switchNetwork(caipNetworkId)).then(async (r) => {
        if (r._tag === "Failure") await run(notifications.show(r.error))
        return r
      }),
    nativeBalance: (network, address) => attempt(balances.nativeBalance(network, address))
  }
}
