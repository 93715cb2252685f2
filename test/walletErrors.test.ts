import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import {
  ChainDisconnectedError,
  ChainNotAddedError,
  InternalWalletError,
  isUserRejection,
  normalizeWalletError,
  RequestPendingError,
  UnauthorizedWalletError,
  UnknownWalletError,
  UnsupportedMethodError,
  UserRejectedRequestError,
  WalletDisconnectedError,
  type WalletError,
  walletErrorCode
} from "../src/walletErrors"

type Tag = WalletError["_tag"]

const classes = [
  UserRejectedRequestError,
  UnauthorizedWalletError,
  UnsupportedMethodError,
  WalletDisconnectedError,
  ChainDisconnectedError,
  ChainNotAddedError,
  RequestPendingError,
  InternalWalletError,
  UnknownWalletError
] as const

const tags: ReadonlyArray<string> = classes.map((Class) => Class.name)

/** R7: exactly one class, `_tag` equal to it, a usable message, and the input kept as `cause`. */
const assertWellFormed = (error: WalletError, input: unknown): void => {
  const matching = classes.filter((Class) => error instanceof Class)
  assert.strictEqual(matching.length, 1)
  assert.strictEqual(matching[0]!.name, error._tag)
  assert.isTrue(tags.includes(error._tag))
  assert.isTrue(error.message.length > 0 && error.message.length <= 500)
  assert.isTrue(error.code === undefined || Number.isSafeInteger(error.code))
  assert.isTrue(Object.is(error.cause, input))
}

const throwingProxy = new Proxy(
  {},
  {
    get: () => {
      throw new Error("trap")
    },
    has: () => {
      throw new Error("trap")
    },
    ownKeys: () => {
      throw new Error("trap")
    },
    getPrototypeOf: () => {
      throw new Error("trap")
    }
  }
)

const revokedProxy = (() => {
  const { proxy, revoke } = Proxy.revocable({ code: 4001 }, {})
  revoke()
  return proxy
})()

const cyclic = (() => {
  const node: Record<string, unknown> = { code: 4100, message: "Unauthorized" }
  node.data = node
  node.cause = { error: node, data: { originalError: node } }
  return node
})()

const throwingGetters = Object.defineProperties(
  {},
  {
    code: {
      get: () => {
        throw new Error("getter")
      },
      enumerable: true
    },
    message: { value: "Wallet said no", enumerable: true },
    data: {
      get: () => {
        throw new Error("getter")
      },
      enumerable: true
    }
  }
)

const errorWithCode = Object.assign(new Error("User rejected the request."), { code: 4001 })

const viemTransactionError = {
  name: "TransactionExecutionError",
  shortMessage: "User rejected the request.",
  message: `User rejected the request.\n\nRequest Arguments:\n${"  data: 0x".padEnd(600, "f")}\n\nVersion: viem@2.21.0`,
  cause: { name: "UserRejectedRequestError", code: 4001, message: "User denied transaction signature." }
}

interface Row {
  readonly name: string
  readonly input: unknown
  readonly tag: Tag
  readonly code: number | undefined
  readonly message?: string
}

const rows: ReadonlyArray<Row> = [
  {
    name: "MetaMask 4001",
    input: { code: 4001, message: "MetaMask Tx Signature: User denied transaction signature." },
    tag: "UserRejectedRequestError",
    code: 4001,
    message: "MetaMask Tx Signature: User denied transaction signature."
  },
  {
    name: "MetaMask Mobile 4902 nested under data.originalError",
    input: {
      code: -32603,
      message: "Internal JSON-RPC error.",
      data: { originalError: { code: 4902, message: 'Unrecognized chain ID "0x89".' } }
    },
    tag: "ChainNotAddedError",
    code: 4902,
    message: 'Unrecognized chain ID "0x89".'
  },
  {
    name: "4902 nested under data.code",
    input: { data: { code: 4902 } },
    tag: "ChainNotAddedError",
    code: 4902
  },
  {
    name: "4902 nested under cause.code",
    input: { cause: { code: "4902" } },
    tag: "ChainNotAddedError",
    code: 4902
  },
  {
    name: "4902 nested under error.code",
    input: { error: { code: 4902 } },
    tag: "ChainNotAddedError",
    code: 4902
  },
  { name: "4902 top-level", input: { code: 4902 }, tag: "ChainNotAddedError", code: 4902 },
  { name: "string code 4001", input: { code: "4001" }, tag: "UserRejectedRequestError", code: 4001 },
  { name: "string code with spaces", input: { code: " 4100 " }, tag: "UnauthorizedWalletError", code: 4100 },
  { name: "string code -32002", input: { code: "-32002" }, tag: "RequestPendingError", code: -32002 },
  {
    name: "Trust Wallet localized message, no code",
    input: { message: "不支持此网络，请先添加" },
    tag: "UnknownWalletError",
    code: undefined,
    message: "不支持此网络，请先添加"
  },
  {
    name: "Unrecognized chain message, no code",
    input: { message: "Unrecognized chain ID 0x2105. Try adding the chain first." },
    tag: "ChainNotAddedError",
    code: undefined
  },
  {
    name: "Unrecognised (British) chain message under -32603",
    input: { code: -32603, message: "Unrecognised chain" },
    tag: "ChainNotAddedError",
    code: -32603
  },
  {
    name: "null",
    input: null,
    tag: "UnknownWalletError",
    code: undefined,
    message: "Wallet request failed."
  },
  { name: "undefined", input: undefined, tag: "UnknownWalletError", code: undefined },
  {
    name: "Error with code",
    input: errorWithCode,
    tag: "UserRejectedRequestError",
    code: 4001,
    message: "User rejected the request."
  },
  {
    name: "viem { cause: { code } } with an over-long outer message",
    input: viemTransactionError,
    tag: "UserRejectedRequestError",
    code: 4001,
    message: "User denied transaction signature."
  },
  {
    name: "viem SwitchChainError (4902) wrapping a rejection",
    input: { code: 4902, cause: { code: 4001 } },
    tag: "UserRejectedRequestError",
    code: 4001
  },
  {
    name: "viem SwitchChainError (4902) wrapping an unsupported method",
    input: { code: 4902, cause: { code: 4200 } },
    tag: "UnsupportedMethodError",
    code: 4200
  },
  {
    name: "ethers ACTION_REJECTED",
    input: { code: "ACTION_REJECTED", info: { error: { code: 4001, message: "User denied" } } },
    tag: "UserRejectedRequestError",
    code: 4001,
    message: "User denied"
  },
  {
    name: "ethers ACTION_REJECTED without inner code",
    input: { code: "ACTION_REJECTED" },
    tag: "UserRejectedRequestError",
    code: undefined
  },
  {
    name: "-32002 already pending",
    input: { code: -32002, message: "Request of type 'wallet_requestPermissions' already pending" },
    tag: "RequestPendingError",
    code: -32002
  },
  { name: "-32603 internal", input: { code: -32603 }, tag: "InternalWalletError", code: -32603 },
  {
    name: "5000 CAIP-25 user rejected",
    input: { code: 5000, message: "User rejected." },
    tag: "UserRejectedRequestError",
    code: 5000
  },
  { name: "4100", input: { code: 4100 }, tag: "UnauthorizedWalletError", code: 4100 },
  { name: "4200", input: { code: 4200 }, tag: "UnsupportedMethodError", code: 4200 },
  { name: "4900", input: { code: 4900 }, tag: "WalletDisconnectedError", code: 4900 },
  { name: "4901", input: { code: 4901 }, tag: "ChainDisconnectedError", code: 4901 },
  {
    name: "Proxy that throws on every trap",
    input: throwingProxy,
    tag: "UnknownWalletError",
    code: undefined
  },
  { name: "revoked Proxy", input: revokedProxy, tag: "UnknownWalletError", code: undefined },
  { name: "cyclic object", input: cyclic, tag: "UnauthorizedWalletError", code: 4100 },
  { name: "BigInt code", input: { code: 4001n }, tag: "UserRejectedRequestError", code: 4001 },
  { name: "bare BigInt", input: 4902n, tag: "ChainNotAddedError", code: 4902 },
  { name: "huge BigInt code", input: { code: 10n ** 30n }, tag: "UnknownWalletError", code: undefined },
  {
    name: "getters that throw",
    input: throwingGetters,
    tag: "UnknownWalletError",
    code: undefined,
    message: "Wallet said no"
  },
  { name: "frozen object", input: Object.freeze({ code: 4900 }), tag: "WalletDisconnectedError", code: 4900 },
  { name: "symbol", input: Symbol("boom"), tag: "UnknownWalletError", code: undefined },
  {
    name: "thrown string",
    input: "User closed modal",
    tag: "UnknownWalletError",
    code: undefined,
    message: "User closed modal"
  },
  { name: "thrown number", input: 4001, tag: "UserRejectedRequestError", code: 4001 },
  { name: "unknown numeric code", input: { code: 1234 }, tag: "UnknownWalletError", code: 1234 },
  { name: "non-integer code", input: { code: 4001.5 }, tag: "UnknownWalletError", code: undefined },
  {
    name: "huge message string",
    input: { code: 4100, message: "x".repeat(10_000_000) },
    tag: "UnauthorizedWalletError",
    code: 4100,
    message: "The requested method or account has not been authorized by the user."
  },
  {
    name: "blank message",
    input: { code: 4001, message: "   " },
    tag: "UserRejectedRequestError",
    code: 4001,
    message: "User rejected the request."
  },
  {
    name: "function with a code",
    input: Object.assign(() => 0, { code: 4200 }),
    tag: "UnsupportedMethodError",
    code: 4200
  }
]

describe("normalizeWalletError: wallet quirks (THREATS T11)", () => {
  for (const row of rows) {
    it(row.name, () => {
      const error = normalizeWalletError(row.input)
      assert.strictEqual(error._tag, row.tag)
      assert.strictEqual(error.code, row.code)
      if (row.message !== undefined) assert.strictEqual(error.message, row.message)
      assertWellFormed(error, row.input)
    })
  }
})

describe("isUserRejection and walletErrorCode", () => {
  it("is true only for user rejections", () => {
    assert.isTrue(isUserRejection(normalizeWalletError({ code: walletErrorCode.userRejectedRequest })))
    assert.isTrue(isUserRejection(normalizeWalletError({ code: walletErrorCode.caipUserRejected })))
    assert.isFalse(isUserRejection(normalizeWalletError({ code: walletErrorCode.chainNotAdded })))
    assert.isFalse(isUserRejection(normalizeWalletError(null)))
  })

  it("names the EIP-1193 / EIP-1474 codes", () => {
    assert.deepStrictEqual(walletErrorCode, {
      userRejectedRequest: 4001,
      unauthorized: 4100,
      unsupportedMethod: 4200,
      disconnected: 4900,
      chainDisconnected: 4901,
      chainNotAdded: 4902,
      caipUserRejected: 5000,
      requestPending: -32002,
      internal: -32603
    })
  })
})

const expectedByCode: ReadonlyArray<readonly [number, Tag]> = [
  [4001, "UserRejectedRequestError"],
  [5000, "UserRejectedRequestError"],
  [4100, "UnauthorizedWalletError"],
  [4200, "UnsupportedMethodError"],
  [4900, "WalletDisconnectedError"],
  [4901, "ChainDisconnectedError"],
  [4902, "ChainNotAddedError"],
  [-32002, "RequestPendingError"],
  [-32603, "InternalWalletError"]
]

const knownCodes = expectedByCode.map(([code]) => code)

/** A code as wallets send it: number, numeric string or BigInt. */
const codeForm = (code: number): fc.Arbitrary<unknown> =>
  fc.constantFrom<unknown>(code, String(code), ` ${code} `, BigInt(code))

/** Arbitrary `{code, message, data}` trees: nested, sometimes cyclic, with junk anywhere. */
const { tree } = fc.letrec<{ tree: Record<string, unknown>; node: unknown }>((tie) => ({
  tree: fc.record(
    {
      code: fc.oneof(
        fc.constantFrom(...knownCodes).chain(codeForm),
        fc.integer(),
        fc.bigInt(),
        fc.string(),
        fc.constant("ACTION_REJECTED"),
        fc.anything()
      ),
      message: fc.oneof(fc.string(), fc.string({ minLength: 490, maxLength: 520 }), fc.anything()),
      data: tie("node"),
      cause: tie("node"),
      error: tie("node"),
      originalError: tie("node"),
      info: tie("node")
    },
    { requiredKeys: [] }
  ),
  node: fc.oneof({ depthSize: "small" }, fc.anything(), tie("tree"))
}))

const cyclicTree = fc
  .tuple(tree, fc.constantFrom("data", "cause", "error", "originalError", "info"))
  .map(([generated, key]) => {
    const node: Record<string, unknown> = { ...generated }
    node[key] = { originalError: node, cause: node }
    return node
  })

const tagOf = (code: number): Tag => expectedByCode.find(([known]) => known === code)![1]

describe("normalizeWalletError: properties (THREATS R7)", () => {
  it("is total over fc.anything() and maps each input to exactly one class", () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withBoxedValues: true,
          withDate: true,
          withMap: true,
          withSet: true,
          withNullPrototype: true,
          withObjectString: true,
          withSparseArray: true,
          withTypedArray: true
        }),
        (input) => assertWellFormed(normalizeWalletError(input), input)
      ),
      { numRuns: 1000 }
    )
  })

  it("is total over generated {code, message, data} trees, cyclic ones included", () => {
    fc.assert(
      fc.property(fc.oneof(tree, cyclicTree), (input) =>
        assertWellFormed(normalizeWalletError(input), input)
      ),
      { numRuns: 1000 }
    )
  })

  it("maps every known top-level code, in every form, to its class", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...knownCodes).chain((code) => fc.tuple(fc.constant(code), codeForm(code))),
        fc.option(fc.string(), { nil: undefined }),
        ([code, form], message) => {
          const input = message === undefined ? { code: form } : { code: form, message }
          const error = normalizeWalletError(input)
          assert.strictEqual(error._tag, tagOf(code))
          assert.strictEqual(error.code, code)
          assertWellFormed(error, input)
        }
      ),
      { numRuns: 1000 }
    )
  })

  it("finds a nested 4902 under a generic or missing top-level code", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<unknown>(undefined, -32603, "-32603", 4902, 12345, "oops"),
        fc.constantFrom<(inner: object) => object>(
          (inner) => ({ data: { originalError: inner } }),
          (inner) => ({ data: inner }),
          (inner) => ({ cause: inner }),
          (inner) => ({ error: inner })
        ),
        codeForm(4902),
        (outerCode, wrap, innerCode) => {
          const input = { ...wrap({ code: innerCode }), code: outerCode }
          const error = normalizeWalletError(input)
          assert.strictEqual(error._tag, "ChainNotAddedError")
          assert.strictEqual(error.code, 4902)
          assertWellFormed(error, input)
        }
      ),
      { numRuns: 1000 }
    )
  })
})
