import type { Page } from "playwright-core"

/** A session of the demo's sign-in server (`sandbox/signin`): what was signed, by whom. */
export interface ServerSession {
  readonly data: { readonly accountAddress: string; readonly chainId: string }
  readonly message: string
  readonly signature: `0x${string}`
}

/** What the demo's sign-in server knows for this page's cookie. */
export const serverSessions = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch("/auth/session")
    return ((await response.json()) as { sessions: ReadonlyArray<ServerSession> }).sessions
  })
