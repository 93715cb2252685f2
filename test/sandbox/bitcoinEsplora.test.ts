import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { chain, get, type Json } from "./bitcoinChainWorld"
import { spend } from "./bitcoinTx"

/**
 * The local Bitcoin chain's Esplora API (sandbox/bitcoin/server.mjs): FACTS-NEXT §5's shapes, exactly (an
 * unknown field fails the decode), paging, parameters, CORS and the test controls.
 */

const accounts = () => chain.accounts
const alice = () => accounts()[0]!
const bob = () => accounts()[2]!

// FACTS-NEXT §5 (Blockstream/esplora API.md), amounts in sats.
const Hex = Schema.String.check(Schema.isPattern(/^([0-9a-f]{2})*$/))
const Txid = Schema.String.check(Schema.isPattern(/^[0-9a-f]{64}$/))
const Status = Schema.Struct({
  confirmed: Schema.Boolean,
  block_height: Schema.optionalKey(Schema.Int),
  block_hash: Schema.optionalKey(Txid),
  block_time: Schema.optionalKey(Schema.Int)
})
const Output = Schema.Struct({
  scriptpubkey: Hex,
  scriptpubkey_asm: Schema.String,
  scriptpubkey_type: Schema.String,
  scriptpubkey_address: Schema.optionalKey(Schema.String),
  value: Schema.Int
})
const Tx = Schema.Struct({
  txid: Txid,
  version: Schema.Int,
  locktime: Schema.Int,
  size: Schema.Int,
  weight: Schema.Int,
  fee: Schema.Int,
  vin: Schema.Array(
    Schema.Struct({
      txid: Txid,
      vout: Schema.Int,
      is_coinbase: Schema.Boolean,
      scriptsig: Hex,
      scriptsig_asm: Schema.String,
      sequence: Schema.Int,
      witness: Schema.optionalKey(Schema.Array(Hex)),
      prevout: Schema.NullOr(Output),
      inner_redeemscript_asm: Schema.optionalKey(Schema.String),
      inner_witnessscript_asm: Schema.optionalKey(Schema.String)
    })
  ),
  vout: Schema.Array(Output),
  status: Status
})
const Utxo = Schema.Struct({ txid: Txid, vout: Schema.Int, value: Schema.Int, status: Status })
const Stats = Schema.Struct({
  tx_count: Schema.Int,
  funded_txo_count: Schema.Int,
  funded_txo_sum: Schema.Int,
  spent_txo_count: Schema.Int,
  spent_txo_sum: Schema.Int
})
const AddressInfo = Schema.Struct({ address: Schema.String, chain_stats: Stats, mempool_stats: Stats })
const Outspend = Schema.Struct({
  spent: Schema.Boolean,
  txid: Schema.optionalKey(Txid),
  vin: Schema.optionalKey(Schema.Int),
  status: Schema.optionalKey(Status)
})
const FeeEstimates = Schema.Record(Schema.String, Schema.Number)
const exactly = <S extends Schema.Top>(schema: S) =>
  Schema.decodeUnknownSync(schema as never, { onExcessProperty: "error" }) as (input: unknown) => S["Type"]

describe("FACTS-NEXT §5's shapes", () => {
  it("decodes every answer, exactly, after a spend", async () => {
    const seed = chain.seed()[0]!.txid
    const signed = spend(
      [
        { txid: seed, vout: 0, sats: 50_000_000n, owner: alice().payment },
        { txid: seed, vout: 3, sats: 10_000n, owner: alice().ordinals }
      ],
      [
        { address: bob().payment.address, sats: 1_000_000n },
        { address: alice().payment.address, sats: 49_009_000n }
      ]
    )
    const posted = await fetch(`${chain.esploraUrl}/tx`, { method: "POST", body: signed.hex })
    expect(posted.headers.get("content-type")).toMatch(/^text\/plain/)
    expect(await posted.text()).toBe(signed.txid)

    const tx = exactly(Tx)(await get(`/tx/${signed.txid}`))
    expect(tx.fee).toBe(1_000)
    expect(tx.vin.map((i) => [i.prevout?.scriptpubkey_type, i.witness?.length])).toEqual([
      ["v0_p2wpkh", 2],
      ["v1_p2tr", 1]
    ])
    expect(tx.vout[0]).toMatchObject({ scriptpubkey_address: bob().payment.address, value: 1_000_000 })
    expect(tx.weight).toBeGreaterThan(tx.size)
    exactly(Tx)(await get(`/tx/${seed}`))
    exactly(Status)(await get(`/tx/${signed.txid}/status`))
    for (const utxo of await get(`/address/${bob().payment.address}/utxo`)) exactly(Utxo)(utxo)
    for (const each of await get(`/address/${alice().payment.address}/txs`)) exactly(Tx)(each)
    exactly(AddressInfo)(await get(`/address/${alice().ordinals.address}`))
    exactly(Outspend)(await get(`/tx/${seed}/outspend/0`))
    exactly(Outspend)(await get(`/tx/${seed}/outspend/1`))
    exactly(FeeEstimates)(await get("/fee-estimates"))
    expect(await get(`/tx/${signed.txid}/hex`)).toMatch(/^([0-9a-f]{2})+$/)
    expect(await get("/blocks/tip/height")).toMatch(/^\d+$/)
    expect(await get("/blocks/tip/hash")).toMatch(/^[0-9a-f]{64}$/)
    expect(await get(`/block-height/${tx.status.block_height}`)).toBe(tx.status.block_hash)
    // The decode is strict: a field the FACTS do not list fails it.
    expect(() =>
      exactly(Utxo)({ txid: seed, vout: 0, value: 1, status: { confirmed: true }, extra: 1 })
    ).toThrow()
  })
})

describe("the Esplora API", () => {
  it("pages an address's transactions 25 at a time, newest first", async () => {
    const address = bob().ordinals.address
    const funded = Array.from({ length: 30 }, () => chain.faucet(address, 1_000n))
    const first: Json[] = await get(`/address/${address}/txs`)
    expect(first.map((t) => t.txid)).toEqual([chain.seed()[2]!.txid, ...funded].reverse().slice(0, 25))
    const next: Json[] = await get(`/address/${address}/txs/chain/${first.at(-1).txid}`)
    expect(next.map((t) => t.txid)).toEqual([...funded.slice(0, 5)].reverse().concat(chain.seed()[2]!.txid))
    expect(await get(`/address/${address}/txs/chain/${"ab".repeat(32)}`)).toEqual([])
    expect(await get(`/address/${address}`)).toMatchObject({
      address,
      chain_stats: { tx_count: 31, funded_txo_count: 31, funded_txo_sum: 40_000, spent_txo_count: 0 }
    })
  })

  it("refuses bad parameters and answers CORS to any origin; its controls take no cross-origin call", async () => {
    for (const [path, status] of [
      ["/address/bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", 400],
      ["/address/tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", 400],
      ["/tx/xyz", 400],
      [`/tx/${"ab".repeat(32)}`, 404],
      [`/tx/${chain.seed()[0]!.txid}/outspend/-1`, 400],
      ["/block-height/999", 404],
      ["/nothing", 404]
    ] as const) {
      const response = await fetch(`${chain.esploraUrl}${path}`, {
        headers: { origin: "https://dapp.example" }
      })
      expect(response.status, path).toBe(status)
      expect(response.headers.get("access-control-allow-origin")).toBe("*")
      expect(response.headers.get("set-cookie")).toBeNull()
    }
    const preflight = await fetch(`${chain.esploraUrl}/__sandbox/reset`, {
      method: "OPTIONS",
      headers: { origin: "https://dapp.example", "access-control-request-method": "POST" }
    })
    expect(preflight.status).toBe(403)
    const plain = await fetch(`${chain.esploraUrl}/__sandbox/reset`, { method: "POST", body: "{}" })
    expect(plain.status).toBe(415)
  })

  it("answers fee estimates, which tests can set", async () => {
    const estimates: Json = await get("/fee-estimates")
    expect(Object.keys(estimates)).toEqual(expect.arrayContaining(["2", "3", "6", "144", "1008"]))
    expect(Object.values(estimates).every((rate) => rate === 2)).toBe(true)
    const set = await fetch(`${chain.esploraUrl}/__sandbox/fee-estimates`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ "1": 12.5, "6": 4 })
    })
    expect(set.status).toBe(200)
    expect(await get("/fee-estimates")).toEqual({ "1": 12.5, "6": 4 })
    const bad = await fetch(`${chain.esploraUrl}/__sandbox/fee-estimates`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ "1": -1 })
    })
    expect(bad.status).toBe(400)
  })

  it("mines faucet coins and resets to the seed", async () => {
    const response = await fetch(`${chain.esploraUrl}/__sandbox/faucet`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ address: bob().payment.address, sats: 123_456 })
    })
    const { txid } = (await response.json()) as { txid: string }
    expect((await get(`/address/${bob().payment.address}/utxo`)).map((u: Json) => u.txid)).toContain(txid)
    await fetch(`${chain.esploraUrl}/__sandbox/reset`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}"
    })
    expect((await get(`/address/${bob().payment.address}/utxo`)).map((u: Json) => u.txid)).not.toContain(txid)
    expect(await get("/blocks/tip/height")).toBe(String(accounts().length))
  })
})
