/**
 * What the account flows' tests (Swap, Onramp, Names) share: a connected EVM account on a configured
 * network, as the state refs a test changes and the fake `Connection` and `Networks` the flow reads; and
 * waiting for, or reading, a flow's tagged state.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { CaipNetwork } from "../../src/schemas/Network"
import { Connection, type ConnectionShape, type ConnectionState } from "../../src/services/Connection"
import { Networks, type NetworksShape, type NetworksState } from "../../src/services/Networks"

/** `address` connected (eoa) on `network`, one of the host's `configured` networks. */
export const connectedAccount = (
  address: string,
  network: CaipNetwork,
  configured: ReadonlyArray<CaipNetwork>
) =>
  Effect.gen(function* () {
    const connection = yield* SubscriptionRef.make<ConnectionState>({
      namespaces: {
        eip155: {
          status: "connected",
          connector: {} as never,
          address,
          allAccounts: [address],
          accountType: "eoa"
        }
      },
      attempt: undefined
    })
    const networks = yield* SubscriptionRef.make<NetworksState>({
      activeNamespace: "eip155",
      active: { eip155: { _tag: "Known", network } }
    })
    const connectionService: Pick<ConnectionShape, "state"> = { state: connection }
    const networksService: Pick<NetworksShape, "state" | "networks" | "find"> = {
      state: networks,
      networks: configured,
      find: () => Option.none()
    }
    const layer = Layer.merge(
      Layer.succeed(Connection, Connection.of(connectionService as ConnectionShape)),
      Layer.succeed(Networks, Networks.of(networksService as NetworksShape))
    )
    return { connection, networks, layer }
  })

type Tagged = { readonly _tag: string }

/** Waits until the flow's state satisfies `done`, and answers that state. */
export const untilState = <A extends Tagged, S extends A>(
  state: SubscriptionRef.SubscriptionRef<A>,
  done: (state: A) => state is S
): Effect.Effect<S> =>
  SubscriptionRef.changes(state).pipe(
    Stream.filter(done),
    Stream.runHead,
    Effect.map((found) => Option.getOrThrow(found) as S)
  )

/** The flow's state, narrowed to `tag` (a failed assertion otherwise). */
export const stateTagged = <A extends Tagged, T extends A["_tag"]>(
  state: SubscriptionRef.SubscriptionRef<A>,
  tag: T
): Effect.Effect<Extract<A, { _tag: T }>> =>
  Effect.map(SubscriptionRef.get(state), (current) => {
    if (current._tag !== tag)
      throw new Error(`expected ${tag}, got ${current._tag}: ${JSON.stringify(current, bigints)}`)
    return current as Extract<A, { _tag: T }>
  })

/** Amounts are bigints: shown in a failed assertion as `123n`. */
const bigints = (_key: string, value: unknown) => (typeof value === "bigint" ? `${value}n` : value)
