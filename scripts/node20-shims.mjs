// vitest 5 declares Node >= 22.12 and calls three Node 21/22 additions in its main process: Map.groupBy
// (the failure summary), Object.groupBy (saving snapshots) and Promise.withResolvers (watch mode). Our
// machines and CI run Node 20, where a failing run would otherwise crash while reporting its failures.
// Each shim is defined only where Node lacks the built-in. The vitest configs call `installNode20Shims`
// (a call, not a bare import: the package is marked side-effect free, so a bare import is dropped).

/**
 * @template T, K
 * @param {Iterable<T>} items
 * @param {(item: T, index: number) => K} keyOf
 * @returns {Map<K, Array<T>>}
 */
const groups = (items, keyOf) => {
  const out = new Map()
  let index = 0
  for (const item of items) {
    const key = keyOf(item, index++)
    const group = out.get(key)
    if (group === undefined) out.set(key, [item])
    else group.push(item)
  }
  return out
}

/** @returns {void} */
export const installNode20Shims = () => {
  // `in` rather than `typeof Map.groupBy`: the project's lib (ES2022) does not declare these.
  if (!("groupBy" in Map)) {
    Object.defineProperty(Map, "groupBy", {
      value: groups,
      writable: true,
      configurable: true
    })
  }

  if (!("groupBy" in Object)) {
    Object.defineProperty(Object, "groupBy", {
      /**
       * @param {Iterable<unknown>} items
       * @param {(item: unknown, index: number) => PropertyKey} keyOf
       */
      value: (items, keyOf) => Object.assign(Object.create(null), Object.fromEntries(groups(items, keyOf))),
      writable: true,
      configurable: true
    })
  }

  if (!("withResolvers" in Promise)) {
    Object.defineProperty(Promise, "withResolvers", {
      /** @this {PromiseConstructor} */
      value() {
        /** @type {(value: unknown) => void} */
        let resolve = () => {}
        /** @type {(reason?: unknown) => void} */
        let reject = () => {}
        const promise = new this((res, rej) => {
          resolve = res
          reject = rej
        })
        return { promise, resolve, reject }
      },
      writable: true,
      configurable: true
    })
  }
}
