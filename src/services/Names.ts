import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { NameLookupError, ReviewChangedError } from "../errors"
import type { ProviderApiError } from "./ProviderApi"
import type { RequestError } from "./RpcRouter"
import type { ReviewBinding } from "./Send"

export type NameProblem = "empty" | "short" | "long" | "characters" | "hyphen-edge"

/** Whether the typed name is free, as the registry answered once the typing paused. */
export type NameCheck =
  | { readonly _tag: "None" }
  | { readonly _tag: "Checking" }
  | { readonly _tag: "Free"; readonly name: string }
  /** Taken: `suggestions` are free names like it. */
  | { readonly _tag: "Taken"; readonly name: string; readonly suggestions: ReadonlyArray<string> }
  | { readonly _tag: "Failed"; readonly error: ProviderApiError }

/**
 * The names the registry lists for the account (its reverse look-up), in its order: each a name under the
 * provider's suffixes whose profile holds the account's address, at most `MAX_REVERSE_PROFILES`.
 */
export type OwnedNames = ReadonlyArray<string>

export type NamesState =
  | { readonly _tag: "Idle" }
  | {
      readonly _tag: "Editing"
      /** What the visitor typed: the label, before the suffix. */
      readonly label: string
      readonly problem?: NameProblem | undefined
      readonly check: NameCheck
      /**
       * The EVM account and network the name is for (the account signs its registration); `undefined`:
       * no EVM account is connected on a configured network, and nothing can be registered.
       */
      readonly binding: ReviewBinding | undefined
      /** The form is for another account or network than the registration it showed before. */
      readonly reviewChanged?: ReviewChangedError | undefined
      /** The names the account has already, once the registry listed them; `undefined` while not known. */
      readonly owned?: OwnedNames | undefined
    }
  /** The account is signing the registration, then the registry is asked. */
  | { readonly _tag: "Registering"; readonly name: string; readonly binding: ReviewBinding }
  | { readonly _tag: "Registered"; readonly name: string }
  | {
      readonly _tag: "Failed"
      readonly label: string
      readonly error: NameLookupError | ProviderApiError | RequestError
      readonly binding: ReviewBinding
      readonly owned?: OwnedNames | undefined
    }

export interface NamesShape {
  readonly state: SubscriptionRef.SubscriptionRef<NamesState>
  /** A new name for the connected EVM account; the names it has already are listed once the registry answers. */
  readonly start: Effect.Effect<void>
  /** Changes the label; a valid one is checked with the registry once the typing pauses. */
  readonly edit: (label: string) => Effect.Effect<void>
  /**
   * Has the account sign the registration and registers the name, while the account and network the form
   * is for are the active ones (else the form again, for what is active, `reviewChanged` saying what
   * changed); the account shows the name once registered.
   */
  readonly register: Effect.Effect<void>
}

/**
 * Registering a provider account name (`.reown.id`, SPEC.md §9; EVM only): the name rule, the registry's
 * free-or-taken answer with suggestions, the account's signature and the registration; the one owner of
 * what RegisterAccountName and RegisterAccountNameSuccess show.
 *
 * @since 0.3.0
 * @category tags
 */
export class Names extends Context.Service<Names, NamesShape>()("@airlock/Names") {}
