/**
 * THREATS.md (issue 28, item 1): a transaction is bound to its review. Random switches of the active
 * namespace, network and account between the review and the confirmation, and while the confirmation
 * works (Solana fetching its fresh blockhash; Swap between the mined approval and the swap), through the
 * real Send and Swap flows over fake wallets.
 *
 * Model. A switch replaces what Networks and Connection hold: the active namespace; per namespace the
 * review's network, another configured one, the review's id as a network the host did not configure, or
 * none; per namespace the review's account (EVM: in any casing), another one, or none. The property: the
 * wallet is asked for a transaction only when the namespace, the network and the account active at that
 * moment are the review's, and then exactly the reviewed request; otherwise nothing more is asked and the
 * flow says what changed.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import fc from "fast-check"
import { getAddress } from "viem"
import { QUOTE_DELAY_MS } from "../../src/layers/flows/swap/Swap.lazy"
import type { CaipNetwork } from "../../src/schemas/Network"
import type { ChainNamespace } from "../../src/schemas/Primitives"
import type { ConnectionState } from "../../src/services/Connection"
import type { ActiveNetwork, NetworksState } from "../../src/services/Networks"
import type { ReviewBinding } from "../../src/services/Send"
import type { SwapState, SwapTransaction } from "../../src/services/Swap"
import { editAndSettle } from "../flows/formSteps"
import { inWorld as inSendWorld } from "../flows/send/sendWorld"
import {
  APPROVAL_HASH,
  APPROVE_SELECTOR,
  CHAIN,
  inWorld as inSwapWorld,
  SBX,
  SUSD,
  SWAP_HASH
} from "../flows/swap/swapWorld"
import { ALICE, BOB, SOLANA_ALICE, SOLANA_BOB } from "../kit/accounts"
import { caipNetworkOf, connectedAs } from "../kit/bindings"
import {
  SUSD_ADDRESS,
  sandboxNetwork,
  secondSandboxNetwork,
  solanaDevnetNetwork,
  solanaLocalnetNetwork
} from "../kit/networks"
import { stateTagged } from "../kit/waits"

// ---------------------------------------------------------------------------------------------------------
// Switches
// ---------------------------------------------------------------------------------------------------------

type NetworkChoice = "reviewed" | "other" | "unconfigured" | "none"
type AccountChoice = "reviewed" | "recased" | "other" | "none"

/** What a switch leaves active. */
interface Switch {
  readonly activeNamespace: "eip155" | "solana"
  readonly networks: { readonly eip155: NetworkChoice; readonly solana: NetworkChoice }
  readonly accounts: { readonly eip155: AccountChoice; readonly solana: AccountChoice }
}

const networkChoice = fc.constantFrom<NetworkChoice>("reviewed", "reviewed", "other", "unconfigured", "none")
const accountChoice = fc.constantFrom<AccountChoice>("reviewed", "reviewed", "recased", "other", "none")

const switchArb: fc.Arbitrary<Switch> = fc.record({
  activeNamespace: fc.constantFrom("eip155" as const, "eip155" as const, "solana" as const),
  networks: fc.record({ eip155: networkChoice, solana: networkChoice }),
  accounts: fc.record({ eip155: accountChoice, solana: accountChoice })
})

interface Plan {
  /** Applied one after another between the review and the confirmation. */
  readonly before: ReadonlyArray<Switch>
  /** Applied while the confirmation works, before its (second) request; `null`: none. */
  readonly during: Switch | null
}

const planArb: fc.Arbitrary<Plan> = fc.record({
  before: fc.array(switchArb, { maxLength: 3 }),
  during: fc.option(switchArb, { nil: null })
})

/**
 * Each namespace's networks and accounts: the worlds' own (the review's in its namespace) and another.
 * Send's and Swap's EVM worlds are on the sandbox chain, Send's Solana world on the devnet.
 */
const WORLD = {
  eip155: {
    home: caipNetworkOf(sandboxNetwork),
    other: caipNetworkOf(secondSandboxNetwork),
    account: ALICE,
    otherAccount: BOB
  },
  solana: {
    home: caipNetworkOf(solanaDevnetNetwork),
    other: caipNetworkOf(solanaLocalnetNetwork),
    account: SOLANA_ALICE,
    otherAccount: SOLANA_BOB
  }
} as const

const activeNetwork = (
  namespace: "eip155" | "solana",
  choice: NetworkChoice,
  reviewed: CaipNetwork
): ActiveNetwork | undefined => {
  const home = namespace === reviewed.chainNamespace ? reviewed : WORLD[namespace].home
  switch (choice) {
    case "reviewed":
      return { _tag: "Known", network: home }
    case "other":
      return { _tag: "Known", network: WORLD[namespace].other }
    case "unconfigured":
      // The review's own id, as a network the host did not configure.
      return {
        _tag: "Unknown",
        caipNetworkId: home.caipNetworkId,
        chainNamespace: namespace,
        name: "Unknown Network"
      }
    case "none":
      return undefined
  }
}

const accountOf = (namespace: "eip155" | "solana", choice: AccountChoice, reviewed: ReviewBinding) => {
  const own = namespace === reviewed.namespace ? reviewed.address : WORLD[namespace].account
  switch (choice) {
    case "reviewed":
      return own
    case "recased":
      return namespace === "eip155" ? own.toLowerCase() : own
    case "other":
      return WORLD[namespace].otherAccount
    case "none":
      return undefined
  }
}

/** What Networks and Connection hold after `change`, for a review made as `reviewed`. */
const statesOf = (change: Switch, reviewed: ReviewBinding) => {
  const namespaces: ReadonlyArray<"eip155" | "solana"> = ["eip155", "solana"]
  const active: Partial<Record<ChainNamespace, ActiveNetwork>> = {}
  let connected: ConnectionState["namespaces"] = {}
  for (const namespace of namespaces) {
    const network = activeNetwork(namespace, change.networks[namespace], reviewed.network)
    if (network !== undefined) active[namespace] = network
    const address = accountOf(namespace, change.accounts[namespace], reviewed)
    if (address !== undefined) connected = { ...connected, ...connectedAs(namespace, address) }
  }
  const networks: NetworksState = { activeNamespace: change.activeNamespace, active }
  const connection: ConnectionState = { namespaces: connected, attempt: undefined }
  return { networks, connection }
}

/** The model's answer: is what `change` leaves active the review's namespace, network and account? */
const stillReviewed = (change: Switch, reviewed: ReviewBinding): boolean =>
  change.activeNamespace === reviewed.namespace &&
  change.networks[reviewed.namespace] === "reviewed" &&
  (change.accounts[reviewed.namespace] === "reviewed" || change.accounts[reviewed.namespace] === "recased")

/** Nothing switched: what was active at the review. */
const UNCHANGED = (namespace: "eip155" | "solana"): Switch => ({
  activeNamespace: namespace,
  networks: { eip155: "reviewed", solana: "reviewed" },
  accounts: { eip155: "reviewed", solana: "reviewed" }
})

const applied = (
  refs: {
    readonly networks: SubscriptionRef.SubscriptionRef<NetworksState>
    readonly connection: SubscriptionRef.SubscriptionRef<ConnectionState>
  },
  change: Switch,
  reviewed: ReviewBinding
) => {
  const { networks, connection } = statesOf(change, reviewed)
  return Effect.andThen(
    SubscriptionRef.set(refs.networks, networks),
    SubscriptionRef.set(refs.connection, connection)
  )
}

const RUNS = 150

const check = (property: (plan: Plan) => Effect.Effect<void>) =>
  Effect.promise(() =>
    fc.assert(
      fc.asyncProperty(planArb, (plan) =>
        Effect.runPromise(property(plan).pipe(Effect.provide(TestClock.layer())))
      ),
      { numRuns: RUNS }
    )
  )

// ---------------------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------------------

describe("a transaction is bound to its review (random switches)", () => {
  it.effect(
    `Send on EVM: sent, exactly as reviewed, only while the review's namespace, network and account are active (${RUNS} runs)`,
    () =>
      check((plan) =>
        inSendWorld({ namespace: "eip155" }, (w) =>
          Effect.gen(function* () {
            yield* w.send.edit({ token: getAddress(SUSD_ADDRESS), amount: "1", receiver: BOB })
            yield* w.send.review
            const { preview, binding } = yield* stateTagged(w.send.state, "Preview")
            for (const change of plan.before) yield* applied(w, change, binding)
            const last = plan.before.at(-1) ?? UNCHANGED("eip155")
            yield* w.send.confirm
            const now = yield* SubscriptionRef.get(w.send.state)
            if (stillReviewed(last, binding)) {
              if (preview.request.namespace !== "eip155") return assert.fail("expected an EVM request")
              assert.deepStrictEqual(
                w.requests.map((r) => r.request),
                [
                  {
                    method: "eth_sendTransaction",
                    params: [{ ...preview.request.transaction, chainId: "0x7a69" }]
                  }
                ]
              )
              assert.strictEqual(now._tag, "Sent")
            } else {
              assert.deepStrictEqual(w.requests, [])
              assert.strictEqual(now._tag === "Editing" && now.reviewChanged !== undefined, true)
            }
          })
        )
      )
  )

  it.effect(
    `Send on Solana: a switch while the fresh blockhash is fetched reaches no wallet either (${RUNS} runs)`,
    () =>
      check((plan) => {
        const during = { switch: Effect.void as Effect.Effect<void> }
        return inSendWorld(
          {
            before: (read, n) =>
              read.method === "getLatestBlockhash" && n === 1 ? during.switch : Effect.void
          },
          (w) =>
            Effect.gen(function* () {
              yield* w.send.edit({ token: "native", amount: "0.5", receiver: SOLANA_BOB })
              yield* w.send.review
              const { binding } = yield* stateTagged(w.send.state, "Preview")
              if (plan.during !== null) during.switch = applied(w, plan.during, binding)
              for (const change of plan.before) yield* applied(w, change, binding)
              const atConfirm = plan.before.at(-1) ?? UNCHANGED("solana")
              const atRequest = plan.during ?? atConfirm
              yield* w.send.confirm
              const now = yield* SubscriptionRef.get(w.send.state)
              if (stillReviewed(atConfirm, binding) && stillReviewed(atRequest, binding)) {
                assert.deepStrictEqual(
                  w.requests.map((r) => r.request.method),
                  ["solana_signAndSendTransaction"]
                )
                assert.strictEqual(now._tag, "Sent")
              } else {
                assert.deepStrictEqual(w.requests, [])
                assert.strictEqual(now._tag === "Editing" && now.reviewChanged !== undefined, true)
              }
            })
        )
      })
  )

  it.effect(
    `Swap: the approval and the swap are each sent only while the review is what is active (${RUNS} runs)`,
    () =>
      check((plan) => {
        const between = { switch: Effect.void as Effect.Effect<void> }
        return inSwapWorld(
          {
            swapNetworks: [CHAIN],
            send: (tx: SwapTransaction) =>
              tx.data?.startsWith(APPROVE_SELECTOR)
                ? Effect.as(between.switch, APPROVAL_HASH)
                : Effect.succeed(SWAP_HASH)
          },
          (w) =>
            Effect.gen(function* () {
              yield* w.swap.start
              yield* editAndSettle(
                w.swap,
                { from: SUSD, to: SBX, amount: "50" },
                QUOTE_DELAY_MS,
                (state): state is Extract<SwapState, { _tag: "Editing" }> =>
                  state._tag === "Editing" && state.quote._tag === "Quoted"
              )
              yield* w.swap.review
              const { plan: reviewedPlan, binding } = yield* stateTagged(w.swap.state, "Preview")
              if (plan.during !== null) between.switch = applied(w, plan.during, binding)
              for (const change of plan.before) yield* applied(w, change, binding)
              const atConfirm = plan.before.at(-1) ?? UNCHANGED("eip155")
              const atSwap = plan.during ?? atConfirm
              yield* w.swap.confirm
              const onChain = (
                tx: SwapTransaction | undefined
              ): SwapTransaction & { readonly chainId: string } =>
                tx === undefined
                  ? assert.fail("expected the plan to hold this transaction")
                  : { ...tx, chainId: "0x7a69" }
              const expected = [
                ...(stillReviewed(atConfirm, binding) ? [onChain(reviewedPlan.approval)] : []),
                ...(stillReviewed(atConfirm, binding) && stillReviewed(atSwap, binding)
                  ? [onChain(reviewedPlan.swap)]
                  : [])
              ]
              assert.deepStrictEqual(w.calls.sent, expected)
              const now = yield* SubscriptionRef.get(w.swap.state)
              if (expected.length === 2) assert.strictEqual(now._tag, "Swapped")
              else
                assert.isTrue(
                  (now._tag === "Editing" || now._tag === "Unavailable") && now.reviewChanged !== undefined,
                  `expected the flow to say what changed, got ${now._tag}`
                )
            })
        )
      })
  )
})
