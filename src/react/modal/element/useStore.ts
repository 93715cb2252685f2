import { useSyncExternalStore } from "react"
import type { Store } from "../bridge/store"

/** Reads a store and re-renders when its value changes. */
export const useStore = <A>(store: Store<A>): A => useSyncExternalStore(store.subscribe, store.get, store.get)
