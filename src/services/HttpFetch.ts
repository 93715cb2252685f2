import * as Context from "effect/Context"

/**
 * The `fetch` every HTTP request of the modal goes through: the provider's hosts and the RPC nodes. The
 * browser's by default; a host layer (`Layer.succeed(HttpFetch, myFetch)`) or a test provides another to
 * proxy, record or stub them all.
 *
 * @since 0.2.0
 * @category services
 */
export const HttpFetch = Context.Reference<typeof globalThis.fetch>("@airlock/HttpFetch", {
  // Called through globalThis so that a page's later `fetch` patch (a service worker shim) is honoured.
  defaultValue: () => (input, init) => globalThis.fetch(input, init)
})
