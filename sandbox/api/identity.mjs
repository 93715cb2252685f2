// `GET /v1/identity/{address}`: an address's name, a registered one (names.mjs) before the fixture's
// (account #0's), and the fixture's avatar (`GET /media/avatar/{name}.svg`, a stand-in for a third-party
// host: no project id). Apart from the names registry, which it only reads.
import { json, message, svg } from "./http.mjs"
import { iconSvg } from "./images.mjs"
import { decodeSegment, requireAddress } from "./params.mjs"

/** @import { sandboxAccounts } from "../chain/chain.mjs" */
/** @import { RouteContext } from "./http.mjs" */
/** @import { NamesHandlers } from "./names.mjs" */

/** The fixture name of account #0 (`GET /v1/identity/{address}`). */
export const SANDBOX_IDENTITY_NAME = /** @type {const} */ ("sandbox.airlock.eth")

/**
 * The identity handlers; `registry` is the names registry, `baseUrl()` the API's origin once it listens.
 * @param {object} options
 * @param {Pick<NamesHandlers, "primaryNameOf">} options.registry
 * @param {ReturnType<typeof sandboxAccounts>} options.accounts
 * @param {() => string} options.baseUrl
 */
export function createIdentityHandlers({ registry, accounts, baseUrl }) {
  /** @param {RouteContext} context */
  const identity = ({ params }) => {
    const address = requireAddress(params[0])
    // A registered name (the newest is the primary) before the fixture.
    const registered = registry.primaryNameOf(address)
    if (registered !== undefined) return json(200, { name: registered, avatar: null })
    return address === accounts[0]?.address
      ? json(200, {
          name: SANDBOX_IDENTITY_NAME,
          avatar: `${baseUrl()}/media/avatar/${SANDBOX_IDENTITY_NAME}.svg`
        })
      : json(200, { name: null, avatar: null })
  }

  /** @param {RouteContext} context */
  const avatarImage = ({ params }) => {
    if (decodeSegment(params[0]) !== SANDBOX_IDENTITY_NAME) return message(404, "Not found")
    return svg(
      iconSvg({
        key: `avatar:${SANDBOX_IDENTITY_NAME}`,
        label: "SA",
        title: SANDBOX_IDENTITY_NAME,
        shape: "circle"
      })
    )
  }

  return { identity, avatarImage }
}
