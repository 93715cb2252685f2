import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Option from "effect/Option"
import type { StorageKey } from "../schemas/StorageKeys"

export interface StorageShape {
  /** The stored value, or none when absent, unreadable or corrupt (a corrupt value is removed). */
  readonly get: <A, I>(key: StorageKey<A, I>) => Effect.Effect<Option.Option<A>>
  readonly set: <A, I>(key: StorageKey<A, I>, value: A) => Effect.Effect<void>
  readonly remove: <A, I>(key: StorageKey<A, I>) => Effect.Effect<void>
}

/**
 * The locally stored keys of SPEC.md §3, typed and schema-checked. It never fails: storage failures are
 * logged and the modal carries on from memory (SPEC.md §8).
 *
 * @since 0.1.0
 * @category tags
 */
export class Storage extends Context.Service<Storage, StorageShape>()("@airlock/Storage") {}
