/**
 * The world the account-name tests run in: `NamesLive` over fakes of what the flow reads and asks. A
 * connected EVM account on the sandbox chain (31337), a Blockchain API answering name suggestions and
 * registrations, a wallet (RpcRouter) answering `personal_sign` with a signature, an identity cache whose
 * `forget` is recorded and account data whose `refresh` is counted. Every call is recorded, in order, in
 * `log`.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as NamesFlow from "../../../src/layers/flows/names/Names.lazy"
import { NamesLazy, NamesLive } from "../../../src/layers/flows/names/NamesLive"
import { preloaded } from "../../../src/layers/runtime/lazy"
import type { CaipNetwork } from "../../../src/schemas/Network"
import type { AccountProfile, NameSuggestion } from "../../../src/schemas/Profile"
import { AccountData, type AccountDataShape } from "../../../src/services/AccountData"
import { BlockchainApi, type BlockchainApiShape } from "../../../src/services/BlockchainApi"
import { IdentityService, type IdentityServiceShape } from "../../../src/services/IdentityService"
import { Names, type NamesState } from "../../../src/services/Names"
import type { ProviderApiError } from "../../../src/services/ProviderApi"
import {
  type RequestError,
  RpcRouter,
  type RpcRouterShape,
  type WalletRequest
} from "../../../src/services/RpcRouter"
import { blockchainApiWith } from "../../kit/blockchainApi"
import { decodedOptions, mainnetNetwork, sandboxNetwork } from "../../kit/fixtures"
import { connectedAccount, stateTagged, untilState } from "../../kit/flowWorld"

export const ALICE = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
export const SIGNATURE = `0x${"5".repeat(130)}`

export type RegisterRequest = Parameters<BlockchainApiShape["registerName"]>[0]

export const profileOf = (name: string): AccountProfile => ({
  name,
  addresses: { "2147514985": { address: ALICE } }
})

/** The registry's answer for `label`: free, with two free variants. */
export const freeAnswer = (label: string): ReadonlyArray<NameSuggestion> => [
  { name: `${label}.reown.id`, registered: false },
  { name: `${label}-1.reown.id`, registered: false },
  { name: `${label}-2.reown.id`, registered: false }
]

export interface Options {
  /** How `nameSuggestions` answers; default: `freeAnswer`. */
  readonly suggestions?: (label: string) => Effect.Effect<ReadonlyArray<NameSuggestion>, ProviderApiError>
  /** How `registerName` answers; default: the profile of the name in the message. */
  readonly register?: (request: RegisterRequest) => Effect.Effect<AccountProfile, ProviderApiError>
  /** How the wallet answers `personal_sign`; default: `SIGNATURE`. */
  readonly sign?: (request: WalletRequest) => Effect.Effect<unknown, RequestError>
}

export const world = (options: Options = {}) =>
  Effect.gen(function* () {
    const config = decodedOptions({ networks: [sandboxNetwork, mainnetNetwork] })
    const network = config.networks[0] as CaipNetwork
    const log: Array<string> = []
    const calls = {
      suggestions: [] as Array<string>,
      registrations: [] as Array<RegisterRequest>,
      requests: [] as Array<WalletRequest>,
      forgotten: [] as Array<string>,
      refreshes: 0
    }
    const account = yield* connectedAccount(ALICE, network, config.networks)
    const api = blockchainApiWith({
      nameSuggestions: (label) =>
        Effect.suspend(() => {
          calls.suggestions.push(label)
          log.push(`suggestions ${label}`)
          return options.suggestions?.(label) ?? Effect.succeed(freeAnswer(label))
        }),
      registerName: (request) =>
        Effect.suspend(() => {
          calls.registrations.push(request)
          log.push("register")
          return (
            options.register?.(request) ??
            Effect.succeed(profileOf((JSON.parse(request.message) as { name: string }).name))
          )
        })
    })
    const rpc: Pick<RpcRouterShape, "request"> = {
      request: (request) =>
        Effect.suspend(() => {
          calls.requests.push(request)
          log.push(`request ${request.method}`)
          return options.sign?.(request) ?? Effect.succeed(SIGNATURE)
        })
    }
    const identities: Pick<IdentityServiceShape, "forget"> = {
      forget: (address) =>
        Effect.sync(() => {
          calls.forgotten.push(address)
          log.push(`forget ${address}`)
        })
    }
    const accountData: Pick<AccountDataShape, "refresh"> = {
      refresh: Effect.sync(() => {
        calls.refreshes += 1
        log.push("refresh")
      })
    }
    const fakes = Layer.mergeAll(
      account.layer,
      Layer.succeed(BlockchainApi, api),
      Layer.succeed(AccountData, AccountData.of(accountData as AccountDataShape)),
      Layer.succeed(IdentityService, IdentityService.of(identities as IdentityServiceShape)),
      Layer.succeed(RpcRouter, RpcRouter.of(rpc as RpcRouterShape))
    )
    return {
      layer: NamesLive.pipe(Layer.provide(Layer.merge(fakes, preloaded(NamesLazy, NamesFlow)))),
      calls,
      log,
      network,
      networks: account.networks,
      connection: account.connection,
      config
    }
  })

export type World = Effect.Success<ReturnType<typeof world>> & { readonly names: Names["Service"] }

/** Runs `body` with the world's Names. */
export const inWorld = <A, E>(options: Options, body: (w: World) => Effect.Effect<A, E>) =>
  Effect.gen(function* () {
    const w = yield* world(options)
    return yield* Effect.gen(function* () {
      const names = yield* Names
      return yield* body({ ...w, names })
    }).pipe(Effect.provide(w.layer))
  })

/** Waits until the Names state satisfies `done`, and answers that state. */
export const until = <S extends NamesState>(
  names: Names["Service"],
  done: (state: NamesState) => state is S
) => untilState(names.state, done)

/** The state, narrowed to `tag` (a failed assertion otherwise). */
export const stateAs = <T extends NamesState["_tag"]>(names: Names["Service"], tag: T) =>
  stateTagged(names.state, tag)
