// The embedded wallet's keys and what they do, on the frame's origin only: one EVM key and one Solana
// ed25519 key per user, a `SandboxAccount` smart account per user (CREATE2 through anvil's deterministic
// deployer, salt = keccak256 of the user id, deployed by its first transaction), signing and sending on the
// sandbox's anvil chains. Private keys live in closures here and are never part of any answer.
import { randomBytes } from "node:crypto"
import { readFileSync } from "node:fs"
import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import {
  concatHex,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  http,
  isHex,
  keccak256,
  parseEther,
  serializeErc6492Signature,
  toHex
} from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { sandboxAccounts } from "../chain/chain.mjs"
import { rpc } from "../chain/rpc.mjs"
import { AuthError } from "./http.mjs"
import { makeSessionGrants } from "./permissions.mjs"
import { forwardRead, READ_METHODS } from "./reads.mjs"

/** @import { Chain, Hex, PublicClient } from "viem" */
/** @import { SandboxChain } from "../chain/chain.mjs" */
/** @typedef {"eoa" | "smartAccount"} AccountType */
/** @typedef {ReturnType<typeof userWallet>} UserWallet */
/** @typedef {{ chainId: number, rpcUrl: string, chain: Chain, client: PublicClient }} ServedChain */

const artifact = JSON.parse(
  readFileSync(new URL("../chain/contracts/SandboxAccount.json", import.meta.url), "utf8")
)
export const SANDBOX_ACCOUNT_ABI = artifact.abi

/** Arachnid's deterministic deployment proxy, present on anvil from genesis: calldata = salt ++ initCode. */
export const CREATE2_DEPLOYER = /** @type {const} */ ("0x4e59b44847b379578588920ca78fbf26c0b4956c")
/** The anvil dev account that funds new users (one no other sandbox part sends from). */
export const FAUCET_ACCOUNT_INDEX = 7
/** What a new user's key account and smart account each receive on every sandbox chain. */
export const SIGN_UP_FUNDS_ETH = "1"
/** Largest message or typed-data document signed (bytes, after decoding). */
export const MAX_SIGNED_BYTES = 64 * 1024

const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/
const DATA = /^0x(?:[0-9a-fA-F]{2})*$/
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]*$/

/** The key material of a new user, from the platform's CSPRNG. */
export const newUserKeys = () => ({ evmPrivateKey: generatePrivateKey(), solanaSeed: randomBytes(32) })

/**
 * A user's smart account: its counterfactual address and what deploys it (the deployer's calldata).
 * @param {string} userId
 * @param {`0x${string}`} owner
 * @returns {{ readonly address: `0x${string}`, readonly salt: `0x${string}`, readonly initCode: `0x${string}`, readonly deployData: `0x${string}` }}
 */
export const smartAccountOf = (userId, owner) => {
  const salt = keccak256(toHex(userId))
  const initCode = concatHex([artifact.bytecode, encodeAbiParameters([{ type: "address" }], [owner])])
  const address = getContractAddress({ opcode: "CREATE2", from: CREATE2_DEPLOYER, salt, bytecode: initCode })
  return Object.freeze({ address, salt, initCode, deployData: concatHex([salt, initCode]) })
}

/**
 * A user's keys as an object that can sign but not tell its keys: the EVM account (viem local account),
 * the Solana address and signer, and the smart account.
 * @param {string} userId
 * @param {{ evmPrivateKey: Hex, solanaSeed: Uint8Array }} keys
 */
export const userWallet = (userId, { evmPrivateKey, solanaSeed }) => {
  const account = privateKeyToAccount(evmPrivateKey)
  const seed = Uint8Array.from(solanaSeed)
  return Object.freeze({
    account,
    eoaAddress: account.address,
    solanaAddress: base58.encode(ed25519.getPublicKey(seed)),
    smartAccount: smartAccountOf(userId, account.address),
    signSolana: (/** @type {Uint8Array} */ bytes) => ed25519.sign(bytes, seed)
  })
}

/**
 * A chain id sent as a number, a decimal or hex string, or CAIP-2 `eip155:N`; undefined when absent.
 * @param {unknown} value
 * @returns {number | undefined}
 */
export const parseChainId = (value) => {
  if (value === undefined || value === null) return undefined
  let n = Number.NaN
  if (typeof value === "number") n = value
  else if (typeof value === "string" && value.length <= 32) {
    const text = value.startsWith("eip155:") ? value.slice("eip155:".length) : value
    if (/^\d{1,15}$/.test(text)) n = Number(text)
    else if (/^0x[0-9a-fA-F]{1,13}$/.test(text)) n = Number.parseInt(text.slice(2), 16)
  }
  if (!Number.isSafeInteger(n) || n <= 0) throw new AuthError(400, "bad chainId")
  return n
}

/**
 * @param {unknown} value
 * @param {string} name
 */
const bigintOf = (value, name) => {
  if (value === undefined || value === null) return undefined
  if (typeof value !== "string" || !QUANTITY.test(value)) throw new AuthError(400, `bad ${name}`)
  return BigInt(value)
}

/**
 * An `eth_sendTransaction` parameter, checked: `to`, `value`, `data`, `gas` (the rest is filled here).
 * @param {any} raw The request's parameter (JSON), checked here.
 * @returns {{ from: `0x${string}` | undefined, to: `0x${string}` | undefined, value: bigint | undefined, data: Hex | undefined, gas: bigint | undefined }}
 */
export const parseTransaction = (raw) => {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw))
    throw new AuthError(400, "bad transaction")
  if (raw.to !== undefined && raw.to !== null && (typeof raw.to !== "string" || !ADDRESS.test(raw.to)))
    throw new AuthError(400, "bad to")
  if (raw.from !== undefined && (typeof raw.from !== "string" || !ADDRESS.test(raw.from)))
    throw new AuthError(400, "bad from")
  const data = raw.data ?? raw.input
  if (data !== undefined && data !== null && (typeof data !== "string" || !DATA.test(data)))
    throw new AuthError(400, "bad data")
  return {
    from: raw.from === undefined ? undefined : getAddress(raw.from.toLowerCase()),
    to: raw.to === undefined || raw.to === null ? undefined : getAddress(raw.to.toLowerCase()),
    value: bigintOf(raw.value, "value"),
    data: data ?? undefined,
    gas: bigintOf(raw.gas, "gas")
  }
}

/**
 * `personal_sign`'s message: hex is raw bytes, anything else UTF-8 text.
 * @param {unknown} message
 * @returns {string | { raw: Hex }}
 */
const personalMessage = (message) => {
  if (typeof message !== "string") throw new AuthError(400, "bad message")
  if (isHex(message, { strict: true })) {
    if ((message.length - 2) / 2 > MAX_SIGNED_BYTES) throw new AuthError(400, "message too large")
    return { raw: message.length % 2 === 0 ? message : /** @type {Hex} */ (`0x0${message.slice(2)}`) }
  }
  if (Buffer.byteLength(message) > MAX_SIGNED_BYTES) throw new AuthError(400, "message too large")
  return message
}

/**
 * `eth_signTypedData_v4`'s document (JSON text or an object), without the domain's own type.
 * @param {unknown} raw
 * @returns {any} The document, as the caller sent it (viem checks it as it signs).
 */
const typedDataOf = (raw) => {
  /** @type {any} */
  let value = raw
  if (typeof raw === "string") {
    if (raw.length > MAX_SIGNED_BYTES) throw new AuthError(400, "typed data too large")
    try {
      value = JSON.parse(raw)
    } catch {
      throw new AuthError(400, "bad typed data")
    }
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw new AuthError(400, "bad typed data")
  const { domain, types, primaryType, message } = value
  if (types === null || typeof types !== "object" || typeof primaryType !== "string")
    throw new AuthError(400, "bad typed data")
  const { EIP712Domain: _domain, ...rest } = types
  return { domain: domain ?? {}, types: rest, primaryType, message: message ?? {} }
}

/**
 * @param {unknown} text
 * @param {string} name
 */
const base58Bytes = (text, name) => {
  if (typeof text !== "string" || text.length > MAX_SIGNED_BYTES * 2 || !BASE58.test(text))
    throw new AuthError(400, `bad ${name}`)
  try {
    return base58.decode(text)
  } catch {
    throw new AuthError(400, `bad ${name}`)
  }
}

/**
 * The sandbox chains (`{ chainId, rpcUrl }[]`) as the wallet uses them: reads, the faucet, signing and
 * sending for a user's key account or smart account.
 * `recordSession` keeps a granted smart session where the provider API lists it (the sandbox API's store).
 * @param {{ chains?: ReadonlyArray<Pick<SandboxChain, "chainId" | "rpcUrl"> & { readonly name?: string }>, faucetIndex?: number | undefined, signUpFundsEth?: string | undefined, recordSession?: ((session: unknown) => Promise<void>) | undefined }} options
 */
export const makeChainWallet = ({
  chains = [],
  faucetIndex = FAUCET_ACCOUNT_INDEX,
  signUpFundsEth = SIGN_UP_FUNDS_ETH,
  recordSession
}) => {
  const faucet = sandboxAccounts()[faucetIndex]
  const funds = parseEther(signUpFundsEth)
  /** @type {Map<number, ServedChain>} */
  const served = new Map(
    chains.map(({ chainId, rpcUrl, name }) => {
      const chain = defineChain({
        id: chainId,
        name: name ?? `Sandbox ${chainId}`,
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: { default: { http: [rpcUrl] } }
      })
      /** @type {PublicClient} */
      const client = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 50 })
      return [chainId, { chainId, rpcUrl, chain, client }]
    })
  )
  const chainIds = [...served.keys()]
  /** @type {Map<string, Promise<void>>} One send at a time per sender and chain, so nonces never race. */
  const tails = new Map()
  /**
   * @template T
   * @param {string} key
   * @param {() => Promise<T>} task
   * @returns {Promise<T>}
   */
  const serialize = (key, task) => {
    const run = (tails.get(key) ?? Promise.resolve()).then(task, task)
    const tail = run.then(
      () => undefined,
      () => undefined
    )
    tails.set(key, tail)
    tail.then(() => tails.get(key) === tail && tails.delete(key))
    return run
  }

  const chainOf = (/** @type {number | undefined} */ chainId) => {
    const id = chainId ?? chainIds[0]
    const chain = id === undefined ? undefined : served.get(id)
    if (chain === undefined) throw new AuthError(400, id === undefined ? "no chain" : "unknown chain")
    return chain
  }

  /**
   * @param {number | undefined} chainId
   * @param {`0x${string}`} address
   */
  const isDeployed = async (chainId, address) => {
    const id = chainId ?? chainIds[0]
    if (id === undefined || !served.has(id)) return false
    const code = await chainOf(chainId)
      .client.getCode({ address })
      .catch(() => {
        throw new AuthError(502, "chain unreachable")
      })
    return code !== undefined && code !== "0x"
  }

  /**
   * @param {ServedChain} chain
   * @param {Hex} hash
   */
  const mined = async ({ client }, hash) => {
    const receipt = await client
      .waitForTransactionReceipt({ hash, pollingInterval: 25, timeout: 30_000 })
      .catch(() => {
        throw new AuthError(502, "transaction not mined")
      })
    if (receipt.status !== "success") throw new AuthError(502, "transaction reverted")
    return receipt
  }

  /**
   * Sends 1 ETH (by default) to each address on every chain from the faucet account (anvil signs: it is
   * unlocked there), one transfer at a time per chain, so that two never get the same nonce. Resolves
   * whether every transfer landed; never throws.
   * @param {ReadonlyArray<`0x${string}`>} addresses
   * @returns {Promise<boolean>}
   */
  const fund = async (addresses) => {
    const results = await Promise.allSettled(
      [...served.values()].flatMap((chain) =>
        addresses.map((to) =>
          serialize(`faucet:${chain.chainId}`, async () => {
            // Someone else may send from the faucet account too (anvil then says "nonce too low"): retry.
            for (let attempt = 1; ; attempt++) {
              try {
                if (faucet === undefined) throw new AuthError(503, "no faucet account")
                const hash = /** @type {Hex} */ (
                  await rpc(chain.rpcUrl, "eth_sendTransaction", [
                    { from: faucet.address, to, value: toHex(funds) }
                  ])
                )
                return await mined(chain, hash)
              } catch (error) {
                if (attempt >= 3) throw error
              }
            }
          })
        )
      )
    )
    return results.every((r) => r.status === "fulfilled")
  }

  /**
   * @param {UserWallet} wallet
   * @param {ServedChain} chain
   * @param {{ to?: `0x${string}` | undefined, value?: bigint | undefined, data?: Hex | undefined, gas?: bigint | undefined }} request
   * @returns {Promise<Hex>}
   */
  const send = (wallet, chain, request) =>
    serialize(`${wallet.eoaAddress}:${chain.chainId}`, async () => {
      const client = createWalletClient({
        account: wallet.account,
        chain: chain.chain,
        transport: http(chain.rpcUrl)
      })
      try {
        return await client.sendTransaction(request)
      } catch (error) {
        const reason = /** @type {{ shortMessage?: unknown, message?: unknown } | undefined} */ (error)
        throw new AuthError(
          502,
          `transaction refused: ${String(reason?.shortMessage ?? reason?.message ?? error).slice(0, 200)}`
        )
      }
    })

  /**
   * Deploys the user's smart account on `chain` unless it is there; the owner key pays.
   * @param {UserWallet} wallet
   * @param {ServedChain} chain
   */
  const deploy = async (wallet, chain) => {
    if (await isDeployed(chain.chainId, wallet.smartAccount.address)) return false
    const hash = await send(wallet, chain, { to: CREATE2_DEPLOYER, data: wallet.smartAccount.deployData })
    await mined(chain, hash)
    if (!(await isDeployed(chain.chainId, wallet.smartAccount.address)))
      throw new AuthError(502, "smart account not deployed")
    return true
  }

  /**
   * A signature of the smart account: the owner's, wrapped as ERC-6492 while it is not deployed there.
   * @param {UserWallet} wallet
   * @param {number | undefined} chainId
   * @param {Hex} signature
   */
  const asSmartAccount = async (wallet, chainId, signature) =>
    (await isDeployed(chainId, wallet.smartAccount.address))
      ? signature
      : serializeErc6492Signature({
          address: CREATE2_DEPLOYER,
          data: wallet.smartAccount.deployData,
          signature
        })

  /** The smart account's sessions, registered and revoked by its owner's calls once it is deployed. */
  const sessions = makeSessionGrants({
    abi: artifact.abi,
    recordSession,
    ownerCall: async (wallet, chain, data) => {
      await deploy(wallet, chain)
      await mined(chain, await send(wallet, chain, { to: wallet.smartAccount.address, data }))
    }
  })

  /**
   * @param {UserWallet} wallet
   * @param {AccountType} type
   */
  const addressOf = (wallet, type) =>
    type === "smartAccount" ? wallet.smartAccount.address : wallet.eoaAddress

  /**
   * @param {UserWallet} wallet
   * @param {AccountType} type
   * @param {unknown} address
   */
  const checkAddress = (wallet, type, address) => {
    if (address === undefined) return
    if (typeof address !== "string" || !ADDRESS.test(address)) throw new AuthError(400, "bad address")
    if (address.toLowerCase() !== addressOf(wallet, type).toLowerCase())
      throw new AuthError(403, "not the connected account")
  }

  /**
   * One wallet request of the frame, signed as the user's `type` account: `personal_sign`,
   * `eth_signTypedData_v4`, `eth_sendTransaction` (on `chainId`, default the first chain),
   * `solana_signMessage`, `eth_accounts`, and the read-only methods of reads.mjs (forwarded to the node).
   * @param {UserWallet} wallet
   * @param {AccountType} type
   * @param {{ method: string, params: unknown, chainId: number | undefined }} call
   * @returns {Promise<unknown>}
   */
  const request = async (wallet, type, { method, params, chainId }) => {
    const list = Array.isArray(params) ? params : []
    if (chainId !== undefined && !served.has(chainId)) throw new AuthError(400, "unknown chain")
    switch (method) {
      case "eth_accounts":
      case "eth_requestAccounts":
        return [addressOf(wallet, type)]
      case "personal_sign": {
        const [message, address] = list
        checkAddress(wallet, type, address)
        const signature = await wallet.account.signMessage({ message: personalMessage(message) })
        return type === "smartAccount" ? asSmartAccount(wallet, chainId ?? chainIds[0], signature) : signature
      }
      case "eth_signTypedData_v4": {
        const [address, document] = list
        checkAddress(wallet, type, address)
        /** @type {Hex} */
        let signature
        try {
          signature = await wallet.account.signTypedData(typedDataOf(document))
        } catch (error) {
          if (error instanceof AuthError) throw error
          throw new AuthError(400, "bad typed data")
        }
        return type === "smartAccount" ? asSmartAccount(wallet, chainId ?? chainIds[0], signature) : signature
      }
      case "eth_sendTransaction": {
        const tx = parseTransaction(list[0])
        checkAddress(wallet, type, tx.from)
        const chain = chainOf(chainId)
        if (type !== "smartAccount")
          return send(wallet, chain, { to: tx.to, value: tx.value, data: tx.data, gas: tx.gas })
        if (tx.to === undefined) throw new AuthError(400, "a smart account cannot deploy")
        await deploy(wallet, chain)
        return send(wallet, chain, {
          to: wallet.smartAccount.address,
          data: encodeFunctionData({
            abi: artifact.abi,
            functionName: "execute",
            args: [tx.to, tx.value ?? 0n, tx.data ?? "0x"]
          })
        })
      }
      // Smart sessions are the smart account's: its contract enforces them.
      case "wallet_grantPermissions":
      case "wallet_revokePermissions": {
        if (type !== "smartAccount") throw new AuthError(400, "permissions need the smart account")
        const chain = chainOf(chainId)
        return method === "wallet_grantPermissions"
          ? sessions.grant(wallet, chain, params)
          : sessions.revoke(wallet, chain, params)
      }
      case "solana_signMessage": {
        /** @type {any} */
        const options = list.length > 0 ? list[0] : params
        if (options === null || typeof options !== "object") throw new AuthError(400, "bad params")
        const message = base58Bytes(options.message, "message")
        if (message.length > MAX_SIGNED_BYTES) throw new AuthError(400, "message too large")
        if (options.pubkey !== undefined && options.pubkey !== wallet.solanaAddress)
          throw new AuthError(403, "not the connected account")
        return { signature: base58.encode(wallet.signSolana(message)) }
      }
      default:
        if (READ_METHODS.has(method)) return forwardRead(chainOf(chainId).rpcUrl, method, list)
        throw new AuthError(400, "unsupported method")
    }
  }

  return Object.freeze({ chainIds, isDeployed, fund, deploy, request, addressOf })
}
