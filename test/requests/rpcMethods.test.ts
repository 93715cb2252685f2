import { assert, describe, it } from "@effect/vitest"
import * as Result from "effect/Result"
import fc from "fast-check"
import { MethodNotAllowedError } from "../../src/errors"
import {
  classifyRpcMethod,
  decodeResult,
  isAllowedRpcMethod,
  type RequestRule,
  rpcMethodNamespace,
  SAFE_RPC_METHODS,
  UNSAFE_RPC_METHODS,
  validateRequest
} from "../../src/layers/requests/rpcMethods"
import { present } from "../../src/presentation"
import type { SchemaDecodeError } from "../../src/schemas/decode"
import type { ChainNamespace } from "../../src/schemas/Primitives"
import { ALICE as to } from "../kit/accounts"
import { evmAddressArb, HEX, hostile, NUM_RUNS, namespaceArb } from "../schemas/helpers"

const pubkey = "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
const listed: ReadonlyArray<string> = [...SAFE_RPC_METHODS, ...UNSAFE_RPC_METHODS]

const accepted = (result: Result.Result<RequestRule, MethodNotAllowedError | SchemaDecodeError>) => {
  if (Result.isFailure(result))
    return assert.fail(`expected the request to be accepted: ${result.failure.message}`)
  return result.success
}
const refused = (result: Result.Result<RequestRule, MethodNotAllowedError | SchemaDecodeError>) => {
  if (Result.isSuccess(result))
    return assert.fail(`expected a refusal, got ${JSON.stringify(result.success)}`)
  return result.failure
}

/** Methods SPEC §6 lists as reads. */
const READS = [
  "eth_accounts",
  "eth_chainId",
  "eth_getBalance",
  "eth_call",
  "eth_estimateGas",
  "eth_getLogs",
  "eth_getTransactionReceipt",
  "eth_getBlockReceipts",
  "eth_blockNumber",
  "eth_getBlockByNumber",
  "eth_getTransactionByHash",
  "eth_getTransactionCount",
  "eth_sendRawTransaction",
  "wallet_getCapabilities",
  "wallet_getCallsStatus",
  "wallet_showCallsStatus",
  "wallet_getAssets",
  "eth_getUserOperationReceipt",
  "eth_getUserOperationByHash",
  "eth_estimateUserOperationGas",
  "eth_supportedEntryPoints"
]

/** Methods SPEC §6 lists as signing, sending or granting. */
const NEEDING_APPROVAL = [
  "personal_sign",
  "eth_signTypedData_v4",
  "eth_sendTransaction",
  "solana_signMessage",
  "solana_signTransaction",
  "solana_signAllTransactions",
  "solana_signAndSendTransaction",
  "solana_signIn",
  "wallet_sendCalls",
  "wallet_grantPermissions",
  "wallet_revokePermissions",
  "eth_sendUserOperation"
]

/** Methods outside both lists, some a letter or a space away from a listed one. */
const REFUSED = [
  "eth_sign",
  "eth_signTransaction",
  "eth_signTypedData",
  "eth_signTypedData_v3",
  "eth_requestAccounts",
  "eth_",
  "eth_coinbase",
  "eth_subscribe",
  "wallet_switchEthereumChain",
  "wallet_addEthereumChain",
  "wallet_watchAsset",
  "wallet_requestPermissions",
  "solana_signin",
  "anvil_setBalance",
  "evm_mine",
  "debug_traceTransaction",
  "personal_unlockAccount",
  "ETH_CALL",
  "eth_call ",
  " eth_call",
  "Personal_sign",
  "",
  "constructor",
  "__proto__",
  "toString",
  "hasOwnProperty"
]

describe("classifyRpcMethod", () => {
  const kinds = [
    ["SPEC §6: reads are safe", "safe", READS],
    ["SPEC §6: signing, sending and granting need approval", "unsafe", NEEDING_APPROVAL],
    ["SPEC §5: everything else is refused; eth_* is not a prefix rule", "disallowed", REFUSED]
  ] as const
  for (const [title, kind, methods] of kinds)
    it(title, () => {
      for (const method of methods)
        assert.strictEqual(classifyRpcMethod(method), kind, JSON.stringify(method))
    })

  it("the two lists are disjoint and every listed method belongs to eip155, solana or bip122", () => {
    const safe = new Set<string>(SAFE_RPC_METHODS)
    const bitcoin = new Set(["getAccountAddresses", "signMessage", "signPsbt", "sendTransfer"])
    for (const method of UNSAFE_RPC_METHODS) assert.isFalse(safe.has(method), method)
    for (const method of listed) {
      assert.isTrue(isAllowedRpcMethod(method))
      assert.strictEqual(
        method.startsWith("solana_") ? "solana" : bitcoin.has(method) ? "bip122" : "eip155",
        isAllowedRpcMethod(method) ? rpcMethodNamespace(method) : undefined
      )
    }
  })
})

describe("validateRequest", () => {
  it("accepts listed methods on their namespace, with their kind", () => {
    assert.deepStrictEqual(accepted(validateRequest("eip155", "eth_call", [{ to, data: "0x" }, "latest"])), {
      method: "eth_call",
      kind: "safe",
      params: [{ to, data: "0x" }, "latest"]
    })
    assert.deepStrictEqual(accepted(validateRequest("eip155", "eth_chainId", undefined)), {
      method: "eth_chainId",
      kind: "safe",
      params: undefined
    })
    assert.deepStrictEqual(accepted(validateRequest("eip155", "personal_sign", ["0x68656c6c6f", to])), {
      method: "personal_sign",
      kind: "unsafe",
      params: ["0x68656c6c6f", to]
    })
    assert.deepStrictEqual(
      accepted(validateRequest("solana", "solana_signMessage", { message: "3yZe7d", pubkey })),
      { method: "solana_signMessage", kind: "unsafe", params: { message: "3yZe7d", pubkey } }
    )
    assert.deepStrictEqual(
      accepted(
        validateRequest("solana", "solana_signAndSendTransaction", {
          transaction: "AQAB",
          options: { skipPreflight: true, preflightCommitment: "confirmed" }
        })
      ),
      {
        method: "solana_signAndSendTransaction",
        kind: "unsafe",
        params: { transaction: "AQAB", options: { skipPreflight: true, preflightCommitment: "confirmed" } }
      }
    )
    accepted(validateRequest("solana", "solana_signTransaction", { transaction: "AQAB" }))
    accepted(validateRequest("solana", "solana_signAllTransactions", { transactions: ["AQAB"] }))
  })

  it("solana_signIn: the Sign-In-With-Solana input fields, all optional; the answer decoded", () => {
    const input = {
      domain: "dapp.example",
      address: pubkey,
      statement: "Sign in.",
      uri: "https://dapp.example",
      version: "1",
      chainId: "devnet",
      nonce: "0123456789abcdef",
      issuedAt: "2026-11-24T12:00:00.000Z",
      expirationTime: "2026-11-24T12:15:00.000Z",
      requestId: "r",
      resources: ["https://dapp.example/terms"]
    }
    assert.deepStrictEqual(accepted(validateRequest("solana", "solana_signIn", { ...input, junk: 1 })), {
      method: "solana_signIn",
      kind: "unsafe",
      params: input
    })
    accepted(validateRequest("solana", "solana_signIn", {}))
    for (const [params, fragment] of [
      [{ address: to }, "address"],
      [{ nonce: 42 }, "nonce"],
      [{ resources: "https://dapp.example" }, "resources"],
      [{ statement: "x".repeat(2049) }, "statement"],
      [["dapp.example"], "solana_signIn params"]
    ] as const) {
      const error = refused(validateRequest("solana", "solana_signIn", params))
      assert.strictEqual(error._tag, "SchemaDecodeError", JSON.stringify(params))
      assert.include(error.message, fragment)
    }
    assert.instanceOf(refused(validateRequest("eip155", "solana_signIn", input)), MethodNotAllowedError)

    const signature =
      "2AXDGYSE4f2sz7tvMMzyHvUfcoJmxudvdhBcmiUSo6ijwfYmfZYsKRxboQMPh3R4kUhXRVdtSXFXMheka4Rc4P2"
    const answer = { address: pubkey, signedMessage: "3yZe7d", signature }
    assert.deepStrictEqual(Result.getOrThrow(decodeResult("solana_signIn", answer)), answer)
    for (const bad of [
      { ...answer, address: to },
      { ...answer, signedMessage: "not base58!" },
      { ...answer, signedMessage: "2".repeat(4097) },
      { ...answer, signature: "abc" },
      "3yZe7d",
      null
    ])
      assert.isTrue(Result.isFailure(decodeResult("solana_signIn", bad)), JSON.stringify(bad))
  })

  it("a Solana signature in an answer is exactly 64 bytes: 65 bytes in 88 base58 characters are refused", () => {
    const base58 = (bytes: Uint8Array) => {
      const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
      let n = bytes.reduce((sum, byte) => sum * 256n + BigInt(byte), 0n)
      let text = ""
      for (; n > 0n; n /= 58n) text = alphabet[Number(n % 58n)] + text
      return "1".repeat(bytes.findIndex((byte) => byte !== 0)) + text
    }
    const of = (length: number, byte: number) => base58(new Uint8Array(length).fill(byte))
    const [valid, leadingZero, long] = [
      of(64, 255),
      base58(Uint8Array.from([0, ...new Uint8Array(63).fill(7)])),
      of(65, 1)
    ]
    assert.strictEqual(long.length, 88)
    for (const method of [
      "solana_signMessage",
      "solana_signAndSendTransaction",
      "solana_signTransaction"
    ] as const) {
      for (const signature of [valid, leadingZero])
        assert.isTrue(Result.isSuccess(decodeResult(method, { signature })), `${method} ${signature}`)
      assert.isTrue(Result.isFailure(decodeResult(method, { signature: long })), `${method} 65 bytes`)
      assert.isTrue(Result.isFailure(decodeResult(method, { signature: of(63, 255) })), `${method} 63 bytes`)
    }
  })

  it("bip122 (issue 35): getAccountAddresses is safe; signMessage, signPsbt and sendTransfer wait for approval", () => {
    const address = "bcrt1qxq2t6rhqdcka9wta04q87pk6v5cdx8j9lvsa7s"
    assert.strictEqual(classifyRpcMethod("getAccountAddresses"), "safe")
    for (const method of ["signMessage", "signPsbt", "sendTransfer"])
      assert.strictEqual(classifyRpcMethod(method), "unsafe")
    const kinds = [
      validateRequest("bip122", "getAccountAddresses", { account: address }),
      validateRequest("bip122", "signMessage", { message: "hi", address, protocol: "bip322" }),
      validateRequest("bip122", "signPsbt", { psbt: "cHNidP8B", signInputs: [{ address, index: 0 }] }),
      validateRequest("bip122", "sendTransfer", {
        account: address,
        recipientAddress: address,
        amount: "1000"
      })
    ].map((result) => accepted(result).kind)
    assert.deepStrictEqual(kinds, ["safe", "unsafe", "unsafe", "unsafe"])
    // Bounded: a message, a PSBT and the inputs to sign; amounts are whole sats as text.
    const bad: Array<[string, unknown]> = [
      ["signMessage", { message: "x".repeat(8193), address }],
      ["signPsbt", { psbt: "A".repeat(400_004), signInputs: [] }],
      ["signPsbt", { psbt: "cHNidP8B", signInputs: Array(257).fill({ address, index: 0 }) }],
      ["sendTransfer", { account: address, recipientAddress: address, amount: "0.5" }],
      ["sendTransfer", { account: address, recipientAddress: address, amount: 1000 }],
      ["signMessage", { message: "hi", address: "x".repeat(200) }]
    ]
    for (const [method, params] of bad)
      assert.isTrue(
        Result.isFailure(validateRequest("bip122", method, params)),
        `${method} ${JSON.stringify(params).slice(0, 60)}`
      )
    for (const method of ["signMessage", "sendTransfer"]) {
      assert.instanceOf(refused(validateRequest("eip155", method, {})), MethodNotAllowedError)
      assert.instanceOf(refused(validateRequest("solana", method, {})), MethodNotAllowedError)
    }
  })

  it("refuses methods of the other namespace, and every method on polkadot and cosmos", () => {
    const cases: Array<[ChainNamespace, string]> = [
      ["eip155", "solana_signMessage"],
      ["eip155", "solana_signAndSendTransaction"],
      ["solana", "eth_call"],
      ["solana", "eth_sendTransaction"],
      ["solana", "personal_sign"],
      ["solana", "wallet_sendCalls"],
      ["bip122", "eth_call"],
      ["polkadot", "personal_sign"],
      ["cosmos", "solana_signMessage"]
    ]
    for (const [namespace, method] of cases) {
      const error = refused(validateRequest(namespace, method, { message: "3yZe7d", pubkey }))
      assert.instanceOf(error, MethodNotAllowedError, `${namespace} ${method}`)
      assert.strictEqual(error.message, "Requested RPC call is not allowed")
    }
  })

  it("refuses unlisted methods before looking at params", () => {
    const error = refused(validateRequest("eip155", "eth_sign", [to, "0xdead"]))
    assert.instanceOf(error, MethodNotAllowedError)
    if (error._tag === "MethodNotAllowedError") assert.strictEqual(error.method, "eth_sign")
    assert.strictEqual(present(error).message, "Action not allowed")
  })

  it("JSON-RPC params of other methods: absent, by position or by name", () => {
    for (const params of ["0x1", 1, null, true]) {
      const error = refused(validateRequest("eip155", "eth_getBalance", params))
      assert.strictEqual(error._tag, "SchemaDecodeError")
      assert.include(error.message, "eth_getBalance params")
    }
    accepted(validateRequest("eip155", "wallet_getCallsStatus", ["0xabc"]))
    accepted(validateRequest("eip155", "eth_getBalance", { address: to }))
  })

  it("Solana params that break the method's rule are a SchemaDecodeError", () => {
    const cases: Array<[string, unknown, string]> = [
      ["solana_signMessage", { message: "hello world", pubkey }, "message"],
      ["solana_signMessage", { message: "3yZe7d", pubkey: to }, "pubkey"],
      ["solana_signTransaction", {}, "transaction"],
      ["solana_signAllTransactions", { transactions: "AQAB" }, "transactions"],
      ["solana_signAndSendTransaction", { transaction: "AQAB", options: { maxRetries: -1 } }, "maxRetries"],
      ["solana_signAndSendTransaction", { transaction: "AQAB", options: { commitment: "x" } }, "commitment"],
      ["solana_signAndSendTransaction", ["AQAB"], "solana_signAndSendTransaction params"]
    ]
    for (const [method, params, fragment] of cases) {
      const error = refused(validateRequest("solana", method, params))
      assert.strictEqual(error._tag, "SchemaDecodeError", method)
      assert.include(error.message, fragment)
    }
  })

  describe("wallet_sendCalls (SPEC §5)", () => {
    const send = (calls: unknown, extra: Record<string, unknown> = {}) =>
      validateRequest("eip155", "wallet_sendCalls", [{ version: "2.0.0", chainId: "0x1", calls, ...extra }])

    it("accepts calls with a 0x address and 0x data, and keeps the EIP-5792 fields", () => {
      const rule = accepted(
        send([{ to, data: "0xa9059cbb", value: "0x0" }, { to }, { to, data: "0x" }], {
          from: to,
          atomicRequired: true,
          capabilities: { paymasterService: { url: "https://pm.example" } },
          junk: 1
        })
      )
      assert.deepStrictEqual(rule, {
        method: "wallet_sendCalls",
        kind: "unsafe",
        params: [
          {
            version: "2.0.0",
            chainId: "0x1",
            from: to,
            atomicRequired: true,
            capabilities: { paymasterService: { url: "https://pm.example" } },
            calls: [{ to, data: "0xa9059cbb", value: "0x0" }, { to }, { to, data: "0x" }]
          }
        ]
      })
    })

    it("refuses a call without a 0x to, data without 0x, or no calls", () => {
      const cases: Array<[unknown, string]> = [
        [[{ data: "0x" }], "to"],
        [[{ to: to.slice(2) }], "to"],
        [[{ to: "0x1234" }], "to"],
        [[{ to, data: "a9059cbb" }], "data"],
        [[{ to, data: "0xzz" }], "data"],
        [[{ to }, { to: 42 }], "calls[1].to"],
        [[], "Expected at least one call"],
        ["nope", "calls"]
      ]
      for (const [calls, fragment] of cases) {
        const error = refused(send(calls))
        assert.strictEqual(error._tag, "SchemaDecodeError", JSON.stringify(calls))
        assert.include(error.message, fragment)
      }
      assert.strictEqual(refused(validateRequest("eip155", "wallet_sendCalls", {}))._tag, "SchemaDecodeError")
      assert.strictEqual(
        refused(validateRequest("eip155", "wallet_sendCalls", [{ calls: [{ to }] }, { calls: [{ to }] }]))
          ._tag,
        "SchemaDecodeError"
      )
    })

    it("1000 random call lists: accepted exactly when every call has a 0x address and 0x data", () => {
      const call = fc.record(
        {
          to: fc.oneof(evmAddressArb, fc.string(), fc.constant(undefined)),
          data: fc.oneof(
            fc.string({ unit: fc.constantFrom(...HEX.split("")) }).map((h) => `0x${h}`),
            fc.string(),
            fc.constant(undefined)
          )
        },
        { requiredKeys: [] }
      )
      fc.assert(
        fc.property(fc.array(call, { maxLength: 4 }), (calls) => {
          const valid =
            calls.length > 0 &&
            calls.every(
              (c) =>
                typeof c.to === "string" &&
                /^0x[0-9a-fA-F]{40}$/.test(c.to) &&
                (c.data === undefined || /^0x[0-9a-fA-F]*$/.test(c.data))
            )
          assert.strictEqual(Result.isSuccess(send(calls)), valid)
        }),
        { numRuns: NUM_RUNS }
      )
    })
  })

  it("1000 random method names: never throws, refused unless listed", () => {
    const near = fc
      .tuple(
        fc.constantFrom(...listed),
        fc.string({ maxLength: 3 }),
        fc.string({ maxLength: 3 }),
        fc.boolean()
      )
      .map(([method, before, after, upper]) => `${before}${upper ? method.toUpperCase() : method}${after}`)
    const name = fc.oneof(
      fc.string(),
      fc.string({ unit: "binary" }),
      fc.constantFrom(...listed),
      near,
      fc.string().map((s) => `eth_${s}`),
      fc.string().map((s) => `solana_${s}`),
      fc.string().map((s) => `wallet_${s}`)
    )
    fc.assert(
      fc.property(namespaceArb, name, hostile, (namespace, method, params) => {
        const isListed = listed.includes(method)
        assert.strictEqual(classifyRpcMethod(method) === "disallowed", !isListed)
        const result = validateRequest(namespace, method, params)
        if (!isListed) {
          assert.isTrue(Result.isFailure(result))
          if (Result.isFailure(result)) assert.instanceOf(result.failure, MethodNotAllowedError)
        } else if (Result.isSuccess(result)) {
          assert.strictEqual(result.success.method, method)
          assert.strictEqual(result.success.kind, classifyRpcMethod(method))
          assert.strictEqual(rpcMethodNamespace(result.success.method), namespace)
        } else {
          assert.include(["MethodNotAllowedError", "SchemaDecodeError"], result.failure._tag)
        }
      }),
      { numRuns: NUM_RUNS }
    )
  })
})
