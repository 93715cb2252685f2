export declare const NAME_SUFFIX: "reown.id"
export declare const LEGACY_NAME_SUFFIX: "wcn.id"
export declare const MIN_LABEL_LENGTH: number
export declare const MAX_LABEL_LENGTH: number
/** How far a registration message's `timestamp` (unix seconds) may be from the server clock. */
export declare const MESSAGE_MAX_AGE_SECONDS: number
export declare const MAX_NAMES_PER_ADDRESS: number
export declare const MAX_NAMES: number
/** Free variants `GET /v1/profile/suggestions/{name}` adds after the asked name. */
export declare const MAX_SUGGESTIONS: number
export declare const EVM_COIN_TYPE: 60
/** ENSIP-11's coin type of an EVM chain: `(0x80000000 | chainId) >>> 0`. */
export declare function coinTypeOf(chainId: number): number
/**
 * The name rule on a label (the part before `.reown.id`): `undefined` when it may be registered, else the
 * API's reason. Letters, digits and hyphens, 4 to 63 characters, no hyphen first or last; case-insensitive.
 */
export declare function nameLabelProblem(label: unknown): string | undefined
export declare function isValidNameLabel(label: unknown): boolean

export interface NamesReply {
  readonly status: number
  readonly body: unknown
}
export interface NamesHandlers {
  readonly register: (context: { readonly req: unknown }) => Promise<NamesReply>
  readonly lookup: (context: { readonly params: ReadonlyArray<string> }) => Promise<NamesReply>
  readonly reverse: (context: { readonly params: ReadonlyArray<string> }) => Promise<NamesReply>
  readonly suggestions: (context: {
    readonly params: ReadonlyArray<string>
    readonly query: URLSearchParams
  }) => Promise<NamesReply>
  /** The newest name of a checksummed address, or undefined. */
  readonly primaryNameOf: (address: string) => string | undefined
  readonly reset: () => void
}
export declare function createNamesHandlers(options: {
  readonly chains: ReadonlyArray<{ readonly chainId: number; readonly index: { readonly rpcUrl: string } }>
  readonly readJson: (req: unknown) => Promise<unknown>
  readonly seed?: ReadonlyArray<{ readonly name: string; readonly address: string }>
  readonly clock?: () => number
}): NamesHandlers
