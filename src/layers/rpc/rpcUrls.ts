import * as Arr from "effect/Array"
import type { ModalOptions } from "../../schemas/ModalOptions"
import type { CaipNetwork } from "../../schemas/Network"
import type { CaipNetworkId } from "../../schemas/Primitives"
import { PROVIDER_RPC_HOST } from "../../services/RpcTransport"

/**
 * A network's RPC URLs (FACTS §1.6). Pure: which chains the provider's RPC serves is the caller's to say,
 * from the provider's `GET v1/supported-chains` (`FallbackTransport.lazy.ts`).
 */

export type RpcUrlConfig = Pick<ModalOptions, "customRpcUrls" | "blockchainApiUrl" | "projectId">

/** `${blockchainApiUrl}/v1/?chainId=…&projectId=…` (FACTS §1.6). */
export const providerRpcUrl = (network: CaipNetworkId, config: RpcUrlConfig): string =>
  `${config.blockchainApiUrl.replace(/\/+$/, "")}/v1/?chainId=${network}&projectId=${encodeURIComponent(config.projectId)}`

/** A URL on the provider's RPC host without a `projectId` gets it; every other URL is left alone. */
export const withProjectId = (url: string, projectId: string): string => {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return url
  }
  if (parsed.hostname !== PROVIDER_RPC_HOST || parsed.searchParams.has("projectId")) return url
  const query = parsed.search === "" ? "" : `${parsed.search.slice(1)}&`
  parsed.search = `${query}projectId=${encodeURIComponent(projectId)}`
  return parsed.href
}

/**
 * A network's RPC URLs in fallback order: the host's `customRpcUrls`, the provider's RPC when
 * `providerChains` (the `http` list of the provider's supported chains) names the network, then the
 * chain's own default URLs; duplicates dropped.
 */
export const rpcUrlsFor = (
  network: Pick<CaipNetwork, "caipNetworkId" | "rpcUrls">,
  config: RpcUrlConfig,
  providerChains: ReadonlySet<string>
): Array<string> => {
  const custom = (config.customRpcUrls[network.caipNetworkId] ?? []).map(({ url }) => url)
  const provider = providerChains.has(network.caipNetworkId)
    ? [providerRpcUrl(network.caipNetworkId, config)]
    : []
  const urls = [...custom, ...provider, ...network.rpcUrls.default.http].map((url) =>
    withProjectId(url, config.projectId)
  )
  return Arr.dedupe(urls)
}
