// How the sandbox's servers read a request body: at most `limit` bytes, declared (content-length) or sent.
// A body past its cap is refused as soon as that is known; what the client still sends is read and
// dropped, so that the refusal can be answered. Each server words the refusal its own way.

/** @import { IncomingMessage } from "node:http" */

/** The body is (or was declared) larger than the cap. */
export class BodyTooLarge extends Error {}

/**
 * The body's bytes. Rejects with `BodyTooLarge` past `limit`, with the stream's own error if it fails.
 * @param {IncomingMessage} req
 * @param {number} limit
 * @returns {Promise<Buffer>}
 */
export const readCappedBody = (req, limit) =>
  new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"])
    if (Number.isFinite(declared) && declared > limit) {
      reject(new BodyTooLarge(`Request body larger than ${limit} bytes`))
      return
    }
    /** @type {Array<Buffer>} */
    const chunks = []
    let size = 0
    let done = false
    req.on("data", (/** @type {Buffer} */ chunk) => {
      if (done) return
      size += chunk.length
      if (size > limit) {
        done = true
        reject(new BodyTooLarge(`Request body larger than ${limit} bytes`))
      } else chunks.push(chunk)
    })
    req.on("end", () => {
      if (done) return
      done = true
      resolve(Buffer.concat(chunks))
    })
    req.on("error", (error) => {
      if (done) return
      done = true
      reject(error)
    })
  })
