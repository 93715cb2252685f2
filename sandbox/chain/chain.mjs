// The sandbox's chains: two anvil nodes on loopback (chain ids 31337 and 31338), the first seeded with two
// ERC-20 tokens, a few months of transfers and a pool for each pair of ETH and the tokens (pools.mjs). Used
// by `npm run demo` (sandbox/demo.mjs, through sandbox/host/serve.mjs) and by the browser tests
// (test/e2e/globalSetup.ts). One node's process is anvil.mjs, the seeding seed.mjs, the JSON-RPC rpc.mjs.
import { toHex } from "viem"
import { mnemonicToAccount } from "viem/accounts"
import { ACCOUNT_COUNT, SANDBOX_MNEMONIC, startAnvil } from "./anvil.mjs"
import { deployBatchDelegate } from "./delegate.mjs"
import { deployPools, POOL_PROVIDER_INDEX } from "./pools.mjs"
import { rpc, send } from "./rpc.mjs"
import { pastDay, seed } from "./seed.mjs"

/** @typedef {import("./pools.mjs").SandboxPool} SandboxPool */
/** @typedef {import("./delegate.mjs").SandboxBatchDelegate} SandboxBatchDelegate */
/** @typedef {import("./seed.mjs").SandboxToken} SandboxToken */
/** @typedef {import("./seed.mjs").SandboxTransfer} SandboxTransfer */

/**
 * @typedef {object} SandboxChain
 * @property {number} chainId
 * @property {string} rpcUrl `http://127.0.0.1:PORT`
 * @property {string} name
 */
/**
 * @typedef {object} SandboxAccount
 * @property {number} index
 * @property {`0x${string}`} address
 * @property {`0x${string}`} privateKey anvil's public test key for this account.
 */
/**
 * @typedef {object} SandboxChains
 * @property {ReadonlyArray<SandboxChain>} chains
 * @property {ReadonlyArray<SandboxToken>} tokens
 * @property {ReadonlyArray<SandboxPool>} pools The SandboxPools on the first chain: ETH/sUSD, ETH/SBX and sUSD/SBX.
 * @property {ReadonlyArray<SandboxBatchDelegate>} batchDelegates The EIP-7702 batch executor on each chain, in the
 *   chains' order (the Sandbox Wallet's accounts delegate to it for EIP-5792 batches).
 * @property {ReadonlyArray<SandboxAccount>} accounts
 * @property {ReadonlyArray<SandboxTransfer>} history
 * @property {string} mnemonic
 * @property {() => Promise<void>} stop Stops both nodes; resolves once they have exited. Safe to call more than once.
 */

/** The two chains, in the order the demo lists them. */
/** @type {ReadonlyArray<{ readonly chainId: number, readonly name: string }>} */
export const SANDBOX_CHAINS = Object.freeze([
  Object.freeze({ chainId: 31337, name: "Sandbox Chain" }),
  Object.freeze({ chainId: 31338, name: "Sandbox Chain B" })
])

/**
 * The sandbox's dev accounts: index, address and private key (public test keys, loopback use only).
 * @returns {ReadonlyArray<SandboxAccount>}
 */
export function sandboxAccounts() {
  return Array.from({ length: ACCOUNT_COUNT }, (_, index) => {
    const account = mnemonicToAccount(SANDBOX_MNEMONIC, { addressIndex: index })
    return Object.freeze({
      index,
      address: account.address,
      privateKey: toHex(/** @type {Uint8Array} */ (account.getHdKey().privateKey))
    })
  })
}

/**
 * Starts both sandbox chains and seeds the first. `stop()` stops both and resolves once they have exited;
 * they are also killed when this process exits or is interrupted.
 * Starts both chains, seeds the first and then deploys its pools; `now` fixes "the present" the history is
 * dated from.
 * @param {{ readonly now?: Date, readonly timeoutMs?: number }} [options]
 * @returns {Promise<SandboxChains>}
 */
export async function startSandboxChains({ now = new Date(), timeoutMs = 15_000 } = {}) {
  const accounts = sandboxAccounts()
  // The first chain's genesis lies before the oldest seeded transfer: blocks may not go back in time.
  const genesis = pastDay(now, 2, 1, 0)
  const started = await Promise.allSettled(
    SANDBOX_CHAINS.map((chain, i) =>
      startAnvil({ chainId: chain.chainId, genesisTimestamp: i === 0 ? genesis : undefined, timeoutMs })
    )
  )
  const nodes = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []))
  /** @type {Promise<void> | undefined} */
  let stopping
  const stop = () => {
    stopping ??= Promise.all(nodes.map((node) => node.stop())).then(() => undefined)
    return stopping
  }
  const failed = started.find((result) => result.status === "rejected")
  if (failed !== undefined) {
    await stop()
    throw failed.reason
  }
  const chains = nodes.map((node, i) =>
    Object.freeze({ chainId: node.chainId, rpcUrl: node.rpcUrl, name: SANDBOX_CHAINS[i]?.name ?? "" })
  )
  const [first] = /** @type {[SandboxChain]} */ (chains)
  const minter = /** @type {SandboxAccount} */ (accounts[0])
  const provider = /** @type {SandboxAccount} */ (accounts[POOL_PROVIDER_INDEX])
  try {
    const nodeAccounts = /** @type {Array<string>} */ (await rpc(first.rpcUrl, "eth_accounts"))
    const expected = accounts.map((a) => a.address.toLowerCase())
    if (nodeAccounts.map((a) => a.toLowerCase()).join() !== expected.join()) {
      throw new Error("anvil's dev accounts differ from the ones derived from the sandbox mnemonic")
    }
    const { tokens, history } = await seed(first, accounts, now)
    // After the seeding, which it leaves as it was; only the first chain has the tokens to pool.
    const url = first.rpcUrl
    const pools = await deployPools({
      chainId: first.chainId,
      tokens,
      minter: minter.address,
      provider: provider.address,
      call: (method, params) => rpc(url, method, params),
      send: async (tx) => (await send(url, tx)).receipt
    })
    // Last of all, so that every address deployed before stays where it was.
    const batchDelegates = await Promise.all(
      chains.map((chain) =>
        deployBatchDelegate({
          chainId: chain.chainId,
          deployer: provider.address,
          call: (method, params) => rpc(chain.rpcUrl, method, params),
          send: async (tx) => (await send(chain.rpcUrl, tx)).receipt
        })
      )
    )
    return Object.freeze({
      chains: Object.freeze(chains),
      tokens: Object.freeze(tokens),
      pools: Object.freeze(pools),
      batchDelegates: Object.freeze(batchDelegates),
      accounts: Object.freeze(accounts),
      history: Object.freeze(history),
      mnemonic: SANDBOX_MNEMONIC,
      stop
    })
  } catch (error) {
    await stop()
    throw error
  }
}
