/**
 * What a Bitcoin wallet's side of a connection (`bitcoinWallets.ts`, lazy) hands `Connection.commit` as the
 * connection's chain: the network and each account's type. Recognised here, in the modal's shell, without the
 * Bitcoin code.
 */
export type BitcoinAccountType = "payment" | "ordinal"

/** A Bitcoin wallet's answer as `Connection` commits it: the network and each account's type, in order. */
export interface BitcoinAnswer {
  readonly network: string
  readonly accountTypes: ReadonlyArray<BitcoinAccountType>
}

const isAccountType = (value: unknown): value is BitcoinAccountType =>
  value === "payment" || value === "ordinal"

/** The Bitcoin answer `Connection.commit` was given as its `chain`, if it is one. */
export const bitcoinAnswerOf = (chain: unknown): BitcoinAnswer | undefined => {
  if (typeof chain !== "object" || chain === null) return undefined
  const { network, accountTypes } = chain as { readonly network?: unknown; readonly accountTypes?: unknown }
  return typeof network === "string" && Array.isArray(accountTypes) && accountTypes.every(isAccountType)
    ? { network, accountTypes }
    : undefined
}
