import { type CustomTransport, type CustomTransportConfig, custom } from "viem"
import type { CaipNetworkId } from "../../schemas/Primitives"
import type { FallbackTransportShape } from "../../services/FallbackTransport"
import { type RunEffect, toEip1193Request } from "./eip1193Request"

/**
 * A viem transport over the fallback for one network. viem is a peer dependency, so this lives apart from
 * the service. `retryCount` defaults to 0: every transport has already been tried, and viem's retries
 * would multiply the 10 s read budget (THREATS R2); pass it to opt back in.
 *
 * @since 0.1.0
 * @category adapters
 */
export const toViemTransport = (
  fallback: FallbackTransportShape,
  network: CaipNetworkId,
  run: RunEffect,
  config?: CustomTransportConfig
): CustomTransport =>
  custom(
    { request: toEip1193Request(fallback, network, run) },
    { key: "airlock", name: "Airlock fallback", ...config, retryCount: config?.retryCount ?? 0 }
  )
