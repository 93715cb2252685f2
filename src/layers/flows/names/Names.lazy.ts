/**
 * The account-name flow, loaded with its first use, on the form-flow machine: the label checked by the name rule, then with the
 * registry once the typing pauses (its suggestions answer both whether the name is free and what is free
 * like it), then the account's signature of the registration message and the registration. The server's
 * refusal is its first reason (SPEC.md §8). The form is bound to the EVM account and network it opened
 * for: the registration is signed only while they are the active ones. A registered name is forgotten by
 * the identity cache and the account's data reloaded, so the account shows it.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import { stringToHex } from "viem"
import type { ReviewChangedError } from "../../../errors"
import { AccountData } from "../../../services/AccountData"
import { BlockchainApi } from "../../../services/BlockchainApi"
import { IdentityService } from "../../../services/IdentityService"
import type { NamesShape, NamesState } from "../../../services/Names"
import { RpcRouter } from "../../../services/RpcRouter"
import type { ReviewBinding } from "../../../services/Send"
import { type Editing, makeFormFlow } from "../formFlow"
import { checkNameLabel, coinTypeOf, NAME_SUFFIX, registrationMessage } from "./accountNames"

/** How long typing must pause before the registry is asked. */
export const NAME_CHECK_DELAY_MS = 400

export const makeNames = (state: SubscriptionRef.SubscriptionRef<NamesState>) =>
  Effect.gen(function* () {
    const api = yield* BlockchainApi
    const accountData = yield* AccountData
    const identities = yield* IdentityService
    const rpc = yield* RpcRouter

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

    /** A form for `label` on the active EVM account: names are EVM only (SPEC.md §9). */
    const formFor = (label: string, reviewChanged?: ReviewChangedError): Effect.Effect<NamesState> =>
      Effect.map(flow.active, (active) => ({
        _tag: "Editing",
        label,
        check: { _tag: "None" },
        binding: active?.namespace === "eip155" ? active : undefined,
        ...(reviewChanged === undefined ? {} : { reviewChanged })
      }))

    const flow = yield* makeFormFlow<NamesState, string>(state, {
      draftOf: (editing) => editing.label,
      // A failed registration is edited as the form it came from.
      editable: (current) =>
        current._tag === "Editing"
          ? current
          : current._tag === "Failed"
            ? { _tag: "Editing", label: current.label, check: { _tag: "None" }, binding: current.binding }
            : undefined,
      edited: ({ binding }, label) => {
        const rule = checkNameLabel(label)
        return rule.ok
          ? { _tag: "Editing", label, check: { _tag: "Checking" }, binding }
          : // An empty field is not a mistake yet.
            {
              _tag: "Editing",
              label,
              problem: rule.problem === "empty" ? undefined : rule.problem,
              check: { _tag: "None" },
              binding
            }
      },
      quote: { pauseMs: NAME_CHECK_DELAY_MS, run: check },
      binding: {
        of: (current) =>
          current._tag === "Editing" || current._tag === "Registering" ? current.binding : undefined,
        // The label stays: it is checked again, for the account now active.
        changed: (from, change) => formFor(from._tag === "Editing" ? from.label : "", change)
      }
    })

    const start: NamesShape["start"] = flow.start(formFor(""))

    const edit: NamesShape["edit"] = (label) => flow.edit(() => label)

    /** The account's signature of the registration of `name` (once `bound` passed), then the registration. */
    const registration = (
      owner: ReviewBinding,
      name: string,
      bound: Effect.Effect<void, ReviewChangedError>
    ) =>
      Effect.gen(function* () {
        const message = registrationMessage(name, yield* Clock.currentTimeMillis)
        yield* bound
        const signature = yield* rpc.request(
          { method: "personal_sign", params: [stringToHex(message), owner.address] },
          { namespace: "eip155", described: true }
        )
        return yield* api.registerName({
          coinType: coinTypeOf(Number(owner.network.id)),
          address: owner.address,
          message,
          signature: typeof signature === "string" ? signature : ""
        })
      })

    const register: NamesShape["register"] = Effect.gen(function* () {
      const landed = yield* flow.confirm({
        begin: (current) =>
          current._tag === "Editing" && current.check._tag === "Free" && current.binding !== undefined
            ? {
                working: { _tag: "Registering", name: current.check.name, binding: current.binding },
                input: { label: current.label, name: current.check.name, owner: current.binding }
              }
            : undefined,
        // The identity cache forgets the account as soon as it has a name, before the account reloads.
        work: ({ name, owner }, _show, bound) =>
          Effect.tap(registration(owner, name, bound), () => identities.forget(owner.address)),
        land: (outcome, { label, name, owner }): NamesState =>
          outcome._tag === "Failure"
            ? { _tag: "Failed", label, error: outcome.failure, binding: owner }
            : { _tag: "Registered", name: outcome.success.name ?? name }
      })
      if (landed?.outcome._tag === "Success") yield* accountData.refresh
    })

    return { start, edit, register }
  })
