import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { WalletConnectConnectorNotFoundError } from "../errors"
import type { OneClickSignInRequest } from "./WalletConnect"

/** The namespaces a pairing asks for (all optional: `requiredNamespaces` are deprecated in 2.25). */
export interface NamespaceRequest {
  readonly chains: ReadonlyArray<string>
  readonly methods: ReadonlyArray<string>
  readonly events: ReadonlyArray<string>
  readonly rpcMap?: Readonly<Record<string, string>>
}

/**
 * The parts of the WalletConnect SDK's UniversalProvider that Airlock uses. Whatever it hands back comes
 * from a wallet through the relay and is decoded before use.
 */
export interface UniversalProviderClient {
  /** Pairs and waits for the wallet's answer; `display_uri` is emitted with the pairing URI meanwhile. */
  readonly connect: (optionalNamespaces: Readonly<Record<string, NamespaceRequest>>) => Promise<unknown>
  /**
   * Pairs asking for a sign-in (`wc_sessionAuthenticate`) on EVM `chains` with `methods`; `display_uri` as
   * for `connect`. A wallet without one-click authentication gets a plain proposal (no `auths`).
   */
  readonly authenticate: (
    request: OneClickSignInRequest & {
      readonly chains: ReadonlyArray<string>
      readonly methods: ReadonlyArray<string>
    }
  ) => Promise<{ readonly session: unknown; readonly auths: ReadonlyArray<unknown> }>
  /** A request to the wallet of the session, for one chain (`eip155:1`, `solana:…`). */
  readonly request: (
    args: { readonly method: string; readonly params?: unknown },
    chainId: string
  ) => Promise<unknown>
  readonly disconnect: () => Promise<void>
  readonly on: (event: string, listener: (payload: unknown) => void) => void
  readonly off: (event: string, listener: (payload: unknown) => void) => void
  /** The session restored from the SDK's storage or approved last; `undefined` when there is none. */
  readonly session: () => unknown
}

export interface WalletConnectClientShape {
  /**
   * The SDK, loaded with one `import()` the first time it is needed and created once; callers share it. A
   * load that failed is tried again on the next call.
   */
  readonly get: Effect.Effect<UniversalProviderClient, WalletConnectConnectorNotFoundError>
}

/**
 * The WalletConnect SDK, loaded on demand so that the first paint does not pay for it.
 *
 * @since 0.1.0
 * @category tags
 */
export class WalletConnectClient extends Context.Service<WalletConnectClient, WalletConnectClientShape>()(
  "@airlock/WalletConnectClient"
) {}
