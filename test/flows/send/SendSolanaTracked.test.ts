import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { transferTransaction } from "../../../src/layers/flows/send/solanaTransfer"
import { NetworksLive } from "../../../src/layers/networks/NetworksLive"
import { RpcRouterLive } from "../../../src/layers/requests/RpcRouterLive"
import { Connection, type ConnectionState, type NamespaceConnection } from "../../../src/services/Connection"
import type { WalletConnector } from "../../../src/services/Connectors"
import { RpcRouter } from "../../../src/services/RpcRouter"
import type { Submission } from "../../../src/services/TransactionWatcher"
import { WalletConnect } from "../../../src/services/WalletConnect"
import {
  SOLANA_BOB as RECEIVER,
  SOLANA_ALICE as SENDER,
  SOLANA_SIGNATURE as SIGNATURE,
  SOLANA_BLOCKHASH
} from "../../kit/accounts"
import { decodedOptions } from "../../kit/fixtures"
import { modalCore, unansweredChains } from "../../kit/flowLayers"
import { solanaDevnetNetwork } from "../../kit/networks"
import { recordingWatcher } from "../../requests/requestWorld"

/** RpcRouter over a Solana wallet that answers every sign-and-send with SIGNATURE; tracked sends recorded. */
const world = () => {
  const tracked: Array<Submission> = []
  const asked: Array<{ readonly method: string; readonly params: unknown }> = []
  const connector: WalletConnector = {
    id: "solana-wallet",
    key: "dev.airlock.solana",
    type: "ANNOUNCED",
    chain: "solana",
    name: "Solana Wallet",
    icon: undefined,
    rdns: undefined,
    suspicious: false,
    uuid: undefined,
    provider: {
      request: async (args: { readonly method: string; readonly params?: unknown }) => {
        asked.push({ method: args.method, params: args.params })
        return { signature: SIGNATURE }
      }
    } as WalletConnector["provider"]
  }
  const connected: Extract<NamespaceConnection, { status: "connected" }> = {
    status: "connected",
    connector,
    address: SENDER,
    allAccounts: [SENDER],
    accountType: "eoa"
  }
  const connection = Layer.effect(
    Connection,
    Effect.gen(function* () {
      return Connection.of({
        state: yield* SubscriptionRef.make<ConnectionState>({
          namespaces: { solana: connected },
          attempt: undefined
        }),
        connected: (ns) => Effect.succeed(ns === "solana" ? Option.some(connected) : Option.none())
      } as Connection["Service"])
    })
  )
  const watcher = recordingWatcher(tracked)
  const core = modalCore(decodedOptions({ networks: [solanaDevnetNetwork] }))
  const chain = Layer.mergeAll(
    NetworksLive,
    connection,
    watcher,
    Layer.succeed(WalletConnect, { openWallet: Effect.void } as never),
    unansweredChains
  ).pipe(Layer.provideMerge(core))
  return { layer: RpcRouterLive.pipe(Layer.provideMerge(chain)), tracked, asked }
}

describe("a Solana sign-and-send through RpcRouter", () => {
  it.effect("is tracked by its signature on the active cluster, from the account, with what it sends", () => {
    const w = world()
    const wire = transferTransaction(
      { kind: "sol", from: SENDER, to: RECEIVER, lamports: 250_000_000n },
      { blockhash: SOLANA_BLOCKHASH, lastValidBlockHeight: 1n }
    )
    return Effect.gen(function* () {
      const rpc = yield* RpcRouter
      const answer = yield* rpc.request(
        { method: "solana_signAndSendTransaction", params: { transaction: wire } },
        { namespace: "solana", described: true }
      )
      assert.deepStrictEqual(answer, { signature: SIGNATURE })
      assert.deepStrictEqual(
        w.asked.map((a) => a.method),
        ["solana_signAndSendTransaction"]
      )
      assert.deepStrictEqual(w.tracked, [
        {
          kind: "transaction",
          hash: SIGNATURE,
          to: RECEIVER,
          value: "250000000",
          network: solanaDevnetNetwork.caipNetworkId,
          from: SENDER
        }
      ])
    }).pipe(Effect.provide(w.layer))
  })
})
