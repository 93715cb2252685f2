/**
 * The runtime's log level follows the `debug` option (issue 29; SPEC.md §9: the default log level is
 * error): without it, a warning or a debug message reaches no logger; with it, both do.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import { ModalConfigLive } from "../../src/layers/runtime/ModalConfigLive"
import { decodedOptions } from "../kit/fixtures"

/** The levels a logger heard while the runtime built from `debug` logged one message of each. */
const heard = (debug: boolean) =>
  Effect.gen(function* () {
    const levels: Array<string> = []
    const logger = Logger.make<unknown, void>(({ logLevel }) => {
      levels.push(logLevel)
    })
    yield* Effect.gen(function* () {
      yield* Effect.logDebug("debug")
      yield* Effect.logInfo("info")
      yield* Effect.logWarning("warning")
      yield* Effect.logError("error")
    }).pipe(Effect.provide(Layer.merge(ModalConfigLive(decodedOptions({ debug })), Logger.layer([logger]))))
    return levels
  })

describe("the runtime's log level", () => {
  it.effect("is error by default: warnings and debug messages are not logged", () =>
    Effect.map(heard(false), (levels) => assert.deepStrictEqual(levels, ["Error"]))
  )

  it.effect("follows debug: everything down to debug messages is logged", () =>
    Effect.map(heard(true), (levels) => assert.deepStrictEqual(levels, ["Debug", "Info", "Warn", "Error"]))
  )
})
