/**
 * The host's sign-in plugin behind the `Siwx` contract: calls bounded in time, answers decoded, failures
 * made the catalogue's. Airlock's own plugin (`createDefaultSiwx`) is handed the ranked RPC fallback of
 * each EVM network, so contract accounts' signatures are checked against the chain.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { createClient } from "viem"
import { AuthenticationSetupError } from "../../errors"
import type { ModalOptions } from "../../schemas/ModalOptions"
import type { CaipNetworkId } from "../../schemas/Primitives"
import { SiwxMessageData, SiwxSessions } from "../../schemas/SiwxSession"
import { FallbackTransport } from "../../services/FallbackTransport"
import { Siwx } from "../../services/Siwx"
import type { SIWEConfig, SIWXConfig } from "../../siwx/config"
import { SIWX_CLIENTS, type SiwxWithClients } from "../../siwx/defaultSiwx"
import { fromSiweConfig } from "../../siwx/fromSiweConfig"
import { sameAddress } from "../../siwx/pageMessage"
import { toViemTransport } from "../rpc/viemTransport"

/** A plugin call that has not answered by then has failed (it may wait on a server). */
const PLUGIN_TIMEOUT_MS = 20_000
const MAX_MESSAGE_LENGTH = 4096

const PLUGIN_METHODS = ["createMessage", "addSession", "revokeSession", "setSessions", "getSessions"] as const

const isPlugin = (value: object): value is SIWXConfig =>
  PLUGIN_METHODS.every((name) => typeof Reflect.get(value, name) === "function")

const isSiweConfig = (value: object): value is SIWEConfig =>
  ["getNonce", "createMessage", "verifyMessage", "getSession", "signOut"].every(
    (name) => typeof Reflect.get(value, name) === "function"
  )

const takesClients = (plugin: SIWXConfig): plugin is SiwxWithClients =>
  typeof Reflect.get(plugin, SIWX_CLIENTS) === "function"

const setupFailed = (cause: unknown) => new AuthenticationSetupError({ cause })

const decodeData = Schema.decodeUnknownEffect(SiwxMessageData)
const decodeSessions = Schema.decodeUnknownEffect(SiwxSessions)

/** The text the plugin's message renders to; none when it has no `toString` of its own or it throws. */
const textOf = (message: unknown): unknown => {
  if (typeof message !== "object" || message === null) return undefined
  const render: unknown = Reflect.get(message, "toString")
  if (typeof render !== "function" || render === Object.prototype.toString) return undefined
  try {
    return render.call(message)
  } catch {
    return undefined
  }
}

/** The plugin the host configured (the older `siweConfig` adapted), or why there is none that works. */
const pluginOf = (options: ModalOptions): SIWXConfig | AuthenticationSetupError => {
  const location = globalThis.location
  if (options.siwx !== undefined)
    return isPlugin(options.siwx) ? options.siwx : setupFailed("siwx lacks a SIWXConfig method")
  if (options.siweConfig !== undefined && location !== undefined)
    return isSiweConfig(options.siweConfig)
      ? fromSiweConfig(options.siweConfig, { host: location.host, origin: location.origin, now: Date.now })
      : setupFailed("siweConfig lacks a method")
  return setupFailed("no sign-in plugin")
}

export const makeSiwx = (options: ModalOptions) =>
  Effect.gen(function* () {
    const fallback = yield* FallbackTransport
    const context = yield* Effect.context<never>()
    const plugin = pluginOf(options)
    if (!(plugin instanceof AuthenticationSetupError) && takesClients(plugin)) {
      const run = Effect.runPromiseWith(context)
      const served = new Set<string>(options.networks.map((network) => network.caipNetworkId))
      plugin[SIWX_CLIENTS]((chainId) =>
        chainId.startsWith("eip155:") && served.has(chainId)
          ? createClient({ transport: toViemTransport(fallback, chainId, run) })
          : undefined
      )
    }

    const call = <A>(use: (plugin: SIWXConfig) => Promise<A>) =>
      plugin instanceof AuthenticationSetupError
        ? Effect.fail(plugin)
        : Effect.tryPromise({ try: () => use(plugin), catch: setupFailed }).pipe(
            Effect.timeoutOrElse({
              duration: PLUGIN_TIMEOUT_MS,
              orElse: () => Effect.fail(setupFailed("the sign-in plugin did not answer"))
            })
          )

    const sameAccount =
      (chainId: CaipNetworkId, address: string) => (session: { readonly data: SiwxMessageData }) =>
        session.data.chainId === chainId && sameAddress(chainId, session.data.accountAddress, address)

    return Siwx.of({
      required: Effect.sync(() => {
        if (plugin instanceof AuthenticationSetupError) return false
        try {
          return plugin.getRequired?.() === true
        } catch {
          return false
        }
      }),
      signOutOnDisconnect: Effect.succeed(
        plugin instanceof AuthenticationSetupError || plugin.signOutOnDisconnect !== false
      ),
      createMessage: (chainId, accountAddress) =>
        call((p) => p.createMessage({ accountAddress, chainId })).pipe(
          Effect.flatMap((message) =>
            Effect.gen(function* () {
              const data = yield* decodeData(message)
              const text = textOf(message)
              if (typeof text !== "string" || text.length === 0 || text.length > MAX_MESSAGE_LENGTH)
                return yield* Effect.fail(setupFailed("the sign-in message is not a text to sign"))
              if (!sameAccount(chainId, accountAddress)({ data }))
                return yield* Effect.fail(setupFailed("the sign-in message is for another account"))
              return { data, text }
            })
          ),
          Effect.mapError((error) => (error instanceof AuthenticationSetupError ? error : setupFailed(error)))
        ),
      sessions: (chainId, accountAddress) =>
        call((p) => p.getSessions(chainId, accountAddress)).pipe(
          Effect.flatMap((sessions) => decodeSessions(sessions)),
          Effect.map((sessions) => sessions.filter(sameAccount(chainId, accountAddress))),
          Effect.mapError((error) => (error instanceof AuthenticationSetupError ? error : setupFailed(error)))
        ),
      addSession: (session) => call((p) => p.addSession(session)),
      revokeSession: (chainId, accountAddress) => call((p) => p.revokeSession(chainId, accountAddress))
    })
  })
