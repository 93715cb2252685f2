// Smart sessions (ERC-7715 `wallet_grantPermissions` / `wallet_revokePermissions`, the shape AppKit and
// viem send: FACTS-NEXT.md §3) for the embedded wallet's smart account. The one permission the sandbox
// account enforces is `native-token-transfer` `{ to, valueLimit }`: the session key may send at most
// `valueLimit` wei per call to `to`, until `expiry`. A grant registers the key on chain (the account's
// `grantSession`, sent by its owner) and records it in the sandbox API's sessions store, so that
// `GET /v1/sessions` lists it; a revoke marks it revoked on chain. Anything the account could not enforce
// (another permission type, any policy, a signer that is no single secp256k1 key) is refused.
import { secp256k1 } from "@noble/curves/secp256k1"
import { encodeFunctionData, getAddress } from "viem"
import { publicKeyToAddress } from "viem/accounts"
import { AuthError } from "./http.mjs"

/** @import { Hex } from "viem" */
/** @import { UserWallet } from "./keys.mjs" */

/** The longest session the wallet grants. */
export const MAX_SESSION_SECONDS = 30 * 24 * 3600
export const PERMISSION_TYPE = "native-token-transfer"

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/
const PUBLIC_KEY = /^0x(?:0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$/

/**
 * What `grantSession` registers, and the session as the API's store keeps it.
 * @typedef {object} SessionGrant
 * @property {`0x${string}`} key The session key's address.
 * @property {`0x${string}`} target
 * @property {bigint} maxValue wei per call
 * @property {number} expiry unix seconds
 */

/**
 * @param {unknown} value
 * @returns {value is Record<string, any>}
 */
const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * The session key's address: viem's `{ type: "account", data: { id } }` or AppKit's
 * `{ type: "keys", data: { keys: [{ type: "secp256k1", publicKey }] } }` (one key).
 * @param {unknown} signer
 * @returns {`0x${string}`}
 */
const signerKey = (signer) => {
  if (!isObject(signer) || !isObject(signer.data)) throw new AuthError(400, "bad signer")
  if (signer.type === "account") {
    const id = signer.data.id
    if (typeof id !== "string" || !ADDRESS.test(id)) throw new AuthError(400, "bad signer")
    return getAddress(id.toLowerCase())
  }
  if (signer.type === "keys") {
    const keys = signer.data.keys
    if (!Array.isArray(keys) || keys.length !== 1 || !isObject(keys[0]) || keys[0].type !== "secp256k1")
      throw new AuthError(400, "the sandbox account takes one secp256k1 session key")
    const publicKey = keys[0].publicKey
    if (typeof publicKey !== "string" || !PUBLIC_KEY.test(publicKey)) throw new AuthError(400, "bad signer")
    try {
      const full = /** @type {Hex} */ (
        `0x${secp256k1.ProjectivePoint.fromHex(publicKey.slice(2)).toHex(false)}`
      )
      return publicKeyToAddress(full)
    } catch {
      throw new AuthError(400, "bad signer")
    }
  }
  throw new AuthError(400, "unsupported signer")
}

/**
 * A `wallet_grantPermissions` request, checked against what the sandbox account enforces.
 * @param {unknown} params `[request]` or the request itself
 * @param {{ readonly account: `0x${string}`, readonly chainId: number, readonly nowSeconds: number }} context
 * @returns {SessionGrant}
 */
export const parseGrant = (params, { account, chainId, nowSeconds }) => {
  const request = Array.isArray(params) ? params[0] : params
  if (!isObject(request)) throw new AuthError(400, "bad permissions request")
  if (request.address !== undefined) {
    if (typeof request.address !== "string" || !ADDRESS.test(request.address))
      throw new AuthError(400, "bad address")
    if (request.address.toLowerCase() !== account.toLowerCase())
      throw new AuthError(403, "not the connected account")
  }
  if (request.chainId !== undefined && request.chainId !== `0x${chainId.toString(16)}`)
    throw new AuthError(400, "chainId is not the wallet's chain")
  const expiry = request.expiry
  if (typeof expiry !== "number" || !Number.isSafeInteger(expiry) || expiry <= nowSeconds)
    throw new AuthError(400, "expiry must be unix seconds in the future")
  if (expiry > nowSeconds + MAX_SESSION_SECONDS) throw new AuthError(400, "expiry too far")
  const { permissions, policies } = request
  if (policies !== undefined && (!Array.isArray(policies) || policies.length > 0))
    throw new AuthError(400, "the sandbox account enforces no policies")
  if (!Array.isArray(permissions) || permissions.length !== 1 || !isObject(permissions[0]))
    throw new AuthError(400, `one ${PERMISSION_TYPE} permission expected`)
  const [{ type, data }] = permissions
  if (type !== PERMISSION_TYPE || !isObject(data))
    throw new AuthError(400, `one ${PERMISSION_TYPE} permission expected`)
  if (typeof data.to !== "string" || !ADDRESS.test(data.to)) throw new AuthError(400, "bad permission to")
  if (typeof data.valueLimit !== "string" || !QUANTITY.test(data.valueLimit))
    throw new AuthError(400, "bad permission valueLimit")
  return {
    key: signerKey(request.signer),
    target: getAddress(data.to.toLowerCase()),
    maxValue: BigInt(data.valueLimit),
    expiry
  }
}

/**
 * The permission context of a session: the session key's address (the account knows it by that key).
 * @param {`0x${string}`} key
 * @returns {Hex}
 */
export const contextOf = (key) => /** @type {Hex} */ (key.toLowerCase())

/**
 * `wallet_revokePermissions`' session key, from `[{ permissionContext }]` or `{ permissionContext }`.
 * @param {unknown} params
 * @returns {`0x${string}`}
 */
export const parseRevoke = (params) => {
  const request = Array.isArray(params) ? params[0] : params
  const context = isObject(request) ? request.permissionContext : undefined
  if (typeof context !== "string" || !ADDRESS.test(context)) throw new AuthError(400, "bad permissionContext")
  return getAddress(context.toLowerCase())
}

/**
 * The session as `POST /__sandbox/sessions` takes it, and the grant's answer (ERC-7715's response: the
 * request as granted, with the account and the context).
 * @param {SessionGrant} grant
 * @param {{ readonly account: `0x${string}`, readonly chainId: number, readonly signer: unknown }} context
 */
export const grantAnswer = (grant, { account, chainId, signer }) => {
  const chain = `0x${chainId.toString(16)}`
  const permissions = [
    { type: PERMISSION_TYPE, data: { to: grant.target, valueLimit: `0x${grant.maxValue.toString(16)}` } }
  ]
  const context = contextOf(grant.key)
  return {
    answer: {
      chainId: chain,
      address: account,
      expiry: grant.expiry,
      signer,
      permissions,
      policies: [],
      context
    },
    record: {
      address: `eip155:${chainId}:${account}`,
      pci: `${chainId}-${grant.key.toLowerCase()}`,
      expiry: grant.expiry,
      permissions,
      policies: [],
      context
    }
  }
}

/**
 * The owner's calls to the account: register and revoke a session key.
 * @param {readonly unknown[]} abi
 */
const sessionCalls = (abi) => ({
  grant: (/** @type {SessionGrant} */ grant) =>
    encodeFunctionData({
      abi,
      functionName: "grantSession",
      args: [grant.key, grant.target, grant.maxValue, BigInt(grant.expiry)]
    }),
  revoke: (/** @type {`0x${string}`} */ key) =>
    encodeFunctionData({ abi, functionName: "revokeSession", args: [key] })
})

/**
 * The wallet's `wallet_grantPermissions` and `wallet_revokePermissions` for a user's smart account:
 * `ownerCall(wallet, chain, data)` makes the owner's call to the account (deploying it first);
 * `recordSession` keeps a granted session where the provider API lists it. The chain is the wallet's own
 * (`wallet.mjs`); only its id is read here.
 * @template {{ chainId: number }} ServedChain
 * @param {object} options
 * @param {readonly unknown[]} options.abi
 * @param {(wallet: UserWallet, chain: ServedChain, data: Hex) => Promise<void>} options.ownerCall
 * @param {((session: unknown) => Promise<void>) | undefined} options.recordSession
 */
export const makeSessionGrants = ({ abi, ownerCall, recordSession }) => {
  const calls = sessionCalls(abi)
  return Object.freeze({
    /**
     * Registers the session key on chain, then records the session; answers the grant.
     * @param {UserWallet} wallet
     * @param {ServedChain} chain
     * @param {unknown} params
     */
    grant: async (wallet, chain, params) => {
      const account = wallet.smartAccount.address
      const grant = parseGrant(params, {
        account,
        chainId: chain.chainId,
        nowSeconds: Math.floor(Date.now() / 1000)
      })
      const request = /** @type {any} */ (Array.isArray(params) ? params[0] : params)
      const { answer, record } = grantAnswer(grant, {
        account,
        chainId: chain.chainId,
        signer: request.signer
      })
      await ownerCall(wallet, chain, calls.grant(grant))
      if (recordSession !== undefined)
        await recordSession(record).catch(async () => {
          // A session the app is told failed must not work: the key is revoked again (as far as the chain lets).
          await ownerCall(wallet, chain, calls.revoke(grant.key)).catch(() => undefined)
          throw new AuthError(502, "session not recorded")
        })
      return answer
    },
    /**
     * Revokes the session key `[{ permissionContext }]` names, on chain.
     * @param {UserWallet} wallet
     * @param {ServedChain} chain
     * @param {unknown} params
     */
    revoke: async (wallet, chain, params) => {
      await ownerCall(wallet, chain, calls.revoke(parseRevoke(params)))
      return null
    }
  })
}
