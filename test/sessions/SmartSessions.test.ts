/**
 * Smart sessions (`SmartSessionsLive`, `SmartSessions.lazy.ts`) over fake services: off, every command is
 * refused in words and the code is never asked for; on, a grant is decoded before anything is sent, goes
 * to the wallet through RpcRouter, its answer is decoded and the failures are told apart; the list keeps
 * only sessions still standing; a revoke asks the wallet first, then signs the pci for the API.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { stringToHex } from "viem"
import { preloaded } from "../../src/layers/runtime/lazy"
import * as SmartSessionsModule from "../../src/layers/sessions/SmartSessions.lazy"
import { SmartSessionsLazy, SmartSessionsLive } from "../../src/layers/sessions/SmartSessionsLive"
import type { SmartSession } from "../../src/schemas/SmartSessions"
import { BlockchainApi } from "../../src/services/BlockchainApi"
import { Connection, type ConnectionState } from "../../src/services/Connection"
import { ModalConfig } from "../../src/services/ModalConfig"
import { Networks, type NetworksShape, type NetworksState } from "../../src/services/Networks"
import { RpcRouter, type RpcRouterShape, type WalletRequest } from "../../src/services/RpcRouter"
import { SmartSessions } from "../../src/services/SmartSessions"
import { SmartSessionError, SmartSessionsOffError } from "../../src/sessionErrors"
import { InternalWalletError, UnsupportedMethodError, UserRejectedRequestError } from "../../src/walletErrors"
import { ALICE, BOB } from "../kit/accounts"
import { caipNetworkOf } from "../kit/bindings"
import { blockchainApiWith } from "../kit/blockchainApi"
import { decodedOptions } from "../kit/fixtures"
import { connectionOver } from "../kit/flowLayers"
import { sandboxNetwork } from "../kit/networks"
import { walletConnector } from "../kit/wallets"

const NOW_S = 1_795_564_800
const KEY = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
const TO = "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720"
const SIGNATURE = `0x${"ab".repeat(65)}`

const request = {
  chainId: "0x7a69",
  expiry: NOW_S + 600,
  signer: { type: "account", data: { id: KEY } },
  permissions: [{ type: "native-token-transfer", data: { to: TO, valueLimit: "0x2386f26fc10000" } }],
  policies: []
}
const granted = { ...request, address: ALICE, context: KEY.toLowerCase() }

const session = (pci: string, more: Partial<SmartSession> = {}): SmartSession => ({
  project: { id: "p1", name: "Sandbox dApp", url: "http://localhost" },
  pci,
  expiry: NOW_S + 600,
  createdAt: NOW_S,
  permissions: request.permissions,
  policies: [],
  context: KEY.toLowerCase(),
  ...more
})

interface World {
  readonly asked: Array<WalletRequest>
  readonly listed: Array<string>
  readonly revoked: Array<unknown>
  /** Connects `address` on eip155 in place of the account connected. */
  readonly connect: (address: string) => Effect.Effect<void>
}

/** The service over a fake wallet (`answer`) and API (`sessions`), ALICE connected on the sandbox chain. */
const inWorld = <A, E>(
  use: (sessions: SmartSessions["Service"], world: World) => Effect.Effect<A, E>,
  {
    enabled = true,
    answer = (r: WalletRequest): Effect.Effect<unknown, never> =>
      Effect.succeed(
        r.method === "personal_sign" ? SIGNATURE : r.method === "wallet_grantPermissions" ? granted : null
      ),
    listed = [session("31337-one")],
    imports = { count: 0 }
  }: {
    readonly enabled?: boolean
    readonly answer?: (request: WalletRequest) => Effect.Effect<unknown, unknown>
    readonly listed?: ReadonlyArray<SmartSession>
    readonly imports?: { count: number }
  } = {}
) =>
  Effect.gen(function* () {
    const connectedAs = (address: string) =>
      ({
        status: "connected",
        connector: walletConnector("sandbox"),
        address,
        allAccounts: [address],
        accountType: "smartAccount"
      }) as const
    const connection = yield* SubscriptionRef.make<ConnectionState>({
      namespaces: { eip155: connectedAs(ALICE) },
      attempt: undefined
    })
    const world: World = {
      asked: [],
      listed: [],
      revoked: [],
      connect: (address) =>
        SubscriptionRef.set(connection, { namespaces: { eip155: connectedAs(address) }, attempt: undefined })
    }
    const rpc = {
      request: (r: WalletRequest) =>
        Effect.suspend(() => {
          world.asked.push(r)
          return answer(r)
        })
    }
    const api = blockchainApiWith({
      smartSessions: (caip) =>
        Effect.sync(() => {
          world.listed.push(caip)
          return { items: listed, dropped: 0 }
        }),
      revokeSmartSession: (body) => Effect.sync(() => void world.revoked.push(body))
    })
    const networks = yield* SubscriptionRef.make<NetworksState>({
      activeNamespace: "eip155",
      active: { eip155: { _tag: "Known", network: caipNetworkOf(sandboxNetwork) } }
    })
    const part = enabled
      ? preloaded(SmartSessionsLazy, SmartSessionsModule)
      : Layer.succeed(SmartSessionsLazy, {
          _tag: "Import",
          load: () => {
            imports.count += 1
            return Promise.resolve(SmartSessionsModule)
          }
        })
    const layer = SmartSessionsLive.pipe(
      Layer.provide(
        Layer.mergeAll(
          Layer.succeed(ModalConfig, decodedOptions({ features: { smartSessions: enabled } })),
          Layer.succeed(RpcRouter, rpc as unknown as RpcRouterShape),
          Layer.succeed(BlockchainApi, api),
          Layer.effect(
            Connection,
            connectionOver(
              connection,
              () => Effect.void,
              () =>
                Effect.map(SubscriptionRef.get(connection), (state) => {
                  const evm = state.namespaces.eip155
                  return evm?.status === "connected" ? Option.some(evm) : Option.none()
                })
            )
          ),
          Layer.succeed(Networks, Networks.of({ state: networks } as unknown as NetworksShape)),
          part
        )
      )
    )
    yield* TestClock.setTime(NOW_S * 1000)
    return yield* Effect.gen(function* () {
      return yield* use(yield* SmartSessions, world)
    }).pipe(Effect.provide(layer))
  })

const failureOf = <A, E>(exit: Exit.Exit<A, E>) =>
  Exit.isFailure(exit) ? Option.getOrUndefined(Exit.findErrorOption(exit)) : undefined

describe("SmartSessions", () => {
  it.effect("off: every command is refused in words, and the code is never fetched", () =>
    Effect.gen(function* () {
      const imports = { count: 0 }
      yield* inWorld(
        (sessions, world) =>
          Effect.gen(function* () {
            assert.isFalse(sessions.enabled)
            const commands: ReadonlyArray<Effect.Effect<unknown, unknown>> = [
              sessions.grantPermissions(request),
              sessions.load,
              sessions.revoke("31337-one")
            ]
            for (const command of commands)
              assert.instanceOf(failureOf(yield* Effect.exit(command)), SmartSessionsOffError)
            assert.deepStrictEqual(world.asked, [])
          }),
        { enabled: false, imports }
      )
      assert.strictEqual(imports.count, 0)
    })
  )

  it.effect("a request that does not decode is refused before the wallet is asked", () =>
    inWorld((sessions, world) =>
      Effect.gen(function* () {
        const invalid = [
          { ...request, permissions: [] },
          { ...request, expiry: "soon" },
          { ...request, chainId: 31337 },
          { ...request, permissions: Array.from({ length: 17 }, () => request.permissions[0]) },
          { ...request, signer: { type: "x".repeat(65), data: {} } },
          { ...request, permissions: [{ type: "native-token-transfer", data: { blob: "x".repeat(5000) } }] },
          "not a request"
        ]
        for (const input of invalid) {
          const error = failureOf(yield* Effect.exit(sessions.grantPermissions(input)))
          assert.instanceOf(error, SmartSessionError)
          assert.strictEqual((error as SmartSessionError).reason, "invalid-request")
        }
        assert.deepStrictEqual(world.asked, [])
      })
    )
  )

  it.effect(
    "a grant goes to the wallet for the connected account; its answer is decoded; the list reloads",
    () =>
      inWorld((sessions, world) =>
        Effect.gen(function* () {
          const answer = yield* sessions.grantPermissions(request)
          assert.deepStrictEqual(answer, granted)
          assert.deepStrictEqual(world.asked, [
            { method: "wallet_grantPermissions", params: [{ ...request, address: ALICE }] }
          ])
          yield* Stream.runHead(
            Stream.filter(SubscriptionRef.changes(sessions.sessions), (state) => state._tag === "Loaded")
          )
          assert.deepStrictEqual(world.listed, [`eip155:31337:${ALICE}`])
        })
      )
  )

  it.effect(
    "the wallet's no, a wallet without the method, its refusal and an unreadable answer are told apart",
    () =>
      Effect.gen(function* () {
        const cases = [
          [new UserRejectedRequestError({ code: 4001, message: "no", cause: null }), "declined"],
          [new UnsupportedMethodError({ code: 4200, message: "no", cause: null }), "unsupported"],
          [new InternalWalletError({ code: -32603, message: "no", cause: null }), "refused"]
        ] as const
        for (const [error, reason] of cases) {
          const exit = yield* Effect.exit(
            inWorld((sessions) => sessions.grantPermissions(request), { answer: () => Effect.fail(error) })
          )
          assert.strictEqual((failureOf(exit) as SmartSessionError).reason, reason)
        }
        const unreadable = yield* Effect.exit(
          inWorld((sessions) => sessions.grantPermissions(request), {
            answer: () => Effect.succeed({ ...granted, context: "not hex" })
          })
        )
        assert.strictEqual((failureOf(unreadable) as SmartSessionError).reason, "invalid-answer")
      })
  )

  it.effect(
    "the list keeps the sessions still standing, soonest to expire first, in words the view reads",
    () =>
      inWorld(
        (sessions) =>
          Effect.gen(function* () {
            yield* sessions.load
            const state = yield* SubscriptionRef.get(sessions.sessions)
            assert.strictEqual(state._tag, "Loaded")
            if (state._tag !== "Loaded") return
            assert.deepStrictEqual(
              state.sessions.map((s) => s.pci),
              ["31337-soon", "31337-later"]
            )
            assert.deepStrictEqual(state.sessions[0]?.permissions, [
              { _tag: "NativeTransfer", to: TO, valueLimit: 10n ** 16n }
            ])
          }),
        {
          listed: [
            session("31337-later", { expiry: NOW_S + 900 }),
            session("31337-revoked", { revokedAt: NOW_S - 1 }),
            session("31337-expired", { expiry: NOW_S }),
            session("31337-soon", { expiry: NOW_S + 60 })
          ]
        }
      )
  )

  it.effect("while the list shows, it loads, and loads again for another account connected", () =>
    inWorld((sessions, world) =>
      Effect.scoped(
        Effect.gen(function* () {
          const loadedFor = (account: string) =>
            Stream.runHead(
              Stream.filter(
                SubscriptionRef.changes(sessions.sessions),
                (state) => state._tag === "Loaded" && state.account === account
              )
            )
          yield* sessions.demand
          yield* loadedFor(ALICE)
          yield* world.connect(BOB)
          yield* loadedFor(BOB)
          assert.deepStrictEqual(world.listed, [`eip155:31337:${ALICE}`, `eip155:31337:${BOB}`])
        })
      )
    )
  )

  it.effect("a revoke asks the wallet first, then signs the pci for the API", () =>
    inWorld((sessions, world) =>
      Effect.gen(function* () {
        yield* sessions.load
        yield* sessions.revoke("31337-one")
        assert.deepStrictEqual(world.asked, [
          { method: "wallet_revokePermissions", params: [{ permissionContext: KEY.toLowerCase() }] },
          { method: "personal_sign", params: [stringToHex("31337-one"), ALICE] }
        ])
        assert.deepStrictEqual(world.revoked, [{ address: ALICE, pci: "31337-one", signature: SIGNATURE }])
        const unknown = failureOf(yield* Effect.exit(sessions.revoke("31337-other")))
        assert.strictEqual((unknown as SmartSessionError).reason, "revoke-failed")
      })
    )
  )

  it.effect("a revoke the wallet refuses posts nothing", () =>
    inWorld(
      (sessions, world) =>
        Effect.gen(function* () {
          yield* sessions.load
          const error = failureOf(yield* Effect.exit(sessions.revoke("31337-one")))
          assert.strictEqual((error as SmartSessionError).reason, "revoke-failed")
          assert.deepStrictEqual(world.revoked, [])
          const state = yield* SubscriptionRef.get(sessions.sessions)
          assert.strictEqual(state._tag === "Loaded" ? state.revoking : "not loaded", undefined)
        }),
      { answer: () => Effect.fail(new UserRejectedRequestError({ code: 4001, message: "no", cause: null })) }
    )
  )
})
