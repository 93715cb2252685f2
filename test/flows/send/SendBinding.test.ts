/**
 * Send bound to its review (`formFlow.ts`'s binding rule through `Send.lazy.ts`): the preview holds the
 * namespace, network and account it was made for; a network, namespace or account switched between the
 * review and the confirmation sends nothing and shows the form again, on what is active, saying what
 * changed; a switch undone before confirming sends as reviewed. On Solana, a switch while the fresh
 * blockhash is fetched at confirmation still reaches no wallet.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { getAddress } from "viem"
import { present } from "../../../src/presentation"
import type { NetworksState } from "../../../src/services/Networks"
import { ALICE, BOB, SOLANA_ALICE, SOLANA_BOB } from "../../kit/accounts"
import { caipNetworkOf, connectedAs } from "../../kit/bindings"
import {
  SUSD_ADDRESS,
  secondSandboxNetwork,
  solanaDevnetNetwork,
  solanaLocalnetNetwork
} from "../../kit/networks"
import { stateTagged } from "../../kit/waits"
import { inWorld, type Options, type World } from "./sendWorld"

const SUSD = getAddress(SUSD_ADDRESS)
const chainB = caipNetworkOf(secondSandboxNetwork)

const onEvm = (options: Options, body: (w: World) => Effect.Effect<void>) =>
  inWorld({ namespace: "eip155", ...options }, body)

/** 1 sUSD to Bob, reviewed on the sandbox chain: the preview. */
const reviewedSusd = (w: World) =>
  Effect.gen(function* () {
    yield* w.send.edit({ token: SUSD, amount: "1", receiver: BOB })
    yield* w.send.review
    return yield* stateTagged(w.send.state, "Preview")
  })

const activeOn = (network: NetworksState["active"][keyof NetworksState["active"]]): NetworksState => ({
  activeNamespace: network?._tag === "Known" ? network.network.chainNamespace : "eip155",
  active:
    network === undefined
      ? {}
      : { [network._tag === "Known" ? network.network.chainNamespace : "eip155"]: network }
})

/** The form Send shows after confirming found `change`; nothing was asked of the wallet. */
const refusedWith = (w: World, change: "network" | "account") =>
  Effect.gen(function* () {
    const form = yield* stateTagged(w.send.state, "Editing")
    assert.strictEqual(w.requests.length, 0)
    assert.strictEqual(form.reviewChanged?.change, change)
    return form
  })

describe("Send bound to its review", () => {
  it.effect("the preview holds the namespace, network and account it was made for", () =>
    onEvm({}, (w) =>
      Effect.gen(function* () {
        const { binding } = yield* reviewedSusd(w)
        assert.deepStrictEqual(binding, { namespace: "eip155", network: w.network, address: ALICE })
      })
    )
  )

  it.effect(
    "the dapp switched to 31338 after the review: nothing is sent; the form says the network changed",
    () =>
      onEvm({}, (w) =>
        Effect.gen(function* () {
          yield* reviewedSusd(w)
          yield* SubscriptionRef.set(w.networks, activeOn({ _tag: "Known", network: chainB }))
          yield* w.send.confirm
          const form = yield* refusedWith(w, "network")
          assert.strictEqual(form.reviewChanged?.reviewed, "eip155:31337")
          assert.strictEqual(form.reviewChanged?.active, "eip155:31338")
          assert.strictEqual(present(form.reviewChanged!).message, "The network changed")
          // The receiver stays; the token is not held on 31338, so the native coin is chosen and the amount,
          // which was in sUSD, is not carried over to it.
          assert.deepStrictEqual(form.draft, { token: "native", amount: "", receiver: BOB })
          assert.deepStrictEqual(form.tokens, [])
        })
      )
  )

  it.effect("a network the host did not configure is a change too", () =>
    onEvm({}, (w) =>
      Effect.gen(function* () {
        yield* reviewedSusd(w)
        yield* SubscriptionRef.set(
          w.networks,
          activeOn({
            _tag: "Unknown",
            caipNetworkId: "eip155:31337",
            chainNamespace: "eip155",
            name: "Unknown Network"
          })
        )
        yield* w.send.confirm
        yield* refusedWith(w, "network")
      })
    )
  )

  it.effect("another account after the review: nothing is sent; the form says the account changed", () =>
    onEvm({}, (w) =>
      Effect.gen(function* () {
        yield* reviewedSusd(w)
        yield* SubscriptionRef.update(w.connection, (now) => ({
          ...now,
          namespaces: connectedAs("eip155", BOB)
        }))
        yield* w.send.confirm
        const form = yield* refusedWith(w, "account")
        assert.strictEqual(present(form.reviewChanged!).message, "The account changed")
        assert.strictEqual(form.namespace, "eip155")
      })
    )
  )

  it.effect("the active namespace became Solana: nothing is sent; the form is Solana's", () =>
    onEvm({}, (w) =>
      Effect.gen(function* () {
        yield* reviewedSusd(w)
        const cluster = caipNetworkOf(solanaDevnetNetwork)
        yield* SubscriptionRef.update(w.connection, (now) => ({
          ...now,
          namespaces: { ...now.namespaces, ...connectedAs("solana", SOLANA_ALICE) }
        }))
        yield* SubscriptionRef.set(w.networks, {
          activeNamespace: "solana",
          active: {
            eip155: { _tag: "Known", network: w.network },
            solana: { _tag: "Known", network: cluster }
          }
        })
        yield* w.send.confirm
        const form = yield* refusedWith(w, "network")
        assert.strictEqual(form.namespace, "solana")
        assert.strictEqual(form.reviewChanged?.active, cluster.caipNetworkId)
      })
    )
  )

  it.effect("a switch undone before confirming: sent as reviewed, on the review's chain", () =>
    onEvm({}, (w) =>
      Effect.gen(function* () {
        const { request } = (yield* reviewedSusd(w)).preview
        if (request.namespace !== "eip155") return assert.fail("expected an EVM request")
        const reviewedOn = yield* SubscriptionRef.get(w.networks)
        yield* SubscriptionRef.set(w.networks, activeOn({ _tag: "Known", network: chainB }))
        yield* SubscriptionRef.set(w.networks, reviewedOn)
        yield* w.send.confirm
        yield* stateTagged(w.send.state, "Sent")
        assert.deepStrictEqual(
          w.requests.map((r) => r.request.params),
          [[{ ...request.transaction, chainId: "0x7a69" }]]
        )
      })
    )
  )

  it.effect(
    "Solana: the cluster switched while confirming fetched its blockhash: the wallet is never asked",
    () => {
      const during: { switch: Effect.Effect<void> } = { switch: Effect.void }
      return inWorld(
        // The second blockhash read is the confirmation's.
        {
          before: (read, n) => (read.method === "getLatestBlockhash" && n === 1 ? during.switch : Effect.void)
        },
        (w) =>
          Effect.gen(function* () {
            during.switch = SubscriptionRef.set(
              w.networks,
              activeOn({ _tag: "Known", network: caipNetworkOf(solanaLocalnetNetwork) })
            )
            yield* w.send.edit({ token: "native", amount: "0.5", receiver: SOLANA_BOB })
            yield* w.send.review
            yield* stateTagged(w.send.state, "Preview")
            yield* w.send.confirm
            assert.strictEqual(w.reads.filter((r) => r.method === "getLatestBlockhash").length, 2)
            const form = yield* refusedWith(w, "network")
            assert.strictEqual(form.namespace, "solana")
          })
      )
    }
  )
})
