/**
 * Where Buy is offered (SPEC.md §9): by the visitor's time zone, as the browser reports it. Apart from
 * the rest of the onramp's rules: the account's actions ask it from the first paint on, the rest loads
 * with Buy.
 */

/** SPEC.md §9: Buy is not offered in China's time zones. */
export const RESTRICTED_TIME_ZONES: ReadonlyArray<string> = [
  "Asia/Shanghai",
  "Asia/Urumqi",
  "Asia/Chongqing",
  "Asia/Chungking",
  "Asia/Harbin",
  "Asia/Kashgar",
  "PRC"
]

/** Whether Buy is offered to a visitor in `timeZone` (an IANA name; compared case-insensitively). */
export const buyOffered = (timeZone: string | undefined): boolean =>
  timeZone === undefined ||
  !RESTRICTED_TIME_ZONES.some((zone) => zone.toLowerCase() === timeZone.toLowerCase())

/** The visitor's time zone, as the browser reports it; `undefined` when it does not. */
export const visitorTimeZone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return undefined
  }
}
