import * as Result from "effect/Result"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { DEFAULT_PROJECT_ID, PRICES, type SandboxApi, startSandboxApi } from "../../sandbox/api/api.mjs"
import { type SandboxBitcoin, startSandboxBitcoin } from "../../sandbox/bitcoin/chain.mjs"
import { decodeBalanceResponse } from "../../src/schemas/Balance"
import { decodeHistoryResponse } from "../../src/schemas/Transaction"
import { spend } from "./bitcoinTx"

/**
 * The provider API's Bitcoin reads (sandbox/api/bitcoin.mjs): balances and history of regtest addresses,
 * answered from the local chain's Esplora API, decoded by the app's decoders.
 */

const REGTEST = "bip122:0f9188f13cb7b2c71f2a335e3a4fc328"
let chain: SandboxBitcoin
let api: SandboxApi
beforeAll(async () => {
  chain = await startSandboxBitcoin()
  // The API needs an EVM chain; nothing here asks it anything, so no anvil runs.
  api = await startSandboxApi({ chains: [{ chainId: 31337, rpcUrl: "http://127.0.0.1:9" }], bitcoin: chain })
})
afterAll(async () => {
  await api?.close()
  await chain?.stop()
})
beforeEach(() => chain.reset())

const right = <A, E>(either: Result.Result<A, E>): A => {
  if (Result.isFailure(either)) throw new Error(`decode failed: ${String(either.failure)}`)
  return either.success
}
const apiGet = async (path: string, params: Record<string, string> = {}, status = 200) => {
  const response = await fetch(
    `${api.url}${path}?${new URLSearchParams({ projectId: DEFAULT_PROJECT_ID, ...params })}`
  )
  expect(response.status, await response.clone().text()).toBe(status)
  return (await response.json()) as unknown
}
/** What the chain says an address holds: the sum of its UTXOs, in sats. */
const utxoSum = async (address: string) => {
  const utxos = (await (await fetch(`${chain.esploraUrl}/address/${address}/utxo`)).json()) as Array<{
    value: number
  }>
  return utxos.reduce((sum, u) => sum + BigInt(u.value), 0n)
}
const btcText = (sats: bigint) => {
  const whole = sats / 100_000_000n
  const fraction = String(sats % 100_000_000n)
    .padStart(8, "0")
    .replace(/0+$/, "")
  return fraction === "" ? String(whole) : `${whole}.${fraction}`
}

const alice = () => chain.accounts[0]!
const bob = () => chain.accounts[4]!

/** Alice pays Bob 0.001 BTC from her 0.25 BTC seed coin, fee 1 000 sats. */
const payBob = async () => {
  const signed = spend(
    [{ txid: chain.seed()[0]!.txid, vout: 2, sats: 25_000_000n, owner: alice().payment }],
    [
      { address: bob().payment.address, sats: 100_000n },
      { address: alice().payment.address, sats: 24_899_000n }
    ]
  )
  expect(chain.ledger.accept(signed.hex)).toBe(signed.txid)
  return signed.txid
}

describe("GET /v1/account/:address/balance?chainId=bip122:…", () => {
  it("answers BTC, 8 decimals, equal to the chain's UTXOs, before and after a spend", async () => {
    const before = right(
      decodeBalanceResponse(
        await apiGet(`/v1/account/${alice().payment.address}/balance`, { chainId: REGTEST })
      )
    )
    expect(before.dropped).toBe(0)
    expect(before.balances).toEqual([
      expect.objectContaining({
        name: "Bitcoin",
        symbol: "BTC",
        chainId: REGTEST,
        price: PRICES.BTC,
        quantity: { decimals: "8", numeric: btcText(await utxoSum(alice().payment.address)) }
      })
    ])
    expect(before.balances[0]!.quantity.numeric).toBe("1.25")
    await payBob()
    const after = right(
      decodeBalanceResponse(
        await apiGet(`/v1/account/${alice().payment.address}/balance`, { chainId: REGTEST })
      )
    )
    expect(after.balances[0]!.quantity.numeric).toBe(btcText(await utxoSum(alice().payment.address)))
    expect(after.balances[0]!.quantity.numeric).toBe("1.24899")
    const ordinals = right(
      decodeBalanceResponse(
        await apiGet(`/v1/account/${bob().ordinals.address}/balance`, { chainId: REGTEST })
      )
    )
    expect(ordinals.balances[0]!.quantity.numeric).toBe("0.0001")
    expect(ordinals.balances[0]!.value).toBeCloseTo(0.0001 * PRICES.BTC!, 6)
  })

  it("refuses what is not a regtest address, and other bip122 chains keep their answer", async () => {
    await apiGet(`/v1/account/bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq/balance`, { chainId: REGTEST }, 400)
    await apiGet(`/v1/account/0x${"11".repeat(20)}/balance`, { chainId: REGTEST }, 400)
    // Mainnet is not served (as before this chain existed): 400, not a balance.
    await apiGet(
      `/v1/account/${alice().payment.address}/balance`,
      { chainId: "bip122:000000000019d6689c085ae165831e93" },
      400
    )
  })
})

describe("GET /v1/account/:address/history", () => {
  it("lists the spend as a send for the payer and a receive for the payee, the txid as hash", async () => {
    const txid = await payBob()
    const payer = right(
      decodeHistoryResponse(
        await apiGet(`/v1/account/${alice().payment.address}/history`, { chainId: REGTEST })
      )
    )
    expect(payer.dropped).toBe(0)
    expect(payer.data.map((tx) => tx.metadata.hash)).toEqual([txid, chain.seed()[0]!.txid])
    expect(payer.data[0]!.metadata).toMatchObject({
      operationType: "send",
      chain: REGTEST,
      sentFrom: alice().payment.address,
      sentTo: bob().payment.address,
      status: "confirmed"
    })
    expect(payer.data[0]!.transfers).toEqual([
      expect.objectContaining({
        direction: "out",
        quantity: { numeric: "0.001" },
        fungible_info: expect.objectContaining({ symbol: "BTC" })
      })
    ])
    // The seed coinbase is a receive of all three coins.
    expect(payer.data[1]!.metadata.operationType).toBe("receive")
    expect(payer.data[1]!.transfers[0]).toMatchObject({ direction: "in", quantity: { numeric: "1.25" } })

    const payee = right(decodeHistoryResponse(await apiGet(`/v1/account/${bob().payment.address}/history`)))
    expect(payee.data[0]!.metadata).toMatchObject({
      operationType: "receive",
      hash: txid,
      sentFrom: alice().payment.address,
      sentTo: bob().payment.address
    })
    expect(payee.data[0]!.transfers[0]).toMatchObject({ direction: "in", quantity: { numeric: "0.001" } })
  })

  it("pages with a cursor", async () => {
    const small = await startSandboxApi({
      chains: [{ chainId: 31337, rpcUrl: "http://127.0.0.1:9" }],
      bitcoin: chain,
      historyPageSize: 2
    })
    try {
      const address = bob().ordinals.address
      const funded = [1, 2, 3, 4].map((i) => chain.faucet(address, BigInt(i) * 1_000n))
      const hashes: string[] = []
      let cursor: string | undefined
      do {
        const response = await fetch(
          `${small.url}/v1/account/${address}/history?${new URLSearchParams({ projectId: DEFAULT_PROJECT_ID, chainId: REGTEST, ...(cursor === undefined ? {} : { cursor }) })}`
        )
        const page = right(decodeHistoryResponse(await response.json()))
        expect(page.data.length).toBeLessThanOrEqual(2)
        hashes.push(...page.data.map((tx) => tx.metadata.hash!))
        cursor = page.next
      } while (cursor !== undefined)
      expect(hashes).toEqual([...funded].reverse().concat(chain.seed()[4]!.txid))
    } finally {
      await small.close()
    }
  })
})
