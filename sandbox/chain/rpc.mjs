// JSON-RPC to a sandbox node: one call, and a dev account's transaction sent and awaited until mined. Apart from
// the node's process (anvil.mjs) and the seeding (seed.mjs), which both talk through it, and used as it is by
// the sandbox's other parts and tests that read or drive the chains.

/** @typedef {{ readonly status: string, readonly contractAddress: `0x${string}` | null }} Receipt A mined transaction's receipt: the fields the sandbox reads. */

let rpcId = 0

/**
 * One JSON-RPC call; rejects with the node's error message (and `code`) on an error answer.
 * @param {string} url
 * @param {string} method
 * @param {ReadonlyArray<unknown>} [params]
 * @returns {Promise<unknown>}
 */
export async function rpc(url, method, params = []) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: ++rpcId, method, params })
  })
  if (!response.ok) throw new Error(`${method} on ${url}: HTTP ${response.status}`)
  const body = await response.json()
  if (body.error !== undefined) {
    throw Object.assign(new Error(`${method} on ${url}: ${body.error.message}`), { code: body.error.code })
  }
  return body.result
}

/**
 * Polls for a transaction's receipt (anvil mines on arrival, but may answer before the block is sealed).
 * @param {string} url
 * @param {`0x${string}`} hash
 * @returns {Promise<Receipt>}
 */
async function waitForReceipt(url, hash, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const receipt = /** @type {Receipt | null} */ (await rpc(url, "eth_getTransactionReceipt", [hash]))
    if (receipt !== null) return receipt
    if (Date.now() > deadline) throw new Error(`transaction ${hash} was not mined within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/**
 * Sends a transaction from an unlocked dev account and resolves to its hash and receipt once mined (anvil
 * mines one block per transaction).
 * @param {string} url
 * @param {Record<string, unknown>} tx
 */
export async function send(url, tx) {
  const hash = /** @type {`0x${string}`} */ (await rpc(url, "eth_sendTransaction", [tx]))
  const receipt = await waitForReceipt(url, hash)
  if (receipt.status !== "0x1") {
    throw new Error(`seeding transaction ${hash} failed: ${JSON.stringify(receipt)}`)
  }
  return { hash, receipt }
}
