import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { IdentityServiceLive } from "../../src/layers/account/IdentityServiceLive"
import { BlockchainApi } from "../../src/services/BlockchainApi"
import { IdentityService } from "../../src/services/IdentityService"
import { ALICE } from "../kit/accounts"
import { blockchainApiWith } from "../kit/blockchainApi"
import { preloadedParts } from "../kit/lazyParts"

const SOLANA = "9C6hybhQ6Aycep9jaUnP6uL9ZYvDjUp1aSkFWPUFJtpj"

/** The identity service over an API that names every address "alice.eth", counting the lookups. */
const world = () => {
  const asked: Array<string> = []
  const layer = IdentityServiceLive.pipe(
    Layer.provide(
      Layer.succeed(
        BlockchainApi,
        blockchainApiWith({
          identity: (address) =>
            Effect.sync(() => {
              asked.push(address)
              return { name: "alice.eth", avatar: undefined }
            })
        })
      )
    ),
    Layer.provide(preloadedParts)
  )
  return { asked, layer }
}

describe("IdentityService", () => {
  it.effect("looks an EVM address up once for any letter case, then reads the 5 minute cache", () => {
    const { asked, layer } = world()
    return Effect.gen(function* () {
      const identities = yield* IdentityService
      const first = yield* identities.identity(ALICE)
      assert.strictEqual(Option.getOrUndefined(first)?.name, "alice.eth")
      yield* identities.identity(ALICE.toLowerCase())
      assert.deepStrictEqual(asked, [ALICE.toLowerCase()])
    }).pipe(Effect.provide(layer))
  })

  it.effect("has no name for a Solana (or any non-EVM) address and asks nobody (names are EVM only)", () => {
    const { asked, layer } = world()
    return Effect.gen(function* () {
      const identities = yield* IdentityService
      assert.isTrue(Option.isNone(yield* identities.identity(SOLANA)))
      assert.isTrue(Option.isNone(yield* identities.identity("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")))
      assert.deepStrictEqual(asked, [])
    }).pipe(Effect.provide(layer))
  })
})
