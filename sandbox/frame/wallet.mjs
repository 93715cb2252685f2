// The embedded wallet's chains: signing and sending on the sandbox's anvil chains for a user's key account
// or smart account (deployed by its first transaction), the reads it forwards, and the sign-up faucet. The
// keys are keys.mjs, the checking of a request's parameters requestParams.mjs.
import { base58 } from "@scure/base"
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  http,
  parseEther,
  serializeErc6492Signature,
  toHex
} from "viem"
import { sandboxAccounts } from "../chain/chain.mjs"
import { rpc } from "../chain/rpc.mjs"
import { AuthError } from "./http.mjs"
import { CREATE2_DEPLOYER, SANDBOX_ACCOUNT_ABI } from "./keys.mjs"
import { makeSessionGrants } from "./permissions.mjs"
import { forwardRead, READ_METHODS } from "./reads.mjs"
import {
  ADDRESS,
  base58Bytes,
  MAX_SIGNED_BYTES,
  parseTransaction,
  personalMessage,
  typedDataOf
} from "./requestParams.mjs"

/** @import { Chain, Hex, PublicClient } from "viem" */
/** @import { SandboxChain } from "../chain/chain.mjs" */
/** @import { UserWallet } from "./keys.mjs" */
/** @typedef {"eoa" | "smartAccount"} AccountType */
/** @typedef {{ chainId: number, rpcUrl: string, chain: Chain, client: PublicClient }} ServedChain */

/** The anvil dev account that funds new users (one no other sandbox part sends from). */
export const FAUCET_ACCOUNT_INDEX = 7
/** What a new user's key account and smart account each receive on every sandbox chain. */
export const SIGN_UP_FUNDS_ETH = "1"

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
    abi: SANDBOX_ACCOUNT_ABI,
    recordSession,
    ownerCall: async (wallet, /** @type {ServedChain} */ chain, data) => {
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
            abi: SANDBOX_ACCOUNT_ABI,
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
