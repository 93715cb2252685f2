import { assert } from "@effect/vitest"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import { decodeUnknownResult } from "../../src/schemas/decode"

export const NUM_RUNS = 1000

/** Decodes and asserts success; returns the decoded value. */
export const accepts = <A, I>(schema: Schema.Codec<A, I>, input: unknown): A => {
  const result = decodeUnknownResult(schema, "test")(input)
  if (Result.isFailure(result))
    assert.fail(`expected ${JSON.stringify(input)} to decode: ${result.failure.message}`)
  return result.success
}

/** Decodes, asserts failure and that the readable message contains each of `fragments`. */
export const rejects = <A, I>(
  schema: Schema.Codec<A, I>,
  input: unknown,
  ...fragments: Array<string>
): string => {
  const result = decodeUnknownResult(schema, "test")(input)
  if (Result.isSuccess(result)) assert.fail(`expected ${String(JSON.stringify(input))} to be rejected`)
  assert.strictEqual(result.failure._tag, "SchemaDecodeError")
  assert.isTrue(result.failure.message.startsWith("test: "), result.failure.message)
  for (const fragment of fragments) assert.include(result.failure.message, fragment)
  return result.failure.message
}

/** Arbitrary untrusted input: any JS value, JSON values, and parsed JSON text. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything(),
  fc.jsonValue(),
  fc.json().map((text): unknown => JSON.parse(text))
)

/**
 * Decoding never throws; a success is a valid value of the schema's type. Returns nothing: a throw or a
 * failed assertion inside the property fails the run.
 */
export const neverThrows = <A, I>(
  schema: Schema.Codec<A, I>,
  arbitrary: fc.Arbitrary<unknown> = hostile,
  numRuns = NUM_RUNS
): void => {
  const decode = Schema.decodeUnknownResult(schema, { errors: "all" })
  const is = Schema.is(Schema.toType(schema))
  fc.assert(
    fc.property(arbitrary, (input) => {
      const result = decode(input)
      if (Result.isSuccess(result)) assert.isTrue(is(result.success))
    }),
    { numRuns }
  )
}

/**
 * A response decoder never throws on `inputs`; `check` runs on each success (with the input it came from).
 * Returns nothing: a throw or a failed assertion inside the property fails the run.
 */
export const decoderNeverThrows = <A, E>(
  decode: (input: unknown) => Result.Result<A, E>,
  inputs: fc.Arbitrary<unknown>,
  check: (decoded: A, input: unknown) => void
): void =>
  fc.assert(
    fc.property(inputs, (input) => {
      const result = decode(input)
      if (Result.isSuccess(result)) check(result.success, input)
    }),
    { numRuns: NUM_RUNS }
  )

/** The success of `result`, or a failed assertion. */
export const succeeded = <A, E>(result: Result.Result<A, E>): A => {
  if (Result.isFailure(result)) return assert.fail(`expected a success, got ${String(result.failure)}`)
  return result.success
}

/** Every generated input decodes, to a valid value of the schema's type. */
export const alwaysDecodes = <A, I>(
  schema: Schema.Codec<A, I>,
  arbitrary: fc.Arbitrary<unknown>,
  numRuns = NUM_RUNS
): void => {
  const is = Schema.is(Schema.toType(schema))
  fc.assert(
    fc.property(arbitrary, (input) => is(accepts(schema, input))),
    { numRuns }
  )
}

type Path = ReadonlyArray<string | number>

const paths = (value: unknown, prefix: Path = []): Array<Path> => {
  if (Array.isArray(value))
    return value.flatMap((item, i) => [[...prefix, i], ...paths(item, [...prefix, i])])
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => [
      [...prefix, key],
      ...paths(item, [...prefix, key])
    ])
  }
  return []
}

const setAt = (root: unknown, path: Path, replacement: unknown, remove: boolean): unknown => {
  if (path.length === 0) return replacement
  const [head, ...rest] = path
  if (Array.isArray(root)) {
    const copy = [...root]
    if (typeof head === "number") copy[head] = setAt(copy[head], rest, replacement, remove)
    return copy
  }
  if (typeof root === "object" && root !== null && head !== undefined) {
    const copy: Record<string, unknown> = { ...root }
    const key = String(head)
    if (rest.length === 0 && remove) delete copy[key]
    else copy[key] = setAt(copy[key], rest, replacement, remove)
    return copy
  }
  return root
}

/** A valid value with one nested field replaced by random JSON or removed: near-miss fuzzing. */
export const mutated = (valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.tuple(valid, fc.nat(), fc.jsonValue(), fc.boolean()).map(([value, n, replacement, remove]) => {
    const all = paths(value)
    const path = all.length === 0 ? [] : all[n % all.length]
    return setAt(value, path ?? [], replacement, remove)
  })

/**
 * Untrusted list answers: hostile values, or bodies whose `key` lists valid, near-miss and hostile items;
 * `others` generates the body's other fields.
 */
export const hostileListBody = (
  key: string,
  item: fc.Arbitrary<unknown>,
  others: Record<string, fc.Arbitrary<unknown>> = {}
): fc.Arbitrary<unknown> =>
  fc.oneof(hostile, fc.record({ ...others, [key]: fc.array(fc.oneof(item, mutated(item), hostile)) }))

// Generators of valid values.

const stringOf = (alphabet: string, minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet.split("")), minLength, maxLength })

export const HEX = "0123456789abcdefABCDEF"
export const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
const CAIP_REFERENCE = "-_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

export const evmAddressArb = stringOf(HEX, 40, 40).map((hex) => `0x${hex}`)
export const solanaAddressArb = stringOf(BASE58, 32, 44)
export const hexArb = stringOf(HEX, 1, 16).map((hex) => `0x${hex}`)
export const namespaceArb = fc.constantFrom("eip155", "solana", "polkadot", "bip122", "cosmos")
export const caipNetworkIdArb = fc
  .tuple(namespaceArb, stringOf(CAIP_REFERENCE, 1, 32))
  .map(([ns, reference]) => `${ns}:${reference}`)
export const finiteArb = fc.double({ noNaN: true, noDefaultInfinity: true })
export const isoDateArb = fc
  .date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true })
  .map((date) => date.toISOString())
export const httpsUrlArb = fc.webUrl({ validSchemes: ["https", "http"] }).filter((url) => !/\s/.test(url))
export const nonBlankArb = fc.string({ minLength: 1 }).filter((s) => s.trim().length > 0)
/** Optional field: absent, null (where the API sends null) or a value. */
export const nullable = <A>(arb: fc.Arbitrary<A>) => fc.option(arb, { nil: null })

// Answers as the provider sends them.

/** A token balance of the balance API. */
export const usdcBalance = {
  name: "USD Coin",
  symbol: "USDC",
  chainId: "eip155:1",
  address: "eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
  value: 12.5,
  price: 1,
  quantity: { decimals: "6", numeric: "12.5" },
  iconUrl: "https://example.org/usdc.png"
}
