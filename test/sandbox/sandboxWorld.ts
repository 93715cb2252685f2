/**
 * What a sandbox test file starts once, before its tests, and stops after them: its anvil chains, local
 * Solana chain, relay, chromium. Each `…ForFile()` registers the file's `beforeAll`/`afterAll` and answers
 * a reader of what was started, for the tests (and the later starts) to call. Hooks run in the order they
 * are registered and are undone in reverse (vitest's `sequence.hooks: "stack"`), so a start may read
 * what an earlier one started, and stops before it.
 */
import { afterAll, beforeAll } from "vitest"
import { startSandboxApi } from "../../sandbox/api/api.mjs"
import { type SandboxChain, type SandboxChains, startSandboxChains } from "../../sandbox/chain/chain.mjs"
import { startFrameAuthServer, startSocialStandIn } from "../../sandbox/frame/auth.mjs"
import { type SandboxRelay, startSandboxRelay } from "../../sandbox/relay/relay.mjs"
import { type SandboxSolana, startSandboxSolana } from "../../sandbox/solana/chain.mjs"
import { launchChromium } from "../../scripts/chromium.mjs"
import { startHost } from "./frameHost"

/** Starting a chain or a browser can take seconds on a loaded machine. */
const START_LIMIT_MS = 30_000

/** Starts `start()` before the file's tests and `stop`s it after them; answers a reader of what started. */
export const startedForFile = <A>(
  start: () => Promise<A>,
  stop: (started: A) => Promise<unknown> | unknown
): (() => A) => {
  let started: { readonly value: A } | undefined
  beforeAll(async () => {
    started = { value: await start() }
  }, START_LIMIT_MS)
  afterAll(async () => {
    if (started !== undefined) await stop(started.value)
  })
  return () => {
    if (started === undefined) throw new Error("read before the file's tests started it")
    return started.value
  }
}

/** The sandbox's anvil chains (options as `startSandboxChains` takes them). */
export const chainsForFile = (options?: Parameters<typeof startSandboxChains>[0]) =>
  startedForFile<SandboxChains>(
    () => startSandboxChains(options),
    (chains) => chains.stop()
  )

/** The sandbox's local Solana chain. */
export const solanaForFile = () => startedForFile<SandboxSolana>(startSandboxSolana, (chain) => chain.stop())

/** The sandbox's WalletConnect relay. */
export const relayForFile = () => startedForFile<SandboxRelay>(startSandboxRelay, (relay) => relay.close())

/** Debian chromium, one for the file. */
export const chromiumForFile = () => startedForFile(launchChromium, (browser) => browser.close())

/** The sandbox's provider API, its options read once earlier starts ran. */
export const apiForFile = (options: () => Parameters<typeof startSandboxApi>[0]) =>
  startedForFile(
    () => startSandboxApi(options()),
    (api) => api.close()
  )

/** A server of the frame tests' host page (frameHost.ts). */
export const hostForFile = () => startedForFile(startHost, (host) => host.close())

/** The embedded wallet's frame and auth server (sandbox/frame), its options read once earlier starts ran. */
export const frameAuthForFile = (options: () => Parameters<typeof startFrameAuthServer>[0]) =>
  startedForFile(
    () => startFrameAuthServer(options()),
    (auth) => auth.close()
  )

/** The social sign-ins' stand-in, for `auth`'s frame (which it tells where the stand-in is). */
export const socialForFile = (
  auth: () => Awaited<ReturnType<typeof startFrameAuthServer>>,
  options: { readonly now?: () => number } = {}
) =>
  startedForFile(
    async () => {
      const social = await startSocialStandIn({ frameAuthUrl: auth().url, ...options })
      auth().setSocialUrl(social.url)
      return social
    },
    (social) => social.close()
  )

/** The frame's browser tests' world: a host page's server, the frame's auth server allowing it, chromium. */
export const frameWorld = (chains: () => ReadonlyArray<SandboxChain> = () => []) => {
  const host = hostForFile()
  const auth = frameAuthForFile(() => ({ chains: chains(), allowedOrigins: [host().origin] }))
  const browser = chromiumForFile()
  return { host, auth, browser }
}

/** EIP-712's domain type for a domain of a name, a version and a chain id. */
export const EIP712_DOMAIN_TYPE = [
  { name: "name", type: "string" },
  { name: "version", type: "string" },
  { name: "chainId", type: "uint256" }
] as const
