/**
 * What `createModal` itself can fail with: a host's mistake (a server render, a host layer that cannot
 * build at once) or the modal's own code not loading. Not SPEC.md §8's catalogue: a visitor never sees
 * these; the host's developer does.
 */
import * as Data from "effect/Data"

/**
 * The host's layer needs time to build (it waits on a promise, a timer, the network). The modal must show
 * the moment it is created, so the layer must build at once: do the waiting before `createModal`, and
 * pass what it produced with `Layer.succeed`.
 *
 * @since 0.2.0
 * @category errors
 */
export class AsyncHostLayerError extends Data.TaggedError("AsyncHostLayerError")<{
  readonly cause: unknown
}> {
  override readonly message =
    "Airlock: the layer passed to createModal must build synchronously; await its work first and pass the result with Layer.succeed"
}

/**
 * `createModal` ran without a browser page (a server render). The hooks render a disconnected modal there
 * without one; create the modal in the browser.
 *
 * @since 0.3.0
 * @category errors
 */
export class CreateModalOnServerError extends Data.TaggedError("CreateModalOnServerError") {
  override readonly message =
    "Airlock: createModal needs a browser page (window and document). On a server, render the hooks without a modal; call createModal in the browser"
}

/**
 * The modal's code (the chunk the first paint leaves out) could not be fetched: the page is offline, or a
 * deploy replaced it. The next call fetches it again.
 *
 * @since 0.4.0
 * @category errors
 */
export class ModalLoadError extends Data.TaggedError("ModalLoadError")<{ readonly cause: unknown }> {
  override readonly message = "Airlock: the modal's code could not be loaded; the next call tries again"
}
