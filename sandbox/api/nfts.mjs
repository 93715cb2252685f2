// The NFT fixture: its entries in the seeded accounts' history and its preview images (`GET
// /media/nft/{n}.svg`, a stand-in for a third-party host: no project id). Apart from the chains' history
// (history.mjs), which merges these entries in, because none of it is chain data.
import { createHash } from "node:crypto"
import { getAddress } from "viem"
import { sortKey } from "./cursors.mjs"
import { message, svg } from "./http.mjs"
import { nftSvg } from "./images.mjs"

/** @import { sandboxAccounts } from "../chain/chain.mjs" */
/** @import { ApiChain } from "./apiChains.mjs" */
/** @import { RouteContext } from "./http.mjs" */

// Fixture, not chain data: "Sandbox Collectibles" NFTs the seeded accounts received in past months. anvil
// holds no NFT contract; these entries only exist in the history answers, with generated preview images.
// [account index, token id, months before `now`, day of month, hour (UTC)]
/** @type {ReadonlyArray<readonly [number, number, number, number, number]>} */
const NFT_HOLDINGS = [
  [0, 1, 3, 12, 15],
  [0, 2, 2, 14, 9],
  [0, 3, 1, 3, 18],
  [0, 4, 1, 24, 12],
  [1, 5, 2, 20, 10],
  [2, 6, 1, 9, 16],
  [3, 7, 2, 5, 13],
  [4, 8, 1, 15, 11]
]
export const NFT_COLLECTION_NAME = "Sandbox Collectibles"
const NFT_CONTRACT = getAddress(
  `0x${createHash("sha256").update("airlock-sandbox-collectibles").digest("hex").slice(0, 40)}`
)

/**
 * UTC seconds of `day` at `hour`:00 in the month `monthsAgo` months before `now`'s.
 * @param {Date} now
 * @param {number} monthsAgo
 * @param {number} day
 * @param {number} hour
 */
const pastDay = (now, monthsAgo, day, hour) =>
  Math.floor(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, day, hour) / 1000)

/**
 * The NFT fixture on `chain` (the API's first), dated from `now`; `baseUrl()` is the API's origin once it
 * listens.
 * @param {object} options
 * @param {ApiChain} options.chain
 * @param {ReturnType<typeof sandboxAccounts>} options.accounts
 * @param {Date} options.now
 * @param {() => string} options.baseUrl
 */
export function createNftFixture({ chain: nftChain, accounts, now, baseUrl }) {
  /**
   * The NFT fixture's entries for `address` (see NFT_HOLDINGS).
   * @param {string} me
   */
  const nftEntries = (me) =>
    NFT_HOLDINGS.filter(([account]) => accounts[account]?.address.toLowerCase() === me).map(
      ([account, tokenId, monthsAgo, day, hour]) => {
        const timestamp = pastDay(now, monthsAgo, day, hour)
        const preview = { url: `${baseUrl()}/media/nft/${tokenId}.svg`, content_type: "image/svg+xml" }
        return {
          key: sortKey(timestamp, nftChain.chainId, 0, tokenId),
          tx: {
            id: `${nftChain.caip}:nft:${NFT_CONTRACT}:${tokenId}`,
            metadata: {
              operationType: "receive",
              hash: `0x${createHash("sha256").update(`airlock-sandbox-nft:${tokenId}`).digest("hex")}`,
              chain: nftChain.caip,
              minedAt: new Date(timestamp * 1000).toISOString(),
              sentFrom: NFT_CONTRACT,
              sentTo: accounts[account]?.address,
              status: "confirmed",
              nonce: tokenId
            },
            transfers: [
              {
                nft_info: {
                  name: `${NFT_COLLECTION_NAME} #${tokenId}`,
                  content: { preview, detail: preview },
                  flags: { is_spam: false }
                },
                direction: "in",
                quantity: { numeric: "1" }
              }
            ]
          }
        }
      }
    )

  /** @param {RouteContext} context */
  const nftImage = ({ params }) => {
    const tokenId = Number(params[0])
    if (!NFT_HOLDINGS.some(([, id]) => id === tokenId)) return message(404, "Not found")
    const name = `${NFT_COLLECTION_NAME} #${tokenId}`
    return svg(nftSvg({ key: `nft:${tokenId}`, title: name, label: name }))
  }

  return { chain: nftChain, entries: nftEntries, nftImage }
}
