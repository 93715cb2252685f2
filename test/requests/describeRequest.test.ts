import { assert, describe, it } from "@effect/vitest"
import { base58 } from "@scure/base"
import fc from "fast-check"
import { encodeFunctionData, erc20Abi, erc721Abi, maxUint256, stringToHex } from "viem"
import {
  type DescribeContext,
  describeRequest,
  type RequestDescription
} from "../../src/layers/requests/describeRequest"
import {
  decodeBase58,
  displayText,
  formatDeadline,
  MAX_TEXT_LENGTH,
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

const value = (description: RequestDescription, label: string): string => {
  const found = description.rows.find((row) => row.label === label)
  if (found === undefined)
    return assert.fail(`no row "${label}" in ${description.rows.map((row) => row.label).join(", ")}`)
  return found.value
}

const labels = (description: RequestDescription) => description.rows.map((row) => row.label)

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
      { label: "Method", value: "personal_sign", format: "code" },
      { label: "Network", value: "Ethereum", format: "text" },
      { label: "From", value: from, format: "code" }
    ])
    const unnamed = describe1("personal_sign", [stringToHex("hi"), from], {
      ...mainnet,
      networkName: undefined
    })
    assert.strictEqual(value(unnamed, "Network"), "eip155:1")
  })
})

describe("describeRequest: personal_sign", () => {
  it("shows a UTF-8 message as text, line breaks kept", () => {
    const description = describe1("personal_sign", [stringToHex("Sign in to example.org\nNonce: 42 ✓"), from])
    assert.strictEqual(description.title, "Sign a message")
    const message = description.rows.find((row) => row.label === "Message")
    assert.deepStrictEqual(message, {
      label: "Message",
      value: "Sign in to example.org\nNonce: 42 ✓",
      format: "message"
    })
  })

  it("shows bytes that are not readable text as hex", () => {
    const hash = `0x${"ff".repeat(32)}`
    assert.strictEqual(value(describe1("personal_sign", [hash, from]), "Message (hex)"), hash)
    // Valid UTF-8 but control characters: not text a person reads.
    assert.strictEqual(
      value(describe1("personal_sign", ["0x0001020304", from]), "Message (hex)"),
      "0x0001020304"
    )
  })

  it("shows a message sent as plain text, and an empty one", () => {
    assert.strictEqual(value(describe1("personal_sign", ["hello", from]), "Message"), "hello")
    assert.strictEqual(value(describe1("personal_sign", ["0x", from]), "Message"), "(empty)")
  })

  it("strips direction overrides and bounds a long message", () => {
    assert.strictEqual(
      value(describe1("personal_sign", [stringToHex("pay\u202eevil\u200b"), from]), "Message"),
      "payevil"
    )
    const long = value(describe1("personal_sign", [stringToHex("a".repeat(50_000)), from]), "Message")
    assert.strictEqual(long.length, MAX_TEXT_LENGTH)
    assert.isTrue(long.endsWith("…"))
  })
})

describe("describeRequest: eth_sendTransaction", () => {
  it("shows the recipient and the value in the native unit", () => {
    const description = describe1("eth_sendTransaction", [
      { from, to: recipient, value: "0x14d1120d7b160000" }
    ])
    assert.strictEqual(description.title, "Send a transaction")
    assert.strictEqual(value(description, "To"), recipient)
    assert.strictEqual(value(description, "Value"), "1.5 ETH")
    assert.strictEqual(value(description, "Data"), "No data")
    assert.deepStrictEqual(description.warnings, [])
  })

  it("decodes an ERC-20 transfer: token, recipient, raw amount", () => {
    const description = describe1("eth_sendTransaction", [{ from, to: token, data: transfer }])
    assert.strictEqual(description.title, "Transfer tokens")
    assert.strictEqual(value(description, "Token"), token)
    assert.strictEqual(value(description, "Recipient"), recipient)
    assert.strictEqual(value(description, "Amount"), "1500000 units")
    assert.strictEqual(value(description, "Value"), "0 ETH")
  })

  it("reads amounts in the token's units once the simulation read its symbol and decimals", () => {
    const sUsd = { token: token.toLowerCase() as `0x${string}`, symbol: "sUSD", decimals: 6 }
    const simulated = (params: unknown): PendingApproval => ({
      ...approval("eth_sendTransaction", params),
      simulation: { _tag: "Simulated", changes: [], tokens: [sUsd] }
    })
    const sent = describeRequest(simulated([{ from, to: token, data: transfer }]), mainnet)
    assert.strictEqual(value(sent, "Amount"), "1.5 sUSD")
    const bounded = encodeFunctionData({
      abi: erc20Abi,
      functionName: "approve",
      args: [spender, 12_500_000n]
    })
    const approved = describeRequest(simulated([{ from, to: token, data: bounded }]), mainnet)
    assert.strictEqual(value(approved, "Allowance"), "12.5 sUSD")
    const batch = describeRequest(
      {
        ...simulated([{ version: "2.0.0", calls: [{ to: token, data: transfer }] }]),
        method: "wallet_sendCalls"
      },
      mainnet
    )
    assert.match(value(batch, "Call 1"), /Transfer 1\.5 sUSD to /)
    // Another contract's decimals say nothing about this one.
    const other = describeRequest(
      {
        ...approval("eth_sendTransaction", [{ from, to: token, data: transfer }]),
        simulation: { _tag: "Simulated", changes: [], tokens: [{ ...sUsd, token: `0x${"1".repeat(40)}` }] }
      },
      mainnet
    )
    assert.strictEqual(value(other, "Amount"), "1500000 units")
  })

  it("decodes an ERC-20 approve; the largest amount is unlimited, zero revokes", () => {
    const unlimited = describe1("eth_sendTransaction", [{ from, to: token, data: approveUnlimited }])
    assert.strictEqual(unlimited.title, "Approve a token spender")
    assert.strictEqual(value(unlimited, "Spender"), spender)
    assert.strictEqual(value(unlimited, "Allowance"), "Unlimited")
    const data = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, 0n] })
    const revoke = describe1("eth_sendTransaction", [
      { from, to: token, data: data.toUpperCase().replace("0X", "0x") }
    ])
    assert.strictEqual(revoke.title, "Revoke a token approval")
    assert.strictEqual(value(revoke, "Allowance"), "None (removes the allowance)")
  })

  it("calls out an unlimited approval, and decodes transferFrom and an EIP-2612 permit", () => {
    const unlimited = describe1("eth_sendTransaction", [{ from, to: token, data: approveUnlimited }])
    assert.deepStrictEqual(unlimited.warnings, [
      `Unlimited approval: ${spender} could move all of this token you hold, now and later`
    ])
    const nearlyMax = encodeFunctionData({
      abi: erc20Abi,
      functionName: "approve",
      args: [spender, 2n ** 255n]
    })
    assert.strictEqual(
      value(describe1("eth_sendTransaction", [{ from, to: token, data: nearlyMax }]), "Allowance"),
      "Unlimited"
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
    assert.strictEqual(pulled.title, "Transfer tokens from another account")
    assert.strictEqual(value(pulled, "From"), from)
    assert.strictEqual(value(pulled, "Recipient"), recipient)
    assert.strictEqual(value(pulled, "Amount"), "7 units")

    const permit = encodeFunctionData({
      abi: permitAbi,
      functionName: "permit",
      args: [from, spender, maxUint256, 1_800_000_000n, 27, `0x${"11".repeat(32)}`, `0x${"22".repeat(32)}`]
    })
    const permitted = describe1("eth_sendTransaction", [{ from, to: token, data: permit }])
    assert.strictEqual(permitted.title, "Submit a token permit")
    assert.strictEqual(value(permitted, "Owner"), from)
    assert.strictEqual(value(permitted, "Allowance"), "Unlimited")
    assert.strictEqual(value(permitted, "Valid until"), "2027-01-15 08:00:00 UTC")
    assert.strictEqual(permitted.warnings.length, 1)
  })

  it("decodes setApprovalForAll, the NFT drainer's call", () => {
    const data = encodeFunctionData({
      abi: erc721Abi,
      functionName: "setApprovalForAll",
      args: [spender, true]
    })
    const description = describe1("eth_sendTransaction", [{ from, to: token, data }])
    assert.strictEqual(description.title, "Approve an operator for all your NFTs")
    assert.strictEqual(value(description, "Operator"), spender)
    assert.strictEqual(value(description, "Access"), "Every token of this collection")
  })

  it("names another function by its selector, and a deployment", () => {
    const call = describe1("eth_sendTransaction", [{ to: token, input: `0x12345678${"00".repeat(32)}` }])
    assert.strictEqual(value(call, "Data"), "Function 0x12345678, 36 bytes")
    const deploy = describe1("eth_sendTransaction", [{ from, data: "0x6080604052" }])
    assert.strictEqual(deploy.title, "Deploy a contract")
    assert.strictEqual(value(deploy, "Contract code"), "Function 0x60806040, 5 bytes")
  })

  it("warns when the transaction names another chain; says when the native symbol is unknown", () => {
    const description = describe1("eth_sendTransaction", [{ to: recipient, value: "0x1", chainId: "0x89" }], {
      ...mainnet,
      nativeSymbol: undefined
    })
    assert.deepStrictEqual(description.warnings, [
      "This transaction is for chain 137, but the active network is chain 1 (Ethereum)"
    ])
    assert.strictEqual(value(description, "Value"), "0.000000000000000001 (native token)")
  })

  it("reads an unreadable value as such", () => {
    const description = describe1("eth_sendTransaction", [{ to: recipient, value: "lots" }])
    assert.strictEqual(value(description, "Value"), UNREADABLE)
  })
})

describe("describeRequest: eth_signTypedData_v4", () => {
  it("shows a permit: domain, spender, allowance and deadline as a date", () => {
    const description = describe1("eth_signTypedData_v4", [from, JSON.stringify(permit())])
    assert.strictEqual(description.title, "Sign a token permit")
    assert.strictEqual(value(description, "Domain"), "USD Coin")
    assert.strictEqual(value(description, "Version"), "2")
    assert.strictEqual(value(description, "Chain"), "1 (Ethereum)")
    assert.strictEqual(value(description, "Contract"), token)
    assert.strictEqual(value(description, "Primary type"), "Permit")
    assert.strictEqual(value(description, "Spender"), spender)
    assert.strictEqual(value(description, "Allowance"), "1000000 units")
    assert.strictEqual(value(description, "Deadline"), "2030-01-01 00:00:00 UTC")
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
    assert.strictEqual(value(open, "Allowance"), "Unlimited")
    assert.strictEqual(value(open, "Deadline"), "Never")
    const dai = describe1("eth_signTypedData_v4", [
      from,
      permit({ message: { holder: from, spender, nonce: 0, expiry: 0, allowed: true } })
    ])
    assert.strictEqual(value(dai, "Allowance"), "Unlimited")
    assert.strictEqual(value(dai, "Deadline"), "1970-01-01 00:00:00 UTC")
  })

  it("warns when the domain chainId is not the active chain (THREATS T10)", () => {
    const polygon = permit({
      domain: { name: "USD Coin", version: "2", chainId: "0x89", verifyingContract: token }
    })
    const description = describe1("eth_signTypedData_v4", [from, JSON.stringify(polygon)])
    assert.strictEqual(value(description, "Chain"), "137")
    assert.deepStrictEqual(description.warnings, [
      "This signature is for chain 137, but the active network is chain 1 (Ethereum)"
    ])
    const unknown = describe1("eth_signTypedData_v4", [from, polygon], {
      ...mainnet,
      activeChainId: undefined
    })
    assert.deepStrictEqual(unknown.warnings, [
      "This signature is for chain 137; the active network is unknown"
    ])
    const garbled = permit({ domain: { chainId: "one" } })
    assert.deepStrictEqual(describe1("eth_signTypedData_v4", [from, garbled]).warnings, [
      "The chain of this signature cannot be read"
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
    assert.strictEqual(description.title, "Sign typed data")
    assert.strictEqual(value(description, "Message"), '{\n  "contents": "Hello, Bob!"\n}')
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
    assert.strictEqual(description.title, "Send a batch of calls")
    assert.strictEqual(value(description, "Calls"), "12")
    assert.strictEqual(
      value(description, "Call 1"),
      `To ${token}\nValue 0 ETH\nTransfer 1500000 units to ${recipient}`
    )
    assert.strictEqual(value(description, "Call 2"), `To ${recipient}\nValue 1 ETH\nNo data`)
    assert.strictEqual(
      value(description, "Call 10"),
      `To ${recipient}\nValue 0 ETH\nFunction 0xdeadbeef, 4 bytes`
    )
    assert.notInclude(labels(description), "Call 11")
    assert.strictEqual(value(description, "More calls"), "and 2 more")
    assert.deepStrictEqual(description.warnings, [])
  })

  it("warns when the batch is for another chain", () => {
    const description = describe1("wallet_sendCalls", [{ chainId: "0xa", calls: [{ to: recipient }] }])
    assert.deepStrictEqual(description.warnings, [
      "This batch is for chain 10, but the active network is chain 1 (Ethereum)"
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
    assert.strictEqual(description.title, "Grant permissions")
    assert.strictEqual(value(description, "Chain"), "1 (Ethereum)")
    assert.strictEqual(value(description, "Expires"), "2030-01-01 00:00:00 UTC")
    assert.strictEqual(value(description, "Signer"), "keys")
    assert.strictEqual(
      value(description, "Permission 1"),
      'native-token-recurring-allowance\n{\n  "allowance": "0x1"\n}'
    )
  })

  it("wallet_revokePermissions: the permissions named", () => {
    const description = describe1("wallet_revokePermissions", [{ eth_accounts: {} }])
    assert.strictEqual(description.title, "Revoke permissions")
    assert.strictEqual(value(description, "Permissions"), "eth_accounts")
  })

  it("eth_sendUserOperation: account, entry point, call data", () => {
    const entryPoint = "0x0000000071727De22E5E9d8BAf0edAc6f37da032"
    const description = describe1("eth_sendUserOperation", [
      { sender: from, callData: "0xb61d27f6" },
      entryPoint
    ])
    assert.strictEqual(description.title, "Send a user operation")
    assert.strictEqual(value(description, "Smart account"), from)
    assert.strictEqual(value(description, "Entry point"), entryPoint)
    assert.strictEqual(value(description, "Call data"), "Function 0xb61d27f6, 4 bytes")
  })
})

describe("describeRequest: Solana", () => {
  const solana: DescribeContext = { activeChainId: undefined, networkName: "Solana", nativeSymbol: "SOL" }

  it("solana_signMessage: the base58 message as text when it is text, else as sent", () => {
    const message = base58.encode(new TextEncoder().encode("Sign in to example.org"))
    const text = describe1("solana_signMessage", { message, pubkey }, solana)
    assert.strictEqual(text.title, "Sign a message")
    assert.strictEqual(value(text, "Message"), "Sign in to example.org")
    assert.strictEqual(value(text, "Public key"), pubkey)
    const binary = base58.encode(Uint8Array.from([0, 1, 2, 255]))
    assert.strictEqual(
      value(describe1("solana_signMessage", { message: binary, pubkey }, solana), "Message (base58)"),
      binary
    )
  })

  it("solana_signIn: the fields the wallet writes its message from", () => {
    const signIn = describe1(
      "solana_signIn",
      { domain: "example.org", statement: "Welcome", chainId: "solana:localnet", nonce: "abcdefgh12" },
      solana
    )
    assert.strictEqual(signIn.title, "Sign in")
    assert.strictEqual(value(signIn, "Website"), "example.org")
    assert.strictEqual(value(signIn, "Statement"), "Welcome")
    assert.strictEqual(value(signIn, "Nonce"), "abcdefgh12")
    assert.strictEqual(describe1("solana_signIn", { nonce: 42 }, solana).title, "Sign in")
  })

  it("transaction methods: how many transactions", () => {
    assert.strictEqual(
      value(describe1("solana_signTransaction", { transaction: "AQID" }, solana), "Transactions"),
      "1"
    )
    const all = describe1("solana_signAllTransactions", { transactions: ["AQID", "BAUG", "BwgJ"] }, solana)
    assert.strictEqual(all.title, "Sign transactions")
    assert.strictEqual(value(all, "Transactions"), "3")
    const send = describe1("solana_signAndSendTransaction", { transaction: "AQID", options: {} }, solana)
    assert.strictEqual(send.title, "Sign and send a transaction")
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
      assert.include(shown, UNREADABLE, `${method} ${JSON.stringify(params)}`)
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

  it("property: never throws; every string is bounded and clean; labels are unique", () => {
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
          for (const text of [
            description.title,
            ...description.warnings,
            ...description.rows.map((row) => row.value)
          ]) {
            assert.isAtMost(text.length, MAX_TEXT_LENGTH)
            assert.notMatch(text, hidden)
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
    assert.strictEqual(displayText(undefined), UNREADABLE)
    assert.strictEqual(displayText(`${"😀".repeat(MAX_TEXT_LENGTH)}`).length <= MAX_TEXT_LENGTH, true)
  })

  it("formatDeadline is a UTC date, or never past year 9999", () => {
    assert.strictEqual(formatDeadline(0n), "1970-01-01 00:00:00 UTC")
    assert.strictEqual(formatDeadline(253_402_300_799n), "9999-12-31 23:59:59 UTC")
    assert.strictEqual(formatDeadline(253_402_300_800n), "Never")
  })
})
