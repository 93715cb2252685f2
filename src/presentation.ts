/**
 * What the visitor sees for each error of the catalogue (SPEC.md §8): its text in the modal's locale, kind
 * and delay. In English, an error whose class carries the catalogue's text shows its own `message`; the other
 * words are namespace `errors` (in the first paint). Other locales translate both: `errorMessages` (keyed as
 * `errors`, by tag) and `errors`. The frame's, the swap's and a refused view's sentences are their errors'
 * own namespaces, loaded with the code that makes them (`sentence(catalog)`).
 */
import type { AirlockError } from "./errors"
import type { Catalog } from "./messages/compiled/catalog"
import { errorsWords } from "./messages/compiled/en/errors"
import { boundedText, safeGet } from "./walletErrors"

export interface Presentation {
  readonly kind: "alert" | "toast"
  readonly message: string
  readonly description?: string
  readonly delayMs: number
  readonly variant: "error" | "warning" | "info"
}

/** SPEC.md §9: error toasts for a disallowed RPC method wait until the modal has opened. */
export const ERROR_TOAST_DELAY_MS = 300
/** SPEC.md §9: the swap view's own (shorter) error-toast delay. */
export const SWAP_ERROR_TOAST_DELAY_MS = 150

type Words = typeof errorsWords
type OwnWords = Catalog["errorMessages"]
type Tag = AirlockError["_tag"]

const alert = (message: string, description: string): Presentation => ({
  kind: "alert",
  message,
  description,
  delayMs: 0,
  variant: "error"
})

const toast = (message: string, variant: Presentation["variant"] = "error", delayMs = 0): Presentation => ({
  kind: "toast",
  message,
  delayMs,
  variant
})

/** An error's key in `errors` or `errorMessages`: its tag without "Error", lower camel case. */
type KeyOf<T extends string> = T extends `${infer Name}Error` ? Uncapitalize<Name> : never

const keyOf = <T extends string>(tag: T): KeyOf<T> =>
  (tag.charAt(0).toLowerCase() + tag.slice(1, -5)) as KeyOf<T>

/**
 * The error's text from its class: its own `message` in English (SPEC.md §8's words, for these errors), its
 * translation in `errorMessages` in another locale.
 */
const own = (
  error: AirlockError,
  catalog: Catalog | undefined,
  translated: (o: OwnWords) => string
): string =>
  catalog === undefined
    ? (boundedText(error.message) ?? errorsWords.somethingWrong())
    : translated(catalog.errorMessages)

/**
 * Errors whose words depend on what they carry (a reason, a count, a name), in the words `w` of the active
 * locale (`catalog` for the namespaces an error carries itself).
 */
const worded = {
  InvalidAppConfigurationError: (error, w, catalog) =>
    alert(
      own(error, catalog, (o) => o.invalidAppConfiguration()),
      error.reason === "origin-not-allowed"
        ? w.originNotAllowed()
        : error.reason === "domain-unverified"
          ? w.domainUnverified()
          : error.reason === "invalid-project-id"
            ? w.invalidProjectId()
            : w.forbidden()
    ),
  SignatureDeclinedError: (error, _, catalog) =>
    toast(
      own(error, catalog, (o) =>
        error.smartAccount === true ? o.signatureDeclinedSmartAccount() : o.signatureDeclined()
      )
    ),
  EmailLoginCooldownError: (error, _, catalog) =>
    toast(own(error, catalog, (o) => o.emailLoginCooldown({ seconds: error.seconds }))),
  FrameRequestError: (error, _, catalog) => toast(error.sentence(catalog)),
  RequestAbortedError: (error, w, catalog) =>
    toast(error.source === "rpc" ? own(error, catalog, (o) => o.requestAborted()) : w.somethingWrong()),
  SwapFailedError: (error, _, catalog) => toast(error.sentence(catalog), "error", SWAP_ERROR_TOAST_DELAY_MS),
  ChainMismatchError: (error, _, catalog) => {
    const expected = String(error.expectedChainId)
    return toast(
      own(error, catalog, (o) =>
        error.actualChainId === undefined
          ? o.chainMismatchNone({ expected })
          : o.chainMismatch({ expected, actual: String(error.actualChainId) })
      )
    )
  },
  // What changed between a review and its confirmation: nothing was sent, the form shows again.
  ReviewChangedError: (error, w) => ({
    ...toast(error.change === "network" ? w.networkChanged() : w.accountChanged(), "warning"),
    description: w.nothingSent()
  }),
  // The Account view's impersonation words, and what became of the connection.
  ContestedWalletError: (error, w) =>
    alert(
      w.impersonation(),
      (error.during === "restore" ? w.impersonationRestore : w.impersonationText)({
        wallet: error.walletName
      })
    ),
  // The server's own reason (bounded) is the most a visitor can learn; without one, the catalogue's words.
  NameLookupError: (error, _, catalog) =>
    toast(
      boundedText(error.reason) === undefined ? own(error, catalog, (o) => o.nameLookup()) : error.message
    ),
  ViewUnavailableError: (error, _, catalog) => toast(error.sentence(catalog)),
  PayFailedError: (error, _, catalog) => toast(error.sentence(catalog)),
  SmartSessionsOffError: (error, _, catalog) => toast(error.sentence(catalog)),
  SmartSessionError: (error, _, catalog) => toast(error.sentence(catalog)),
  BatchError: (error, _, catalog) => toast(error.sentence(catalog)),
  BitcoinWalletError: (error, _, catalog) => toast(error.sentence(catalog)),
  BatchStoppedError: (error, _, catalog) => ({
    ...toast(error.sentence(catalog)),
    description: error.detail(catalog)
  }),
  BitcoinError: (error, _, catalog) => toast(error.sentence(catalog))
} satisfies {
  readonly [T in Tag]?: (
    error: Extract<AirlockError, { _tag: T }>,
    w: Words,
    catalog: Catalog | undefined
  ) => Presentation
}

/** Every other error is a toast (an alert where `errors` has its `<key>Text`) of its key's message. */
type Keyed = Exclude<Tag, keyof typeof worded>
/** Typecheck refuses a type argument that is not `never`. */
type Never<T extends never> = T

/**
 * Fails typecheck when a member of `AirlockError` has no words: neither an entry of `worded` nor a message
 * under its key in `errors` or `errorMessages`.
 */
export type Unworded = Never<Exclude<KeyOf<Keyed>, keyof Words | keyof OwnWords>>

/** Toasts that are not errors, and toasts that wait (SPEC.md §9); the rest are errors shown at once. */
const VARIANTS: { readonly [T in Keyed]?: Presentation["variant"] } = {
  BalanceUnavailableError: "warning",
  TransactionWaitTimeoutError: "warning",
  ServiceUnavailableError: "warning",
  ProviderRequestError: "warning",
  ChainNotAddedError: "warning",
  LocaleUnavailableError: "warning",
  UserRejectedRequestError: "info",
  RequestPendingError: "info"
}
const DELAYS: { readonly [T in Keyed]?: number } = {
  MethodNotAllowedError: ERROR_TOAST_DELAY_MS,
  SwapNetworkUnsupportedError: SWAP_ERROR_TOAST_DELAY_MS,
  // Gas prices are fetched only by the swap view, so its delay applies.
  GasPriceNetworkUnsupportedError: SWAP_ERROR_TOAST_DELAY_MS
}

/** The presentation of an error whose tag ends in "Error": an entry of `worded`, or its key's words. */
const presentTagged = (error: AirlockError, w: Words, catalog: Catalog | undefined): Presentation => {
  const tag = error._tag
  if (Object.hasOwn(worded, tag))
    return (
      worded[tag as keyof typeof worded] as (
        e: AirlockError,
        w: Words,
        c: Catalog | undefined
      ) => Presentation
    )(error, w, catalog)
  const key = keyOf(tag as Keyed)
  const title = Object.hasOwn(w, key)
    ? (w[key as keyof Words] as () => string)()
    : own(error, catalog, (o) =>
        // A tag outside the union (a bug) has no translation: its bounded message, or the generic words.
        Object.hasOwn(o, key)
          ? (o[key as keyof OwnWords] as () => string)()
          : (boundedText(error.message) ?? w.somethingWrong())
      )
  const description = `${key}Text`
  return Object.hasOwn(w, description)
    ? alert(title, (w[description as keyof Words] as () => string)())
    : toast(title, VARIANTS[tag as Keyed], DELAYS[tag as Keyed])
}

/**
 * What the visitor sees for an error, in the active locale's `catalog` (`LocaleState.catalog`; `undefined`:
 * English): the catalogue's text, kind and delay, and the only place that decides them. Total: a value
 * outside the union (a bug) shows its bounded message or a generic one.
 */
export const present = (error: AirlockError, catalog?: Catalog): Presentation => {
  const w = catalog?.errors ?? errorsWords
  const tag = safeGet(error, "_tag")
  return typeof tag === "string" && tag.endsWith("Error")
    ? presentTagged(error, w, catalog)
    : toast(boundedText(safeGet(error, "message")) ?? w.somethingWrong())
}
