import * as Effect from "effect/Effect"
import { HistoryFetchError } from "../../errors"
import { BlockchainApi } from "../../services/BlockchainApi"
import { HistoryService } from "../../services/HistoryService"

export const makeHistoryService = Effect.gen(function* () {
  const api = yield* BlockchainApi
  return HistoryService.of({
    page: (network, address, cursor) =>
      network.chainNamespace !== "eip155"
        ? Effect.succeed({ transactions: [], next: undefined })
        : api
            .history(address, { chainId: network.caipNetworkId, ...(cursor === undefined ? {} : { cursor }) })
            .pipe(
              Effect.map((page) => ({ transactions: page.data, next: page.next })),
              Effect.mapError((cause) => new HistoryFetchError({ cause }))
            )
  })
})
