/**
 * The account-name flow, loaded with its first use, on the form-flow machine: the label checked by the name rule, then with the
 * registry once the typing pauses (its suggestions answer both whether the name is free and what is free
 * like it), then the account's signature of the registration message and the registration. The server's
 * refusal is its first reason (SPEC.md §8). The form is bound to the EVM account and network it opened
 * for: the registration is signed only while they are the active ones. A registered name is forgotten by
 * the identity cache and the account's data reloaded, so the account shows it. Beside the form, the registry
 * is asked which names the account has already (its reverse look-up); they join the form when they come.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as FiberHandle from "effect/FiberHandle"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { stringToHex } from "viem"
import type { ReviewChangedError } from "../../../errors"
import { AccountData } from "../../../services/AccountData"
import { BlockchainApi } from "../../../services/BlockchainApi"
import { IdentityService } from "../../../services/IdentityService"
import type { NamesShape, NamesState, OwnedNames } from "../../../services/Names"
import { RpcRouter } from "../../../services/RpcRouter"
import type { ReviewBinding } from "../../../services/Send"
import { type Editing, makeFormFlow } from "../formFlow"
import { checkNameLabel, coinTypeOf, NAME_SUFFIX, ownedNames, registrationMessage } from "./accountNames"

/** How long typing must pause before the registry is asked. */
export const NAME_CHECK_DELAY_MS = 400

/** The account a form is for; `undefined` for any other state. */
const accountOf = (state: NamesState): string | undefined =>
  state._tag === "Editing"
    ? state.binding?.address
    : state._tag === "Failed"
      ? state.binding.address
      : undefined

const isFormFor = (state: NamesState, account: string): boolean =>
  accountOf(state)?.toLowerCase() === account.toLowerCase()

/** `state` with the names `account` has, when it is a form for `account`. */
const withOwned = (state: NamesState, account: string, owned: OwnedNames): NamesState =>
  (state._tag === "Editing" || state._tag === "Failed") && isFormFor(state, account)
    ? { ...state, owned }
    : state

export const makeNames = (state: SubscriptionRef.SubscriptionRef<NamesState>) =>
  Effect.gen(function* () {
    const api = yield* BlockchainApi
    const accountData = yield* AccountData
    const identities = yield* IdentityService
    const rpc = yield* RpcRouter
    // One look-up at a time: a form for another account replaces the older one's.
    const owning = yield* FiberHandle.make<void, never>()

    /**
     * Asks the registry which names the account of the form `next` has, in the background. The answer
     * lands on the first form for that account: it may come before the form shows.
     */
    const listOwned = (next: NamesState) => {
      const owner = accountOf(next)
      if (owner === undefined) return FiberHandle.clear(owning)
      return FiberHandle.run(
        owning,
        Effect.gen(function* () {
          const answer = yield* Effect.result(api.reverseProfiles(owner, { sender: owner }))
          if (answer._tag === "Failure")
            return yield* Effect.logDebug("names: no reverse look-up", answer.failure)
          const owned = ownedNames(answer.success, owner)
          yield* SubscriptionRef.changes(state).pipe(
            Stream.filter((shown) => isFormFor(shown, owner)),
            Stream.take(1),
            Stream.runDrain
          )
          yield* SubscriptionRef.update(state, (now) => withOwned(now, owner, owned))
        })
      ).pipe(Effect.asVoid)
    }

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
            ? {
                _tag: "Editing",
                label: current.label,
                check: { _tag: "None" },
                binding: current.binding,
                owned: current.owned
              }
            : undefined,
      edited: ({ binding, owned }, label) => {
        const rule = checkNameLabel(label)
        return rule.ok
          ? { _tag: "Editing", label, check: { _tag: "Checking" }, binding, owned }
          : // An empty field is not a mistake yet.
            {
              _tag: "Editing",
              label,
              problem: rule.problem === "empty" ? undefined : rule.problem,
              check: { _tag: "None" },
              binding,
              owned
            }
      },
      quote: { pauseMs: NAME_CHECK_DELAY_MS, run: check },
      binding: {
        of: (current) =>
          current._tag === "Editing" || current._tag === "Registering" ? current.binding : undefined,
        // The label stays: it is checked again, for the account now active, whose names are asked.
        changed: (from, change) =>
          Effect.tap(formFor(from._tag === "Editing" ? from.label : "", change), listOwned)
      }
    })

    const start: NamesShape["start"] = Effect.gen(function* () {
      yield* flow.start(formFor(""))
      yield* listOwned(yield* SubscriptionRef.get(state))
    })

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
                input: {
                  label: current.label,
                  name: current.check.name,
                  owner: current.binding,
                  owned: current.owned
                }
              }
            : undefined,
        // The identity cache forgets the account as soon as it has a name, before the account reloads.
        work: ({ name, owner }, _show, bound) =>
          Effect.tap(registration(owner, name, bound), () => identities.forget(owner.address)),
        land: (outcome, { label, name, owner, owned }): NamesState =>
          outcome._tag === "Failure"
            ? { _tag: "Failed", label, error: outcome.failure, binding: owner, owned }
            : { _tag: "Registered", name: outcome.success.name ?? name }
      })
      if (landed?.outcome._tag === "Success") yield* accountData.refresh
    })

    return { start, edit, register }
  })
