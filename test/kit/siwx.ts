/** Sign-in data for the tests of the SIWX plugins and the flow that asks them. */
import type { SiwxMessageData } from "../../src/schemas/SiwxSession"

/** Message data of the right shape for `accountAddress` on `chainId`, whose other fields say nothing. */
export const placeholderMessageData = (
  accountAddress: string,
  chainId: SiwxMessageData["chainId"]
): SiwxMessageData => ({ accountAddress, chainId, domain: "x", uri: "x", version: "1", nonce: "x" })
