/**
 * The account-name flow, loaded with its first use: the label checked by the name rule, then with the
 * registry once the typing pauses (its suggestions answer both whether the name is free and what is free
 * like it), then the account's signature of the registration message and the registration. The server's
 * refusal is its first reason (SPEC.md §8). A registered name is forgotten by the identity cache and the
 * account's data reloaded, so the account shows it.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as FiberHandle from "effect/FiberHandle"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { stringToHex } from "viem"
import { AccountData } from "../../../services/AccountData"
import { BlockchainApi } from "../../../services/BlockchainApi"
import { Connection } from "../../../services/Connection"
import { IdentityService } from "../../../services/IdentityService"
import type { NamesShape, NamesState } from "../../../services/Names"
import { Networks } from "../../../services/Networks"
import { RpcRouter } from "../../../services/RpcRouter"
import { checkNameLabel, coinTypeOf, NAME_SUFFIX, registrationMessage } from "./accountNames"

/** How long typing must pause before the registry is asked. */
export const NAME_CHECK_DELAY_MS = 400

export const makeNames = (state: SubscriptionRef.SubscriptionRef<NamesState>) =>
  Effect.gen(function* () {
    const api = yield* BlockchainApi
    const accountData = yield* AccountData
    const identities = yield* IdentityService
    const connection = yield* Connection
    const networks = yield* Networks
    const rpc = yield* RpcRouter
    const checking = yield* FiberHandle.make<void, never>()

    /** The connected EVM account and its chain: names are EVM only (SPEC.md §9). */
    const account = Effect.gen(function* () {
      const evm = (yield* SubscriptionRef.get(connection.state)).namespaces.eip155
      const active = (yield* SubscriptionRef.get(networks.state)).active.eip155
      if (evm?.status !== "connected" || active?._tag !== "Known") return undefined
      return { address: evm.address, chainId: Number(active.network.id) }
    })

    const check = (label: string) =>
      FiberHandle.run(
        checking,
        Effect.gen(function* () {
          yield* Effect.sleep(NAME_CHECK_DELAY_MS)
          const name = `${label}${NAME_SUFFIX}`
          const answer = yield* Effect.result(api.nameSuggestions(label))
          yield* SubscriptionRef.update(state, (now): NamesState => {
            // Only the label still typed takes the answer.
            const typed = now._tag === "Editing" ? checkNameLabel(now.label) : undefined
            if (now._tag !== "Editing" || !typed?.ok || typed.label !== label) return now
            if (answer._tag === "Failure") return { ...now, check: { _tag: "Failed", error: answer.failure } }
            const asked = answer.success.find((s) => s.name?.toLowerCase() === name)
            const free = answer.success.flatMap((s) =>
              s.registered || s.name === undefined || s.name.toLowerCase() === name ? [] : [s.name]
            )
            return asked?.registered === true
              ? { ...now, check: { _tag: "Taken", name, suggestions: free } }
              : { ...now, check: { _tag: "Free", name } }
          })
        })
      ).pipe(Effect.asVoid)

    const start: NamesShape["start"] = Effect.gen(function* () {
      yield* FiberHandle.clear(checking)
      yield* SubscriptionRef.set(state, { _tag: "Editing", label: "", check: { _tag: "None" } })
    })

    const edit: NamesShape["edit"] = (label) =>
      Effect.gen(function* () {
        const current = yield* SubscriptionRef.get(state)
        if (current._tag !== "Editing" && current._tag !== "Failed") return
        yield* FiberHandle.clear(checking)
        const rule = checkNameLabel(label)
        if (!rule.ok)
          return yield* SubscriptionRef.set(state, {
            _tag: "Editing",
            label,
            // An empty field is not a mistake yet.
            problem: rule.problem === "empty" ? undefined : rule.problem,
            check: { _tag: "None" }
          })
        yield* SubscriptionRef.set(state, { _tag: "Editing", label, check: { _tag: "Checking" } })
        yield* check(rule.label)
      })

    const register: NamesShape["register"] = Effect.gen(function* () {
      const current = yield* SubscriptionRef.get(state)
      const owner = yield* account
      if (current._tag !== "Editing" || current.check._tag !== "Free" || owner === undefined) return
      const { label } = current
      const name = current.check.name
      yield* SubscriptionRef.set(state, { _tag: "Registering", name })
      const message = registrationMessage(name, yield* Clock.currentTimeMillis)
      const registered = yield* Effect.result(
        Effect.gen(function* () {
          const signature = yield* rpc.request(
            { method: "personal_sign", params: [stringToHex(message), owner.address] },
            { namespace: "eip155", described: true }
          )
          return yield* api.registerName({
            coinType: coinTypeOf(owner.chainId),
            address: owner.address,
            message,
            signature: typeof signature === "string" ? signature : ""
          })
        })
      )
      if (registered._tag === "Failure")
        return yield* SubscriptionRef.set(state, { _tag: "Failed", label, error: registered.failure })
      yield* SubscriptionRef.set(state, { _tag: "Registered", name: registered.success.name ?? name })
      yield* identities.forget(owner.address)
      yield* accountData.refresh
    })

    return { start, edit, register }
  })
