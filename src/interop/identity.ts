/**
 * How Airlock names itself to other code on the page: the EIP-6963 announcement and the wagmi connector.
 * The modal's own wallet list leaves out announcements with this rdns (Airlock never lists itself).
 */
export const AIRLOCK_RDNS = "dev.airlock"
export const AIRLOCK_NAME = "Airlock"
/** A 96×96 SVG, as EIP-6963 asks: a data URI, drawn through `<img>` by the pages that list it. */
export const AIRLOCK_ICON =
  "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSI5NiIgaGVpZ2h0PSI5NiIgdmlld0JveD0iMCAwIDk2IDk2Ij48cmVjdCB3aWR0aD0iOTYiIGhlaWdodD0iOTYiIHJ4PSIyNCIgZmlsbD0iIzE0MTgyNCIvPjxjaXJjbGUgY3g9IjQ4IiBjeT0iNDgiIHI9IjI0IiBmaWxsPSJub25lIiBzdHJva2U9IiM3Y2M0ZmYiIHN0cm9rZS13aWR0aD0iOCIvPjxyZWN0IHg9IjQ0IiB5PSIyOCIgd2lkdGg9IjgiIGhlaWdodD0iNDAiIHJ4PSI0IiBmaWxsPSIjN2NjNGZmIi8+PC9zdmc+"
