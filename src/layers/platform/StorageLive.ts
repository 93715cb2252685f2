import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import * as Schema from "effect/Schema"
import type { StorageKey } from "../../schemas/StorageKeys"
import { Storage } from "../../services/Storage"

/** Stored values carry a version so a later format can tell old data from new and drop it. */
const ENVELOPE_VERSION = 1

const envelope = <A, I>(key: StorageKey<A, I>) =>
  Schema.fromJsonString(Schema.Struct({ v: Schema.Literal(ENVELOPE_VERSION), data: key.schema }))

export const makeStorage = Effect.gen(function* () {
  const store = yield* KeyValueStore.KeyValueStore

  const remove = <A, I>(key: StorageKey<A, I>) =>
    store
      .remove(key.key)
      .pipe(Effect.catch(() => Effect.logDebug(`Airlock storage: remove failed for ${key.key}`)))

  const get = <A, I>(key: StorageKey<A, I>): Effect.Effect<Option.Option<A>> =>
    store.get(key.key).pipe(
      Effect.orElseSucceed(() => undefined),
      Effect.flatMap((raw) =>
        raw === undefined
          ? Effect.succeedNone
          : Schema.decodeUnknownEffect(envelope(key))(raw).pipe(
              Effect.map((decoded) => Option.some(decoded.data)),
              Effect.catch(() =>
                Effect.logDebug(`Airlock storage: corrupt value removed from ${key.key}`).pipe(
                  Effect.andThen(remove(key)),
                  Effect.as(Option.none<A>())
                )
              )
            )
      )
    )

  const set = <A, I>(key: StorageKey<A, I>, value: A): Effect.Effect<void> =>
    Schema.encodeEffect(envelope(key))({ v: ENVELOPE_VERSION, data: value }).pipe(
      Effect.flatMap((raw) => store.set(key.key, raw)),
      Effect.catch(() => Effect.logDebug(`Airlock storage: write failed for ${key.key}`))
    )

  return Storage.of({ get, set, remove })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const StorageLive = Layer.effect(Storage, makeStorage)
