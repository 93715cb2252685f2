/**
 * What the wallet's parts (proposals.ts, signIns.ts, requests.ts, sessions.ts, walletKit.ts) share: the mode,
 * the EVM key, WalletKit once it runs, the notices, and how a dapp describes itself. `createWcWallet`
 * (wallet.ts) builds the one {@link WalletContext}; the parts never import each other's state. Free of DOM code.
 */
import type { WalletKit } from "@reown/walletkit"
import type { PrivateKeyAccount } from "viem/accounts"
import type { SandboxConfig } from "../../shared/config"
import type { Notice } from "./notices"
import { errorOf } from "./rpc"

export const WALLET_MODES = ["manual", "auto-approve"] as const
export type WcWalletMode = (typeof WALLET_MODES)[number]

export const isWcWalletMode = (value: unknown): value is WcWalletMode =>
  typeof value === "string" && (WALLET_MODES as ReadonlyArray<string>).includes(value)

/** `WalletKit` is exported as a value (the class); its instances' type. */
export type Kit = InstanceType<typeof WalletKit>

export interface WalletContext {
  readonly config: SandboxConfig
  /** anvil's account #0: the eip155 accounts, requests and sign-in messages. */
  readonly account: PrivateKeyAccount
  /** Read when something arrives: in `auto-approve` it is settled at once. */
  readonly mode: () => WcWalletMode
  /** WalletKit once it runs: what answers a dapp waits for it. */
  readonly client: () => Promise<Kit>
  /** WalletKit if it runs already, for what is read at once (the sessions the page shows, a request's dapp). */
  readonly current: () => Kit | undefined
  /** Something the page shows changed. */
  readonly notify: () => void
  /** Adds to the activity log, and notifies. */
  readonly notice: (level: Notice["level"], text: string) => void
}

/** The dapp as its proposal or session describes itself: untrusted text. */
export interface DappInfo {
  readonly name: string
  readonly url: string
  readonly description: string
  readonly icons: ReadonlyArray<string>
}

export const dappOf = (metadata: {
  name?: unknown
  url?: unknown
  description?: unknown
  icons?: unknown
}): DappInfo => ({
  name: typeof metadata.name === "string" && metadata.name !== "" ? metadata.name : "(unnamed dapp)",
  url: typeof metadata.url === "string" ? metadata.url : "",
  description: typeof metadata.description === "string" ? metadata.description : "",
  icons: Array.isArray(metadata.icons)
    ? metadata.icons.filter((icon): icon is string => typeof icon === "string" && icon !== "")
    : []
})

/** What a notice says of a failure (a viem error's short message where it has one). */
export const messageOf = (error: unknown) => errorOf(error).message
