import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { ThemeMode } from "../../schemas/Primitives"
import type { ThemeVariables } from "../../schemas/ThemeVariables"
import { ModalConfig } from "../../services/ModalConfig"
import { Theme } from "../../services/Theme"
import { eventsOf, listen } from "../platform/listen"

const DARK_QUERY = "(prefers-color-scheme: dark)"

const colorSchemeQuery = (): Option.Option<MediaQueryList> => {
  try {
    return typeof globalThis.matchMedia === "function"
      ? Option.fromNullishOr(globalThis.matchMedia(DARK_QUERY))
      : Option.none()
  } catch {
    return Option.none()
  }
}

/** The OS preference when the host sets no mode; dark where the page cannot tell. */
export const systemMode = (query: Option.Option<Pick<MediaQueryList, "matches">>): ThemeMode =>
  Option.match(query, { onNone: () => "dark", onSome: (q) => (q.matches ? "dark" : "light") })

/** Merges variables; `undefined` removes a key so its default applies again. */
export const mergeVariables = (current: ThemeVariables, next: ThemeVariables): ThemeVariables => {
  const merged: Record<string, unknown> = { ...current }
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined) delete merged[key]
    else merged[key] = value
  }
  return merged as ThemeVariables
}

export const makeTheme = Effect.gen(function* () {
  const config = yield* ModalConfig
  const query = colorSchemeQuery()
  const state = yield* SubscriptionRef.make({
    mode: config.themeMode ?? systemMode(query),
    variables: config.themeVariables
  })
  let explicit = config.themeMode !== undefined

  // Without a mode from the host, follow the OS until something sets one.
  if (Option.isSome(query) && !explicit)
    yield* listen(eventsOf<"change", MediaQueryListEvent>(query.value, "change"), (event) =>
      explicit
        ? Effect.void
        : SubscriptionRef.update(state, (s) => ({ ...s, mode: systemMode(Option.some(event)) }))
    )

  return Theme.of({
    state,
    setMode: (mode) =>
      Effect.andThen(
        Effect.sync(() => {
          explicit = true
        }),
        SubscriptionRef.update(state, (s) => ({ ...s, mode }))
      ),
    setVariables: (variables) =>
      SubscriptionRef.update(state, (s) => ({ ...s, variables: mergeVariables(s.variables, variables) }))
  })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const ThemeLive = Layer.effect(Theme, makeTheme)
