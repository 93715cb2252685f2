import { assert, describe, it } from "@effect/vitest"
import { base58 } from "@scure/base"
import fc from "fast-check"
import { encodeFunctionData, erc20Abi, erc721Abi, maxUint256, stringToHex } from "viem"
import type { DescribeContext } from "../../src/layers/requests/describeContext"
import { describeRequest, type RequestDescription } from "../../src/layers/requests/describeRequest"
import {
  type AmountValue,
  type CallSummary,
  decodeBase58,
  displayText,
  formatDeadline,
  MAX_TEXT_LENGTH,
  type RowLabel,
  type RowValue,
  rowKey,
  UNREADABLE
} from "../../src/layers/requests/requestValues"
import { UNSAFE_RPC_METHODS } from "../../src/layers/requests/rpcMethods"
import { permitAbi } from "../../src/layers/requests/tokenCalls"
import type { PendingApproval } from "../../src/services/RpcRouter"
import { ALICE as from, SOLANA_ALICE as pubkey, BOB as recipient, CAROL as spender } from "../kit/accounts"
import { hostile, NUM_RUNS } from "../schemas/helpers"

const token = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
const mainnet: DescribeContext = { activeChainId: 1, networkName: "Ethereum", nativeSymbol: "ETH" }

const approval = (
  method: string,
  params: unknown,
  namespace: "eip155" | "solana" = "eip155"
): PendingApproval => ({
  id: 1,
  method,
  params,
  namespace,
  network: namespace === "eip155" ? "eip155:1" : "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  from: namespace === "eip155" ? from : pubkey,
  answeredIn: "modal",
  simulation: undefined
})

const describe1 = (method: string, params: unknown, context: DescribeContext = mainnet) =>
  describeRequest(approval(method, params, method.startsWith("solana_") ? "solana" : "eip155"), context)

/** The value of the row `label` (numbered `index` for calls and permissions). */
const value = (description: RequestDescription, label: RowLabel, index?: number): RowValue => {
  const found = description.rows.find((row) => row.label === label && row.index === index)
  if (found === undefined)
    return assert.fail(`no row "${label}${index ?? ""}" in ${labels(description).join(", ")}`)
  return found.value
}

const labels = (description: RequestDescription) => description.rows.map(rowKey)

const text = (shown: string): RowValue => ({ _tag: "Text", text: shown })
const amount = (shown: AmountValue): RowValue => ({ _tag: "Amount", amount: shown })
const eth = (wei: bigint): AmountValue => ({ _tag: "Token", amount: wei, decimals: 18, symbol: "ETH" })
const units = (smallest: bigint): AmountValue => ({ _tag: "Units", amount: smallest })
const UNLIMITED: AmountValue = { _tag: "Unlimited" }
const callData = (call: CallSummary): RowValue => ({ _tag: "CallData", call })
const deadline = (date: string | undefined): RowValue => ({ _tag: "Deadline", date })
const chain = (chainId: string, networkName?: string): RowValue => ({ _tag: "Chain", chainId, networkName })

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

const permit = (overrides: Record<string, unknown> = {}) => ({
  types: {
    EIP712Domain: [
      { name: "name", type: "string" },
      { name: "version", type: "string" },
      { name: "chainId", type: "uint256" },
      { name: "verifyingContract", type: "address" }
    ],
    Permit: [
      { name: "owner", type: "address" },
      { name: "spender", type: "address" },
      { name: "value", type: "uint256" },
      { name: "nonce", type: "uint256" },
      { name: "deadline", type: "uint256" }
    ]
  },
  primaryType: "Permit",
  domain: { name: "USD Coin", version: "2", chainId: 1, verifyingContract: token },
  message: { owner: from, spender, value: "1000000", nonce: 0, deadline: 1_893_456_000 },
  ...overrides
})

describe("describeRequest: common rows", () => {
  it("starts with the method, the network and the account", () => {
    const description = describe1("personal_sign", [stringToHex("hi"), from])
    assert.deepStrictEqual(description.rows.slice(0, 3), [
      { label: "Method", value: text("personal_sign"), format: "code" },
      { label: "Network", value: text("Ethereum"), format: "text" },
      { label: "From", value: text(from), format: "code" }
    ])
    const unnamed = describe1("personal_sign", [stringToHex("hi"), from], {
      ...mainnet,
      networkName: undefined
    })
    assert.deepStrictEqual(value(unnamed, "Network"), text("eip155:1"))
    const nowhere = describeRequest(
      { ...approval("personal_sign", [stringToHex("hi"), from]), network: undefined },
      { ...mainnet, networkName: undefined }
    )
    assert.deepStrictEqual(value(nowhere, "Network"), { _tag: "UnknownNetwork" })
  })
})

describe("describeRequest: personal_sign", () => {
  it("shows a UTF-8 message as text, line breaks kept", () => {
    const description = describe1("personal_sign", [stringToHex("Sign in to example.org\nNonce: 42 ✓"), from])
    assert.strictEqual(description.title, "SignMessage")
    const message = description.rows.find((row) => row.label === "Message")
    assert.deepStrictEqual(message, {
      label: "Message",
      value: text("Sign in to example.org\nNonce: 42 ✓"),
      format: "message"
    })
  })

  it("shows bytes that are not readable text as hex", () => {
    const hash = `0x${"ff".repeat(32)}`
    assert.deepStrictEqual(value(describe1("personal_sign", [hash, from]), "MessageHex"), text(hash))
    // Valid UTF-8 but control characters: not text a person reads.
    assert.deepStrictEqual(
      value(describe1("personal_sign", ["0x0001020304", from]), "MessageHex"),
      text("0x0001020304")
    )
  })

  it("shows a message sent as plain text, and an empty one", () => {
    assert.deepStrictEqual(value(describe1("personal_sign", ["hello", from]), "Message"), text("hello"))
    // Empty text: the view says "(empty)".
    assert.deepStrictEqual(value(describe1("personal_sign", ["0x", from]), "Message"), text(""))
  })

  it("strips direction overrides and bounds a long message", () => {
    assert.deepStrictEqual(
      value(describe1("personal_sign", [stringToHex("pay\u202eevil\u200b"), from]), "Message"),
      text("payevil")
    )
    const long = value(describe1("personal_sign", [stringToHex("a".repeat(50_000)), from]), "Message")
    assert.strictEqual(long._tag === "Text" ? long.text.length : 0, MAX_TEXT_LENGTH)
    assert.isTrue(long._tag === "Text" && long.text.endsWith("…"))
  })
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

describe("describeRequest: eth_signTypedData_v4", () => {
  it("shows a permit: domain, spender, allowance and deadline as a date", () => {
    const description = describe1("eth_signTypedData_v4", [from, JSON.stringify(permit())])
    assert.strictEqual(description.title, "SignPermit")
    assert.deepStrictEqual(value(description, "Domain"), text("USD Coin"))
    assert.deepStrictEqual(value(description, "Version"), text("2"))
    assert.deepStrictEqual(value(description, "Chain"), chain("1", "Ethereum"))
    assert.deepStrictEqual(value(description, "Contract"), text(token))
    assert.deepStrictEqual(value(description, "PrimaryType"), text("Permit"))
    assert.deepStrictEqual(value(description, "Spender"), text(spender))
    assert.deepStrictEqual(value(description, "Allowance"), amount(units(1_000_000n)))
    assert.deepStrictEqual(value(description, "Deadline"), deadline("2030-01-01 00:00:00 UTC"))
    assert.deepStrictEqual(description.warnings, [])
  })

  it("reads an unlimited permit with no deadline, and DAI's allowed/expiry permit", () => {
    const open = describe1("eth_signTypedData_v4", [
      from,
      permit({
        message: {
          owner: from,
          spender,
          value: maxUint256.toString(),
          nonce: 0,
          deadline: maxUint256.toString()
        }
      })
    ])
    assert.deepStrictEqual(value(open, "Allowance"), amount(UNLIMITED))
    assert.deepStrictEqual(value(open, "Deadline"), deadline(undefined))
    const dai = describe1("eth_signTypedData_v4", [
      from,
      permit({ message: { holder: from, spender, nonce: 0, expiry: 0, allowed: true } })
    ])
    assert.deepStrictEqual(value(dai, "Allowance"), amount(UNLIMITED))
    assert.deepStrictEqual(value(dai, "Deadline"), deadline("1970-01-01 00:00:00 UTC"))
  })

  it("warns when the domain chainId is not the active chain (THREATS T10)", () => {
    const polygon = permit({
      domain: { name: "USD Coin", version: "2", chainId: "0x89", verifyingContract: token }
    })
    const description = describe1("eth_signTypedData_v4", [from, JSON.stringify(polygon)])
    assert.deepStrictEqual(value(description, "Chain"), chain("137"))
    assert.deepStrictEqual(description.warnings, [
      { _tag: "OtherChain", what: "signature", chainId: "137", activeChainId: "1", networkName: "Ethereum" }
    ])
    const unknown = describe1("eth_signTypedData_v4", [from, polygon], {
      ...mainnet,
      activeChainId: undefined
    })
    assert.deepStrictEqual(unknown.warnings, [{ _tag: "ChainUnknown", what: "signature", chainId: "137" }])
    const garbled = permit({ domain: { chainId: "one" } })
    assert.deepStrictEqual(describe1("eth_signTypedData_v4", [from, garbled]).warnings, [
      { _tag: "ChainUnreadable", what: "signature" }
    ])
  })

  it("shows another primary type's message as JSON", () => {
    const mail = {
      domain: { name: "Ether Mail", chainId: 1 },
      primaryType: "Mail",
      types: {},
      message: { contents: "Hello, Bob!" }
    }
    const description = describe1("eth_signTypedData_v4", [from, JSON.stringify(mail)])
    assert.strictEqual(description.title, "SignTypedData")
    assert.deepStrictEqual(value(description, "Message"), text('{\n  "contents": "Hello, Bob!"\n}'))
    assert.notInclude(labels(description), "Spender")
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

describe("describeRequest: Solana", () => {
  const solana: DescribeContext = { activeChainId: undefined, networkName: "Solana", nativeSymbol: "SOL" }

  it("solana_signMessage: the base58 message as text when it is text, else as sent", () => {
    const message = base58.encode(new TextEncoder().encode("Sign in to example.org"))
    const readable = describe1("solana_signMessage", { message, pubkey }, solana)
    assert.strictEqual(readable.title, "SignMessage")
    assert.deepStrictEqual(value(readable, "Message"), text("Sign in to example.org"))
    assert.deepStrictEqual(value(readable, "PublicKey"), text(pubkey))
    const binary = base58.encode(Uint8Array.from([0, 1, 2, 255]))
    assert.deepStrictEqual(
      value(describe1("solana_signMessage", { message: binary, pubkey }, solana), "MessageBase58"),
      text(binary)
    )
  })

  it("solana_signIn: the fields the wallet writes its message from", () => {
    const signIn = describe1(
      "solana_signIn",
      { domain: "example.org", statement: "Welcome", chainId: "solana:localnet", nonce: "abcdefgh12" },
      solana
    )
    assert.strictEqual(signIn.title, "SignIn")
    assert.deepStrictEqual(value(signIn, "Website"), text("example.org"))
    assert.deepStrictEqual(value(signIn, "Statement"), text("Welcome"))
    assert.deepStrictEqual(value(signIn, "Nonce"), text("abcdefgh12"))
    assert.strictEqual(describe1("solana_signIn", { nonce: 42 }, solana).title, "SignIn")
  })

  it("transaction methods: how many transactions", () => {
    const one = describe1("solana_signTransaction", { transaction: "AQID" }, solana)
    assert.strictEqual(one.title, "SignTransaction")
    assert.deepStrictEqual(value(one, "Transactions"), { _tag: "Count", count: 1 })
    assert.deepStrictEqual(value(one, "Contents"), { _tag: "NotDecoded" })
    const all = describe1("solana_signAllTransactions", { transactions: ["AQID", "BAUG", "BwgJ"] }, solana)
    assert.strictEqual(all.title, "SignTransactions")
    assert.deepStrictEqual(value(all, "Transactions"), { _tag: "Count", count: 3 })
    const send = describe1("solana_signAndSendTransaction", { transaction: "AQID", options: {} }, solana)
    assert.strictEqual(send.title, "SignAndSendTransaction")
  })

  it("decodeBase58 agrees with @scure/base and refuses what is not base58", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        assert.deepStrictEqual(decodeBase58(base58.encode(bytes)), bytes)
      }),
      { numRuns: NUM_RUNS }
    )
    assert.isUndefined(decodeBase58("0OIl"))
    assert.isUndefined(decodeBase58("2".repeat(5000)))
  })
})

/** Every string inside a description's values: what the view shows of the request. */
const stringsIn = (value: unknown): ReadonlyArray<string> =>
  typeof value === "string"
    ? [value]
    : typeof value === "object" && value !== null
      ? Object.values(value).flatMap(stringsIn)
      : []

describe("describeRequest: unreadable params", () => {
  it("shows malformed params of each kind as unreadable data", () => {
    const malformed: ReadonlyArray<readonly [string, unknown]> = [
      ["personal_sign", [42]],
      ["personal_sign", "0x00"],
      ["eth_signTypedData_v4", [from, "{not json"]],
      ["eth_signTypedData_v4", [from, { domain: {} }]],
      ["eth_sendTransaction", [null]],
      ["eth_sendTransaction", { to: recipient }],
      ["wallet_sendCalls", [{ calls: [] }]],
      ["wallet_grantPermissions", [{ permissions: "all" }]],
      ["wallet_revokePermissions", []],
      ["eth_sendUserOperation", [{ callData: "0x" }]],
      ["solana_signMessage", { message: "0OIl", pubkey }],
      ["solana_signTransaction", { transaction: 1 }],
      ["solana_signAllTransactions", {}],
      ["solana_signAndSendTransaction", null]
    ]
    for (const [method, params] of malformed) {
      const description = describe1(method, params)
      const shown = description.rows.slice(3).map((row) => row.value)
      assert.deepInclude(shown, UNREADABLE, `${method} ${JSON.stringify(params)}`)
    }
  })

  it("survives params whose getters throw", () => {
    const trap = new Proxy(
      {},
      {
        get: () => {
          throw new Error("boom")
        },
        ownKeys: () => {
          throw new Error("boom")
        }
      }
    )
    for (const method of UNSAFE_RPC_METHODS) {
      for (const params of [trap, [trap, trap], { message: trap, transactions: trap }]) {
        const description = describe1(method, params)
        assert.isTrue(description.rows.length >= 4, method)
      }
    }
  })

  it("property: never throws; every string is bounded and clean; rows are unique", () => {
    const params = fc.oneof(
      hostile,
      fc.tuple(fc.string(), hostile),
      fc.array(fc.record({ to: fc.string(), value: hostile, data: fc.string(), chainId: hostile })),
      fc.record({ message: fc.string(), pubkey: fc.string(), transactions: fc.array(fc.string()) }),
      fc.tuple(
        fc.constant(from),
        fc
          .record({ domain: hostile, primaryType: fc.constantFrom("Permit", "Mail"), message: hostile })
          .map((typed) => JSON.stringify(typed) ?? "")
      )
    )
    const context = fc.record({
      activeChainId: fc.option(fc.nat(), { nil: undefined }),
      networkName: fc.option(fc.string(), { nil: undefined }),
      nativeSymbol: fc.option(fc.string(), { nil: undefined })
    })
    // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
    const hidden = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/
    fc.assert(
      fc.property(
        fc.constantFrom(...UNSAFE_RPC_METHODS, "eth_unknown"),
        params,
        context,
        (method, input, ctx) => {
          const description = describe1(method, input, ctx)
          for (const shown of stringsIn([description.warnings, description.rows.map((row) => row.value)])) {
            assert.isAtMost(shown.length, MAX_TEXT_LENGTH)
            assert.notMatch(shown, hidden)
          }
          assert.strictEqual(new Set(labels(description)).size, description.rows.length)
        }
      ),
      { numRuns: NUM_RUNS }
    )
  })
})

describe("helpers", () => {
  it("displayText collapses whitespace unless multi-line, and reads non-strings as unreadable", () => {
    assert.strictEqual(displayText("  a\n\tb  "), "a b")
    assert.strictEqual(displayText("a\n\tb", true), "a\n b")
    assert.strictEqual(displayText(undefined), undefined)
    assert.strictEqual((displayText(`${"😀".repeat(MAX_TEXT_LENGTH)}`) ?? "").length <= MAX_TEXT_LENGTH, true)
  })

  it("formatDeadline is a UTC date, or never past year 9999", () => {
    assert.strictEqual(formatDeadline(0n), "1970-01-01 00:00:00 UTC")
    assert.strictEqual(formatDeadline(253_402_300_799n), "9999-12-31 23:59:59 UTC")
    assert.strictEqual(formatDeadline(253_402_300_800n), undefined)
  })
})
