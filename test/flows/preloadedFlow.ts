/**
 * What the flow worlds (names, onramp, swap, send) end with: the flow's Live layer over the world's fakes,
 * its lazy code preloaded so that no test waits for an `import()`, and the type of the world a runner hands
 * to a test body.
 */
import * as Layer from "effect/Layer"
import { type LazyPart, preloaded } from "../../src/layers/runtime/lazy"

/** `live` over `fakes`, with `part` already loaded as `module`. */
export const preloadedFlow = <I, E, R, M, F>(
  live: Layer.Layer<I, E, R>,
  part: LazyPart<M>,
  module: M,
  fakes: Layer.Layer<F>
) => live.pipe(Layer.provide(Layer.merge(fakes, preloaded(part, module))))

/** The world a runner (`runnerOf(...)(world)`) hands to a test body. */
export type WorldOf<Run extends (options: never, body: never) => unknown> = Parameters<Parameters<Run>[1]>[0]
