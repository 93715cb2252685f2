/** What an unsafe request asks: a title and label/value rows, plain text. */
export interface Described {
  readonly title: string
  readonly rows: ReadonlyArray<readonly [string, string]>
}
export declare const READ_METHODS: ReadonlySet<string>
export declare const UNSAFE_METHODS: ReadonlySet<string>
/** Wei (a hex quantity) as ETH, exactly. */
export declare function formatEth(hex: string): string
/** `method(params)` on `chain` (a label) in plain words, or undefined when it cannot be described. */
export declare function describeRequest(method: string, params: unknown, chain: string): Described | undefined
