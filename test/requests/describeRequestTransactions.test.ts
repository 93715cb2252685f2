import { assert, describe, it } from "@effect/vitest"
import { encodeFunctionData, erc20Abi, erc721Abi, maxUint256 } from "viem"
import { describeRequest } from "../../src/layers/requests/describeRequest"
import {
  type AmountValue,
  type CallSummary,
  type RowValue,
  UNREADABLE
} from "../../src/layers/requests/requestValues"
import { permitAbi } from "../../src/layers/requests/tokenCalls"
import type { PendingApproval } from "../../src/services/RpcRouter"
import { ALICE as from, BOB as recipient, CAROL as spender } from "../kit/accounts"
import {
  amount,
  approval,
  chain,
  deadline,
  describe1,
  labels,
  mainnet,
  text,
  token,
  UNLIMITED,
  units,
  value
} from "./describeFixtures"

const eth = (wei: bigint): AmountValue => ({ _tag: "Token", amount: wei, decimals: 18, symbol: "ETH" })

const callData = (call: CallSummary): RowValue => ({ _tag: "CallData", call })

const transfer = encodeFunctionData({
  abi: erc20Abi,
  functionName: "transfer",
  args: [recipient, 1_500_000n]
})

const approveUnlimited = encodeFunctionData({
  abi: erc20Abi,
  functionName: "approve",
  args: [spender, maxUint256]
})

describe("describeRequest: eth_sendTransaction", () => {
  it("shows the recipient and the value in the native unit", () => {
    const description = describe1("eth_sendTransaction", [
      { from, to: recipient, value: "0x14d1120d7b160000" }
    ])
    assert.strictEqual(description.title, "SendTransaction")
    assert.deepStrictEqual(value(description, "To"), text(recipient))
    assert.deepStrictEqual(value(description, "Value"), amount(eth(1_500_000_000_000_000_000n)))
    assert.deepStrictEqual(value(description, "Data"), callData({ _tag: "NoData" }))
    assert.deepStrictEqual(description.warnings, [])
  })

  it("decodes an ERC-20 transfer: token, recipient, raw amount", () => {
    const description = describe1("eth_sendTransaction", [{ from, to: token, data: transfer }])
    assert.strictEqual(description.title, "Transfer")
    assert.deepStrictEqual(value(description, "Token"), text(token))
    assert.deepStrictEqual(value(description, "Recipient"), text(recipient))
    assert.deepStrictEqual(value(description, "Amount"), amount(units(1_500_000n)))
    assert.deepStrictEqual(value(description, "Value"), amount(eth(0n)))
  })

  it("reads amounts in the token's units once the simulation read its symbol and decimals", () => {
    const sUsd = { token: token.toLowerCase() as `0x${string}`, symbol: "sUSD", decimals: 6 }
    const simulated = (params: unknown): PendingApproval => ({
      ...approval("eth_sendTransaction", params),
      simulation: { _tag: "Simulated", changes: [], tokens: [sUsd] }
    })
    const sent = describeRequest(simulated([{ from, to: token, data: transfer }]), mainnet)
    const inSusd = (smallest: bigint): AmountValue => ({
      _tag: "Token",
      amount: smallest,
      decimals: 6,
      symbol: "sUSD"
    })
    assert.deepStrictEqual(value(sent, "Amount"), amount(inSusd(1_500_000n)))
    const bounded = encodeFunctionData({
      abi: erc20Abi,
      functionName: "approve",
      args: [spender, 12_500_000n]
    })
    const approved = describeRequest(simulated([{ from, to: token, data: bounded }]), mainnet)
    assert.deepStrictEqual(value(approved, "Allowance"), amount(inSusd(12_500_000n)))
    const batch = describeRequest(
      {
        ...simulated([{ version: "2.0.0", calls: [{ to: token, data: transfer }] }]),
        method: "wallet_sendCalls"
      },
      mainnet
    )
    assert.deepInclude(value(batch, "Call", 1), {
      call: { _tag: "Transfer", amount: inSusd(1_500_000n), to: recipient }
    })
    // Another contract's decimals say nothing about this one.
    const other = describeRequest(
      {
        ...approval("eth_sendTransaction", [{ from, to: token, data: transfer }]),
        simulation: { _tag: "Simulated", changes: [], tokens: [{ ...sUsd, token: `0x${"1".repeat(40)}` }] }
      },
      mainnet
    )
    assert.deepStrictEqual(value(other, "Amount"), amount(units(1_500_000n)))
  })

  it("decodes an ERC-20 approve; the largest amount is unlimited, zero revokes", () => {
    const unlimited = describe1("eth_sendTransaction", [{ from, to: token, data: approveUnlimited }])
    assert.strictEqual(unlimited.title, "ApproveSpender")
    assert.deepStrictEqual(value(unlimited, "Spender"), text(spender))
    assert.deepStrictEqual(value(unlimited, "Allowance"), amount(UNLIMITED))
    const data = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, 0n] })
    const revoke = describe1("eth_sendTransaction", [
      { from, to: token, data: data.toUpperCase().replace("0X", "0x") }
    ])
    assert.strictEqual(revoke.title, "RevokeApproval")
    assert.deepStrictEqual(value(revoke, "Allowance"), { _tag: "NoAllowance" })
  })

  it("calls out an unlimited approval, and decodes transferFrom and an EIP-2612 permit", () => {
    const unlimited = describe1("eth_sendTransaction", [{ from, to: token, data: approveUnlimited }])
    assert.deepStrictEqual(unlimited.warnings, [{ _tag: "Unlimited", spender }])
    const nearlyMax = encodeFunctionData({
      abi: erc20Abi,
      functionName: "approve",
      args: [spender, 2n ** 255n]
    })
    assert.deepStrictEqual(
      value(describe1("eth_sendTransaction", [{ from, to: token, data: nearlyMax }]), "Allowance"),
      amount(UNLIMITED)
    )
    const bounded = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, 10n] })
    assert.deepStrictEqual(
      describe1("eth_sendTransaction", [{ from, to: token, data: bounded }]).warnings,
      []
    )

    const pull = encodeFunctionData({
      abi: erc20Abi,
      functionName: "transferFrom",
      args: [from, recipient, 7n]
    })
    const pulled = describe1("eth_sendTransaction", [{ from, to: token, data: pull }])
    assert.strictEqual(pulled.title, "TransferFrom")
    // The account asking, then the account the tokens leave.
    assert.deepStrictEqual(
      pulled.rows.filter((row) => row.label === "From").map((row) => row.value),
      [text(from), text(from)]
    )
    assert.deepStrictEqual(value(pulled, "Recipient"), text(recipient))
    assert.deepStrictEqual(value(pulled, "Amount"), amount(units(7n)))

    const permit = encodeFunctionData({
      abi: permitAbi,
      functionName: "permit",
      args: [from, spender, maxUint256, 1_800_000_000n, 27, `0x${"11".repeat(32)}`, `0x${"22".repeat(32)}`]
    })
    const permitted = describe1("eth_sendTransaction", [{ from, to: token, data: permit }])
    assert.strictEqual(permitted.title, "SubmitPermit")
    assert.deepStrictEqual(value(permitted, "Owner"), text(from))
    assert.deepStrictEqual(value(permitted, "Allowance"), amount(UNLIMITED))
    assert.deepStrictEqual(value(permitted, "ValidUntil"), deadline("2027-01-15 08:00:00 UTC"))
    assert.strictEqual(permitted.warnings.length, 1)
  })

  it("decodes setApprovalForAll, the NFT drainer's call", () => {
    const data = encodeFunctionData({
      abi: erc721Abi,
      functionName: "setApprovalForAll",
      args: [spender, true]
    })
    const description = describe1("eth_sendTransaction", [{ from, to: token, data }])
    assert.strictEqual(description.title, "ApproveOperator")
    assert.deepStrictEqual(value(description, "Operator"), text(spender))
    assert.deepStrictEqual(value(description, "Access"), { _tag: "AllTokens" })
  })

  it("names another function by its selector, and a deployment", () => {
    const call = describe1("eth_sendTransaction", [{ to: token, input: `0x12345678${"00".repeat(32)}` }])
    assert.deepStrictEqual(
      value(call, "Data"),
      callData({ _tag: "Function", selector: "0x12345678", bytes: 36 })
    )
    const deploy = describe1("eth_sendTransaction", [{ from, data: "0x6080604052" }])
    assert.strictEqual(deploy.title, "DeployContract")
    assert.deepStrictEqual(
      value(deploy, "ContractCode"),
      callData({ _tag: "Function", selector: "0x60806040", bytes: 5 })
    )
  })

  it("warns when the transaction names another chain; says when the native symbol is unknown", () => {
    const description = describe1("eth_sendTransaction", [{ to: recipient, value: "0x1", chainId: "0x89" }], {
      ...mainnet,
      nativeSymbol: undefined
    })
    assert.deepStrictEqual(description.warnings, [
      { _tag: "OtherChain", what: "transaction", chainId: "137", activeChainId: "1", networkName: "Ethereum" }
    ])
    // No symbol: the view says "(native token)".
    assert.deepStrictEqual(
      value(description, "Value"),
      amount({ _tag: "Token", amount: 1n, decimals: 18, symbol: undefined })
    )
  })

  it("reads an unreadable value as such", () => {
    const description = describe1("eth_sendTransaction", [{ to: recipient, value: "lots" }])
    assert.deepStrictEqual(value(description, "Value"), UNREADABLE)
  })
})

describe("describeRequest: wallet_sendCalls", () => {
  it("lists each call's recipient, value and data, ten at most", () => {
    const calls = [
      { to: token, data: transfer },
      { to: recipient, value: "0xde0b6b3a7640000" },
      ...Array.from({ length: 10 }, () => ({ to: recipient, data: "0xdeadbeef" }))
    ]
    const description = describe1("wallet_sendCalls", [{ version: "2.0.0", from, chainId: "0x1", calls }])
    assert.strictEqual(description.title, "SendCalls")
    assert.deepStrictEqual(value(description, "Calls"), { _tag: "Count", count: 12 })
    assert.deepStrictEqual(value(description, "Call", 1), {
      _tag: "Call",
      to: token,
      value: eth(0n),
      call: { _tag: "Transfer", amount: units(1_500_000n), to: recipient }
    })
    assert.deepStrictEqual(value(description, "Call", 2), {
      _tag: "Call",
      to: recipient,
      value: eth(10n ** 18n),
      call: { _tag: "NoData" }
    })
    assert.deepStrictEqual(value(description, "Call", 10), {
      _tag: "Call",
      to: recipient,
      value: eth(0n),
      call: { _tag: "Function", selector: "0xdeadbeef", bytes: 4 }
    })
    assert.notInclude(labels(description), "Call11")
    assert.deepStrictEqual(value(description, "MoreCalls"), { _tag: "More", count: 2 })
    assert.deepStrictEqual(description.warnings, [])
  })

  it("warns when the batch is for another chain", () => {
    const description = describe1("wallet_sendCalls", [{ chainId: "0xa", calls: [{ to: recipient }] }])
    assert.deepStrictEqual(description.warnings, [
      { _tag: "OtherChain", what: "batch", chainId: "10", activeChainId: "1", networkName: "Ethereum" }
    ])
  })
})

describe("describeRequest: permissions and user operations", () => {
  it("wallet_grantPermissions: chain, expiry, signer and each permission", () => {
    const description = describe1("wallet_grantPermissions", [
      {
        chainId: "0x1",
        expiry: 1_893_456_000,
        signer: { type: "keys", data: {} },
        permissions: [{ type: "native-token-recurring-allowance", data: { allowance: "0x1" } }]
      }
    ])
    assert.strictEqual(description.title, "GrantPermissions")
    assert.deepStrictEqual(value(description, "Chain"), chain("1", "Ethereum"))
    assert.deepStrictEqual(value(description, "Expires"), deadline("2030-01-01 00:00:00 UTC"))
    assert.deepStrictEqual(value(description, "Signer"), text("keys"))
    assert.deepStrictEqual(value(description, "Permission", 1), {
      _tag: "Permission",
      type: "native-token-recurring-allowance",
      data: '{\n  "allowance": "0x1"\n}'
    })
  })

  it("wallet_revokePermissions: the permissions named", () => {
    const description = describe1("wallet_revokePermissions", [{ eth_accounts: {} }])
    assert.strictEqual(description.title, "RevokePermissions")
    assert.deepStrictEqual(value(description, "Permissions"), {
      _tag: "List",
      items: ["eth_accounts"],
      more: 0
    })
    const many = describe1("wallet_revokePermissions", [
      Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`p${index}`, {}]))
    ])
    assert.deepInclude(value(many, "Permissions"), { more: 2 })
  })

  it("eth_sendUserOperation: account, entry point, call data", () => {
    const entryPoint = "0x0000000071727De22E5E9d8BAf0edAc6f37da032"
    const description = describe1("eth_sendUserOperation", [
      { sender: from, callData: "0xb61d27f6" },
      entryPoint
    ])
    assert.strictEqual(description.title, "SendUserOperation")
    assert.deepStrictEqual(value(description, "SmartAccount"), text(from))
    assert.deepStrictEqual(value(description, "EntryPoint"), text(entryPoint))
    assert.deepStrictEqual(
      value(description, "CallData"),
      callData({ _tag: "Function", selector: "0xb61d27f6", bytes: 4 })
    )
  })
})
