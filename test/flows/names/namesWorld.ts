/**
 * The world the account-name tests run in: `NamesLive` over the kit's account world (ALICE on the sandbox
 * chain) and this flow's fakes: a Blockchain API answering name suggestions and registrations, a wallet
 * answering `personal_sign` with a signature, an identity cache whose `forget` is recorded. Every call is
 * recorded, in order, in `log`, but the reverse look-up of the account's names, which runs beside the form.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as NamesFlow from "../../../src/layers/flows/names/Names.lazy"
import { NamesLazy, NamesLive } from "../../../src/layers/flows/names/NamesLive"
import type { AccountProfile, NameSuggestion } from "../../../src/schemas/Profile"
import { BlockchainApi, type BlockchainApiShape } from "../../../src/services/BlockchainApi"
import { IdentityService, type IdentityServiceShape } from "../../../src/services/IdentityService"
import { Names } from "../../../src/services/Names"
import type { ProviderApiError } from "../../../src/services/ProviderApi"
import type { RequestError, WalletRequest } from "../../../src/services/RpcRouter"
import { ALICE } from "../../kit/accounts"
import { blockchainApiWith } from "../../kit/blockchainApi"
import { accountWorld, runnerOf, walletAnswering } from "../../kit/flowWorld"
import { mainnetNetwork, sandboxNetwork } from "../../kit/networks"
import { preloadedFlow, type WorldOf } from "../preloadedFlow"

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
  /** How the reverse look-up answers an address; default: no names. */
  readonly reverse?: (address: string) => Effect.Effect<ReadonlyArray<AccountProfile>, ProviderApiError>
}

export const world = (options: Options = {}) =>
  Effect.gen(function* () {
    const account = yield* accountWorld({ address: ALICE, networks: [sandboxNetwork, mainnetNetwork] })
    const { log } = account
    const calls = {
      suggestions: [] as Array<string>,
      registrations: [] as Array<RegisterRequest>,
      requests: [] as Array<WalletRequest>,
      forgotten: [] as Array<string>,
      /** The addresses looked up, with the `sender` (not in `log`: it runs beside the form). */
      reverse: [] as Array<{ readonly address: string; readonly sender: string | undefined }>
    }
    const api = blockchainApiWith({
      reverseProfiles: (address, lookup) =>
        Effect.suspend(() => {
          calls.reverse.push({ address, sender: lookup?.sender })
          return options.reverse?.(address) ?? Effect.succeed([])
        }),
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
    const identities: Pick<IdentityServiceShape, "forget"> = {
      forget: (address) =>
        Effect.sync(() => {
          calls.forgotten.push(address)
          log.push(`forget ${address}`)
        })
    }
    const fakes = Layer.mergeAll(
      account.layer,
      Layer.succeed(BlockchainApi, api),
      Layer.succeed(IdentityService, IdentityService.of(identities as IdentityServiceShape)),
      walletAnswering((request) =>
        Effect.suspend(() => {
          calls.requests.push(request)
          log.push(`request ${request.method}`)
          return options.sign?.(request) ?? Effect.succeed(SIGNATURE)
        })
      )
    )
    return { ...account, layer: preloadedFlow(NamesLive, NamesLazy, NamesFlow, fakes), calls }
  })

/** Runs `body` with the world's Names, as `w.names`. */
export const inWorld = runnerOf("names", Names)(world)
export type World = WorldOf<typeof inWorld>
