/**
 * What `modal.getProvider()` hands out at once: the EIP-1193 object and its listeners. Its requests, and the
 * following of the modal that emits to those listeners (`modalProvider.ts`), load with the first call, so
 * the first paint carries only this.
 */
import type { ModalProvider, ModalProviderEvent } from "../Modal"

/** The provider's listeners, by event: registered here, called by the working part. */
export type ProviderListeners = Map<ModalProviderEvent, Set<(payload: never) => void>>

/** The provider's working part, once loaded: its requests, and `stop` for a disposed modal. */
export interface ProviderCore {
  readonly request: ModalProvider["request"]
  readonly stop: () => void
}

/** The provider, and what stops it when the modal is disposed. */
export interface ProviderShell {
  readonly provider: ModalProvider
  readonly stop: () => void
}

export const providerShell = (
  load: (listeners: ProviderListeners) => Promise<ProviderCore>
): ProviderShell => {
  const listeners: ProviderListeners = new Map()
  let core: Promise<ProviderCore> | undefined
  // Loaded at once, so the modal is followed (and its first `connect` told) from the moment a dapp holds
  // the provider. A part that did not load fails as EIP-1193's internal error, and is asked for again.
  const started = () =>
    (core ??= load(listeners).catch((error: unknown) => {
      core = undefined
      throw Object.assign(Object(error), { code: -32603 })
    }))
  started().catch(() => undefined)
  const provider: ModalProvider = {
    request: (args) => started().then((loaded) => loaded.request(args)),
    on: (event, listener) => {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener))
      return provider
    },
    removeListener: (event, listener) => {
      listeners.get(event)?.delete(listener)
      return provider
    }
  }
  return {
    provider,
    stop: () =>
      void core?.then(
        (loaded) => loaded.stop(),
        () => undefined
      )
  }
}
