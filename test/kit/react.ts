/**
 * React under happy-dom for tests: a view mounted over a fake controller, the visitor's clicks and keys,
 * and `rendered`, the kit's one DOM poll (happy-dom's DOM cannot tell a test it changed; a store's change
 * is awaited through its own `subscribe` instead).
 */
import * as Effect from "effect/Effect"
import { act, createElement, type ReactNode } from "react"
import { createRoot, type Root } from "react-dom/client"
import { afterEach } from "vitest"
import type { Catalog } from "../../src/messages/compiled/catalog"
import { directionOf, type LocaleTag } from "../../src/messages/locales"
import type { ModalController } from "../../src/react/modal/bridge/controller"
import type { Store } from "../../src/react/modal/bridge/store"
import { ControllerContext } from "../../src/react/modal/element/context"
import type { LocaleState } from "../../src/services/Locale"
import { ENGLISH as ENGLISH_STATE } from "./locale"
import { eventually } from "./waits"

Reflect.set(globalThis, "IS_REACT_ACT_ENVIRONMENT", true)

/**
 * Resolves with what `find` finds in the page, looking again after each task the page runs (a store's
 * change, a chunk that came in, React's render of them): happy-dom's DOM cannot tell us it changed.
 * `limitMs` bounds the look (by default `eventually`'s), so that a hang fails naming `what`.
 */
export const rendered = <A>(
  find: () => A | null | undefined | false,
  what = "the element",
  limitMs?: number
): Promise<A> =>
  eventually(find, what, () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0))), limitMs)

/**
 * Awaits `wait` (something that signals: a fake's event, a store's change) inside React's act, so what
 * React has to render meanwhile is rendered when it ends. Not for what needs a render to happen first.
 */
export const actOn = <A>(wait: Effect.Effect<A> | Promise<A>): Promise<A> =>
  act(() => (Effect.isEffect(wait) ? Effect.runPromise(wait) : wait))

/** The first button under `root` whose text contains `name` (or whose label is `name`). */
export const buttonIn = (root: ParentNode, name: string) =>
  [...root.querySelectorAll<HTMLButtonElement>("button")].find(
    (b) => b.textContent?.includes(name) === true || b.getAttribute("aria-label") === name
  )

/** Clicks `element` the way a visitor does, inside React's act. */
export const click = (element: HTMLElement | undefined) => act(async () => element?.click())

/** Presses `key` on the page. */
export const press = (key: string, shiftKey = false) =>
  act(async () => {
    document.dispatchEvent(new KeyboardEvent("keydown", { key, shiftKey, bubbles: true }))
  })

const mounted: Array<{ readonly root: Root; readonly container: HTMLElement }> = []

/** Unmounts every view mounted so far (done after each test anyway). */
export const unmountViews = () => {
  for (const { root, container } of mounted.splice(0)) {
    act(() => root.unmount())
    container.remove()
  }
}

afterEach(unmountViews)

/** Renders `node` into a fresh element of the page; it is unmounted after the test. */
export const mount = (node: ReactNode) => {
  const container = document.createElement("div")
  document.body.append(container)
  const root = createRoot(container)
  mounted.push({ root, container })
  act(() => root.render(node))
  return container
}

/** The provider's image URLs as the fake controller builds them: `https://images.test/<kind>/<id>`. */
export const FAKE_IMAGE_URLS = {
  assetImageUrl: (id: string) => `https://images.test/asset/${id}`,
  currencyImageUrl: (code: string) => `https://images.test/currency/${code}`,
  tokenImageUrl: (symbol: string) => `https://images.test/token/${symbol}`
}

/** The modal's locale as a controller starts in it: English, whose words each view carries. */
export const ENGLISH_LOCALE: LocaleState = ENGLISH_STATE
/** The modal's locale store in English, as views read it through `useWords`. */
export const ENGLISH: Store<LocaleState> = { get: () => ENGLISH_LOCALE, subscribe: () => () => undefined }

/** A locale store showing `tag`'s compiled catalog (e.g. `import { catalog } from ".../compiled/ja"`). */
export const localeStore = (tag: LocaleTag, catalog: Catalog): Store<LocaleState> => {
  const state: LocaleState = { tag, dir: directionOf(tag), catalog, ready: true }
  return { get: () => state, subscribe: () => () => undefined }
}

/**
 * A controller whose flow ports show `states` (by port name) and record every command sent to them, as
 * `port.command`; `goBack` is recorded too; images are `FAKE_IMAGE_URLS`'; the locale is `states.locale`
 * (a `LocaleState`), English unless told.
 */
export const fakeController = (states: Readonly<Record<string, unknown>>) => {
  const called: Array<string> = []
  const port = (name: string, state: unknown) =>
    new Proxy(
      { state: { get: () => state, subscribe: () => () => undefined } },
      {
        get: (target, command: string) =>
          command === "state"
            ? target.state
            : () => {
                called.push(`${name}.${command}`)
                return Promise.resolve()
              }
      }
    )
  const { locale = ENGLISH_LOCALE, ...flows } = states
  const ports = Object.fromEntries(Object.entries(flows).map(([name, state]) => [name, port(name, state)]))
  const goBack = () => {
    called.push("goBack")
    return Promise.resolve()
  }
  const nothing = { get: () => undefined, subscribe: () => () => undefined }
  const controller = {
    ...ports,
    // Flow views show the account's tokens through their flow: they ask for them, and nobody answers here.
    accountData: {
      shown: { identity: nothing, nativeBalance: nothing, tokens: nothing, activity: nothing, nfts: nothing }
    },
    locale: { get: () => locale, subscribe: () => () => undefined },
    goBack,
    imageUrls: FAKE_IMAGE_URLS
  } as unknown as ModalController
  return { controller, called }
}

/** Mounts `view` over `controller`, as the modal's element provides it. */
export const mountWith = (controller: ModalController, view: ReactNode) =>
  mount(createElement(ControllerContext.Provider, { value: controller }, view))
