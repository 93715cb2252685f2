import { assert, describe, it } from "@effect/vitest"
import * as Result from "effect/Result"
import { parsePayRequest, payAmount } from "../../../src/layers/flows/pay/payRequest"
import { caipNetworkOf } from "../../kit/bindings"
import { sandboxNetwork, solanaLocalnetNetwork } from "../../kit/networks"

const networks = [caipNetworkOf(sandboxNetwork), caipNetworkOf(solanaLocalnetNetwork)]
const recipient = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8"
const checksummed = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
const token = "0x5FbDB2315678afecb367f032d93F642f64180aa3"
const solanaRecipient = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"

const reasonOf = (input: unknown) => {
  const parsed = parsePayRequest(input, networks)
  return Result.isFailure(parsed) ? parsed.failure.reason : "ok"
}

describe("a host's payment request (modal.pay)", () => {
  it("reads a native coin, an ERC-20 and Solana's assets on configured networks", () => {
    const native = parsePayRequest({ recipient, amount: "0.1", asset: "eip155:31337/slip44:60" }, networks)
    assert.isTrue(Result.isSuccess(native))
    if (Result.isSuccess(native)) {
      assert.strictEqual(native.success.token, "native")
      assert.strictEqual(native.success.recipient, checksummed)
      assert.strictEqual(native.success.network.caipNetworkId, "eip155:31337")
    }
    const erc20 = parsePayRequest(
      { recipient, amount: 5, asset: `eip155:31337/erc20:${token.toLowerCase()}`, network: "eip155:31337" },
      networks
    )
    assert.deepStrictEqual(Result.getOrUndefined(Result.map(erc20, (p) => [p.token, p.amountText])), [
      { kind: "erc20", address: token },
      "5"
    ])
    const sol = parsePayRequest(
      { recipient: solanaRecipient, amount: "0.1", asset: "solana:localnet/slip44:501" },
      networks
    )
    assert.deepStrictEqual(
      Result.getOrUndefined(Result.map(sol, (p) => [p.namespace, p.token, p.recipient])),
      ["solana", "native", solanaRecipient]
    )
  })

  it("names the field at fault: asset, network, amount, recipient", () => {
    const good = { recipient, amount: "1", asset: "eip155:31337/slip44:60" }
    assert.strictEqual(reasonOf(good), "ok")
    assert.strictEqual(reasonOf(undefined), "unsupported-asset")
    assert.strictEqual(reasonOf({ ...good, asset: "eip155:31337/erc721:0x01" }), "unsupported-asset")
    assert.strictEqual(reasonOf({ ...good, asset: "eip155:31337/slip44:0" }), "unsupported-asset")
    assert.strictEqual(reasonOf({ ...good, asset: "eip155:31337/erc20:0x1234" }), "unsupported-asset")
    assert.strictEqual(
      reasonOf({ ...good, asset: "bip122:000000000019d6689c085ae165831e93/slip44:0" }),
      "unsupported-asset"
    )
    assert.strictEqual(reasonOf({ ...good, asset: "eip155:1/slip44:60" }), "unsupported-network")
    assert.strictEqual(reasonOf({ ...good, network: "eip155:1" }), "unsupported-network")
    assert.strictEqual(reasonOf({ ...good, amount: { value: 1 } }), "invalid-amount")
    assert.strictEqual(reasonOf({ ...good, recipient: recipient.replace("c5", "C5") }), "invalid-recipient")
    assert.strictEqual(reasonOf({ ...good, recipient: solanaRecipient }), "invalid-recipient")
    assert.strictEqual(
      reasonOf({ ...good, asset: "solana:localnet/slip44:501", recipient }),
      "invalid-recipient"
    )
  })

  it("reads the amount by SPEC §5's decimal rule within the asset's decimals", () => {
    assert.deepStrictEqual(payAmount("5", 6), Result.succeed(5_000_000n))
    assert.deepStrictEqual(payAmount("0.1", 9), Result.succeed(100_000_000n))
    for (const bad of ["", "0", "0.0", "-1", "1.2.3", "1e3", ".5", "abc", "0.0000001"]) {
      const parsed = payAmount(bad, 6)
      assert.isTrue(Result.isFailure(parsed), bad)
      if (Result.isFailure(parsed)) assert.strictEqual(parsed.failure.reason, "invalid-amount", bad)
    }
  })
})
