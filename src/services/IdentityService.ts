import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Option from "effect/Option"
import type { Identity } from "./BlockchainApi"

export interface IdentityServiceShape {
  /**
   * The account's name and avatar, cached 5 minutes (SPEC.md §9); none when unknown or unavailable, and
   * for any address that is not an EVM one (names are EVM only).
   */
  readonly identity: (address: string) => Effect.Effect<Option.Option<Identity>>
  /** Drops what is cached for `address`, e.g. once it registered a name; the next look-up asks again. */
  readonly forget: (address: string) => Effect.Effect<void>
}

/**
 * Names and avatars of addresses.
 *
 * @since 0.1.0
 * @category tags
 */
export class IdentityService extends Context.Service<IdentityService, IdentityServiceShape>()(
  "@airlock/IdentityService"
) {}
