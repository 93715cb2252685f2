// vitest 5 declares Node >= 22.12 and calls three Node 21/22 additions in its main process: Map.groupBy
// (the failure summary), Object.groupBy (saving snapshots) and Promise.withResolvers (watch mode). Our
// machines and CI run Node 20, where a failing run would otherwise crash while reporting its failures.
// Each shim is defined only where Node lacks the built-in. The vitest configs call `installNode20Shims`
// (a call, not a bare import: the package is marked side-effect free, so a bare import is dropped).

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

export const installNode20Shims = () => {
  if (typeof Map.groupBy !== "function") {
    Object.defineProperty(Map, "groupBy", {
      value: (items, keyOf) => groups(items, keyOf),
      writable: true,
      configurable: true
    })
  }

  if (typeof Object.groupBy !== "function") {
    Object.defineProperty(Object, "groupBy", {
      value: (items, keyOf) => Object.assign(Object.create(null), Object.fromEntries(groups(items, keyOf))),
      writable: true,
      configurable: true
    })
  }

  if (typeof Promise.withResolvers !== "function") {
    Object.defineProperty(Promise, "withResolvers", {
      value() {
        let resolve
        let reject
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
