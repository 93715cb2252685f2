import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { HistoryFetchError } from "../../errors"
import { HistoryService } from "../../services/HistoryService"
import { call, lazyImplementation, lazyPart, lazyService } from "../runtime/lazy"
import { accountStage } from "../runtime/stages"

/** Activity pages (`HistoryService.lazy.ts`), loaded with the first one. */
export const HistoryServiceLazy = lazyPart("@airlock/HistoryService.lazy", () =>
  accountStage().then((stage) => stage.historyService)
)

/**
 * Activity pages from the Blockchain API; the code (`HistoryService.lazy.ts`) loads with the first page.
 *
 * @since 0.1.0
 * @category layers
 */
export const HistoryServiceLive = Layer.effect(
  HistoryService,
  Effect.map(
    lazyImplementation(HistoryServiceLazy, (module) => module.makeHistoryService),
    (history) =>
      HistoryService.of(
        lazyService(history, {
          page: call((error, _network, address) =>
            Effect.fail(new HistoryFetchError({ address, cause: error.cause }))
          )
        })
      )
  )
)
