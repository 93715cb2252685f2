/**
 * WalletConnect sessions on the wire: what a pairing asks for, and what a wallet's session and its events
 * (untrusted, from the relay) say, decoded and reduced to valid accounts. Loaded with the SDK, never before.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { CaipNetwork } from "../../schemas/Network"
import {
  CaipNetworkId,
  type ChainNamespace,
  ChainNamespaces,
  EvmAddress,
  SolanaAddress
} from "../../schemas/Primitives"
import { safeIconUrl, sanitizeName } from "../../schemas/ThirdPartyText"
import type { WalletConnectAccount, WalletConnectSession } from "../../services/WalletConnect"
import type { NamespaceRequest } from "../../services/WalletConnectClient"
import { safeWalletLink } from "./deepLink"

/** The wallet methods a session asks for, per namespace (SPEC.md §5 and §7). */
export const SESSION_METHODS: Readonly<Record<ChainNamespace, ReadonlyArray<string>>> = {
  eip155: [
    "eth_accounts",
    "eth_requestAccounts",
    "eth_chainId",
    "eth_sendTransaction",
    "personal_sign",
    "eth_signTypedData_v4",
    "wallet_switchEthereumChain",
    "wallet_addEthereumChain",
    "wallet_sendCalls",
    "wallet_getCallsStatus",
    // Issue 34: what decides how a batch goes, and the wallet's own status screen.
    "wallet_getCapabilities",
    "wallet_showCallsStatus"
  ],
  solana: [
    "solana_signMessage",
    "solana_signTransaction",
    "solana_signAllTransactions",
    "solana_signAndSendTransaction"
  ],
  bip122: ["signMessage", "signPsbt", "sendTransfer", "getAccountAddresses"],
  polkadot: ["polkadot_signMessage", "polkadot_signTransaction"],
  cosmos: ["cosmos_getAccounts", "cosmos_signDirect", "cosmos_signAmino"]
}

const SESSION_EVENTS: Readonly<Record<ChainNamespace, ReadonlyArray<string>>> = {
  eip155: ["accountsChanged", "chainChanged"],
  solana: ["accountsChanged"],
  bip122: ["accountsChanged", "chainChanged"],
  polkadot: [],
  cosmos: []
}

/** Optional namespaces for every configured network, with the host's RPC for each chain. */
export const namespaceRequests = (
  networks: ReadonlyArray<CaipNetwork>
): Readonly<Record<string, NamespaceRequest>> => {
  const requests: Record<string, NamespaceRequest> = {}
  for (const ns of ChainNamespaces) {
    const own = networks.filter((n) => n.chainNamespace === ns)
    if (own.length === 0) continue
    // The SDK keys its RPC map by the CAIP-2 reference (the chain id for EVM).
    const rpcMap: Record<string, string> = {}
    for (const network of own) {
      const rpc = network.rpcUrls.default.http[0]
      if (rpc !== undefined) rpcMap[String(network.id)] = rpc
    }
    requests[ns] = {
      chains: [...new Set(own.map((n) => n.caipNetworkId))],
      methods: SESSION_METHODS[ns],
      events: SESSION_EVENTS[ns],
      rpcMap
    }
  }
  return requests
}

const SessionNamespace = Schema.Struct({
  accounts: Schema.Array(Schema.String),
  methods: Schema.optional(Schema.Array(Schema.String)),
  events: Schema.optional(Schema.Array(Schema.String))
})

/** The fields of an SDK session Airlock reads; the rest is the SDK's business. */
export const SessionWire = Schema.Struct({
  topic: Schema.String.check(Schema.isPattern(/^[0-9a-f]{64}$/)),
  namespaces: Schema.Record(Schema.String, SessionNamespace),
  peer: Schema.Struct({
    metadata: Schema.Struct({
      name: Schema.String,
      icons: Schema.optional(Schema.Array(Schema.Unknown)),
      redirect: Schema.optional(
        Schema.Struct({ native: Schema.optional(Schema.Unknown), universal: Schema.optional(Schema.Unknown) })
      )
    })
  })
})
export type SessionWire = typeof SessionWire.Type

const isCaipNetworkId = Schema.is(CaipNetworkId)
const isEvmAddress = Schema.is(EvmAddress)
const isSolanaAddress = Schema.is(SolanaAddress)
// polkadot and cosmos addresses are shown as text only: a conservative character set.
const OTHER_ADDRESS = /^[a-zA-Z0-9]{20,128}$/

/**
 * Whether an address is one of a Bitcoin network's (`bitcoinAddress.ts`: prefix and checksum). Its code is
 * loaded only for a host with a Bitcoin network; without it, no Bitcoin account is taken.
 */
export type BitcoinRule = (address: string, caipNetworkId: string) => boolean
export const noBitcoin: BitcoinRule = () => false

const validAddress = (
  namespace: ChainNamespace,
  address: string,
  caipNetworkId: string,
  bitcoinRule: BitcoinRule
): boolean =>
  namespace === "eip155"
    ? isEvmAddress(address)
    : namespace === "solana"
      ? isSolanaAddress(address)
      : namespace === "bip122"
        ? bitcoinRule(address, caipNetworkId)
        : OTHER_ADDRESS.test(address)

/** A CAIP-10 account id (`eip155:1:0xabc…`) as an account; none when any part is not valid. */
export const parseCaipAccount = (
  value: string,
  bitcoinRule: BitcoinRule = noBitcoin
): Option.Option<WalletConnectAccount> => {
  const parts = value.split(":")
  if (parts.length !== 3) return Option.none()
  const [ns, reference, address] = parts
  const caipNetworkId = `${ns}:${reference}`
  if (address === undefined || !isCaipNetworkId(caipNetworkId)) return Option.none()
  const namespace = ChainNamespaces.find((n) => n === ns)
  return namespace !== undefined && validAddress(namespace, address, caipNetworkId, bitcoinRule)
    ? Option.some({ namespace, caipNetworkId, address })
    : Option.none()
}

const firstIcon = (icons: ReadonlyArray<unknown> | undefined) => {
  for (const icon of icons ?? []) {
    const safe = safeIconUrl(icon)
    if (safe !== undefined) return safe
  }
  return undefined
}

const redirectOf = (redirect: SessionWire["peer"]["metadata"]["redirect"]): string | undefined => {
  const native = redirect?.native
  const nativeScheme = typeof native === "string" ? /^([a-z][a-z0-9+.-]*):/.exec(native)?.[1] : undefined
  return (
    safeWalletLink(native, { registeredSchemes: nativeScheme === undefined ? [] : [nativeScheme] }) ??
    safeWalletLink(redirect?.universal)
  )
}

/** The session as Airlock uses it, from the decoded wire form. */
export const sessionFromWire = (
  wire: SessionWire,
  bitcoinRule: BitcoinRule = noBitcoin
): WalletConnectSession => {
  const accounts: Array<WalletConnectAccount> = []
  for (const namespace of Object.values(wire.namespaces)) {
    for (const account of namespace.accounts) {
      const parsed = parseCaipAccount(account, bitcoinRule)
      if (Option.isSome(parsed)) accounts.push(parsed.value)
    }
  }
  const { metadata } = wire.peer
  return {
    topic: wire.topic,
    accounts,
    peer: {
      name: sanitizeName(metadata.name) ?? "WalletConnect",
      icon: firstIcon(metadata.icons),
      redirect: redirectOf(metadata.redirect)
    }
  }
}

export const decodeSessionWire = Schema.decodeUnknownOption(SessionWire)

/** `session_delete` / `session_expire`: which session ended. */
export const decodeTopicPayload = Schema.decodeUnknownOption(Schema.Struct({ topic: Schema.String }))

/** `session_update`: the session's namespaces as the wallet now grants them. */
export const decodeSessionUpdate = Schema.decodeUnknownOption(
  Schema.Struct({
    topic: Schema.String,
    params: Schema.Struct({ namespaces: SessionWire.fields.namespaces })
  })
)

/** `session_event`: a wallet event such as `chainChanged`, with its data. */
export const decodeSessionEvent = Schema.decodeUnknownOption(
  Schema.Struct({
    topic: Schema.optional(Schema.String),
    params: Schema.Struct({
      event: Schema.Struct({ name: Schema.String, data: Schema.Unknown }),
      chainId: Schema.optional(Schema.String)
    })
  })
)
