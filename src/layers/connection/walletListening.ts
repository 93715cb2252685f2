import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Scope from "effect/Scope"

/**
 * Each connected wallet's listeners, by its key, in a scope of their own under `scope`: closing it removes
 * them. They run in `layer`'s context (the connection service's), whoever connected.
 */
export const makeWalletListening = (scope: Scope.Scope, layer: Context.Context<never>) => {
  const listening = new Map<string, Scope.Closeable>()
  const stopListening = (key: string) =>
    Effect.suspend(() => {
      const listeners = listening.get(key)
      listening.delete(key)
      return listeners === undefined ? Effect.void : Scope.close(listeners, Exit.void)
    })
  /** The wallet of `key` is followed by `listen`'s listeners from now on, instead of any before. */
  const startListening = (key: string, listen: Effect.Effect<void, never, Scope.Scope>) =>
    Effect.gen(function* () {
      yield* stopListening(key)
      const listeners = yield* Scope.fork(scope)
      listening.set(key, listeners)
      yield* Effect.provideContext(listen, Context.add(layer, Scope.Scope, listeners))
    })
  return { startListening, stopListening }
}
