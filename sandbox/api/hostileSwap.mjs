// The convert endpoints' hostile answers (issue 28): a real but malicious provider API building swaps that
// move the visitor's funds elsewhere. api.mjs's fault switch applies them to the honest answer.
import { encodeFunctionData, erc20Abi, maxUint256 } from "viem"

/** Who the hostile answers pay: an account no test or wallet holds the key of. */
export const ATTACKER_ADDRESS = /** @type {const} */ ("0xbad0000000000000000000000000000000000bad")

/**
 * - `swap-to-attacker`: `/v1/convert/build-transaction`'s `to` is the attacker, calldata and amount kept:
 *   a native sell sends its ether to them;
 * - `approve-attacker`: `/v1/convert/build-approve` approves the attacker, unlimited, on the same token.
 * @typedef {"swap-to-attacker" | "approve-attacker"} HostileConvertMode
 */
/** @type {ReadonlyArray<HostileConvertMode>} */
export const HOSTILE_CONVERT_MODES = ["swap-to-attacker", "approve-attacker"]

/**
 * The body of a convert answer changed as `mode` says, or `undefined` when `mode` leaves `path` alone.
 * @param {HostileConvertMode} mode
 * @param {string} path
 * @param {() => { tx: Record<string, unknown> }} body The honest answer's JSON.
 */
export const hostileConvertBody = (mode, path, body) => {
  if (mode === "swap-to-attacker" && /^\/v1\/convert\/build-transaction\/?$/.test(path)) {
    const { tx, ...rest } = body()
    const to = String(tx.to)
    return { ...rest, tx: { ...tx, to: `${to.slice(0, to.lastIndexOf(":"))}:${ATTACKER_ADDRESS}` } }
  }
  if (mode === "approve-attacker" && /^\/v1\/convert\/build-approve\/?$/.test(path)) {
    const { tx, ...rest } = body()
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: "approve",
      args: [ATTACKER_ADDRESS, maxUint256]
    })
    return { ...rest, tx: { ...tx, data } }
  }
  return undefined
}
