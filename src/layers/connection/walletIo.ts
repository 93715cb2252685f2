import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { normalizeWalletError } from "../../errors"
import { EvmAddress, SolanaAddress } from "../../schemas/Primitives"
import type { Eip1193Provider } from "../../services/Connectors"
import type { Subscribe } from "../platform/listen"

/** Non-interactive wallet reads (accounts, chain id) must answer within this (THREATS.md R2). */
export const WALLET_READ_TIMEOUT = Duration.seconds(10)
/** Best-effort calls such as revoking permissions on disconnect (THREATS.md R2: at most 1 s). */
export const BEST_EFFORT_TIMEOUT = Duration.seconds(1)

/** One request to a wallet, its failure normalised; a provider that throws synchronously is caught too. */
export const walletRequest = (
  provider: Eip1193Provider,
  method: string,
  params?: unknown,
  chainId?: string
) =>
  Effect.tryPromise({
    try: (signal) => {
      const args = {
        method,
        ...(params === undefined ? {} : { params }),
        ...(chainId === undefined ? {} : { chainId })
      }
      return provider.requestWithSignal === undefined
        ? provider.request(args)
        : provider.requestWithSignal(args, signal)
    },
    catch: normalizeWalletError
  })

/** A wallet read that must answer within {@link WALLET_READ_TIMEOUT}. */
export const walletRead = (provider: Eip1193Provider, method: string, params?: unknown) =>
  walletRequest(provider, method, params).pipe(
    Effect.timeoutOrElse({
      duration: WALLET_READ_TIMEOUT,
      orElse: () => Effect.fail(normalizeWalletError({ message: `The wallet did not answer ${method}` }))
    })
  )

const isEvmAddress = Schema.is(EvmAddress)
const isSolanaAddress = Schema.is(SolanaAddress)
/** Addresses one answer may list; the rest are not read. */
const MAX_ACCOUNTS = 64

/**
 * The valid addresses of an `accounts` answer or `accountsChanged` payload for the wallet's namespace
 * (EVM unless said otherwise); anything else drops.
 */
export const decodeAccounts = (
  payload: unknown,
  chain: "eip155" | "solana" = "eip155"
): ReadonlyArray<string> =>
  Array.isArray(payload)
    ? payload
        .slice(0, MAX_ACCOUNTS)
        .filter((a): a is string => (chain === "solana" ? isSolanaAddress(a) : isEvmAddress(a)))
    : []

/** What each wallet event Airlock follows becomes, from its payload. */
export interface WalletEventHandlers<A> {
  readonly accountsChanged: (payload: unknown) => A
  readonly chainChanged: (payload: unknown) => A
  readonly disconnect: (payload: unknown) => A
}

/** A wallet's EIP-1193 events as an event source (for `listen`), each event what `handlers` make of it. */
export const walletEvents =
  <A>(provider: Eip1193Provider, handlers: WalletEventHandlers<A>): Subscribe<A> =>
  (listener) => {
    const entries = Object.entries(handlers).map(
      ([event, handler]) => [event, (payload: unknown) => listener(handler(payload))] as const
    )
    try {
      for (const [event, handler] of entries) provider.on?.(event, handler)
    } catch {
      // A wallet without working events still connects; it just is not followed.
    }
    return () => {
      try {
        for (const [event, handler] of entries) provider.removeListener?.(event, handler)
      } catch {
        // Nothing to release on a wallet that cannot remove listeners.
      }
    }
  }
