/**
 * The one module that imports the WalletConnect SDK. It is reached only through the `import()` in
 * WalletConnectClientLive, so the SDK lands in its own chunk, loaded when a visitor chooses WalletConnect
 * or a WalletConnect session is restored.
 */
import UniversalProvider from "@walletconnect/universal-provider"
import type { AppMetadata } from "../../schemas/Metadata"
import type { NamespaceRequest, UniversalProviderClient } from "../../services/WalletConnectClient"
import { guardVerifyMessages } from "./verifyGuard"

// Loaded with the SDK: what WalletConnect Verify says of the page's domain.
export { reportUnverifiedDomains, unverifiedDomains } from "./verifyGuard"

export interface UniversalProviderOptions {
  readonly projectId: string
  readonly relayUrl: string
  readonly metadata: AppMetadata
  /** The SDK's log level: "error" when the host asked for debug output, else "silent". */
  readonly logger: "error" | "silent"
  /** Attest the page's origin through WalletConnect Verify (`walletConnectVerify`). */
  readonly verify: boolean
}

const copyNamespaces = (namespaces: Readonly<Record<string, NamespaceRequest>>) =>
  Object.fromEntries(
    Object.entries(namespaces).map(([key, ns]) => [
      key,
      {
        chains: [...ns.chains],
        methods: [...ns.methods],
        events: [...ns.events],
        ...(ns.rpcMap === undefined ? {} : { rpcMap: { ...ns.rpcMap } })
      }
    ])
  )

export const createUniversalProvider = async (
  options: UniversalProviderOptions
): Promise<UniversalProviderClient> => {
  // Before the SDK listens: forged Verify attestations from other origins never reach it (THREATS.md R11).
  if (options.verify && typeof window !== "undefined") guardVerifyMessages(window)
  const provider = await UniversalProvider.init({
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    metadata: { ...options.metadata, icons: [...options.metadata.icons] },
    logger: options.logger,
    // Airlock sends no usage data of its own through the SDK (THREATS.md: no hidden outbound calls).
    telemetryEnabled: false,
    // The SDK's own pings go to its RPC for methods the session lacks; reads go through FallbackTransport.
    disableProviderPing: true,
    customStoragePrefix: "airlock"
  })
  // Without Verify the SDK would still frame verify.walletconnect.org and wait 5 s for it on every proposal
  // and request; the attestation is optional, so wallets just see the origin as UNKNOWN.
  if (!options.verify) provider.client.core.verify.register = () => Promise.resolve(undefined)
  return {
    connect: (optionalNamespaces) =>
      provider.connect({ optionalNamespaces: copyNamespaces(optionalNamespaces) }),
    authenticate: async ({ chains, methods, resources, ...fields }) => {
      const answer = await provider.authenticate({
        ...fields,
        chains: [...chains],
        methods: [...methods],
        ...(resources === undefined ? {} : { resources: [...resources] })
      })
      return { session: answer.session ?? provider.session, auths: answer.auths ?? [] }
    },
    request: (args, chainId) =>
      provider.request(
        // JSON-RPC params are an array or an object; anything else is left out rather than sent.
        typeof args.params === "object" && args.params !== null
          ? { method: args.method, params: args.params }
          : { method: args.method },
        chainId
      ),
    disconnect: () => provider.disconnect(),
    on: (event, listener) => provider.on(event, listener),
    off: (event, listener) => provider.off(event, listener),
    session: () => provider.session
  }
}
