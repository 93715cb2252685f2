/**
 * THREATS.md T16, R3, R5, R6: random interleavings of user intents (connect, cancel, closing the modal,
 * disconnect), wallet answers and wallet events, driven by `fc.scheduler()`.
 *
 * Model. User intents run in their order, one at a time; a connect only starts the prompt (the visitor does
 * not wait for the wallet), the others run to their end. Every wallet answer and every wallet event is a
 * task the scheduler releases when it likes, so answers arrive before, between or after any intents,
 * including after the attempt they answer was abandoned. Between two tasks everything else settles
 * (the browser's macrotask boundary).
 */

import { describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Option from "effect/Option"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import fc from "fast-check"
import { ConnectionLive } from "../../src/layers/connection/ConnectionLive"
import { ModalRouterLive } from "../../src/layers/modal/ModalRouterLive"
import { NetworksLive } from "../../src/layers/networks/NetworksLive"
import { makeSafeKeyValueStore } from "../../src/layers/platform/SafeKeyValueStoreLive"
import { StorageLive } from "../../src/layers/platform/StorageLive"
import { connectedConnectorIdKey, StorageKeys } from "../../src/schemas/StorageKeys"
import { Connection, type ConnectionState } from "../../src/services/Connection"
import { Connectors, type Eip1193Provider, type WalletConnector } from "../../src/services/Connectors"
import { ModalConfig } from "../../src/services/ModalConfig"
import { ModalFlow } from "../../src/services/ModalFlow"
import { ModalRouter } from "../../src/services/ModalRouter"
import { makeMockEip1193Provider } from "../../src/testing/index"
import { ALICE, BOB, CAROL } from "../kit/accounts"
import { decodedOptions, mainnetNetwork, makeArea, sandboxNetwork, withWalletConnect } from "../kit/fixtures"
import { withFlow } from "../kit/flowLayers"
import { preloadedParts } from "../kit/lazyParts"

const config = decodedOptions({ networks: [sandboxNetwork, mainnetNetwork] })

const ACCOUNTS = [ALICE, BOB]
const OTHER = CAROL
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/

// ---------------------------------------------------------------------------------------------------------
// Plans
// ---------------------------------------------------------------------------------------------------------

type Intent =
  | { readonly _tag: "connect"; readonly wallet: number }
  | { readonly _tag: "cancel" }
  | { readonly _tag: "closeModal" }
  | { readonly _tag: "disconnect" }

type WalletEvent =
  | { readonly _tag: "accountsChanged"; readonly wallet: number; readonly accounts: ReadonlyArray<unknown> }
  | { readonly _tag: "chainChanged"; readonly wallet: number; readonly chainId: unknown }
  | { readonly _tag: "disconnect"; readonly wallet: number }

interface Plan {
  readonly wallets: number
  /** A connection stored by an earlier visit to wallet 0, which the wallet still authorises. */
  readonly stored: boolean
  readonly intents: ReadonlyArray<Intent>
  readonly events: ReadonlyArray<WalletEvent>
  /** Per wallet, whether its n-th account prompt is approved (cycled). */
  readonly approvals: ReadonlyArray<ReadonlyArray<boolean>>
}

const planArb = (wallets: number): fc.Arbitrary<Plan> => {
  const wallet = fc.nat({ max: wallets - 1 })
  const intent: fc.Arbitrary<Intent> = fc.oneof(
    { weight: 4, arbitrary: wallet.map((w) => ({ _tag: "connect" as const, wallet: w })) },
    { weight: 1, arbitrary: fc.constant({ _tag: "cancel" as const }) },
    { weight: 1, arbitrary: fc.constant({ _tag: "closeModal" as const }) },
    { weight: 2, arbitrary: fc.constant({ _tag: "disconnect" as const }) }
  )
  const event: fc.Arbitrary<WalletEvent> = fc.oneof(
    fc.record({
      _tag: fc.constant("accountsChanged" as const),
      wallet,
      accounts: fc.constantFrom([], [ACCOUNTS[1]], [OTHER, ACCOUNTS[0]], ["0xnope"], [null])
    }),
    fc.record({
      _tag: fc.constant("chainChanged" as const),
      wallet,
      chainId: fc.constantFrom("0x1", "0x7a69", "0x38", "garbage", 1)
    }),
    fc.record({ _tag: fc.constant("disconnect" as const), wallet })
  )
  return fc.record({
    wallets: fc.constant(wallets),
    stored: fc.boolean(),
    intents: fc.array(intent, { minLength: 1, maxLength: 8 }),
    events: fc.array(event, { maxLength: 4 }),
    approvals: fc.array(fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }), {
      minLength: wallets,
      maxLength: wallets
    })
  })
}

// ---------------------------------------------------------------------------------------------------------
// One run
// ---------------------------------------------------------------------------------------------------------

/** Lets every fiber and promise settle: the gap between two browser tasks. */
const drain = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)))

/** Discovery is not under test here: a fixed list of announced wallets. */
const fixedConnectors = (list: ReadonlyArray<WalletConnector>) =>
  Layer.effect(
    Connectors,
    Effect.map(SubscriptionRef.make(list), (connectors) => ({
      connectors,
      byId: (id: string) => Effect.succeed(Option.fromNullishOr(list.find((c) => c.id === id))),
      awaitKey: (key: string) => {
        const matches = list.filter((c) => c.key === key)
        return Effect.succeed(matches.length === 1 ? Option.fromNullishOr(matches[0]) : Option.none())
      }
    }))
  )

interface Outcome {
  readonly violations: ReadonlyArray<string>
  readonly final: ConnectionState
}

/** What the model knows about one account prompt the SDK sent. */
interface Prompt {
  readonly wallet: number
  readonly index: number
  readonly approved: boolean
  /** Still owned by the SDK: not answered, and no cancel/close/disconnect since. */
  live: boolean
  answered: boolean
}

const statusOf = (s: ConnectionState) => s.namespaces.eip155?.status ?? "disconnected"

const runPlan = async (s: fc.Scheduler, plan: Plan): Promise<Outcome> => {
  const violations: Array<string> = []
  const prompts: Array<Prompt> = []
  let clock = 0
  /** For each wallet, when the last event that can end its connection was released. */
  const endingEventAt: Array<number> = Array.from({ length: plan.wallets }, () => -1)

  const mocks = Array.from({ length: plan.wallets }, (_, w) =>
    makeMockEip1193Provider({
      accounts: [ACCOUNTS[w] ?? OTHER],
      chainId: 31337,
      chains: [31337, 1],
      connected: plan.stored && w === 0
    })
  )
  const providers: Array<Eip1193Provider> = mocks.map((mock, w) => ({
    request: (args) => {
      // The best-effort revoke answers at once: a slow one is covered by ConnectionDisconnect.test.ts.
      if (args.method === "wallet_revokePermissions") return mock.request(args)
      if (args.method !== "eth_requestAccounts") {
        return s.schedule(Promise.resolve(), `wallet${w}:${args.method}`).then(() => mock.request(args))
      }
      const approvals = plan.approvals[w] ?? [true]
      const index = prompts.filter((p) => p.wallet === w).length
      const prompt: Prompt = {
        wallet: w,
        index,
        approved: approvals[index % approvals.length] ?? true,
        live: true,
        answered: false
      }
      const owned = prompts.filter((p) => p.wallet === w && p.live).length
      if (owned > 0) violations.push(`wallet ${w}: a second account prompt while one is in flight`)
      prompts.push(prompt)
      return s.schedule(Promise.resolve(), `wallet${w}:eth_requestAccounts#${index}`).then(() => {
        prompt.live = false
        prompt.answered = true
        return prompt.approved
          ? mock.request(args)
          : Promise.reject(Object.assign(new Error("User rejected the request."), { code: 4001 }))
      })
    },
    on: mock.on,
    removeListener: mock.removeListener
  }))
  const connectors: Array<WalletConnector> = providers.map((provider, w) => ({
    id: `eip6963:wallet-${w}`,
    key: `dev.airlock.wallet${w}`,
    type: "ANNOUNCED",
    chain: "eip155",
    name: `Wallet ${w}`,
    icon: undefined,
    rdns: `dev.airlock.wallet${w}`,
    provider,
    suspicious: false,
    uuid: `wallet-${w}`
  }))

  const seed = plan.stored
    ? {
        [StorageKeys.connectionStatus.key]: { eip155: "connected" },
        [connectedConnectorIdKey("eip155").key]: "dev.airlock.wallet0"
      }
    : {}
  const { area } = makeArea(seed)
  const platform = Layer.mergeAll(
    Layer.succeed(ModalConfig, config),
    Layer.succeed(
      KeyValueStore.KeyValueStore,
      makeSafeKeyValueStore(() => area)
    )
  )
  const core = Layer.mergeAll(StorageLive, ModalRouterLive).pipe(Layer.provideMerge(platform))
  const chain = Layer.mergeAll(NetworksLive, fixedConnectors(connectors)).pipe(Layer.provideMerge(core))
  // ModalFlow is what cancels a connect when the modal closes, and what closes the modal on disconnect.
  const runtime = ManagedRuntime.make(
    withFlow(ConnectionLive.pipe(Layer.provideMerge(withWalletConnect(chain)))).pipe(
      Layer.provide(preloadedParts)
    )
  )

  try {
    const { connection, router, flow } = await runtime.runPromise(
      Effect.all({ connection: Connection, router: ModalRouter, flow: ModalFlow })
    )
    const current = () => runtime.runSync(SubscriptionRef.get(connection.state))

    // Every state the connection ever publishes: connected always comes with a valid address.
    runtime.runFork(
      Stream.runForEach(SubscriptionRef.changes(connection.state), (state) =>
        Effect.sync(() => {
          const c = state.namespaces.eip155
          if (c?.status !== "connected") return
          if (!EVM_ADDRESS.test(c.address))
            violations.push(`connected with address ${JSON.stringify(c.address)}`)
          if (c.allAccounts.length === 0 || !c.allAccounts.includes(c.address)) {
            violations.push("connected with an account list that lacks the address")
          }
          if (!providers.includes(c.connector.provider)) violations.push("connected to an unknown provider")
        })
      )
    )

    /** The intents in the order they ran, with what the model needs to judge the end state. */
    const ran: Array<{
      readonly intent: Intent
      readonly at: number
      readonly promptsBefore: number
      readonly connectedAfter: boolean
    }> = []
    const abandonPrompts = () => {
      for (const p of prompts) p.live = false
    }

    const sequence = s.scheduleSequence(
      plan.intents.map((intent) => ({
        label: intent._tag === "connect" ? `connect(wallet${intent.wallet})` : intent._tag,
        builder: async () => {
          const at = ++clock
          const promptsBefore = prompts.length
          switch (intent._tag) {
            case "connect":
              // The visitor picks a wallet in the open modal and does not wait for the wallet.
              await runtime.runPromise(router.open("Connect"))
              runtime.runFork(Effect.ignore(connection.connect(`eip6963:wallet-${intent.wallet}`)))
              break
            case "cancel":
              await runtime.runPromise(connection.cancel)
              abandonPrompts()
              break
            case "closeModal":
              await runtime.runPromise(flow.open())
              await runtime.runPromise(router.close())
              await drain()
              abandonPrompts()
              break
            case "disconnect":
              await runtime.runPromise(flow.disconnect())
              await drain()
              abandonPrompts()
              break
          }
          await drain()
          ran.push({ intent, at, promptsBefore, connectedAfter: statusOf(current()) === "connected" })
        }
      }))
    )
    for (const event of plan.events) {
      void s.schedule(Promise.resolve(), `${event._tag}(wallet${event.wallet})`).then(() => {
        const at = ++clock
        const mock = mocks[event.wallet]
        if (mock === undefined) return
        switch (event._tag) {
          case "accountsChanged":
            if (!event.accounts.some((a) => typeof a === "string" && EVM_ADDRESS.test(a)))
              endingEventAt[event.wallet] = at
            mock.emit("accountsChanged", event.accounts)
            break
          case "chainChanged":
            mock.emit("chainChanged", event.chainId)
            break
          case "disconnect":
            endingEventAt[event.wallet] = at
            mock.emit("disconnect", { code: 4900, message: "Disconnected" })
            break
        }
      })
    }

    await s.waitIdle()
    await drain()
    if (!sequence.done) violations.push("the intents did not all run")
    const final = current()
    const finalStatus = statusOf(final)
    const connectedWallet = (() => {
      const c = final.namespaces.eip155
      return c?.status === "connected" ? providers.indexOf(c.connector.provider) : -1
    })()

    // Nothing is left in flight, so nothing may still look in progress (R3).
    if (finalStatus === "connecting" || final.attempt?._tag === "Waiting") {
      violations.push(`still ${finalStatus} / ${final.attempt?._tag} with nothing in flight`)
    }

    // What is stored agrees with the state, so a reload restores exactly this (T13).
    const stored = (key: string) => {
      const raw = area.getItem(key)
      return raw === null ? undefined : (JSON.parse(raw) as { data: unknown }).data
    }
    const storedStatus = (stored(StorageKeys.connectionStatus.key) as { eip155?: string } | undefined)?.eip155
    const storedKey = stored(connectedConnectorIdKey("eip155").key)
    if (finalStatus === "connected") {
      if (storedStatus !== "connected" || storedKey !== `dev.airlock.wallet${connectedWallet}`) {
        violations.push(
          `connected to wallet ${connectedWallet}, but stored ${storedStatus} / ${String(storedKey)}`
        )
      }
    } else if (finalStatus === "disconnected" && (storedStatus === "connected" || storedKey !== undefined)) {
      violations.push(`disconnected, but stored ${storedStatus} / ${String(storedKey)}`)
    }

    // The final state follows the last user intent (R6).
    const last = ran[ran.length - 1]
    const anyConnect = ran.some((r) => r.intent._tag === "connect")
    if (last !== undefined) {
      switch (last.intent._tag) {
        case "disconnect":
          if (finalStatus !== "disconnected")
            violations.push(`disconnect was last, but the state is ${finalStatus}`)
          break
        case "cancel":
        case "closeModal":
          if (anyConnect && !last.connectedAfter && finalStatus === "connected") {
            violations.push(`${last.intent._tag} was last, but a connection was made afterwards`)
          }
          break
        case "connect": {
          const w = last.intent.wallet
          // Its own prompt (sent after it), else the one in flight it joined.
          const own =
            prompts.find((p, i) => i >= last.promptsBefore && p.wallet === w) ??
            [...prompts.slice(0, last.promptsBefore)].reverse().find((p) => p.wallet === w)
          const ended = (endingEventAt[w] ?? -1) > last.at
          if (own?.approved === true && own.answered && !ended && connectedWallet !== w) {
            violations.push(
              `connect(wallet${w}) was last and approved, but the state is ${finalStatus} (wallet ${connectedWallet})`
            )
          }
          break
        }
      }
    } else if (plan.stored && endingEventAt.every((t) => t < 0) && connectedWallet !== 0) {
      violations.push(`the stored connection was not restored: ${finalStatus}`)
    }
    return { violations, final }
  } finally {
    await runtime.dispose()
  }
}

const drainingScheduler = fc.scheduler({
  act: async (f) => {
    await f()
    await drain()
  }
})

const check = (s: fc.Scheduler, outcome: Outcome) => {
  if (outcome.violations.length === 0) return
  const trace = s
    .report()
    .map((t) => `${t.label} ${t.status}`)
    .join("\n")
  throw new Error(`${outcome.violations.join("\n")}\n${trace}`)
}

describe("Connection under random interleavings", () => {
  it("one wallet, with or without a stored connection: valid connected states, one prompt at a time, last intent wins (200 runs)", async () => {
    await fc.assert(
      fc.asyncProperty(drainingScheduler, planArb(1), async (s, plan) => check(s, await runPlan(s, plan))),
      { numRuns: 200 }
    )
  })

  it("two wallets: the same invariants (200 runs)", async () => {
    await fc.assert(
      fc.asyncProperty(drainingScheduler, planArb(2), async (s, plan) => check(s, await runPlan(s, plan))),
      { numRuns: 200 }
    )
  })
})
