import * as Effect from "effect/Effect"
import { HistoryFetchError } from "../../errors"
import { BlockchainApi } from "../../services/BlockchainApi"
import { HistoryService } from "../../services/HistoryService"

export const makeHistoryService = Effect.gen(function* () {
  const api = yield* BlockchainApi
  return HistoryService.of({
    page: (network, address, cursor) =>
      // EVM and Bitcoin (issue 35) activity come from the provider's history API.
      network.chainNamespace !== "eip155" && network.chainNamespace !== "bip122"
        ? Effect.succeed({ transactions: [], next: undefined })
        : api
            .history(address, { chainId: network.caipNetworkId, ...(cursor === undefined ? {} : { cursor }) })
            .pipe(
              Effect.map((page) => ({ transactions: page.data, next: page.next })),
              Effect.mapError((cause) => new HistoryFetchError({ cause }))
            )
  })
})
