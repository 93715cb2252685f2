import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as KeyValueStore from "effect/persistence/KeyValueStore"

/** Where the store writes; `localStorage` in a browser, anything with its shape in tests. */
export type StorageArea = Pick<Storage, "getItem" | "setItem" | "removeItem" | "clear" | "key" | "length">

const readArea = (evaluate: () => StorageArea | undefined): StorageArea | undefined => {
  try {
    return evaluate()
  } catch {
    return undefined
  }
}

/**
 * Bytes are kept as Base64 text, as `KeyValueStore.makeStringOnly` keeps them, with the platform's own
 * codec: Effect's Base64 module would otherwise be in the first paint for a store that holds only text.
 */
const bytesToText = (bytes: Uint8Array): string => {
  let binary = ""
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

const textBytes = new TextEncoder()

/** Strict Base64 (line breaks aside), as Effect's decoder reads it; `atob` alone would forgive more. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** Stored text as bytes: its Base64 decoding, or (text that is not Base64) its UTF-8 bytes. */
const bytesOf = (text: string): Uint8Array => {
  const base64 = text.replace(/[\n\r]/g, "")
  return BASE64.test(base64)
    ? Uint8Array.from(atob(base64), (character) => character.charCodeAt(0))
    : textBytes.encode(text)
}

/**
 * A key-value store over a storage area that never fails: a read that throws answers from memory (or
 * nothing), a write that throws (quota, blocked third-party storage) lands in memory instead, so the
 * rest of the session still sees it.
 */
export const makeSafeKeyValueStore = (
  evaluate: () => StorageArea | undefined
): KeyValueStore.KeyValueStore => {
  const memory = new Map<string, string>()
  const area = () => readArea(evaluate)
  const attempt = <A>(f: (a: StorageArea) => A): Option.Option<A> => {
    const target = area()
    if (target === undefined) return Option.none()
    try {
      return Option.some(f(target))
    } catch {
      return Option.none()
    }
  }
  const logged = (what: string, key: string) =>
    Effect.logDebug(`Airlock storage: ${what} failed for ${key}; kept in memory`)

  const get = (key: string) =>
    Effect.sync(() => {
      if (memory.has(key)) return memory.get(key)
      return Option.getOrUndefined(
        Option.flatMap(
          attempt((a) => a.getItem(key)),
          Option.fromNullishOr
        )
      )
    })

  return KeyValueStore.make({
    get,
    getUint8Array: (key) => Effect.map(get(key), (text) => (text === undefined ? undefined : bytesOf(text))),
    set: (key, input) =>
      Effect.suspend(() => {
        const value = typeof input === "string" ? input : bytesToText(input)
        if (Option.isSome(attempt((a) => a.setItem(key, value)))) {
          memory.delete(key)
          return Effect.void
        }
        memory.set(key, value)
        return logged("write", key)
      }),
    remove: (key) =>
      Effect.sync(() => {
        memory.delete(key)
        attempt((a) => a.removeItem(key))
      }),
    clear: Effect.sync(() => {
      memory.clear()
      attempt((a) => a.clear())
    }),
    size: Effect.sync(
      () =>
        memory.size +
        Option.getOrElse(
          attempt((a) => a.length),
          () => 0
        )
    ),
    keys: Effect.sync(() => {
      const stored = Option.getOrElse(
        attempt((a) => Array.from({ length: a.length }, (_, index) => a.key(index))),
        () => []
      )
      const all = new Set(memory.keys())
      for (const key of stored) if (key !== null) all.add(key)
      return [...all]
    })
  })
}

const browserLocalStorage = (): StorageArea | undefined =>
  typeof globalThis.localStorage === "undefined" ? undefined : globalThis.localStorage

/**
 * `localStorage` behind the never-failing store; memory only where the page has none.
 *
 * @since 0.1.0
 * @category layers
 */
export const SafeKeyValueStoreLive = Layer.sync(KeyValueStore.KeyValueStore, () =>
  makeSafeKeyValueStore(browserLocalStorage)
)
