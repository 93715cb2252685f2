/**
 * The transaction preview's simulation against a real anvil: the request `simulationRequest` builds is
 * one anvil answers, and `simulatedChanges` reads the sender's balance changes from its traced transfers.
 */
import * as Option from "effect/Option"
import { encodeFunctionData, erc20Abi, parseEther, parseUnits, toHex } from "viem"
import { describe, expect, it } from "vitest"
import { rpc } from "../../sandbox/chain/rpc.mjs"
import {
  type SimulatedTransaction,
  simulatedChanges,
  simulationRequest
} from "../../src/layers/requests/simulation"
import { chainsForFile } from "./sandboxWorld"

const sandbox = chainsForFile()

const simulate = async (transaction: SimulatedTransaction) => {
  const { method, params } = simulationRequest(transaction)
  return simulatedChanges(await rpc(sandbox().chains[0]!.rpcUrl, method, params), transaction.from)
}

describe("simulating a transaction on anvil", () => {
  it("an ERC-20 transfer and a native transfer: the sender's balances go down by what is sent", async () => {
    const [sender, receiver] = sandbox().accounts
    const sUsd = sandbox().tokens.find((token) => token.symbol === "sUSD")!
    const transfer = await simulate({
      from: sender!.address,
      to: sUsd.address,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: "transfer",
        args: [receiver!.address as `0x${string}`, parseUnits("12.5", 6)]
      })
    })
    expect(transfer).toEqual(
      Option.some({
        _tag: "Simulated",
        changes: [{ token: sUsd.address.toLowerCase(), delta: -parseUnits("12.5", 6) }]
      })
    )
    const native = await simulate({
      from: sender!.address,
      to: receiver!.address,
      value: toHex(parseEther("0.01"))
    })
    expect(native).toEqual(
      Option.some({ _tag: "Simulated", changes: [{ token: "native", delta: -parseEther("0.01") }] })
    )
  })

  it("a transfer of more than the balance reverts, naming the call and the token's reason", async () => {
    const [sender, receiver] = sandbox().accounts
    const sUsd = sandbox().tokens.find((token) => token.symbol === "sUSD")!
    const reverted = await simulate({
      from: sender!.address,
      to: sUsd.address,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: "transfer",
        args: [receiver!.address as `0x${string}`, parseUnits("1000000000", 6)]
      })
    })
    expect(reverted).toEqual(
      Option.some({ _tag: "Reverted", call: 0, reason: "SandboxToken: balance too low" })
    )
  })
})
