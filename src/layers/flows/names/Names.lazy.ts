/**
 * The account-name flow, loaded with its first use, on the form-flow machine: the label checked by the name rule, then with the
 * registry once the typing pauses (its suggestions answer both whether the name is free and what is free
 * like it), then the account's signature of the registration message and the registration. The server's
 * refusal is its first reason (SPEC.md §8). A registered name is forgotten by the identity cache and the
 * account's data reloaded, so the account shows it.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { stringToHex } from "viem"
import { AccountData } from "../../../services/AccountData"
import { BlockchainApi } from "../../../services/BlockchainApi"
import { Connection } from "../../../services/Connection"
import { IdentityService } from "../../../services/IdentityService"
import type { NamesShape, NamesState } from "../../../services/Names"
import { Networks } from "../../../services/Networks"
import { RpcRouter } from "../../../services/RpcRouter"
import { type Editing, makeFormFlow } from "../formFlow"
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

    /** The connected EVM account and its chain: names are EVM only (SPEC.md §9). */
    const account = Effect.gen(function* () {
      const evm = (yield* SubscriptionRef.get(connection.state)).namespaces.eip155
      const active = (yield* SubscriptionRef.get(networks.state)).active.eip155
      if (evm?.status !== "connected" || active?._tag !== "Known") return undefined
      return { address: evm.address, chainId: Number(active.network.id) }
    })

    /** Whether the label typed is free, once typing paused; a label against the rule is not asked about. */
    const check = ({ label }: Editing<NamesState>) =>
      Effect.gen(function* () {
        const rule = checkNameLabel(label)
        if (!rule.ok) return (now: Editing<NamesState>) => now
        const name = `${rule.label}${NAME_SUFFIX}`
        const answer = yield* Effect.result(api.nameSuggestions(rule.label))
        if (answer._tag === "Failure")
          return (now: Editing<NamesState>): Editing<NamesState> => ({
            ...now,
            check: { _tag: "Failed", error: answer.failure }
          })
        const asked = answer.success.find((s) => s.name?.toLowerCase() === name)
        const free = answer.success.flatMap((s) =>
          s.registered || s.name === undefined || s.name.toLowerCase() === name ? [] : [s.name]
        )
        return (now: Editing<NamesState>): Editing<NamesState> =>
          asked?.registered === true
            ? { ...now, check: { _tag: "Taken", name, suggestions: free } }
            : { ...now, check: { _tag: "Free", name } }
      })

    const flow = yield* makeFormFlow<NamesState, string>(state, {
      draftOf: (editing) => editing.label,
      // A failed registration is edited as the form it came from.
      editable: (current) =>
        current._tag === "Editing"
          ? current
          : current._tag === "Failed"
            ? { _tag: "Editing", label: current.label, check: { _tag: "None" } }
            : undefined,
      edited: (_, label) => {
        const rule = checkNameLabel(label)
        return rule.ok
          ? { _tag: "Editing", label, check: { _tag: "Checking" } }
          : // An empty field is not a mistake yet.
            {
              _tag: "Editing",
              label,
              problem: rule.problem === "empty" ? undefined : rule.problem,
              check: { _tag: "None" }
            }
      },
      quote: { pauseMs: NAME_CHECK_DELAY_MS, run: check }
    })

    const start: NamesShape["start"] = flow.start(
      Effect.succeed({ _tag: "Editing", label: "", check: { _tag: "None" } })
    )

    const edit: NamesShape["edit"] = (label) => flow.edit(() => label)

    /** The account's signature of the registration of `name`, then the registration. */
    const registration = (owner: { readonly address: string; readonly chainId: number }, name: string) =>
      Effect.gen(function* () {
        const message = registrationMessage(name, yield* Clock.currentTimeMillis)
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

    const register: NamesShape["register"] = Effect.gen(function* () {
      const owner = yield* account
      if (owner === undefined) return
      const landed = yield* flow.confirm({
        begin: (current) =>
          current._tag === "Editing" && current.check._tag === "Free"
            ? {
                working: { _tag: "Registering", name: current.check.name },
                input: { label: current.label, name: current.check.name }
              }
            : undefined,
        work: ({ name }) => registration(owner, name),
        land: (outcome, { label, name }): NamesState =>
          outcome._tag === "Failure"
            ? { _tag: "Failed", label, error: outcome.failure }
            : { _tag: "Registered", name: outcome.success.name ?? name }
      })
      if (landed?.outcome._tag !== "Success") return
      yield* identities.forget(owner.address)
      yield* accountData.refresh
    })

    return { start, edit, register }
  })
