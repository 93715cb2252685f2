import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { HistoryFetchError } from "../../errors"
import { HistoryService } from "../../services/HistoryService"
import { deferredImplementation } from "../runtime/deferred"

/**
 * Activity pages from the Blockchain API; the code (`HistoryService.lazy.ts`) loads with the first page.
 *
 * @since 0.1.0
 * @category layers
 */
export const HistoryServiceLive = Layer.effect(
  HistoryService,
  Effect.gen(function* () {
    const history = yield* deferredImplementation(() =>
      import("./HistoryService.lazy").then((module) => module.makeHistoryService)
    )
    return HistoryService.of({
      page: (network, address, cursor) =>
        history.pipe(
          Effect.mapError((error) => new HistoryFetchError({ address, cause: error.cause })),
          Effect.flatMap((loaded) => loaded.page(network, address, cursor))
        )
    })
  })
)
