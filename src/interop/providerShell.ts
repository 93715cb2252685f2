/**
 * What `modal.getProvider()` hands out at once: the EIP-1193 object and its listeners. Its requests and
 * the following of the modal (`modalProvider.ts`) load with the first call, so the first paint carries
 * only this.
 */
import type { ModalProvider, ModalProviderEvent } from "../Modal"

type Listener = (payload: never) => void

/** The provider's working part, once loaded: its requests, and `stop` for a disposed modal. */
export interface ProviderCore {
  readonly request: ModalProvider["request"]
  readonly stop: () => void
}

/** Starts the working part, which tells its events through `emit`. */
export type StartProvider = (emit: (event: ModalProviderEvent, payload: unknown) => void) => ProviderCore

/** The provider, and what stops it when the modal is disposed. */
export interface ProviderShell {
  readonly provider: ModalProvider
  readonly stop: () => void
}

export const providerShell = (load: () => Promise<StartProvider>): ProviderShell => {
  const listeners = new Map<ModalProviderEvent, Set<Listener>>()
  const emit = (event: ModalProviderEvent, payload: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        ;(listener as (payload: unknown) => void)(payload)
      } catch (error) {
        // A dapp's listener that throws is the dapp's bug: reported, never in the modal's way.
        queueMicrotask(() => {
          throw error
        })
      }
    }
  }
  let core: Promise<ProviderCore> | undefined
  let stopped = false
  // A part that did not load is asked for again by the next request.
  const started = () =>
    (core ??= load().then(
      (start) => start(emit),
      (cause: unknown) => {
        core = undefined
        throw Object.assign(new Error("The provider could not load. Try again.", { cause }), { code: -32603 })
      }
    ))
  // The modal is followed from the moment a dapp holds the provider, so its first `connect` is heard.
  void started().catch(() => undefined)
  const provider: ModalProvider = {
    request: (args) => started().then((loaded) => loaded.request(args)),
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
      return provider
    },
    removeListener: (event, listener) => {
      listeners.get(event)?.delete(listener)
      return provider
    }
  }
  return {
    provider,
    stop: () => {
      if (stopped) return
      stopped = true
      void core?.then(
        (loaded) => loaded.stop(),
        () => undefined
      )
    }
  }
}
