// The sandbox explorer's wallet listing (`GET /getWallets`, FACTS §1.3): the two sandbox wallets first, then
// 620 generated wallets with the fields of the real listing. Everything is derived from hashes of fixed
// strings, so the listing is the same on every run and on every machine.
import { createHash } from "node:crypto"

const sha256 = (/** @type {string} */ text) => createHash("sha256").update(text).digest("hex")

/** A 64-hex explorer id, like the real API's, derived from a stable key. */
export const walletIdOf = (/** @type {string} */ key) => sha256(`airlock-sandbox-wallet:${key}`)

/** An image id in the real API's UUID-like shape (8-4-4-4-12 hex), derived from a wallet id. */
export const imageIdOf = (/** @type {string} */ walletId) => {
  const h = sha256(`image:${walletId}`)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`
}

/** The injected sandbox wallet (sandbox/wallets/injected), announced by EIP-6963 with this rdns. */
export const SANDBOX_WALLET_RDNS = /** @type {const} */ ("dev.airlock.sandbox")
export const SANDBOX_WALLET_ID = walletIdOf(SANDBOX_WALLET_RDNS)
/** The WalletConnect sandbox wallet page (a later issue). */
export const SANDBOX_WC_WALLET_ID = walletIdOf("dev.airlock.sandbox.walletconnect")
export const GENERATED_WALLET_COUNT = 620

const PREFIXES = [
  "Aurora",
  "Beacon",
  "Cobalt",
  "Drift",
  "Ember",
  "Fathom",
  "Glacier",
  "Harbor",
  "Ion",
  "Juniper",
  "Kestrel",
  "Lumen",
  "Meridian",
  "Nimbus",
  "Onyx",
  "Prism",
  "Quill",
  "Rift",
  "Summit",
  "Tundra",
  "Umbra",
  "Vertex",
  "Willow",
  "Xenon",
  "Yonder",
  "Zephyr",
  "Atlas",
  "Bramble",
  "Cinder",
  "Delta",
  "Echo",
  "Flint",
  "Grove",
  "Halo",
  "Iris",
  "Jade",
  "Keystone",
  "Lark",
  "Mosaic",
  "Nova",
  "Orbit",
  "Pebble",
  "Quartz",
  "Raven",
  "Sable",
  "Tidal",
  "Unity",
  "Velvet",
  "Wren",
  "Zenith"
]
/**
 * `[suffix, joined]`: joined suffixes form one word ("NovaPay"), the others a second word ("Nova Vault").
 * @type {ReadonlyArray<readonly [string, boolean]>}
 */
const SUFFIXES = [
  ["Wallet", false],
  ["Vault", false],
  ["Pay", true],
  ["Keys", false],
  ["Safe", false],
  ["Pocket", false],
  ["Wallet Pro", false],
  ["Signer", false],
  ["Pass", true],
  ["Hub", false],
  ["Purse", false],
  ["Mobile", false],
  ["Connect", false],
  ["Fi", true],
  ["X", true],
  ["Chain Wallet", false]
]
const TLDS = ["app", "io", "com", "xyz", "finance", "org", "network", "wallet"]
const EVM_CHAINS = [
  "eip155:1",
  "eip155:10",
  "eip155:56",
  "eip155:100",
  "eip155:137",
  "eip155:324",
  "eip155:8453",
  "eip155:42161",
  "eip155:43114",
  "eip155:59144",
  "eip155:11155111"
]
const OTHER_CHAINS = [
  "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  "bip122:000000000019d6689c085ae165831e93",
  "cosmos:cosmoshub-4",
  "polkadot:91b171bb158e2d3848fa23a9f1c25182"
]
const DESCRIPTIONS = [
  "A self-custody wallet for everyday payments and DeFi.",
  "Hardware-grade security in a mobile app.",
  "Multi-chain wallet with built-in swaps and staking.",
  "The wallet for collectors: NFTs, tokens and names in one place.",
  "A smart-account wallet with social recovery.",
  "Fast, simple and open-source."
]

/** A deterministic stream of 32-bit numbers from a key (sha256 in counter mode). */
const randomFrom = (/** @type {string} */ key) => {
  let counter = 0
  /** @type {Array<number>} */
  let pool = []
  /** @returns {number} */
  const next = () => {
    if (pool.length === 0) {
      const h = sha256(`${key}#${counter++}`)
      pool = Array.from({ length: 8 }, (_, i) => Number.parseInt(h.slice(i * 8, i * 8 + 8), 16))
    }
    return pool.pop() ?? 0
  }
  return {
    /** In [0, 1). */
    float: () => next() / 2 ** 32,
    int: (/** @type {number} */ n) => next() % n,
    /**
     * @template T
     * @param {ReadonlyArray<T>} items
     * @returns {T}
     */
    pick: (items) => /** @type {T} */ (items[next() % items.length]),
    chance: (/** @type {number} */ p) => next() / 2 ** 32 < p
  }
}

const slugOf = (/** @type {string} */ name) => name.toLowerCase().replace(/[^a-z0-9]+/g, "")

/**
 * The first `count` of all prefix × suffix names, in a fixed shuffled order.
 * @param {number} count
 */
const generatedNames = (count) => {
  /** @type {Array<string>} */
  const all = []
  for (const prefix of PREFIXES) {
    for (const [suffix, joined] of SUFFIXES) all.push(joined ? `${prefix}${suffix}` : `${prefix} ${suffix}`)
  }
  const order = all.map((name) => /** @type {const} */ ([sha256(`order:${name}`), name]))
  order.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  return order.slice(0, count).map(([, name]) => name)
}

/**
 * @param {string} name
 * @param {number} index
 */
const generatedWallet = (name, index) => {
  const id = walletIdOf(`generated:${name}`)
  const r = randomFrom(id)
  const slug = slugOf(name)
  const domain = `${slug}.${r.pick(TLDS)}`
  const reverse = domain.split(".").reverse().join(".")
  const evmOnly = r.chance(0.55)
  const evm = EVM_CHAINS.filter((chain) => chain === "eip155:1" || r.chance(0.45))
  const others = evmOnly ? [] : OTHER_CHAINS.filter(() => r.chance(0.35))
  const solanaOnly = !evmOnly && others.length > 0 && r.chance(0.1)
  const chains = solanaOnly ? others : [...evm, ...others]
  const hasMobile = r.chance(0.85)
  // Like the real listing: custom schemes ("wallet123://"), and https universal links.
  const mobile_link = !hasMobile
    ? null
    : r.chance(0.6)
      ? r.chance(0.15)
        ? `wallet${100 + index}://`
        : `${slug}://`
      : `https://link.${domain}/wc`
  const hasRdns = r.chance(0.4)
  const certified = r.chance(0.18)
  return {
    id,
    name,
    homepage: `https://${domain}`,
    image_id: imageIdOf(id),
    order: index + 3,
    mobile_link,
    desktop_link: r.chance(0.25) ? `${slug}desktop://` : null,
    link_mode: mobile_link?.startsWith("https:") && r.chance(0.5) ? `https://link.${domain}/wc/link` : null,
    webapp_link: r.chance(0.3) ? `https://app.${domain}` : null,
    app_store: hasMobile
      ? `https://apps.apple.com/app/${slug}/id${1_000_000_000 + r.int(999_999_999)}`
      : null,
    play_store: hasMobile ? `https://play.google.com/store/apps/details?id=${reverse}` : null,
    rdns: hasRdns ? reverse : null,
    chrome_store: hasRdns
      ? `https://chromewebstore.google.com/detail/${slug}/${Array.from({ length: 32 }, () => "abcdefghijklmnop"[r.int(16)]).join("")}`
      : null,
    injected: hasRdns
      ? [{ namespace: "eip155", injected_id: `is${slug.slice(0, 1).toUpperCase()}${slug.slice(1)}` }]
      : null,
    chains,
    description: r.pick(DESCRIPTIONS),
    badge_type: certified ? "certified" : "none",
    supports_wc: true,
    supports_wcpay: r.chance(0.1),
    display_index: null,
    image_url: null
  }
}

/**
 * The whole listing, in the order the API ranks it: the sandbox wallets, then the generated ones.
 * `chains` are the sandbox chains (CAIP-2) the sandbox wallets declare.
 * @param {{ chains: ReadonlyArray<string>, walletConnectWalletUrl?: string | undefined }} options
 */
export function buildWalletListing({ chains, walletConnectWalletUrl }) {
  const sandboxChains = [...chains, "eip155:1"]
  const sandbox = [
    {
      id: SANDBOX_WALLET_ID,
      name: "Sandbox Wallet",
      homepage: "https://sandbox.airlock.invalid/wallet",
      image_id: imageIdOf(SANDBOX_WALLET_ID),
      order: 1,
      mobile_link: null,
      desktop_link: null,
      link_mode: null,
      webapp_link: null,
      app_store: null,
      play_store: null,
      rdns: SANDBOX_WALLET_RDNS,
      chrome_store: null,
      injected: [{ namespace: "eip155", injected_id: "isSandboxWallet" }],
      chains: sandboxChains,
      description: "The sandbox's injected test wallet: anvil's public keys, loopback chains only.",
      badge_type: "certified",
      supports_wc: false,
      supports_wcpay: false,
      display_index: null,
      image_url: null
    },
    {
      id: SANDBOX_WC_WALLET_ID,
      name: "Sandbox WalletConnect Wallet",
      homepage: "https://sandbox.airlock.invalid/walletconnect",
      image_id: imageIdOf(SANDBOX_WC_WALLET_ID),
      order: 2,
      mobile_link: "airlock-sandbox://",
      desktop_link: null,
      link_mode: null,
      webapp_link: walletConnectWalletUrl ?? null,
      app_store: null,
      play_store: null,
      rdns: null,
      chrome_store: null,
      injected: null,
      chains: sandboxChains,
      description: "The sandbox's WalletConnect test wallet, paired through the local relay.",
      badge_type: "certified",
      supports_wc: true,
      supports_wcpay: false,
      display_index: null,
      image_url: null
    }
  ]
  return [...sandbox, ...generatedNames(GENERATED_WALLET_COUNT).map(generatedWallet)]
}

/** Initials for an image: the first letters of the first two words, or of the two halves of one word. */
export const initialsOf = (/** @type {string} */ name) => {
  const [first = "?", second] = name.split(/[\s-]+/).filter((w) => w !== "")
  if (second !== undefined) return `${first.slice(0, 1)}${second.slice(0, 1)}`.toUpperCase()
  const capital = first.slice(1).search(/[A-Z]/)
  return capital >= 0
    ? `${first.slice(0, 1)}${first.slice(capital + 1, capital + 2)}`
    : first.slice(0, 2).toUpperCase()
}
