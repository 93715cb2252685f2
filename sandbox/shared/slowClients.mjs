// How the sandbox's HTTP servers treat clients that are slow or speak broken HTTP: a request whose
// head takes more than 10 s is cut (slowloris), and so is a connection a browser opened ahead of time
// and left unused that long. Such a connection is closed without an answer: a browser that writes its
// next request into it as it closes retries on a fresh one, whereas an unsolicited 400 or 408 would be
// read as the answer (without CORS headers, a page sees a failed fetch). Malformed requests get a 400.

/** @import { Server } from "node:http" */
/** @import { Duplex } from "node:stream" */

/**
 * @param {Server} server
 * @param {{ requestTimeoutMs: number }} limits how long a whole request (head and body) may take
 */
export const guardSlowClients = (server, { requestTimeoutMs }) => {
  server.headersTimeout = 10_000
  server.requestTimeout = requestTimeoutMs
  server.on("clientError", (/** @type {NodeJS.ErrnoException} */ error, /** @type {Duplex} */ socket) => {
    if (error.code !== "ERR_HTTP_REQUEST_TIMEOUT" && socket.writable)
      socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n")
    else socket.destroy()
  })
}
