import * as KeyValueStore from "@effect/platform/KeyValueStore"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { StorageKey } from "../schemas/StorageKeys"
import { Storage } from "../services/Storage"

/** Stored values carry a version so a later format can tell old data from new and drop it. */
const ENVELOPE_VERSION = 1

const envelope = <A, I>(key: StorageKey<A, I>) =>
  Schema.parseJson(Schema.Struct({ v: Schema.Literal(ENVELOPE_VERSION), data: key.schema }))

export const makeStorage = Effect.gen(function* () {
  const store = yield* KeyValueStore.KeyValueStore

  const remove = <A, I>(key: StorageKey<A, I>) =>
    store
      .remove(key.key)
      .pipe(Effect.catchAll(() => Effect.logDebug(`Airlock storage: remove failed for ${key.key}`)))

  const get = <A, I>(key: StorageKey<A, I>): Effect.Effect<Option.Option<A>> =>
    store.get(key.key).pipe(
      Effect.orElseSucceed(() => Option.none<string>()),
      Effect.flatMap(
        Option.match({
          onNone: () => Effect.succeedNone,
          onSome: (raw) =>
            Schema.decodeUnknown(envelope(key))(raw).pipe(
              Effect.map((decoded) => Option.some(decoded.data)),
              Effect.catchAll(() =>
                Effect.zipRight(
                  Effect.logDebug(`Airlock storage: corrupt value removed from ${key.key}`),
                  Effect.as(remove(key), Option.none<A>())
                )
              )
            )
        })
      )
    )

  const set = <A, I>(key: StorageKey<A, I>, value: A): Effect.Effect<void> =>
    Schema.encode(envelope(key))({ v: ENVELOPE_VERSION, data: value }).pipe(
      Effect.flatMap((raw) => store.set(key.key, raw)),
      Effect.catchAll(() => Effect.logDebug(`Airlock storage: write failed for ${key.key}`))
    )

  return Storage.of({ get, set, remove })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const StorageLive = Layer.effect(Storage, makeStorage)
