/**
 * `announceEIP6963`: Airlock announced as a wallet by EIP-6963, so a page's own wallet list (wagmi,
 * RainbowKit, ConnectKit) offers it, and `eth_requestAccounts` on it opens the modal. Loaded only when the
 * option is on.
 */

import { randomUuid } from "../layers/platform/randomUuid"
import type { Modal } from "../Modal"
import { AIRLOCK_ICON } from "./airlockIcon"
import { AIRLOCK_NAME, AIRLOCK_RDNS } from "./identity"

const ANNOUNCE_EVENT = "eip6963:announceProvider"
const REQUEST_EVENT = "eip6963:requestProvider"

/** Announces `modal` now and whenever the page asks; returns what stops answering. */
export const announceModal = (modal: Modal, target: Window): (() => void) => {
  // Frozen, as the EIP asks, so no listener can rewrite what the next one receives.
  const detail = Object.freeze({
    info: Object.freeze({
      uuid: randomUuid(),
      name: AIRLOCK_NAME,
      icon: AIRLOCK_ICON,
      rdns: AIRLOCK_RDNS
    }),
    provider: modal.getProvider()
  })
  const announce = () => target.dispatchEvent(new CustomEvent(ANNOUNCE_EVENT, { detail }))
  target.addEventListener(REQUEST_EVENT, announce)
  announce()
  return () => target.removeEventListener(REQUEST_EVENT, announce)
}
