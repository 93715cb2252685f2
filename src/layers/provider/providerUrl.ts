/**
 * The provider hosts' URLs (FACTS §1.2): the identity query params every request carries, path segments
 * that cannot name another endpoint, and the full URL of a GET. Pure, so image URLs need none of the HTTP
 * code, which loads with the first request.
 */

/** `st`: the SDK type sent with every request (FACTS §1.2). */
export const SDK_TYPE = "airlock"
/** `sv`: `<sdk>-<framework>-<version>`, in the shape of FACTS §1.2's `react-wagmi-1.8.20`. */
export const SDK_VERSION = "airlock-react-0.1.0"

export type QueryValue = string | number | boolean | ReadonlyArray<string> | undefined | null

/** Query params after the identity ones, in this order; `undefined`, `null` and empty lists are left out. */
export type QueryParams = ReadonlyArray<readonly [string, QueryValue]>

/**
 * A path segment for an id or address, percent-encoded. `undefined` for the empty string, `.` and `..`:
 * URL parsing resolves those (also when encoded as `%2e`), so they would name another endpoint.
 */
export const encodePathSegment = (value: string): string | undefined =>
  value === "" || value === "." || value === ".." ? undefined : encodeURIComponent(value)

const queryText = (value: QueryValue): string | undefined => {
  if (value === undefined || value === null) return undefined
  if (typeof value === "string") return value
  if (typeof value === "number" || typeof value === "boolean") return String(value)
  return value.length === 0 ? undefined : value.join(",")
}

/**
 * `base` + `path` with the identity params first. A path prefix on the base (a host's proxy such as
 * `https://proxy.example/walletconnect`) is kept, unlike `new URL(path, base)`; the base's own query and
 * fragment are dropped.
 */
export const buildUrl = (
  options: { readonly baseUrl: string; readonly projectId: string },
  path: string,
  params: QueryParams = []
): string | undefined => {
  try {
    const url = new URL(options.baseUrl)
    if (url.protocol !== "https:" && url.protocol !== "http:") return undefined
    url.pathname = `${url.pathname.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`
    const search = new URLSearchParams()
    search.append("projectId", options.projectId)
    search.append("st", SDK_TYPE)
    search.append("sv", SDK_VERSION)
    for (const [key, value] of params) {
      const text = queryText(value)
      if (text !== undefined) search.append(key, text)
    }
    url.search = search.toString()
    url.hash = ""
    return url.toString()
  } catch {
    return undefined
  }
}
