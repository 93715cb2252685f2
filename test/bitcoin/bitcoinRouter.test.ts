/**
 * The bip122 request path (issue 35): getAccountAddresses from the connection, signMessage verified,
 * signPsbt previewed (inputs fetched when the PSBT lacks them) and checked, sendTransfer built into a PSBT,
 * signed by the wallet, broadcast and answered with the previewed txid, and hostile wallets refused.
 */
import { assert, describe, it } from "@effect/vitest"
import { Transaction, WIF } from "@scure/btc-signer"
import { Signer } from "bip322-js"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as PubSub from "effect/PubSub"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { REGTEST } from "../../sandbox/shared/bitcoin"
import { fromHex, unsignedTxid } from "../../src/layers/requests/bitcoinPsbt"
import { type PendingApproval, RpcRouter, type WalletRequest } from "../../src/services/RpcRouter"
import {
  bitcoinRouterWorld,
  bitcoinWallet,
  type EsploraRoutes,
  psbtText,
  signWithAlice
} from "./bitcoinRouterWorld"
import { ALICE_BTC, BOB_BTC, CAROL_BTC, paymentScript, psbtOf, txidOf, utxo } from "./bitcoinWorld"

const request = (args: WalletRequest) =>
  Effect.flatMap(RpcRouter, (rpc) => Effect.exit(rpc.request(args, { namespace: "bip122" })))

const failureOf = (exit: Exit.Exit<unknown, unknown>): Record<string, unknown> => {
  const error = Exit.isFailure(exit) ? Option.getOrUndefined(Exit.findErrorOption(exit)) : undefined
  if (typeof error !== "object" || error === null)
    return assert.fail("the request did not fail with an error")
  return error as Record<string, unknown>
}

/** What ApproveTransaction showed when the wallet was asked (a previewed request shows before it is sent). */
const shownWhenAsked = () => {
  let ref: SubscriptionRef.SubscriptionRef<ReadonlyArray<PendingApproval>> | undefined
  const seen = {
    shown: [] as ReadonlyArray<PendingApproval>,
    watch: (approvals: SubscriptionRef.SubscriptionRef<ReadonlyArray<PendingApproval>>) => {
      ref = approvals
    },
    record: () => {
      seen.shown = ref === undefined ? [] : SubscriptionRef.getUnsafe(ref)
    }
  }
  return seen
}

const alice = ALICE_BTC.payment.address
const carol = CAROL_BTC.payment.address
const wif = WIF(REGTEST).encode(ALICE_BTC.payment.privateKey)

/** Alice's coins and a 2 sat/vB estimate; a broadcast answers the transaction's id. */
const chain =
  (broadcasts: Array<string>): EsploraRoutes =>
  (method, path, body) => {
    if (method === "GET" && path === `/address/${alice}/utxo`)
      return { status: 200, body: JSON.stringify([utxo(1, 40_000), utxo(2, 250_000, 1)]) }
    if (method === "GET" && path === "/fee-estimates") return { status: 200, body: '{"1":9,"6":2,"144":1}' }
    if (method === "POST" && path === "/tx") {
      broadcasts.push(body)
      return { status: 200, body: Transaction.fromRaw(fromHex(body) ?? new Uint8Array()).id }
    }
    return { status: 404, body: "not found" }
  }

const transfer = {
  method: "sendTransfer",
  params: { account: alice, recipientAddress: carol, amount: "100000" }
}

describe("bip122 requests", () => {
  it.effect("getAccountAddresses is answered from the connection, without asking the wallet", () => {
    const asked: Array<{ method: string }> = []
    const { layer } = bitcoinRouterWorld(
      bitcoinWallet(() => null, asked),
      chain([])
    )
    return Effect.gen(function* () {
      const exit = yield* request({ method: "getAccountAddresses", params: { account: alice } })
      assert.deepStrictEqual(Exit.isSuccess(exit) ? exit.value : undefined, [
        { address: alice, intention: "payment" },
        { address: ALICE_BTC.ordinals.address }
      ])
      assert.strictEqual(asked.length, 0)
    }).pipe(Effect.provide(layer))
  })

  it.effect("refuses EVM methods and params past the bounds on bip122", () => {
    const asked: Array<{ method: string }> = []
    const { layer } = bitcoinRouterWorld(
      bitcoinWallet(() => null, asked),
      chain([])
    )
    return Effect.gen(function* () {
      assert.strictEqual(
        failureOf(yield* request({ method: "personal_sign", params: ["0x00", alice] }))._tag,
        "MethodNotAllowedError"
      )
      const long = { message: "x".repeat(9000), address: alice }
      assert.strictEqual(
        failureOf(yield* request({ method: "signMessage", params: long }))._tag,
        "SchemaDecodeError"
      )
      assert.strictEqual(asked.length, 0)
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "signMessage answers a BIP-322 signature that verifies, and refuses one over another message",
    () => {
      const asked: Array<{ method: string; params?: unknown }> = []
      let signed = "Sign in to the demo"
      const wallet = bitcoinWallet(
        () => ({ signature: Signer.sign(wif, alice, signed).toString(), address: alice }),
        asked
      )
      const { layer } = bitcoinRouterWorld(wallet, chain([]))
      const params = { message: "Sign in to the demo", address: alice, protocol: "bip322" }
      return Effect.gen(function* () {
        const exit = yield* request({ method: "signMessage", params })
        assert.isTrue(Exit.isSuccess(exit))
        assert.deepStrictEqual(asked[0] as unknown, {
          method: "signMessage",
          params,
          chainId: "bip122:0f9188f13cb7b2c71f2a335e3a4fc328"
        })
        signed = "Send me everything"
        const refused = failureOf(yield* request({ method: "signMessage", params }))
        assert.deepStrictEqual(
          [refused._tag, refused.failure],
          ["BitcoinError", { _tag: "SignatureInvalid" }]
        )
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("a request naming another account than the connected one is refused before the wallet", () => {
    const asked: Array<{ method: string }> = []
    const { layer } = bitcoinRouterWorld(
      bitcoinWallet(() => null, asked),
      chain([])
    )
    return Effect.gen(function* () {
      const exit = yield* request({
        method: "signMessage",
        params: { message: "hi", address: BOB_BTC.payment.address }
      })
      assert.strictEqual(failureOf(exit)._tag, "AccountMismatchError")
      assert.strictEqual(asked.length, 0)
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "sendTransfer: previews the built PSBT, asks signPsbt with broadcast, broadcasts a signed PSBT",
    () => {
      const asked: Array<{ method: string; params?: unknown }> = []
      const broadcasts: Array<string> = []
      const seen = shownWhenAsked()
      const wallet = bitcoinWallet((args) => {
        seen.record()
        return { psbt: psbtText(signWithAlice((args.params as { psbt: string }).psbt)) }
      }, asked)
      const { layer, esploraAsked } = bitcoinRouterWorld(wallet, chain(broadcasts))
      return Effect.gen(function* () {
        const rpc = yield* RpcRouter
        seen.watch(rpc.approvals)
        const events = yield* rpc.events
        const exit = yield* request(transfer)
        const shown = seen.shown[0]
        const sent = asked[0]?.params as {
          psbt: string
          signInputs: unknown
          broadcast: boolean
          account: string
        }
        assert.strictEqual(asked[0]?.method, "signPsbt")
        assert.deepStrictEqual(sent.signInputs, [{ address: alice, index: 0 }])
        assert.isTrue(sent.broadcast)
        const tx = Transaction.fromPSBT(Uint8Array.from(atob(sent.psbt), (c) => c.charCodeAt(0)))
        const txid = unsignedTxid(tx)
        assert.deepStrictEqual(Exit.isSuccess(exit) ? exit.value : exit, { txid })
        assert.strictEqual(broadcasts.length, 1)
        assert.includeMembers(esploraAsked, [`GET /address/${alice}/utxo`, "GET /fee-estimates", "POST /tx"])
        const preview = shown?.bitcoin
        assert.strictEqual(preview?._tag, "Transaction")
        if (preview?._tag === "Transaction") {
          assert.strictEqual(preview.txid, txid)
          assert.deepStrictEqual(
            preview.outputs.map((o) => o._tag),
            ["Recipient", "Change"]
          )
          assert.strictEqual(preview.feeRate !== undefined && preview.feeRate >= 2, true)
          assert.strictEqual(preview.leaves, 100_000n + (preview.fee ?? 0n))
        }
        assert.deepStrictEqual(yield* SubscriptionRef.get(rpc.approvals), [])
        // What ModalFlow reads the account's balance again on (SPEC.md §4), as after an EVM send.
        const settled = (yield* PubSub.takeAll(events)).flatMap((event) =>
          event._tag === "UnsafeSettled" ? [[event.method, event.outcome]] : []
        )
        assert.deepStrictEqual(settled, [["sendTransfer", "success"]])
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect(
    "sendTransfer: a wallet that signs another transaction, or names another txid, is refused",
    () => {
      const broadcasts: Array<string> = []
      let mode: "tampered" | "txid" = "tampered"
      const wallet = bitcoinWallet((args) => {
        const psbt = (args.params as { psbt: string }).psbt
        return mode === "txid"
          ? { txid: txidOf(9) }
          : {
              psbt: psbtText(
                signWithAlice(psbt, (tx) => tx.updateOutput(0, { script: paymentScript(BOB_BTC) }))
              )
            }
      }, [])
      const { layer } = bitcoinRouterWorld(wallet, chain(broadcasts))
      return Effect.gen(function* () {
        const tampered = failureOf(yield* request(transfer))
        assert.deepStrictEqual(tampered.failure, { _tag: "OtherTransaction" })
        // A wallet that sent another transaction itself: the visitor is told it went out.
        mode = "txid"
        assert.deepStrictEqual(failureOf(yield* request(transfer)).failure, {
          _tag: "OtherTransactionSent",
          txid: txidOf(9)
        })
        assert.strictEqual(broadcasts.length, 0)
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("sendTransfer: funds short of the amount and fee are refused before the wallet", () => {
    const asked: Array<{ method: string }> = []
    const { layer } = bitcoinRouterWorld(
      bitcoinWallet(() => null, asked),
      chain([])
    )
    return Effect.gen(function* () {
      const short = failureOf(
        yield* request({ ...transfer, params: { ...transfer.params, amount: "290000" } })
      )
      assert.strictEqual((short.failure as { _tag: string })._tag, "InsufficientFunds")
      const dust = failureOf(yield* request({ ...transfer, params: { ...transfer.params, amount: "100" } }))
      assert.deepStrictEqual(dust.failure, { _tag: "BelowDust", dust: 294n })
      assert.strictEqual(asked.length, 0)
    }).pipe(Effect.provide(layer))
  })

  it.effect("signPsbt: an input without its previous output is read from the network for the preview", () => {
    const previous = new Transaction()
    previous.addInput({ txid: new Uint8Array(32).fill(7), index: 0 })
    previous.addOutput({ script: paymentScript(ALICE_BTC), amount: 70_000n })
    const previousHex = previous.hex
    const { psbt } = psbtOf(
      [{ owner: ALICE_BTC, amount: 70_000n, n: 3, witness: false }],
      [{ script: paymentScript(CAROL_BTC), amount: 69_000n }]
    )
    const fixed = Transaction.fromPSBT(Uint8Array.from(atob(psbt), (c) => c.charCodeAt(0)))
    fixed.updateInput(0, { txid: unsignedTxid(previous) }, true)
    const seen = shownWhenAsked()
    const wallet = bitcoinWallet(() => {
      seen.record()
      return { psbt: psbtText(fixed) }
    }, [])
    const { layer, esploraAsked } = bitcoinRouterWorld(wallet, (method, path) =>
      method === "GET" && path === `/tx/${unsignedTxid(previous)}/hex`
        ? { status: 200, body: previousHex }
        : { status: 404, body: "" }
    )
    return Effect.gen(function* () {
      const rpc = yield* RpcRouter
      seen.watch(rpc.approvals)
      const exit = yield* request({
        method: "signPsbt",
        params: { psbt: psbtText(fixed), signInputs: [{ address: alice, index: 0, sighashTypes: [0x82] }] }
      })
      const preview = seen.shown[0]?.bitcoin
      assert.strictEqual(preview?._tag, "Transaction")
      if (preview?._tag === "Transaction") {
        assert.strictEqual(preview.inputs[0]?.amount, 70_000n)
        assert.isTrue(preview.inputs[0]?.mine)
        assert.deepStrictEqual(preview.inputs[0]?.signing, ["NONE|ANYONECANPAY"])
        assert.isTrue(preview.risky)
        assert.strictEqual(preview.fee, 1000n)
        assert.isFalse(preview.broadcast)
      }
      assert.include(esploraAsked, `GET /tx/${unsignedTxid(previous)}/hex`)
      assert.isTrue(Exit.isSuccess(exit))
    }).pipe(Effect.provide(layer))
  })
})

describe("bip122 signPsbt with broadcast", () => {
  it.effect("a wallet that only signs is answered with the modal's broadcast of the same transaction", () => {
    const broadcasts: Array<string> = []
    const { psbt, tx } = psbtOf(
      [{ owner: ALICE_BTC, amount: 90_000n, n: 4 }],
      [{ script: paymentScript(CAROL_BTC), amount: 89_000n }]
    )
    const wallet = bitcoinWallet(() => ({ psbt: psbtText(signWithAlice(psbt)) }), [])
    const { layer } = bitcoinRouterWorld(wallet, chain(broadcasts))
    return Effect.gen(function* () {
      const exit = yield* request({
        method: "signPsbt",
        params: { psbt, signInputs: [{ address: alice, index: 0 }], broadcast: true }
      })
      const answer = Exit.isSuccess(exit) ? (exit.value as { txid?: string; psbt?: string }) : undefined
      assert.strictEqual(answer?.txid, unsignedTxid(tx))
      assert.strictEqual(broadcasts.length, 1)
    }).pipe(Effect.provide(layer))
  })

  it.effect("a PSBT the wallet signed and finalized is sent as it is", () => {
    const broadcasts: Array<string> = []
    const { psbt, tx } = psbtOf(
      [{ owner: ALICE_BTC, amount: 90_000n, n: 4 }],
      [{ script: paymentScript(CAROL_BTC), amount: 89_000n }]
    )
    const finalized = signWithAlice(psbt)
    finalized.finalize()
    const wallet = bitcoinWallet(() => ({ psbt: psbtText(finalized) }), [])
    const { layer } = bitcoinRouterWorld(wallet, chain(broadcasts))
    return Effect.gen(function* () {
      const exit = yield* request({
        method: "signPsbt",
        params: { psbt, signInputs: [{ address: alice, index: 0 }], broadcast: true }
      })
      const answer = Exit.isSuccess(exit) ? (exit.value as { txid?: string }) : undefined
      assert.strictEqual(answer?.txid, unsignedTxid(tx))
      assert.deepStrictEqual(broadcasts, [finalized.hex])
    }).pipe(Effect.provide(layer))
  })

  it.effect("a refused broadcast is the chain's reason, as its code", () => {
    const { psbt } = psbtOf(
      [{ owner: ALICE_BTC, amount: 90_000n, n: 4 }],
      [{ script: paymentScript(CAROL_BTC), amount: 89_000n }]
    )
    const wallet = bitcoinWallet(() => ({ psbt: psbtText(signWithAlice(psbt)) }), [])
    const { layer } = bitcoinRouterWorld(wallet, (method) =>
      method === "POST" ? { status: 400, body: "bad-txns-inputs-missingorspent" } : { status: 404, body: "" }
    )
    return Effect.gen(function* () {
      const exit = yield* request({
        method: "signPsbt",
        params: { psbt, signInputs: [{ address: alice, index: 0 }], broadcast: true }
      })
      assert.deepStrictEqual(failureOf(exit).failure, {
        _tag: "BroadcastRefused",
        code: "bad-txns-inputs-missingorspent"
      })
    }).pipe(Effect.provide(layer))
  })
})

describe("bip122 requests approved in the modal", () => {
  it.effect(
    "a signMessage the visitor rejects is 'Signature declined', and the wallet is never asked",
    () => {
      const asked: Array<{ method: string }> = []
      const wallet = { ...bitcoinWallet(() => null, asked), approval: "modal" as const }
      const { layer } = bitcoinRouterWorld(wallet, chain([]))
      return Effect.gen(function* () {
        const rpc = yield* RpcRouter
        const fiber = yield* Effect.forkChild(
          request({ method: "signMessage", params: { message: "hi", address: alice } })
        )
        const shown = yield* SubscriptionRef.changes(rpc.approvals).pipe(
          Stream.filter((list) => list.length > 0),
          Stream.runHead
        )
        const approval = Option.getOrUndefined(shown)?.[0]
        assert.deepStrictEqual(approval?.bitcoin, { _tag: "Message", protocol: "bip322" })
        assert.strictEqual(approval?.answeredIn, "modal")
        yield* rpc.decide(approval?.id ?? -1, false)
        assert.strictEqual(failureOf(yield* Fiber.join(fiber))._tag, "SignatureDeclinedError")
        assert.strictEqual(asked.length, 0)
      }).pipe(Effect.provide(layer))
    }
  )
})
