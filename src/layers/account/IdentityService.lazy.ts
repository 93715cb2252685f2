import * as Cache from "effect/Cache"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { EvmAddress } from "../../schemas/Primitives"
import { BlockchainApi } from "../../services/BlockchainApi"
import { IdentityService } from "../../services/IdentityService"

export const IDENTITY_TTL = Duration.minutes(5)

const isEvmAddress = Schema.is(EvmAddress)

export const makeIdentityService = Effect.gen(function* () {
  const api = yield* BlockchainApi
  const cache = yield* Cache.make({
    capacity: 256,
    timeToLive: IDENTITY_TTL,
    // An unavailable lookup reads as "no name" and is not asked again for 5 minutes either.
    lookup: (address: string) =>
      api.identity(address).pipe(
        Effect.map((identity) =>
          identity.name === undefined && identity.avatar === undefined ? Option.none() : Option.some(identity)
        ),
        Effect.orElseSucceed(() => Option.none())
      )
  })
  return IdentityService.of({
    // Names are EVM only (SPEC.md §9), so other addresses have none and nobody is asked.
    identity: (address) =>
      isEvmAddress(address) ? Cache.get(cache, address.toLowerCase()) : Effect.succeed(Option.none()),
    forget: (address) => Cache.invalidate(cache, address.toLowerCase())
  })
})
