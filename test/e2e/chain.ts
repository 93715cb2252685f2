/** The sandbox chains as the browser tests read them from Node: a JSON-RPC call and balances. */
import { decodeFunctionResult, encodeFunctionData, erc20Abi } from "viem"

/** One JSON-RPC call to the node at `rpcUrl`; an error answer throws with its message. */
export async function anvilCall(
  rpcUrl: string,
  method: string,
  params: ReadonlyArray<unknown>
): Promise<string> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params })
  })
  const body = (await response.json()) as { result?: string; error?: { message: string } }
  if (typeof body.result !== "string") throw new Error(`${method} failed: ${body.error?.message}`)
  return body.result
}

export const nativeBalanceOn = async (rpcUrl: string, address: string) =>
  BigInt(await anvilCall(rpcUrl, "eth_getBalance", [address, "latest"]))

/** `address`'s balance of the ERC-20 `token`, in base units. */
export const tokenBalanceOn = async (rpcUrl: string, token: string, address: string) =>
  decodeFunctionResult({
    abi: erc20Abi,
    functionName: "balanceOf",
    data: (await anvilCall(rpcUrl, "eth_call", [
      {
        to: token,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [address as `0x${string}`]
        })
      },
      "latest"
    ])) as `0x${string}`
  })
