// How every sandbox server listens and stops: on loopback only, on the port asked (0 for a free one), and
// stopped with its open connections (a keep-alive socket would otherwise hold `close` open).

/** @import { Server } from "node:http" */

/**
 * Listens on 127.0.0.1; resolves to the port taken once listening, rejects if it cannot.
 * @param {Server} server
 * @param {number} [port] 0 (the default) for a free one
 * @returns {Promise<number>}
 */
export const listenOnLoopback = (server, port = 0) =>
  new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject)
      const address = server.address()
      resolve(typeof address === "object" && address !== null ? address.port : port)
    })
  })

/**
 * A `close` for `server`: stops listening, ends open connections (after `before`, for what a server holds
 * besides), resolves once closed; later calls get the same promise.
 * @param {Server} server
 * @param {() => void} [before]
 * @returns {() => Promise<void>}
 */
export const closerOf = (server, before = () => {}) => {
  /** @type {Promise<void> | undefined} */
  let closing
  return () => {
    closing ??= new Promise((resolve) => {
      server.close(() => resolve())
      before()
      server.closeAllConnections()
    })
    return closing
  }
}
