// Sandbox Pay's delivery on the sandbox chain: the asset sent from the treasury dev account (topped up with
// ether by anvil, with sUSD by the tokens' minter, when short), one payment at a time, each awaited until
// mined. Apart from provider.mjs, the server that takes the payment and calls it.
import { encodeFunctionData, erc20Abi, getAddress, parseEther, toHex } from "viem"
import { rpc } from "../chain/rpc.mjs"
import { SANDBOX_TOKEN_ABI } from "../chain/seed.mjs"

/** @import { Hex } from "viem" */
/** @import { SandboxChain } from "../chain/chain.mjs" */
/** @import { PurchaseAsset } from "./options.mjs" */

/** The tokens' minter (account 0) tops the treasury up by what is missing plus this much sUSD. */
export const SUSD_TOP_UP = "100000"
/** Below this much ether left after a payment, anvil refills the treasury (anvil_setBalance). */
const ETH_FLOOR = parseEther("10")
const ETH_REFILL = parseEther("10000")
const RECEIPT_TIMEOUT_MS = 30_000

/**
 * What delivers on `chain` (the one Sandbox Pay sells on) from `treasury`, `minter` minting sUSD to it:
 * `deliver(asset, to, units)` resolves to the transaction's hash, and `serialized(task)` runs one task at
 * a time.
 * @param {object} options
 * @param {Pick<SandboxChain, "rpcUrl">} options.chain
 * @param {Hex} options.treasury
 * @param {Hex} options.minter
 */
export function makeDelivery({ chain, treasury, minter }) {
  const call = (/** @type {string} */ method, /** @type {ReadonlyArray<unknown>} */ params) =>
    rpc(chain.rpcUrl, method, params)
  /**
   * @param {Hex} hash
   * @returns {Promise<{ status: string }>}
   */
  const receiptOf = async (hash) => {
    const deadline = Date.now() + RECEIPT_TIMEOUT_MS
    for (;;) {
      const receipt = /** @type {{ status: string } | null} */ (
        await call("eth_getTransactionReceipt", [hash])
      )
      if (receipt !== null) return receipt
      if (Date.now() > deadline) throw new Error(`transaction ${hash} was not mined`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  /**
   * Sends from an unlocked anvil account (anvil picks the nonce); retried when another sender raced it.
   * @param {Record<string, unknown>} tx
   * @returns {Promise<Hex>}
   */
  const send = async (tx) => {
    /** @type {Hex | undefined} */
    let hash
    for (let attempt = 1; hash === undefined; attempt++) {
      try {
        hash = /** @type {Hex} */ (await call("eth_sendTransaction", [tx]))
      } catch (error) {
        if (attempt >= 3) throw error
      }
    }
    const receipt = await receiptOf(hash)
    if (receipt.status !== "0x1") throw new Error(`transaction ${hash} reverted`)
    return hash
  }
  /**
   * @param {Hex} token
   * @param {Hex} owner
   */
  const tokenBalance = async (token, owner) =>
    BigInt(
      /** @type {string} */ (
        await call("eth_call", [
          {
            to: token,
            data: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [owner] })
          },
          "latest"
        ])
      )
    )

  /**
   * @param {PurchaseAsset} asset
   * @param {Hex} to
   * @param {bigint} units
   */
  const deliver = async (asset, to, units) => {
    if (asset.contract_address === "") {
      const balance = BigInt(/** @type {string} */ (await call("eth_getBalance", [treasury, "latest"])))
      if (balance < units + ETH_FLOOR)
        await call("anvil_setBalance", [treasury, toHex(balance + units + ETH_REFILL)])
      return send({ from: treasury, to, value: toHex(units) })
    }
    const token = getAddress(asset.contract_address)
    const held = await tokenBalance(token, treasury)
    if (held < units) {
      const topUp = units - held + BigInt(SUSD_TOP_UP) * 10n ** BigInt(asset.decimals)
      await send({
        from: minter,
        to: token,
        data: encodeFunctionData({ abi: SANDBOX_TOKEN_ABI, functionName: "mint", args: [treasury, topUp] })
      })
    }
    return send({
      from: treasury,
      to: token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, units] })
    })
  }

  /** One payment at a time: the treasury's (and the minter's) nonces never race each other here. */
  /** @type {Promise<unknown>} */
  let tail = Promise.resolve()
  /**
   * @template T
   * @param {() => Promise<T>} task
   * @returns {Promise<T>}
   */
  const serialized = (task) => {
    const run = tail.then(task, task)
    tail = run.then(
      () => undefined,
      () => undefined
    )
    return run
  }

  return { deliver, serialized }
}
