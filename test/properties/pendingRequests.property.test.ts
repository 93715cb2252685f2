/**
 * Issue 29, THREATS.md R3: N unsafe requests at once — answered in the modal (Approve, Reject), by the
 * embedded wallet's frame, or by a browser wallet beside the modal's preview (whose Cancel also answers) —
 * settled in random orders among the visitor's opens and closes, driven by `fc.scheduler()`.
 *
 * Model. The visitor's intents (start a request, open a view, close, force a close) run in their order, one
 * at a time; every answer (the visitor's in the modal, the wallet's, the frame's) is a task the scheduler
 * releases when it likes, including after the request it answers has gone. After each task, the run waits
 * for what the model says must follow (a bound turns a hang into a violation), lets the rest settle (the
 * browser's macrotask boundary), then checks: each request is settled exactly when the model says, with its
 * own outcome; only a forced close aborts; the stack holds exactly the pending requests, oldest first, and
 * ApproveTransaction shows the oldest; with none pending, the modal is where the visitor left it.
 */

import { describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Option from "effect/Option"
import * as PubSub from "effect/PubSub"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import * as SubscriptionRef from "effect/SubscriptionRef"
import fc from "fast-check"
import { ModalRouterLive, visitorRoute } from "../../src/layers/modal/ModalRouterLive"
import { NetworksLive } from "../../src/layers/networks/NetworksLive"
import { StorageLive } from "../../src/layers/platform/StorageLive"
import { shownApproval } from "../../src/react/modal/views/requests/shownApproval"
import type { View } from "../../src/schemas/View"
import { Connection, type ConnectionState, type NamespaceConnection } from "../../src/services/Connection"
import type { Eip1193Provider, WalletConnector } from "../../src/services/Connectors"
import { ModalConfig } from "../../src/services/ModalConfig"
import { ModalFlow } from "../../src/services/ModalFlow"
import { ModalRouter } from "../../src/services/ModalRouter"
import { type PendingApproval, type RpcEvent, RpcRouter } from "../../src/services/RpcRouter"
import { ALICE, BOB } from "../kit/accounts"
import { decodedOptions, mainnetNetwork, sandboxNetwork, withWalletConnect } from "../kit/fixtures"
import { connectionOver, withFlow } from "../kit/flowLayers"
import { preloadedParts } from "../kit/lazyParts"

const config = decodedOptions({ networks: [sandboxNetwork, mainnetNetwork] })

// ---------------------------------------------------------------------------------------------------------
// Plans
// ---------------------------------------------------------------------------------------------------------

/** Where a request is answered: the modal's Approve/Reject, the frame's screen, the wallet beside a preview. */
type AnsweredIn = "modal" | "frame" | "wallet"

interface RequestPlan {
  readonly answeredIn: AnsweredIn
  readonly method: "personal_sign" | "eth_sendTransaction"
  /** The visitor's answer in the modal (`modal`), or the frame's or the wallet's. */
  readonly approved: boolean
  /** `wallet` only: the visitor also presses the preview's Cancel. */
  readonly cancels: boolean
}

/** The views the visitor opens: any, ApproveTransaction, or a bare open. */
const OPENED: ReadonlyArray<View | undefined> = [
  undefined,
  "Account",
  "Connect",
  "Networks",
  "ApproveTransaction"
]

type Intent =
  | { readonly _tag: "start"; readonly request: RequestPlan }
  | { readonly _tag: "open"; readonly view: View | undefined }
  | { readonly _tag: "close" }
  | { readonly _tag: "forceClose" }

const requestArb: fc.Arbitrary<RequestPlan> = fc.record({
  answeredIn: fc.constantFrom<AnsweredIn>("modal", "frame", "wallet"),
  method: fc.constantFrom("personal_sign" as const, "eth_sendTransaction" as const),
  approved: fc.boolean(),
  cancels: fc.boolean()
})

const intentsArb: fc.Arbitrary<ReadonlyArray<Intent>> = fc.array(
  fc.oneof(
    { weight: 6, arbitrary: requestArb.map((request) => ({ _tag: "start" as const, request })) },
    { weight: 2, arbitrary: fc.constantFrom(...OPENED).map((view) => ({ _tag: "open" as const, view })) },
    { weight: 2, arbitrary: fc.constant({ _tag: "close" as const }) },
    { weight: 1, arbitrary: fc.constant({ _tag: "forceClose" as const }) }
  ),
  { minLength: 1, maxLength: 10 }
)

// ---------------------------------------------------------------------------------------------------------
// One run
// ---------------------------------------------------------------------------------------------------------

/** One browser task's turn: every fiber and promise ready now runs. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** How long a step may take to show what the model expects; only a hang reaches it. */
const STEP_BOUND_MS = 2_000

/** What a request must end with, as the model knows it. */
type Expected =
  | { readonly _tag: "pending" }
  | { readonly _tag: "success"; readonly value: string }
  | { readonly _tag: "failure"; readonly errorTag: string }

interface Tracked {
  readonly index: number
  readonly plan: RequestPlan
  /** The approval's id, once shown. */
  id: number | undefined
  expected: Expected
  /** The modal-answered wallet is asked only after Approve. */
  walletAsked: boolean
  exits: Array<Exit.Exit<unknown, { readonly _tag: string }>>
}

/** The request's own answer: a signature or a hash no other request gets. */
const answerOf = (tracked: Tracked) =>
  tracked.plan.method === "personal_sign"
    ? `0x${(tracked.index + 1).toString(16).padStart(130, "0")}`
    : `0x${(tracked.index + 1).toString(16).padStart(64, "0")}`

/** A refusal, as the request's caller receives it: a declined signature or a rejected send. */
const refusedTag = (tracked: Tracked) =>
  tracked.plan.method === "personal_sign" ? "SignatureDeclinedError" : "UserRejectedRequestError"

/** The params that name request `index`: its message, or the wei it sends. */
const paramsOf = (method: RequestPlan["method"], index: number): ReadonlyArray<unknown> =>
  method === "personal_sign"
    ? [`0x${(0x1000 + index).toString(16)}`, ALICE]
    : [{ from: ALICE, to: BOB, value: `0x${(index + 1).toString(16)}` }]

/** The index of the request `params` name (personal_sign's message, or a send's value). */
const indexOf = (method: string, params: unknown): number => {
  const [first] = Array.isArray(params) ? params : []
  if (method === "personal_sign") return Number.parseInt(String(first).slice(2), 16) - 0x1000
  const value = typeof first === "object" && first !== null && "value" in first ? first.value : undefined
  return Number.parseInt(String(value).slice(2), 16) - 1
}

const connectorOf = (answeredIn: AnsweredIn, provider: Eip1193Provider): WalletConnector => ({
  id: `test:${answeredIn}`,
  key: `test:${answeredIn}`,
  type: answeredIn === "frame" ? "AUTH" : "INJECTED",
  chain: "eip155",
  name: `Wallet answered in ${answeredIn}`,
  icon: undefined,
  rdns: undefined,
  provider,
  suspicious: false,
  uuid: undefined,
  ...(answeredIn === "wallet" ? {} : { approval: answeredIn })
})

/**
 * ALICE connected on eip155, each request through the wallet `current()` names when the request asks for
 * its wallet (once, before anything is shown or sent).
 */
const switchingConnection = (current: () => WalletConnector) =>
  Layer.effect(
    Connection,
    Effect.gen(function* () {
      const connected = (
        connector: WalletConnector
      ): Extract<NamespaceConnection, { status: "connected" }> => ({
        status: "connected",
        connector,
        address: ALICE,
        allAccounts: [ALICE],
        accountType: "eoa"
      })
      const state = yield* SubscriptionRef.make<ConnectionState>({
        namespaces: { eip155: connected(current()) },
        attempt: undefined
      })
      return yield* connectionOver(
        state,
        () => Effect.void,
        () => Effect.sync(() => Option.some(connected(current())))
      )
    })
  )

/** Resolves once `holds()`, checking after each turn; `false` when the bound passed first. */
const until = async (holds: () => boolean): Promise<boolean> => {
  const deadline = Date.now() + STEP_BOUND_MS
  while (!holds()) {
    if (Date.now() > deadline) return false
    await turn()
  }
  return true
}

/** What each released task is followed by, before the next one: set by the run under way. */
let afterEachTask: () => Promise<void> = async () => {}

const runPlan = async (s: fc.Scheduler, intents: ReadonlyArray<Intent>): Promise<ReadonlyArray<string>> => {
  const violations: Array<string> = []
  const tracked: Array<Tracked> = []

  /** A wallet that answers each request when the scheduler lets it, as its plan says. */
  const provider = (answeredIn: AnsweredIn): Eip1193Provider => ({
    request: ({ method, params }) => {
      const request = tracked[indexOf(method, params)]
      if (request === undefined) return Promise.reject(new Error(`unknown request ${method}`))
      request.walletAsked = true
      // The modal's wallet is asked once the visitor approved: it signs or sends.
      const approves = request.plan.approved || answeredIn === "modal"
      // Only an answer to a request still waiting decides it (a late one is ignored by the modal); the model
      // learns it as the scheduler releases the answer.
      const learn = (answer: () => Promise<void>) => {
        if (request.expected._tag === "pending")
          request.expected = approves
            ? { _tag: "success", value: answerOf(request) }
            : { _tag: "failure", errorTag: refusedTag(request) }
        return answer()
      }
      return s
        .schedule(Promise.resolve(), `${answeredIn}-wallet answers #${request.index}`, undefined, learn)
        .then(() =>
          approves
            ? answerOf(request)
            : Promise.reject(Object.assign(new Error("User rejected the request."), { code: 4001 }))
        )
    }
  })
  const connectors = {
    modal: connectorOf("modal", provider("modal")),
    frame: connectorOf("frame", provider("frame")),
    wallet: connectorOf("wallet", provider("wallet"))
  }

  const platform = Layer.merge(Layer.succeed(ModalConfig, config), KeyValueStore.layerMemory)
  const core = Layer.mergeAll(StorageLive, ModalRouterLive).pipe(Layer.provideMerge(platform))
  const chain = NetworksLive.pipe(Layer.provideMerge(core))
  let current = connectors.modal
  const connection = switchingConnection(() => current)
  const runtime = ManagedRuntime.make(
    withFlow(Layer.merge(withWalletConnect(chain), connection)).pipe(Layer.provide(preloadedParts))
  )

  try {
    const { router, flow, rpc } = await runtime.runPromise(
      Effect.all({ router: ModalRouter, flow: ModalFlow, rpc: RpcRouter })
    )
    const settledEvents = new Map<number, number>()
    runtime.runFork(
      Effect.scoped(
        Effect.flatMap(rpc.events, (events) =>
          Effect.forever(
            Effect.map(PubSub.take(events), (event: RpcEvent) => {
              if (event._tag === "UnsafeSettled")
                settledEvents.set(event.id, (settledEvents.get(event.id) ?? 0) + 1)
            })
          )
        )
      )
    )
    const routerState = () => runtime.runSync(SubscriptionRef.get(router.state))
    const approvals = () => runtime.runSync(SubscriptionRef.get(rpc.approvals))
    /** Where the visitor left the modal: the route a forced close, a close or an open set. */
    let visitor: { readonly open: boolean; readonly view: View | undefined } = {
      open: false,
      view: undefined
    }
    const pending = () => tracked.filter((t) => t.expected._tag === "pending")

    /** Every invariant, at a point where the model and the modal have both settled. */
    const check = (after: string) => {
      const state = routerState()
      const stackIds = state.transactionStack.map((entry) => entry.id)
      const pendingIds = pending().map((t) => t.id)
      if (JSON.stringify(stackIds) !== JSON.stringify(pendingIds))
        violations.push(
          `after ${after}: stack ${JSON.stringify(stackIds)}, pending ${JSON.stringify(pendingIds)}`
        )
      for (const t of tracked) {
        if (t.exits.length > 1) violations.push(`after ${after}: #${t.index} settled ${t.exits.length} times`)
        const settled = t.exits.length > 0
        if (settled !== (t.expected._tag !== "pending"))
          violations.push(
            `after ${after}: #${t.index} is ${settled ? "settled" : "pending"}, expected ${t.expected._tag}`
          )
      }
      const oldest = pending()[0]
      if (oldest !== undefined) {
        if (!state.open || state.view !== "ApproveTransaction")
          violations.push(
            `after ${after}: requests wait, but the modal shows ${state.open ? state.view : "nothing"}`
          )
        const shown = shownApproval(approvals(), state.transactionStack)
        if (shown?.id !== oldest.id)
          violations.push(
            `after ${after}: ApproveTransaction shows ${shown?.id}, not the oldest ${oldest.id}`
          )
      }
      const route = visitorRoute(state)
      if (route.open !== visitor.open || (visitor.open && route.view !== visitor.view))
        violations.push(
          `after ${after}: the visitor's route is ${route.open ? route.view : "closed"}, expected ${
            visitor.open ? visitor.view : "closed"
          }`
        )
    }

    /** Waits for `holds`, recording `what` if the bound passes first. */
    const expect = async (what: string, holds: () => boolean) => {
      if (!(await until(holds))) violations.push(`${what}: never happened`)
    }
    const settledAsExpected = () =>
      tracked.every((t) => t.exits.length > 0 === (t.expected._tag !== "pending"))

    const start = async (plan: RequestPlan) => {
      const t: Tracked = {
        index: tracked.length,
        plan,
        id: undefined,
        expected: { _tag: "pending" },
        walletAsked: false,
        exits: []
      }
      tracked.push(t)
      current = connectors[plan.answeredIn]
      void runtime
        .runPromiseExit(rpc.request({ method: plan.method, params: paramsOf(plan.method, t.index) }))
        .then((exit) => {
          t.exits.push(exit)
        })
      await expect(`#${t.index} shown`, () => {
        // The one approval no earlier request has.
        t.id ??= approvals().find((a: PendingApproval) => !tracked.some((other) => other.id === a.id))?.id
        return t.id !== undefined && routerState().transactionStack.some((e) => e.id === t.id)
      })
      const id = t.id
      if (id === undefined) return
      // The visitor's answers in the modal, released whenever the scheduler likes.
      const decide = (approved: boolean, label: string) =>
        void s.schedule(Promise.resolve(), label, undefined, (release) => {
          if (t.expected._tag === "pending" && !approved)
            t.expected = { _tag: "failure", errorTag: refusedTag(t) }
          runtime.runSync(rpc.decide(id, approved))
          return release()
        })
      if (plan.answeredIn === "modal")
        decide(plan.approved, `visitor ${plan.approved ? "approves" : "rejects"} #${t.index}`)
      if (plan.answeredIn === "wallet" && plan.cancels)
        decide(false, `visitor cancels the preview of #${t.index}`)
    }

    let tasks = 0
    const stackIsPending = () =>
      JSON.stringify(routerState().transactionStack.map((entry) => entry.id)) ===
      JSON.stringify(pending().map((t) => t.id))
    afterEachTask = async () => {
      tasks++
      await expect(`what task ${tasks} settles`, () => settledAsExpected() && stackIsPending())
      // What must not happen is given a turn to happen.
      await turn()
      check(`task ${tasks}`)
    }

    const sequence = s.scheduleSequence(
      intents.map((intent) => ({
        label:
          intent._tag === "open"
            ? `open(${intent.view ?? ""})`
            : intent._tag === "start"
              ? `start ${JSON.stringify(intent.request)}`
              : intent._tag,
        builder: async () => {
          switch (intent._tag) {
            case "start":
              await start(intent.request)
              break
            case "open": {
              await runtime.runPromise(flow.open(intent.view))
              // A bare open, or ApproveTransaction with none waiting, lands on Account: a wallet is connected.
              const view =
                intent.view === undefined || (intent.view === "ApproveTransaction" && pending().length === 0)
                  ? "Account"
                  : intent.view
              if (view !== "ApproveTransaction") visitor = { open: true, view }
              break
            }
            case "close": {
              const closed = await runtime.runPromise(flow.close())
              if (closed !== (pending().length === 0))
                violations.push(`close() answered ${closed} with ${pending().length} pending`)
              if (closed) visitor = { open: false, view: undefined }
              break
            }
            case "forceClose": {
              if (!(await runtime.runPromise(flow.close({ force: true }))))
                violations.push("a forced close refused")
              for (const t of pending()) t.expected = { _tag: "failure", errorTag: "RequestAbortedError" }
              visitor = { open: false, view: undefined }
              break
            }
          }
        }
      }))
    )

    await s.waitIdle()
    await turn()
    if (!sequence.done) violations.push("the intents did not all run")
    // Every answer was a task, all released: nothing may still wait.
    if (pending().length > 0) violations.push(`${pending().length} requests still pending at the end`)
    check("the end")
    for (const t of tracked) {
      const exit = t.exits[0]
      if (exit === undefined || t.id === undefined) continue
      const count = settledEvents.get(t.id) ?? 0
      if (count !== 1) violations.push(`#${t.index}: ${count} UnsafeSettled events`)
      const expected = t.expected
      if (expected._tag === "success") {
        if (!Exit.isSuccess(exit) || exit.value !== expected.value)
          violations.push(
            `#${t.index}: expected its own answer, got ${String(Exit.isSuccess(exit) ? exit.value : exit.cause)}`
          )
      } else if (expected._tag === "failure") {
        const tag = Option.getOrUndefined(Option.map(Exit.findErrorOption(exit), (e) => e._tag))
        if (tag !== expected.errorTag)
          violations.push(`#${t.index}: expected ${expected.errorTag}, got ${tag}`)
      }
      if (t.plan.answeredIn === "modal" && !t.plan.approved && t.walletAsked)
        violations.push(`#${t.index}: the wallet was asked although the visitor rejected it`)
    }
    if (approvals().length > 0) violations.push(`${approvals().length} approvals left`)
    return violations
  } finally {
    await runtime.dispose()
  }
}

const checkingScheduler = fc.scheduler({
  act: async (task) => {
    await task()
    await afterEachTask()
  }
})

const report = (s: fc.Scheduler, violations: ReadonlyArray<string>) => {
  if (violations.length === 0) return
  const trace = s
    .report()
    .map((task) => `${task.label} ${task.status}`)
    .join("\n")
  throw new Error(`${violations.join("\n")}\n${trace}`)
}

describe("requests at once, settled in random orders among opens and closes", () => {
  it("each settles once with its own outcome, only a forced close aborts, the stack holds exactly the pending ones (1000 runs)", async () => {
    await fc.assert(
      fc.asyncProperty(checkingScheduler, intentsArb, async (s, intents) =>
        report(s, await runPlan(s, intents))
      ),
      { numRuns: 1000 }
    )
  }, 60_000)
})
