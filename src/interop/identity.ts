/**
 * How Airlock names itself to other code on the page: the EIP-6963 announcement and the wagmi connector
 * (its icon, `airlockIcon.ts`, is theirs alone: the modal never draws it).
 * The modal's own wallet list leaves out announcements with this rdns (Airlock never lists itself).
 */
export const AIRLOCK_RDNS = "dev.airlock"
export const AIRLOCK_NAME = "Airlock"
