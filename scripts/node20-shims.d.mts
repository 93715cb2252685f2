/** Defines `Map.groupBy`, `Object.groupBy` and `Promise.withResolvers` where Node (20) lacks them. */
export declare const installNode20Shims: () => void
