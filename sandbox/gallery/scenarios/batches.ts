/**
 * Batches (EIP-5792) in ApproveTransaction: an approve-then-swap whose swap the simulation says would
 * fail (its position and the contract's reason), the same going call by call on a wallet without batches
 * ("Sending 2 of 2"), and the swap named by the ABI the dapp gave; then BatchStatus, an approved batch
 * waiting for the network.
 */
import { encodeFunctionData, erc20Abi, parseAbi } from "viem"
import type { PreviewSimulation } from "../../../src/services/RpcRouter"
import { ACCOUNT, RECEIVER } from "../fixtures"
import { SUSD } from "../flowFixtures"
import { family } from "../scenario"
import { approval, approveIn } from "./approve"

const poolAbi = parseAbi([
  "function swapExactTokensForTokens(address tokenIn, uint256 amountIn, uint256 minOut, address to, uint256 deadline) returns (uint256)"
])
const calls = [
  {
    to: SUSD,
    data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [RECEIVER, 100_000_000n] })
  },
  {
    to: RECEIVER,
    data: encodeFunctionData({
      abi: poolAbi,
      functionName: "swapExactTokensForTokens",
      args: [SUSD, 100_000_000n, 396_000_000_000_000_000_000n, ACCOUNT, 1_893_456_000n]
    })
  }
] as const
const batch = [{ version: "2.0.0", chainId: "0x7a69", from: ACCOUNT, atomicRequired: false, calls }]

const fails: PreviewSimulation = {
  _tag: "Reverted",
  call: 1,
  reason: "SandboxPool: insufficient output amount"
}
const simulated: PreviewSimulation = {
  _tag: "Simulated",
  changes: [
    { token: SUSD, delta: -100_000_000n, symbol: "sUSD", decimals: 6 },
    { token: RECEIVER, delta: 398_802_395_209_580_838_323n, symbol: "SBX", decimals: 18 }
  ],
  tokens: [{ token: SUSD.toLowerCase() as `0x${string}`, symbol: "sUSD", decimals: 6 }]
}

export const batchScenarios = family("ApproveTransaction", {
  batchFails: {
    title: "A batch whose second call would fail, with the contract's reason, before anything is sent",
    world: approveIn(approval("wallet_sendCalls", batch, { simulation: fails, answeredIn: "wallet" }))
  },
  batchOneByOne: {
    title: "A batch going call by call on a wallet without batches: Sending 2 of 2",
    world: approveIn(
      approval("wallet_sendCalls", batch, {
        simulation: simulated,
        answeredIn: "wallet",
        batch: { total: 2, included: 1, sending: 1 }
      })
    )
  },
  batchDecoded: {
    title: "A batch whose swap the dapp's ABI names by function and arguments",
    world: approveIn(
      approval("wallet_sendCalls", batch, {
        simulation: simulated,
        abi: poolAbi.map((item) => ({ ...item, inputs: [...item.inputs] }))
      })
    )
  }
})

/** A batch's status after its approval, before TransactionWatcher has it confirmed: pending, with its calls. */
export const batchStatusScenarios = family("BatchStatus", {
  pending: {
    title: "An approved batch of two calls, waiting for the network",
    world: { view: "BatchStatus", data: { id: `0x${"5a".repeat(32)}`, calls: "2" } }
  }
})
