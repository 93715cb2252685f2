import * as Effect from "effect/Effect"
import type { LocaleUnavailableError } from "../../../errors"
import type { Presentation } from "../../../presentation"
import type { ThemeMode } from "../../../schemas/Primitives"
import type { ThemeVariables } from "../../../schemas/ThemeVariables"
import type { View } from "../../../schemas/View"
import { Locale, type LocaleState, type LocaleTag } from "../../../services/Locale"
import { type FlowView, ModalFlow, type OpenOptions, type WalletChoice } from "../../../services/ModalFlow"
import { ModalRouter, type RouteData, type RouterState } from "../../../services/ModalRouter"
import { type Notice, Notifications } from "../../../services/Notifications"
import { Theme, type ThemeState } from "../../../services/Theme"
import { attempt, type ModalRuntime, type Result } from "./run"
import { type Store, storeFromRef } from "./store"

/** Where the modal is and what it shows: the router, its moves, the theme and the notices. */
export interface ModalPort {
  readonly router: Store<RouterState>
  readonly theme: Store<ThemeState>
  readonly locale: Store<LocaleState>
  readonly notices: Store<ReadonlyArray<Notice>>
  /**
   * Rejects with the typed error (`ViewRefusedError`) when the view cannot show now: the modal stays as it
   * was and has shown why.
   */
  readonly open: (view?: View, data?: RouteData, options?: OpenOptions) => Promise<void>
  /** Resolves to whether the modal closed (ApproveTransaction refuses unless forced). */
  readonly close: (options?: { readonly force?: boolean }) => Promise<boolean>
  readonly push: (view: View, data?: RouteData) => Promise<void>
  readonly replace: (view: View, data?: RouteData) => Promise<void>
  readonly goBack: () => Promise<void>
  /** Starts the flow behind `view` (Send, Swap, Buy, a name), then shows its view. */
  readonly startFlow: (view: FlowView) => Promise<void>
  /** Shows the wallet's Connecting view and asks it to connect. */
  readonly chooseWallet: (choice: WalletChoice) => Promise<void>
  readonly setThemeMode: (mode: ThemeMode) => Promise<void>
  readonly setThemeVariables: (variables: ThemeVariables) => Promise<void>
  readonly setLocale: (requested: string) => Promise<Result<LocaleTag, LocaleUnavailableError>>
  readonly notify: (presentation: Presentation) => Promise<void>
  readonly dismissNotice: (id: number) => Promise<void>
}

export const makeModalPort = (runtime: ModalRuntime): ModalPort => {
  const { router, flow, theme, locale, notifications } = runtime.runSync(
    Effect.all({
      router: ModalRouter,
      flow: ModalFlow,
      theme: Theme,
      locale: Locale,
      notifications: Notifications
    })
  )
  const run = <A>(effect: Effect.Effect<A>) => runtime.runPromise(effect)
  const routerStore = storeFromRef(runtime, router.state, (s) => s)
  // Router moves are synchronous: run them now and show the result in the same task (the 16 ms goal).
  const navigate = <A, E>(effect: Effect.Effect<A, E>): Promise<A> =>
    new Promise<A>((resolve, reject) => {
      // A move that goes async (an open whose rules load) goes on in its fiber and settles later: it
      // never runs twice.
      runtime.runSyncExit(Effect.match(effect, { onSuccess: resolve, onFailure: reject }))
      routerStore.refresh()
    })
  return {
    router: routerStore,
    theme: storeFromRef(runtime, theme.state, (s) => s),
    locale: storeFromRef(runtime, locale.state, (s) => s),
    notices: storeFromRef(runtime, notifications.notices, (s) => s),
    open: (view, data, options) => navigate(flow.open(view, data, options)),
    close: (options) => navigate(flow.close(options)),
    push: (view, data) => navigate(flow.push(view, data)),
    replace: (view, data) => navigate(flow.replace(view, data)),
    goBack: () => navigate(flow.goBack),
    // A flow's start may wait (its code, the account's balances): the move shows once it is done.
    startFlow: (view) => run(flow.startFlow(view)).finally(routerStore.refresh),
    chooseWallet: (choice) => navigate(flow.chooseWallet(choice)),
    setThemeMode: (mode) => run(theme.setMode(mode)),
    setThemeVariables: (variables) => run(theme.setVariables(variables)),
    setLocale: (requested) => attempt(runtime)(locale.set(requested)),
    notify: (presentation) => run(notifications.show(presentation)),
    dismissNotice: (id) => run(notifications.dismiss(id))
  }
}
