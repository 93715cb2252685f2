/**
 * The auth connector's faces as wallets: an EIP-1193 provider over an Effect that answers requests (a
 * failure rejects with an `Error` carrying the frame's code, 4001 when the visitor rejected), its event
 * listeners, and the connector `Connection` holds for one namespace.
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import type { ChainNamespace } from "../../schemas/Primitives"
import { AUTH_ID } from "../../services/AuthConnector"
import type { Eip1193Provider, WalletConnector } from "../../services/Connectors"

/** A failure in the shape wallets use: `Connection` and `RpcRouter` normalise it like any wallet's. */
export interface AuthProviderFailure {
  readonly code: number | undefined
  readonly message: string
}

export type RequestArguments = { readonly method: string; readonly params?: unknown }

type Listener = (payload: unknown) => void

/** A provider answering with `answer`, run on `run`; `emit` tells its listeners about an event. */
export const makeAuthWallet = (
  chain: ChainNamespace,
  answer: (args: RequestArguments) => Effect.Effect<unknown, AuthProviderFailure>,
  run: <A, E>(
    effect: Effect.Effect<A, E>,
    options: { readonly signal?: AbortSignal }
  ) => Promise<Exit.Exit<A, E>>
) => {
  // The listeners `Connection` registers; events leave Effect here, as a wallet's would.
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: "accountsChanged" | "chainChanged", payload: unknown) =>
    Effect.sync(() => {
      for (const listener of listeners.get(event) ?? []) listener(payload)
    })
  const request = async (args: RequestArguments, signal?: AbortSignal): Promise<unknown> => {
    const exit = await run(answer(args), { signal })
    if (Exit.isSuccess(exit)) return exit.value
    const { code, message } = Option.getOrElse(
      Cause.findErrorOption(exit.cause),
      (): AuthProviderFailure => ({ code: 4001, message: "The request was aborted" })
    )
    throw Object.assign(new Error(message), code === undefined ? {} : { code })
  }
  const provider: Eip1193Provider = {
    request: (args) => request(args),
    requestWithSignal: request,
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener: (event, listener) => {
      listeners.get(event)?.delete(listener)
    }
  }
  const connector: WalletConnector = {
    id: AUTH_ID,
    key: AUTH_ID,
    type: "AUTH",
    chain,
    name: "Email & Socials",
    icon: undefined,
    rdns: undefined,
    provider,
    suspicious: false,
    uuid: undefined,
    approval: "frame"
  }
  return { connector, emit }
}
