import * as Data from "effect/Data"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as SchemaGetter from "effect/SchemaGetter"
import { decodeUnknownResult, type SchemaDecodeError } from "./decode"
import { AppMetadata } from "./Metadata"
import { CaipNetwork } from "./Network"
import {
  CaipNetworkId,
  DefaultSocials,
  HttpUrl,
  LocaleRequest,
  nonEmptyArrayOf,
  Origin,
  optionalWithDefault,
  SocialOption,
  ThemeMode,
  WebSocketUrl,
  withParseOptions
} from "./Primitives"
import { ThemeVariables } from "./ThemeVariables"
import { CustomWallet } from "./Wallet"

/** SPEC §8: shown as 'Project ID Not Configured'. */
export class ProjectIdMissingError extends Data.TaggedError("ProjectIdMissingError")<{
  readonly message: string
}> {}

export type ModalOptionsError = ProjectIdMissingError | SchemaDecodeError

const isHostObject = (input: unknown): input is object =>
  typeof input === "object" && input !== null && !Array.isArray(input)

/**
 * An object the host owns and we only pass along (siweConfig, siwx, transport config). Declared rather
 * than a Struct so the very same object, with its methods and prototype, comes out of decoding.
 */
export const HostObject = Schema.declare(isHostObject, {
  identifier: "HostObject",
  message: "Expected an object"
})
export type HostObject = typeof HostObject.Type

export const ConnectorGroup = Schema.Literals([
  "walletConnect",
  "recent",
  "injected",
  "featured",
  "custom",
  "external",
  "recommended"
]).annotate({
  identifier: "ConnectorGroup",
  message:
    "Expected a connector group: walletConnect, recent, injected, featured, custom, external or recommended"
})
export type ConnectorGroup = typeof ConnectorGroup.Type

export const DefaultConnectorTypeOrder: ReadonlyArray<ConnectorGroup> = [
  "walletConnect",
  "recent",
  "injected",
  "featured",
  "custom",
  "external",
  "recommended"
]

export const ConnectMethod = Schema.Literals(["email", "social", "wallet"]).annotate({
  identifier: "ConnectMethod",
  message: "Expected a connect method: email, social or wallet"
})
export type ConnectMethod = typeof ConnectMethod.Type

export const AllWalletsOption = Schema.Literals(["SHOW", "HIDE", "ONLY_MOBILE"]).annotate({
  identifier: "AllWalletsOption",
  message: "Expected allWallets to be SHOW, HIDE or ONLY_MOBILE"
})
export type AllWalletsOption = typeof AllWalletsOption.Type

const flag = (defaultValue: boolean) => optionalWithDefault(Schema.Boolean, () => defaultValue)

/** `features`: every field optional in input; defaults from SPEC §1 / FACTS §3.1. */
export const Features = Schema.Struct({
  swaps: flag(true),
  onramp: flag(true),
  receive: flag(true),
  send: flag(true),
  /** Every unsafe EVM request an external wallet answers is previewed in ApproveTransaction. */
  preview: flag(true),
  email: flag(true),
  emailShowWallets: flag(true),
  history: flag(true),
  analytics: flag(true),
  allWallets: flag(true),
  legalCheckbox: flag(false),
  smartSessions: flag(false),
  pay: flag(false),
  /** No `<airlock-modal>`: the host draws its own UI from the handle and the hooks. */
  headless: flag(false),
  /** `false` turns social login off. */
  socials: optionalWithDefault(
    Schema.Union([Schema.Array(SocialOption), Schema.Literal(false)]).annotate({
      message:
        "Expected socials to be false or a list of: google, x, discord, farcaster, github, apple, facebook"
    }),
    () => DefaultSocials
  ),
  connectorTypeOrder: optionalWithDefault(Schema.Array(ConnectorGroup), () => DefaultConnectorTypeOrder),
  /** Absent: email, social, wallet; wallet first when a browser wallet is shown (SPEC §2). */
  connectMethodsOrder: Schema.optional(Schema.Array(ConnectMethod))
}).annotate({ identifier: "Features" })
export type Features = typeof Features.Type

/** Every feature flag at its default (SPEC §1): what `features` decodes to when absent. */
export const DefaultFeatures: Features = Schema.decodeUnknownSync(Features)({})

/**
 * The account type Airlock connects per namespace. The embedded wallet's EVM account has a choice (its
 * key's account or its smart account), and a Bitcoin wallet's (its payment or its ordinals address, the
 * other kept beside it); every other namespace has the one type Airlock connects there, so a choice that
 * would do nothing is refused (as AppKit's types do).
 */
export const AccountTypes = Schema.Struct({
  eip155: Schema.Literals(["eoa", "smartAccount"]),
  solana: Schema.Literal("eoa"),
  polkadot: Schema.Literal("eoa"),
  bip122: Schema.Literals(["payment", "ordinal"]),
  cosmos: Schema.Literal("eoa")
}).annotate({ identifier: "AccountTypes" })
export type AccountTypes = typeof AccountTypes.Type

/** SPEC §1 (cosmos, unlisted there, gets eoa like the other non-EVM namespaces). */
export const DefaultAccountTypes: AccountTypes = {
  eip155: "smartAccount",
  solana: "eoa",
  polkadot: "eoa",
  bip122: "payment",
  cosmos: "eoa"
}

/** A partial map from the host, merged over {@link DefaultAccountTypes}. */
export const DefaultAccountTypesOption = Schema.Struct({
  eip155: Schema.optional(AccountTypes.fields.eip155),
  solana: Schema.optional(AccountTypes.fields.solana),
  polkadot: Schema.optional(AccountTypes.fields.polkadot),
  bip122: Schema.optional(AccountTypes.fields.bip122),
  cosmos: Schema.optional(AccountTypes.fields.cosmos)
}).pipe(
  Schema.decodeTo(Schema.toType(AccountTypes), {
    decode: SchemaGetter.transform((partial) => ({
      eip155: partial.eip155 ?? DefaultAccountTypes.eip155,
      solana: partial.solana ?? DefaultAccountTypes.solana,
      polkadot: partial.polkadot ?? DefaultAccountTypes.polkadot,
      bip122: partial.bip122 ?? DefaultAccountTypes.bip122,
      cosmos: partial.cosmos ?? DefaultAccountTypes.cosmos
    })),
    encode: SchemaGetter.transform((full) => full)
  })
)

export const CustomRpcUrl = withParseOptions(
  Schema.Struct({
    url: HttpUrl,
    /** viem http transport config, passed through untouched. */
    config: Schema.optional(HostObject)
  }),
  { onExcessProperty: "ignore" }
).annotate({ identifier: "CustomRpcUrl" })
export type CustomRpcUrl = typeof CustomRpcUrl.Type

/** RPC URLs by network id; a key that is not a CAIP-2 id is reported rather than silently skipped. */
export const CustomRpcUrls = withParseOptions(Schema.Record(CaipNetworkId, Schema.Array(CustomRpcUrl)), {
  onExcessProperty: "error"
}).annotate({ identifier: "CustomRpcUrls" })
export type CustomRpcUrls = typeof CustomRpcUrls.Type

export const DefaultUrls = {
  apiUrl: "https://api.web3modal.org",
  blockchainApiUrl: "https://rpc.walletconnect.org",
  analyticsUrl: "https://pulse.walletconnect.org",
  relayUrl: "wss://relay.walletconnect.org",
  secureSiteOrigin: "https://secure.walletconnect.org"
} as const

const PROJECT_ID_MISSING = "Project ID Not Configured"

/** Trimmed, non-empty. */
export const ProjectId = Schema.Trim.annotate({ identifier: "ProjectId", message: PROJECT_ID_MISSING }).check(
  Schema.isMinLength(1, { message: PROJECT_ID_MISSING })
)

const stringList = optionalWithDefault(Schema.Array(Schema.String), () => [])

const Fields = Schema.Struct({
  projectId: ProjectId,
  networks: nonEmptyArrayOf(CaipNetwork, "Expected at least one network"),
  defaultNetwork: Schema.optional(CaipNetwork),
  metadata: Schema.optional(AppMetadata),
  featuredWalletIds: stringList,
  includeWalletIds: stringList,
  excludeWalletIds: stringList,
  customWallets: optionalWithDefault(Schema.Array(CustomWallet), () => []),
  allWallets: optionalWithDefault(AllWalletsOption, () => "SHOW" as const),
  enableInjected: flag(true),
  enableEIP6963: flag(true),
  /** Announce Airlock itself by EIP-6963, so wagmi, RainbowKit or ConnectKit pages list it as a wallet. */
  announceEIP6963: flag(false),
  enableWalletConnect: flag(true),
  /**
   * WalletConnect Verify: the SDK attests the page's origin to wallets through a hidden
   * verify.walletconnect.org frame (allow it in `frame-src`). Off skips it, for offline development where
   * that host is unreachable; wallets then see the origin as UNKNOWN.
   */
  walletConnectVerify: flag(true),
  enableReconnect: flag(true),
  enableNetworkSwitch: flag(true),
  allowUnsupportedChain: flag(false),
  enableEmbedded: flag(false),
  disableAppend: flag(false),
  /** The modal's language: a BCP 47 tag (matched with fallback to English) or "auto". */
  locale: optionalWithDefault(LocaleRequest, () => "en"),
  /** Absent: follow the OS colour scheme. */
  themeMode: Schema.optional(ThemeMode),
  themeVariables: optionalWithDefault(ThemeVariables, () => ({})),
  features: optionalWithDefault(Features, () => DefaultFeatures),
  defaultAccountTypes: optionalWithDefault(DefaultAccountTypesOption, () => DefaultAccountTypes),
  customRpcUrls: optionalWithDefault(CustomRpcUrls, () => ({})),
  /** Networks swaps are offered on, when the host's provider serves others; absent: SPEC.md §9's 12. */
  swapNetworks: Schema.optional(Schema.Array(CaipNetworkId)),
  apiUrl: optionalWithDefault(HttpUrl, () => DefaultUrls.apiUrl),
  blockchainApiUrl: optionalWithDefault(HttpUrl, () => DefaultUrls.blockchainApiUrl),
  analyticsUrl: optionalWithDefault(HttpUrl, () => DefaultUrls.analyticsUrl),
  relayUrl: optionalWithDefault(WebSocketUrl, () => DefaultUrls.relayUrl),
  secureSiteOrigin: optionalWithDefault(Origin, () => DefaultUrls.secureSiteOrigin),
  termsConditionsUrl: Schema.optional(HttpUrl),
  privacyPolicyUrl: Schema.optional(HttpUrl),
  debug: flag(false),
  siweConfig: Schema.optional(HostObject),
  siwx: Schema.optional(HostObject)
})

/** The `createModal` options: decoded, with defaults filled in. */
export const ModalOptions = Fields.check(
  Schema.makeFilter((options) =>
    options.siweConfig !== undefined && options.siwx !== undefined
      ? "Set either siweConfig or siwx, not both"
      : undefined
  ),
  // The checkbox's sentence links what the visitor agrees to: without a link there is nothing to agree to.
  Schema.makeFilter((options) =>
    options.features.legalCheckbox &&
    options.termsConditionsUrl === undefined &&
    options.privacyPolicyUrl === undefined
      ? {
          path: ["features", "legalCheckbox"],
          issue:
            "features.legalCheckbox needs termsConditionsUrl or privacyPolicyUrl (or both); neither is set"
        }
      : undefined
  ),
  Schema.makeFilter((options) => {
    const wanted = options.defaultNetwork?.caipNetworkId
    return wanted === undefined || options.networks.some((network) => network.caipNetworkId === wanted)
      ? undefined
      : { path: ["defaultNetwork"], issue: `defaultNetwork ${wanted} is not one of networks` }
  })
).annotate({ identifier: "ModalOptions" })
/** Decoded options, as services see them (`ModalConfig`). */
export type ModalOptions = typeof ModalOptions.Type
/** What a host passes to `createModal`. */
export type ModalOptionsInput = typeof ModalOptions.Encoded

const ProjectIdPresent = Schema.Struct({ projectId: ProjectId })

/**
 * Decodes host options. A missing, non-string or blank `projectId` is reported on its own as
 * {@link ProjectIdMissingError}; every other problem as a SchemaDecodeError ("createModal options"), a
 * feature this release does not have, turned on, among them.
 */
export const decodeModalOptions = (input: unknown): Result.Result<ModalOptions, ModalOptionsError> =>
  Result.isFailure(Schema.decodeUnknownResult(ProjectIdPresent)(input))
    ? Result.fail(new ProjectIdMissingError({ message: PROJECT_ID_MISSING }))
    : decodeUnknownResult(ModalOptions, "createModal options")(input)
