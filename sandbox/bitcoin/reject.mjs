// Why the local chain refuses a transaction, in Bitcoin Core's words and codes: `sendrawtransaction`'s RPC
// error codes and the reject reasons of its validation (src/consensus/tx_check.cpp, src/policy/policy.cpp,
// src/validation.cpp, src/script/script_error.cpp).

/** Bitcoin Core's RPC error codes that `sendrawtransaction` answers with. */
export const RPC_CODES = Object.freeze({
  /** The hex is not a transaction. */
  DESERIALIZATION_ERROR: -22,
  /** Inputs missing or spent; a fee above the node's maximum. */
  VERIFY_ERROR: -25,
  /** Consensus or policy refusal (the reject reason says which). */
  VERIFY_REJECTED: -26,
  /** The transaction is already in the chain. */
  VERIFY_ALREADY_IN_CHAIN: -27
})

/** A transaction the chain refuses: Core's RPC code, its reject reason and the debug text after it. */
export class Rejection extends Error {
  /**
   * @param {number} code
   * @param {string} reason e.g. `dust`, `bad-txns-inputs-missingorspent`
   * @param {string} [debug] e.g. `value in (0.50) < value out (0.60)`
   */
  constructor(code, reason, debug) {
    super(debug === undefined ? reason : `${reason}, ${debug}`)
    this.name = "Rejection"
    this.code = code
    this.reason = reason
  }

  /** What Esplora answers to `POST /tx` (status 400) when the node refuses: `sendrawtransaction RPC error: {…}`. */
  get esploraText() {
    return `sendrawtransaction RPC error: ${JSON.stringify({ code: this.code, message: this.message })}`
  }
}

/**
 * A policy or consensus refusal (code -26).
 * @param {string} reason
 * @param {string} [debug]
 */
export const rejected = (reason, debug) => new Rejection(RPC_CODES.VERIFY_REJECTED, reason, debug)

/**
 * A script check that fails under the consensus flags: `mandatory-script-verify-flag-failed (<error>)`.
 * @param {string} error Core's ScriptErrorString, e.g. `Invalid Schnorr signature`
 */
export const scriptFailed = (error) =>
  new Rejection(RPC_CODES.VERIFY_REJECTED, `mandatory-script-verify-flag-failed (${error})`)

/**
 * A script check that passes consensus but fails a standardness flag (low S, compressed keys, hash types):
 * `non-mandatory-script-verify-flag (<error>)`.
 * @param {string} error
 */
export const scriptNonStandard = (error) =>
  new Rejection(RPC_CODES.VERIFY_REJECTED, `non-mandatory-script-verify-flag (${error})`)
