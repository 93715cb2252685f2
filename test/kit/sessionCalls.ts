/**
 * A smart session's call as a dapp makes it (sandbox/chain/contracts/SandboxAccount.sol): the session key
 * signs the account's `sessionCallHash` as a personal message, and anyone submits `executeAsSession`. The
 * sandbox's and the browser's session tests submit from an anvil dev account (unlocked there).
 */
import {
  createPublicClient,
  encodeFunctionData,
  type Hex,
  http,
  type LocalAccount,
  type PublicClient
} from "viem"
import artifact from "../../sandbox/chain/contracts/SandboxAccount.json"

const abi = artifact.abi

/** Unlocked anvil account `from` submits the transfer `key` signed; resolves to the receipt's status or the revert's reason. */
export const submitSessionTransfer = async ({
  rpcUrl,
  account,
  key,
  to,
  value,
  from
}: {
  readonly rpcUrl: string
  readonly account: Hex
  readonly key: LocalAccount
  readonly to: Hex
  readonly value: bigint
  readonly from: Hex
}): Promise<{ readonly landed: true } | { readonly landed: false; readonly reason: string }> => {
  const client: PublicClient = createPublicClient({ transport: http(rpcUrl), pollingInterval: 50 })
  const nonce = (await client.readContract({ address: account, abi, functionName: "sessionNonce" })) as bigint
  const hash = (await client.readContract({
    address: account,
    abi,
    functionName: "sessionCallHash",
    args: [to, value, "0x", nonce]
  })) as Hex
  const signature = await key.signMessage({ message: { raw: hash } })
  const args = [key.address, to, value, "0x", signature] as const
  // The account's reason, read by a call; the transaction is sent either way (a fixed gas, no estimate), so
  // a refusal is the chain's: a mined, reverted transaction.
  const refusal = await client
    .simulateContract({ address: account, abi, functionName: "executeAsSession", args, account: from })
    .then(
      () => undefined,
      (error: { shortMessage?: unknown }) => String(error.shortMessage ?? error)
    )
  const sent = (await client.request({
    method: "eth_sendTransaction" as never,
    params: [
      {
        from,
        to: account,
        data: encodeFunctionData({ abi, functionName: "executeAsSession", args }),
        gas: "0x100000"
      }
    ] as never
  })) as Hex
  const receipt = await client.waitForTransactionReceipt({ hash: sent, pollingInterval: 25 })
  return receipt.status === "success"
    ? { landed: true }
    : { landed: false, reason: refusal ?? "reverted without a reason" }
}
