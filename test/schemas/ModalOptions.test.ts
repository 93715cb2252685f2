import { assert, describe, it } from "@effect/vitest"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import { SchemaDecodeError } from "../../src/schemas/decode"
import {
  DefaultAccountTypes,
  DefaultConnectorTypeOrder,
  DefaultFeatures,
  DefaultUrls,
  decodeModalOptions,
  Features,
  type ModalOptions,
  type ModalOptionsError,
  type ModalOptionsInput,
  ModalOptions as ModalOptionsSchema,
  ProjectIdMissingError
} from "../../src/schemas/ModalOptions"
import { DefaultSocials } from "../../src/schemas/Primitives"
import { evmNetwork } from "../kit/networks"
import { accepts, caipNetworkIdArb, hostile, httpsUrlArb, mutated, NUM_RUNS, nonBlankArb } from "./helpers"
import { base, mainnet, networkArb, solana } from "./networks"

const minimal = { projectId: "b56e18d47c72ab683b10814fe9495694", networks: [mainnet] }

const ok = (input: unknown): ModalOptions => {
  const result = decodeModalOptions(input)
  if (Result.isFailure(result)) assert.fail(`expected options to decode: ${result.failure.message}`)
  return result.success
}

const fails = (input: unknown): ModalOptionsError => {
  const result = decodeModalOptions(input)
  if (Result.isSuccess(result)) assert.fail("expected options to be rejected")
  return result.failure
}

const schemaError = (input: unknown, ...fragments: Array<string>): string => {
  const error = fails(input)
  if (!(error instanceof SchemaDecodeError))
    return assert.fail(`expected a SchemaDecodeError, got ${error._tag}`)
  assert.strictEqual(error.subject, "createModal options")
  assert.isTrue(error.message.startsWith("createModal options: "), error.message)
  for (const fragment of fragments) assert.include(error.message, fragment, error.message)
  return error.message
}

describe("decodeModalOptions: project id", () => {
  it("a missing, non-string or blank projectId is ProjectIdMissingError 'Project ID Not Configured'", () => {
    for (const input of [
      { networks: [mainnet] },
      { projectId: undefined, networks: [mainnet] },
      { projectId: null, networks: [mainnet] },
      { projectId: 42, networks: [mainnet] },
      { projectId: "", networks: [mainnet] },
      { projectId: "   ", networks: [mainnet] },
      {},
      undefined,
      null,
      "projectId",
      []
    ]) {
      const error = fails(input)
      assert.instanceOf(error, ProjectIdMissingError)
      assert.strictEqual(error._tag, "ProjectIdMissingError")
      assert.strictEqual(error.message, "Project ID Not Configured")
    }
  })

  it("a missing project id wins over other problems", () => {
    assert.strictEqual(fails({ networks: [], siwx: {}, siweConfig: {} })._tag, "ProjectIdMissingError")
  })

  it("the project id is trimmed", () => {
    assert.strictEqual(ok({ ...minimal, projectId: "  abc  " }).projectId, "abc")
  })
})

describe("decodeModalOptions: defaults", () => {
  it("fills every default from SPEC §1 / FACTS §3.1", () => {
    const options = ok(minimal)
    assert.deepStrictEqual(options.features, DefaultFeatures)
    assert.deepStrictEqual(options.defaultAccountTypes, {
      eip155: "smartAccount",
      solana: "eoa",
      polkadot: "eoa",
      bip122: "payment",
      cosmos: "eoa"
    })
    assert.deepStrictEqual(options.featuredWalletIds, [])
    assert.deepStrictEqual(options.includeWalletIds, [])
    assert.deepStrictEqual(options.excludeWalletIds, [])
    assert.deepStrictEqual(options.customWallets, [])
    assert.strictEqual(options.allWallets, "SHOW")
    assert.isTrue(options.enableInjected)
    assert.isTrue(options.enableEIP6963)
    assert.isTrue(options.enableWalletConnect)
    assert.isTrue(options.enableReconnect)
    assert.isTrue(options.enableNetworkSwitch)
    assert.isFalse(options.allowUnsupportedChain)
    assert.isFalse(options.enableEmbedded)
    assert.isFalse(options.disableAppend)
    assert.isFalse(options.debug)
    assert.isUndefined(options.themeMode)
    assert.deepStrictEqual(options.themeVariables, {})
    assert.deepStrictEqual(options.customRpcUrls, {})
    assert.strictEqual(options.apiUrl, "https://api.web3modal.org")
    assert.strictEqual(options.blockchainApiUrl, "https://rpc.walletconnect.org")
    assert.strictEqual(options.analyticsUrl, "https://pulse.walletconnect.org")
    assert.strictEqual(options.relayUrl, "wss://relay.walletconnect.org")
    assert.strictEqual(options.secureSiteOrigin, "https://secure.walletconnect.org")
    assert.deepStrictEqual(
      { ...DefaultUrls },
      {
        apiUrl: options.apiUrl,
        blockchainApiUrl: options.blockchainApiUrl,
        analyticsUrl: options.analyticsUrl,
        relayUrl: options.relayUrl,
        secureSiteOrigin: options.secureSiteOrigin
      }
    )
  })

  it("DefaultFeatures, what Features decodes {} to, are SPEC §1's defaults", () => {
    assert.deepStrictEqual(accepts(Features, {}), DefaultFeatures)
    assert.deepStrictEqual(
      Object.keys(DefaultFeatures).sort(),
      Object.keys(Features.fields)
        .filter((key) => key !== "connectMethodsOrder")
        .sort()
    )
    assert.deepStrictEqual(DefaultFeatures.socials, DefaultSocials)
    assert.deepStrictEqual(DefaultFeatures.connectorTypeOrder, DefaultConnectorTypeOrder)
    assert.isUndefined(DefaultFeatures.connectMethodsOrder)
    assert.isTrue(
      DefaultFeatures.swaps && DefaultFeatures.onramp && DefaultFeatures.receive && DefaultFeatures.send
    )
    assert.isTrue(DefaultFeatures.email && DefaultFeatures.emailShowWallets && DefaultFeatures.history)
    assert.isTrue(DefaultFeatures.analytics && DefaultFeatures.allWallets)
    assert.isFalse(DefaultFeatures.legalCheckbox || DefaultFeatures.smartSessions || DefaultFeatures.pay)
  })

  it("a partial features object keeps the other defaults", () => {
    const options = ok({
      ...minimal,
      features: { swaps: false, socials: false, connectMethodsOrder: ["wallet", "email"] }
    })
    assert.deepStrictEqual(options.features, {
      ...DefaultFeatures,
      swaps: false,
      socials: false,
      connectMethodsOrder: ["wallet", "email"]
    })
  })

  it("a partial defaultAccountTypes merges over the defaults", () => {
    const options = ok({ ...minimal, defaultAccountTypes: { eip155: "eoa", solana: "eoa" } })
    assert.deepStrictEqual(options.defaultAccountTypes, { ...DefaultAccountTypes, eip155: "eoa" })
    assert.deepStrictEqual(
      ok({ ...minimal, defaultAccountTypes: {} }).defaultAccountTypes,
      DefaultAccountTypes
    )
  })

  it("defaultAccountTypes offers a choice only where Airlock has one: the EVM embedded account, Bitcoin's two", () => {
    const refused: ReadonlyArray<readonly [Record<string, string>, string]> = [
      [
        { eip155: "payment" },
        'defaultAccountTypes.eip155: Expected "eoa" | "smartAccount", actual "payment"'
      ],
      [
        { solana: "smartAccount" },
        'defaultAccountTypes.solana: Expected "eoa" | undefined, actual "smartAccount"'
      ],
      [{ bip122: "eoa" }, 'defaultAccountTypes.bip122: Expected "payment" | "ordinal", actual "eoa"'],
      [{ polkadot: "smartAccount" }, "defaultAccountTypes.polkadot"],
      [{ cosmos: "payment" }, "defaultAccountTypes.cosmos"]
    ]
    for (const [defaultAccountTypes, message] of refused)
      schemaError({ ...minimal, defaultAccountTypes }, message)
    // Bitcoin's payment address by default, its ordinals address when the host asks.
    assert.strictEqual(ok(minimal).defaultAccountTypes.bip122, "payment")
    assert.strictEqual(
      ok({ ...minimal, defaultAccountTypes: { bip122: "ordinal" } }).defaultAccountTypes.bip122,
      "ordinal"
    )
  })

  it("the legal checkbox needs a page to agree to: refused without termsConditionsUrl and privacyPolicyUrl", () => {
    schemaError(
      { ...minimal, features: { legalCheckbox: true } },
      "features.legalCheckbox: features.legalCheckbox needs termsConditionsUrl or privacyPolicyUrl (or both); neither is set"
    )
    const terms = "https://app.example/terms"
    const privacy = "https://app.example/privacy"
    for (const urls of [
      { termsConditionsUrl: terms },
      { privacyPolicyUrl: privacy },
      { termsConditionsUrl: terms, privacyPolicyUrl: privacy }
    ]) {
      const options = ok({ ...minimal, ...urls, features: { legalCheckbox: true } })
      assert.isTrue(options.features.legalCheckbox)
      assert.strictEqual(options.termsConditionsUrl, urls.termsConditionsUrl)
    }
    // A link that is not http(s) is refused as the footer's always was.
    schemaError(
      { ...minimal, termsConditionsUrl: "javascript:alert(1)", features: { legalCheckbox: true } },
      "termsConditionsUrl"
    )
  })

  it("pay, built in this release, decodes on and off", () => {
    assert.isTrue(ok({ ...minimal, features: { pay: true } }).features.pay)
    assert.isFalse(ok({ ...minimal }).features.pay)
  })

  it("smart sessions, built, may be turned on", () => {
    assert.isTrue(ok({ ...minimal, features: { smartSessions: true } }).features.smartSessions)
  })

  it("undefined values count as absent", () => {
    const options = ok({ ...minimal, enableInjected: undefined, features: undefined, themeMode: undefined })
    assert.isTrue(options.enableInjected)
    assert.deepStrictEqual(options.features, DefaultFeatures)
  })

  it("keeps host values", () => {
    const options = ok({
      ...minimal,
      networks: [mainnet, base, solana],
      defaultNetwork: base,
      metadata: { name: "Demo", description: "d", url: "https://demo.example", icons: [] },
      featuredWalletIds: ["a"],
      allWallets: "ONLY_MOBILE",
      enableEIP6963: false,
      themeMode: "light",
      themeVariables: { "--airlock-accent": "#f00" },
      customRpcUrls: { "eip155:1": [{ url: "https://my-rpc.example" }] },
      apiUrl: "http://localhost:8787",
      secureSiteOrigin: "http://localhost:8788",
      termsConditionsUrl: "https://demo.example/terms",
      debug: true
    })
    assert.strictEqual(options.networks.length, 3)
    assert.strictEqual(options.defaultNetwork?.caipNetworkId, "eip155:8453")
    assert.strictEqual(options.allWallets, "ONLY_MOBILE")
    assert.isFalse(options.enableEIP6963)
    assert.strictEqual(options.themeMode, "light")
    assert.deepStrictEqual(options.customRpcUrls, { "eip155:1": [{ url: "https://my-rpc.example" }] })
    assert.strictEqual(options.apiUrl, "http://localhost:8787")
  })
})

describe("ModalOptionsInput", () => {
  it("types what a host writes: partial features, partial account types, host objects", () => {
    const input: ModalOptionsInput = {
      projectId: "p",
      networks: [evmNetwork(1, "Ethereum", "https://eth.merkle.io")],
      features: { swaps: false },
      defaultAccountTypes: { eip155: "eoa" },
      siwx: { createMessage: () => "m" }
    }
    assert.isTrue(Result.isSuccess(decodeModalOptions(input)))
  })
})

describe("decodeModalOptions: siweConfig and siwx", () => {
  it("passes the host's objects through untouched, methods and prototype included", () => {
    class Siwx {
      readonly sessions: Array<string> = []
      createMessage() {
        return "message"
      }
    }
    const siwx = new Siwx()
    const options = ok({ ...minimal, siwx })
    assert.strictEqual(options.siwx, siwx)
    assert.instanceOf(options.siwx, Siwx)
    if (options.siwx instanceof Siwx) assert.strictEqual(options.siwx.createMessage(), "message")

    const siweConfig = { getNonce: async () => "n", verifyMessage: async () => true }
    assert.strictEqual(ok({ ...minimal, siweConfig }).siweConfig, siweConfig)
  })

  it("setting both is a SchemaDecodeError naming both", () => {
    const message = schemaError(
      { ...minimal, siweConfig: { getNonce: () => "n" }, siwx: { createMessage: () => "m" } },
      "siweConfig",
      "siwx"
    )
    assert.strictEqual(message, "createModal options: Set either siweConfig or siwx, not both")
  })

  it("non-objects are rejected", () => {
    schemaError({ ...minimal, siwx: "yes" }, "siwx: Expected an object")
    schemaError({ ...minimal, siweConfig: [] }, "siweConfig: Expected an object")
  })
})

describe("decodeModalOptions: other errors", () => {
  it("networks must be a non-empty list of valid networks", () => {
    schemaError({ ...minimal, networks: [] }, "networks: Expected at least one network")
    schemaError({ projectId: "p" }, "networks: is missing")
    schemaError(
      { ...minimal, networks: [{ ...mainnet, chainNamespace: "solana" }] },
      "networks[0].caipNetworkId"
    )
  })

  it("defaultNetwork must be one of networks", () => {
    schemaError(
      { ...minimal, defaultNetwork: base },
      "defaultNetwork: defaultNetwork eip155:8453 is not one of networks"
    )
  })

  it("unsafe or malformed URLs are rejected", () => {
    schemaError(
      { ...minimal, termsConditionsUrl: "javascript:alert(1)" },
      "termsConditionsUrl: Expected an absolute http(s) URL"
    )
    schemaError(
      { ...minimal, relayUrl: "https://relay.example" },
      "relayUrl: Expected an absolute WebSocket URL"
    )
    schemaError(
      { ...minimal, secureSiteOrigin: "https://secure.example/sdk" },
      "secureSiteOrigin: Expected an origin"
    )
    schemaError(
      { ...minimal, customRpcUrls: { "eip155:1": [{ url: "ftp://x" }] } },
      'customRpcUrls["eip155:1"][0].url'
    )
  })

  it("customRpcUrls keys must be CAIP-2 ids", () => {
    schemaError(
      { ...minimal, customRpcUrls: { mainnet: [{ url: "https://x.example" }] } },
      "customRpcUrls.mainnet: is unexpected"
    )
  })

  it("enumerations name their allowed values", () => {
    schemaError(
      { ...minimal, allWallets: "ALL" },
      "allWallets: Expected allWallets to be SHOW, HIDE or ONLY_MOBILE"
    )
    schemaError({ ...minimal, themeMode: "blue" }, "themeMode: Expected a theme mode: light or dark")
    schemaError(
      { ...minimal, features: { socials: ["myspace"] } },
      "features.socials: Expected socials to be false or a list of"
    )
    schemaError(
      { ...minimal, features: { connectorTypeOrder: ["qr"] } },
      "features.connectorTypeOrder[0]: Expected a connector group"
    )
    schemaError(
      { ...minimal, defaultAccountTypes: { eip155: "contract" } },
      'defaultAccountTypes.eip155: Expected "eoa" | "smartAccount"'
    )
  })

  it("reports several problems at once", () => {
    schemaError({ ...minimal, debug: "yes", enableInjected: 1 }, "debug", "enableInjected")
  })
})

const optionsArb = fc
  .record(
    {
      projectId: nonBlankArb,
      networks: fc.array(networkArb, { minLength: 1, maxLength: 3 }),
      featuredWalletIds: fc.array(fc.string(), { maxLength: 3 }),
      excludeWalletIds: fc.array(fc.string(), { maxLength: 3 }),
      allWallets: fc.constantFrom("SHOW", "HIDE", "ONLY_MOBILE"),
      enableInjected: fc.boolean(),
      themeMode: fc.constantFrom("light", "dark"),
      features: fc.record(
        {
          swaps: fc.boolean(),
          socials: fc.oneof(
            fc.constant(false as const),
            fc.subarray(["google", "x", "discord", "farcaster", "github", "apple", "facebook"] as const)
          ),
          connectMethodsOrder: fc.subarray(["email", "social", "wallet"] as const)
        },
        { requiredKeys: [] }
      ),
      defaultAccountTypes: fc.record(
        { eip155: fc.constantFrom("eoa", "smartAccount"), bip122: fc.constantFrom("payment", "ordinal") },
        { requiredKeys: [] }
      ),
      customRpcUrls: fc.dictionary(
        caipNetworkIdArb,
        fc.array(fc.record({ url: httpsUrlArb }), { maxLength: 2 }),
        {
          maxKeys: 3
        }
      ),
      siwx: fc.constant({ createMessage: () => "m" })
    },
    { requiredKeys: ["projectId", "networks"] }
  )
  .map((options) => ({
    ...options,
    networks: [options.networks[0] ?? mainnet, ...options.networks.slice(1)]
  }))

describe("decodeModalOptions: properties", () => {
  it("property: arbitrary input never throws; failures are one of the two typed errors", () =>
    fc.assert(
      fc.property(fc.oneof(hostile, fc.dictionary(fc.string(), hostile)), (input) => {
        const result = decodeModalOptions(input)
        if (Result.isFailure(result)) {
          assert.include(["ProjectIdMissingError", "SchemaDecodeError"], result.failure._tag)
        } else {
          assert.isTrue(Schema.is(Schema.toType(ModalOptionsSchema))(result.success))
        }
      }),
      { numRuns: NUM_RUNS }
    ))

  it("property: with a valid project id, garbage in any field is a SchemaDecodeError, never a throw", () =>
    fc.assert(
      fc.property(fc.dictionary(fc.string(), hostile), nonBlankArb, (rest, projectId) => {
        const result = decodeModalOptions({ ...rest, projectId })
        if (Result.isFailure(result)) assert.strictEqual(result.failure._tag, "SchemaDecodeError")
      }),
      { numRuns: NUM_RUNS }
    ))

  it("property: generated valid options decode, keeping what the host set", () =>
    fc.assert(
      fc.property(optionsArb, (input) => {
        const options = ok(input)
        assert.strictEqual(options.projectId, input.projectId.trim())
        assert.strictEqual(options.networks.length, input.networks.length)
        assert.strictEqual(options.siwx, input.siwx)
        assert.strictEqual(
          options.defaultAccountTypes.eip155,
          input.defaultAccountTypes?.eip155 ?? "smartAccount"
        )
        assert.strictEqual(options.defaultAccountTypes.solana, "eoa")
        assert.strictEqual(options.features.pay, false)
      }),
      { numRuns: NUM_RUNS }
    ))

  it("property: near-miss options never throw", () =>
    fc.assert(
      fc.property(mutated(optionsArb), (input) => {
        decodeModalOptions(input)
      }),
      { numRuns: NUM_RUNS }
    ))
})
