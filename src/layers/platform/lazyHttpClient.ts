/**
 * The platform's `HttpClient` with no effect/http module in the first paint. A bundler keeps each module
 * whole in one chunk, so a static import of one here, even for a tag, would bring every part of it the lazy
 * HTTP code uses (and the modules it imports) into the first paint.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as HttpClient from "effect/http/HttpClient"
import type * as HttpClientError from "effect/http/HttpClientError"
import type * as HttpClientRequest from "effect/http/HttpClientRequest"
import type * as HttpMethod from "effect/http/HttpMethod"
import * as Inspectable from "effect/Inspectable"
import * as Pipeable from "effect/Pipeable"
import { lazyPart, loadPart } from "../runtime/lazy"

/** Effect's own `HttpClient` tag: a service's key string is its identity in a `Context`. */
export const HttpClientTag: Context.Service<HttpClient.HttpClient, HttpClient.HttpClient> =
  Context.Service("effect/HttpClient")

/**
 * Effect's request and error modules, for the shortcuts and a failed load (`effectHttp.ts`). Whoever
 * calls this client got it through effect's `HttpClient` tag, whose module imports both statically, so
 * this load fetches next to nothing (a failure is a defect).
 */
export const EffectHttpLazy = lazyPart("@airlock/effectHttp", () =>
  import("../runtime/connectStage").then((stage) => stage.effectHttp)
)

const http = Effect.orDie(loadPart(EffectHttpLazy))

/** `HttpMethod.allShort`: the shortcuts every effect client has. */
const SHORTCUTS: ReadonlyArray<readonly [HttpMethod.HttpMethod, string]> = [
  ["GET", "get"],
  ["POST", "post"],
  ["PUT", "put"],
  ["DELETE", "del"],
  ["PATCH", "patch"],
  ["HEAD", "head"],
  ["OPTIONS", "options"],
  ["TRACE", "trace"],
  ["QUERY", "query"]
]

const TypeId = "~effect/http/HttpClient"

/**
 * What `HttpClient.makeWith(postprocess, Effect.succeed)` makes, where `postprocess` hands each request to
 * the client `load` gives, and a failed load is that request's transport error.
 */
export const lazyHttpClient = (
  load: Effect.Effect<HttpClient.HttpClient, unknown>
): HttpClient.HttpClient => {
  const preprocess: HttpClient.HttpClient.Preprocess<HttpClientError.HttpClientError, never> = Effect.succeed
  const postprocess: HttpClient.HttpClient.Postprocess<HttpClientError.HttpClientError, never> = (request) =>
    Effect.flatMap(request, (sent) =>
      Effect.matchEffect(load, {
        onFailure: (cause) =>
          Effect.flatMap(http, (module) => Effect.fail(module.transportError(sent, cause))),
        onSuccess: (client) => client.execute(sent)
      })
    )
  const execute = (request: HttpClientRequest.HttpClientRequest) => postprocess(preprocess(request))
  return {
    ...Pipeable.Prototype,
    ...Inspectable.BaseProto,
    [TypeId]: TypeId,
    toJSON: () => ({ _id: "effect/HttpClient" }),
    preprocess,
    postprocess,
    execute,
    ...(Object.fromEntries(
      SHORTCUTS.map(([method, name]) => [
        name,
        (url: string | URL, options?: HttpClientRequest.Options.NoUrl) =>
          Effect.flatMap(http, (module) => execute(module.makeRequest(method, url, options)))
      ])
    ) as Pick<HttpClient.HttpClient, "get" | "query" | "head" | "post" | "patch" | "put" | "del" | "options">)
  }
}
