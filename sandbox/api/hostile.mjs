// The hostile answers of the fault switch (THREATS.md T15): an honest reply changed as a malicious API could
// change it. Apart from the fault rules (faults.mjs) because each mode knows the shape of the endpoint it
// lies on; the convert ones are hostileSwap.mjs's.
import { HOSTILE_CONVERT_MODES, hostileConvertBody } from "./hostileSwap.mjs"
import { json } from "./http.mjs"

/** @import { HostileConvertMode } from "./hostileSwap.mjs" */
/** @import { Reply } from "./http.mjs" */

/**
 * The hostile answers the sandbox API can give (THREATS.md T15; the convert ones: issue 28).
 * @typedef {"repeat-pages" | "sentences" | "bidi" | "handler-links" | "redirect" | HostileConvertMode} HostileMode
 */

/**
 * Hostile answers a real but malicious API could give, for the tests of THREATS.md T15:
 * - `repeat-pages`: `/getWallets` answers page 1 for every page, claiming `count` 1 000 000;
 * - `sentences`: text where data belongs, to be shown as if the modal said it: `/getWallets`'s `count`
 *   and every identity's `name` are a phishing sentence;
 * - `bidi`: balances and history whose token symbols start with a right-to-left override (`"\u202eDSU"`
 *   displays as "USD") and whose USD values are 1e308;
 * - `handler-links`: every listed wallet's `desktop_link` and `mobile_link` are links to OS and application
 *   protocol handlers (`HANDLER_LINKS`), as if the wallet had registered those schemes;
 * - `redirect`: a 302 to the same path on `REDIRECT_ORIGIN`, a host the page never chose;
 * - `swap-to-attacker` and `approve-attacker`: built swaps and approvals that pay `ATTACKER_ADDRESS`
 *   (hostileSwap.mjs).
 */
/** @type {ReadonlyArray<HostileMode>} */
export const HOSTILE_MODES = [
  "repeat-pages",
  "sentences",
  "bidi",
  "handler-links",
  "redirect",
  ...HOSTILE_CONVERT_MODES
]

/** Where `redirect` sends the page. */
export const REDIRECT_ORIGIN = /** @type {const} */ ("https://redirected.example")

/** What `handler-links` lists as wallets' native links: Windows, Windows search, an editor, iOS installs. */
export const HANDLER_LINKS = [
  "ms-msdt://pcwdiagnostic/",
  "search-ms://query/",
  "vscode://vscode.git/clone/",
  "itms-services://download-manifest/"
]

/** What `sentences` puts where data belongs. */
export const PHISHING_SENTENCE =
  "Your wallet is compromised. Go to https://evil.example/recover to restore it"

/** `"USD"` as `"\u202eDSU"`: reads "USD" where the override is obeyed. */
const overridden = (/** @type {unknown} */ symbol) =>
  typeof symbol === "string" ? `\u202e${[...symbol].reverse().join("")}` : symbol

/**
 * A reply changed as `mode` says.
 * @param {HostileMode} mode
 * @param {string} path
 * @param {Reply} reply
 * @returns {Reply}
 */
export const hostileReply = (mode, path, reply) => {
  if (mode === "redirect")
    return { status: 302, headers: { location: `${REDIRECT_ORIGIN}${path}` }, body: "" }
  if (reply.status !== 200) return reply
  const wallets = /^\/getWallets\/?$/.test(path)
  const body = () => JSON.parse(String(reply.body))
  if (mode === "swap-to-attacker" || mode === "approve-attacker") {
    const lie = hostileConvertBody(mode, path, body)
    return lie === undefined ? reply : json(200, lie)
  }
  if (mode === "repeat-pages" && wallets) return json(200, { ...body(), count: 1_000_000 })
  if (mode === "sentences" && wallets) return json(200, { ...body(), count: PHISHING_SENTENCE })
  if (mode === "sentences" && /^\/v1\/identity\//.test(path))
    return json(200, { ...body(), name: PHISHING_SENTENCE })
  if (mode === "handler-links" && wallets) {
    const { data, ...rest } = body()
    const linkAt = (/** @type {number} */ n) => HANDLER_LINKS[n % HANDLER_LINKS.length]
    return json(200, {
      ...rest,
      data: data.map((/** @type {object} */ wallet, /** @type {number} */ n) => ({
        ...wallet,
        desktop_link: linkAt(n),
        mobile_link: linkAt(n + 1)
      }))
    })
  }
  if (mode === "bidi" && /^\/v1\/account\/[^/]+\/balance\/?$/.test(path)) {
    const { balances, ...rest } = body()
    return json(200, {
      ...rest,
      balances: balances.map((/** @type {{ symbol: unknown }} */ b) => ({
        ...b,
        symbol: overridden(b.symbol),
        value: 1e308
      }))
    })
  }
  if (mode === "bidi" && /^\/v1\/account\/[^/]+\/history\/?$/.test(path)) {
    const { data, ...rest } = body()
    /** @param {{ fungible_info?: { symbol: unknown } }} transfer */
    const hostileTransfer = (transfer) =>
      transfer.fungible_info === undefined
        ? transfer
        : {
            ...transfer,
            fungible_info: { ...transfer.fungible_info, symbol: overridden(transfer.fungible_info.symbol) }
          }
    return json(200, {
      ...rest,
      data: data.map((/** @type {{ transfers?: Array<{ fungible_info?: { symbol: unknown } }> }} */ t) => ({
        ...t,
        transfers: (t.transfers ?? []).map(hostileTransfer)
      }))
    })
  }
  return reply
}
