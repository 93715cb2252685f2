/**
 * The SDK's clients (ProviderApi, BlockchainApi) against the sandbox provider API (sandbox/api) on real
 * anvil nodes.
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { describe, expect, it } from "vitest"
import { DEFAULT_PROJECT_ID, SANDBOX_WALLET_ID, SANDBOX_WC_WALLET_ID } from "../../sandbox/api/api.mjs"
import { SANDBOX_IDENTITY_NAME } from "../../sandbox/api/identity.mjs"
import { SOLANA_USDC_MINT } from "../../sandbox/api/solanaFixture.mjs"
import type { AirlockError } from "../../src/errors"
import { BlockchainApiLive } from "../../src/layers/provider/BlockchainApiLive"
import { ProviderApiLive } from "../../src/layers/provider/ProviderApiLive"
import { decodeModalOptions } from "../../src/schemas/ModalOptions"
import { BlockchainApi } from "../../src/services/BlockchainApi"
import { ModalConfig } from "../../src/services/ModalConfig"
import { ProviderApi } from "../../src/services/ProviderApi"
import { sandboxNetwork } from "../kit/fixtures"
import { apiWorld, right, solAddress, solanaMainnet } from "./apiWorld"

const { sandbox, api, account } = apiWorld()

describe("the SDK's clients against the sandbox API", () => {
  const network = () => ({ ...sandboxNetwork, rpcUrls: { default: { http: [sandbox().chains[0]!.rpcUrl] } } })
  const run = <A, E>(
    effect: Effect.Effect<A, E, ProviderApi | BlockchainApi>,
    projectId: string = DEFAULT_PROJECT_ID
  ) => {
    const options = right(
      decodeModalOptions({
        projectId,
        networks: [network()],
        apiUrl: api().url,
        blockchainApiUrl: api().url,
        analyticsUrl: api().url
      })
    )
    const layer = Layer.merge(ProviderApiLive, BlockchainApiLive).pipe(
      Layer.provide(Layer.succeed(ModalConfig, options))
    )
    return Effect.runPromiseExit(Effect.provide(effect, layer))
  }
  const value = <A, E>(exit: Exit.Exit<A, E>): A => {
    if (Exit.isFailure(exit)) throw new Error(`expected success, got ${Cause.pretty(exit.cause)}`)
    return exit.value
  }

  it("ProviderApi: wallets, images, origins, analytics", async () => {
    api().inspect.clear()
    const result = value(
      await run(
        Effect.gen(function* () {
          const provider = yield* ProviderApi
          const first = yield* provider.getWallets({ page: 1, entries: 40 })
          const search = yield* provider.getWallets({ page: 1, entries: 100, search: "nova" })
          const excluded = yield* provider.getWallets({ page: 1, entries: 4, exclude: [SANDBOX_WALLET_ID] })
          const origins = yield* provider.getAllowedOrigins
          const analytics = yield* provider.getAnalyticsConfig
          yield* provider.sendEvent({ type: "track", event: "MODAL_OPEN", properties: { connected: false } })
          const image = provider.walletImageUrl(first.data[0]!.image_id!)
          return { first, search, excluded, origins, analytics, image }
        })
      )
    )
    expect(result.first.count).toBeGreaterThanOrEqual(600)
    expect(result.first.data).toHaveLength(40)
    expect(result.first.dropped).toBe(0)
    expect(result.first.data[0]!.name).toBe("Sandbox Wallet")
    expect(result.search.data.length).toBeGreaterThan(0)
    for (const wallet of result.search.data) expect(wallet.name.toLowerCase()).toContain("nova")
    expect(result.excluded.data[0]!.id).toBe(SANDBOX_WC_WALLET_ID)
    expect(result.origins).toEqual(["http://localhost:*", "http://127.0.0.1:*"])
    expect(result.analytics).toEqual({ isAnalyticsEnabled: true })
    expect(api().inspect.events()).toMatchObject([
      {
        path: "/e",
        query: { projectId: DEFAULT_PROJECT_ID, st: "airlock" },
        body: { props: { type: "track", event: "MODAL_OPEN", properties: { connected: false } } }
      }
    ])
    const image = await fetch(result.image!)
    expect(image.status).toBe(200)
    expect(image.headers.get("content-type")).toBe("image/svg+xml")
  })

  it("BlockchainApi: supported chains, balance, history, identity", async () => {
    const address = account(0)
    const result = value(
      await run(
        Effect.gen(function* () {
          const chain = yield* BlockchainApi
          const supported = yield* chain.supportedChains
          const balance = yield* chain.balance(address, "eip155:31337")
          const first = yield* chain.history(address, { chainId: "eip155:31337" })
          const second = yield* chain.history(address, { chainId: "eip155:31337", cursor: first.next! })
          const identity = yield* chain.identity(address)
          const nobody = yield* chain.identity(account(5))
          return { supported, balance, first, second, identity, nobody }
        })
      )
    )
    expect(result.supported.http).toEqual(["eip155:31337", "eip155:31338"])
    expect(result.balance.balances.map((b) => b.symbol)).toEqual(["ETH", "sUSD", "SBX"])
    expect(result.balance.dropped).toBe(0)
    expect(result.first.data).toHaveLength(10)
    expect(result.first.dropped).toBe(0)
    expect(result.second.data.length).toBeGreaterThan(0)
    const ids = [...result.first.data, ...result.second.data].map((t) => t.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(Date.parse(result.second.data[0]!.metadata.minedAt)).toBeLessThanOrEqual(
      Date.parse(result.first.data[9]!.metadata.minedAt)
    )
    expect(result.identity).toEqual({
      name: SANDBOX_IDENTITY_NAME,
      avatar: `${api().url}/media/avatar/${SANDBOX_IDENTITY_NAME}.svg`
    })
    expect(result.nobody).toEqual({ name: undefined, avatar: undefined })
  })

  it("BlockchainApi: a Solana balance and history", async () => {
    const result = value(
      await run(
        Effect.gen(function* () {
          const chain = yield* BlockchainApi
          const balance = yield* chain.balance(solAddress, "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")
          const history = yield* chain.history(solAddress, {})
          return { balance, history }
        })
      )
    )
    expect(result.balance.dropped).toBe(0)
    expect(result.balance.balances.map((b) => [b.symbol, b.address])).toEqual([
      ["SOL", undefined],
      ["USDC", `${solanaMainnet}:${SOLANA_USDC_MINT}`]
    ])
    expect(result.history).toMatchObject({ data: [], dropped: 0 })
  })

  it("gets the catalogue's typed errors from the sandbox's refusals", async () => {
    const failure = async <A>(
      effect: Effect.Effect<A, AirlockError, ProviderApi | BlockchainApi>,
      projectId?: string
    ) => {
      const exit = await run(effect, projectId)
      if (Exit.isSuccess(exit)) throw new Error("expected a failure")
      const error = Cause.findErrorOption(exit.cause)
      if (Option.isNone(error)) throw new Error(`expected a typed failure, got ${Cause.pretty(exit.cause)}`)
      return error.value
    }
    const getWallets = Effect.flatMap(ProviderApi, (p) => p.getWallets({ page: 1, entries: 4 }))
    expect(await failure(getWallets, "not-a-project")).toMatchObject({
      _tag: "InvalidAppConfigurationError",
      reason: "invalid-project-id"
    })
    api().faults.set({ status: 403, paths: "^/getWallets" })
    expect(await failure(getWallets)).toMatchObject({
      _tag: "InvalidAppConfigurationError",
      reason: "origin-not-allowed"
    })
    api().faults.set({ malformed: true, paths: "/balance$" })
    expect(
      await failure(Effect.flatMap(BlockchainApi, (b) => b.balance(account(0), "eip155:31337")))
    ).toMatchObject({ _tag: "ProviderRequestError", reason: "malformed-body" })
  })
})
