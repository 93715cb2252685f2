import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { OneClickSignInRequest } from "../services/WalletConnect"
import {
  type NamespaceRequest,
  type UniversalProviderClient,
  WalletConnectClient
} from "../services/WalletConnectClient"

/** A request the mock received, with the chain it was sent to. */
export interface MockWalletConnectRequest {
  readonly method: string
  readonly params: unknown
  readonly chainId: string
}

export interface MockWalletConnectOptions {
  /** Never hand out a URI: what a relay that is down looks like to the SDK. */
  readonly relayDown?: boolean
  /** The session the SDK "kept" from an earlier visit. */
  readonly storedSession?: unknown
  /** Answers wallet requests; the default echoes `null`. */
  readonly answer?: (request: MockWalletConnectRequest) => Promise<unknown>
}

/**
 * A stand-in for the WalletConnect SDK in unit tests: pairings hand out fresh `wc:` URIs, and the test plays
 * the wallet (approve, reject, session events). Provide `layer` to replace the real SDK.
 */
export interface MockWalletConnect {
  readonly layer: Layer.Layer<WalletConnectClient>
  readonly client: UniversalProviderClient
  /**
   * Every `connect` or `authenticate` call, newest last, with the URI it showed and what it asked for
   * (`signIn`: the one-click sign-in of an `authenticate`).
   */
  readonly pairings: ReadonlyArray<MockPairing>
  readonly requests: ReadonlyArray<MockWalletConnectRequest>
  readonly disconnects: () => number
  /**
   * Approves the newest pairing with `session` (an SDK session object); `auths`: the signed messages a
   * one-click sign-in answers with.
   */
  readonly approve: (session: unknown, auths?: ReadonlyArray<unknown>) => void
  /** Rejects the newest pairing as a wallet does (code 5000). */
  readonly reject: () => void
  /** Emits an SDK event (`session_delete`, `session_update`, `session_event`…). */
  readonly emit: (event: string, payload: unknown) => void
}

export interface MockPairing {
  readonly uri: string
  readonly namespaces: Readonly<Record<string, NamespaceRequest>>
  readonly signIn?: OneClickSignInRequest & {
    readonly chains: ReadonlyArray<string>
    readonly methods: ReadonlyArray<string>
  }
}

/** A 64-hex topic, distinct per call. */
const topicOf = (n: number) => n.toString(16).padStart(64, "0")

export const makeMockWalletConnect = (options: MockWalletConnectOptions = {}): MockWalletConnect => {
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const pairings: Array<MockPairing> = []
  const waiting: Array<{
    resolve: (session: unknown, auths: ReadonlyArray<unknown>) => void
    reject: (error: unknown) => void
  }> = []
  const requests: Array<MockWalletConnectRequest> = []
  let session: unknown = options.storedSession
  let disconnects = 0
  const emit = (event: string, payload: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(payload)
  }
  const pair = (
    asked: Omit<MockPairing, "uri">,
    resolve: (session: unknown, auths: ReadonlyArray<unknown>) => void,
    reject: (error: unknown) => void
  ) => {
    const uri = `wc:${topicOf(pairings.length + 1)}@2?relay-protocol=irn&symKey=${"ab".repeat(32)}`
    pairings.push({ uri, ...asked })
    waiting.push({ resolve, reject })
    if (options.relayDown !== true) queueMicrotask(() => emit("display_uri", uri))
  }
  const client: UniversalProviderClient = {
    connect: (namespaces) =>
      new Promise((resolve, reject) => pair({ namespaces }, (approved) => resolve(approved), reject)),
    authenticate: (request) =>
      new Promise((resolve, reject) =>
        pair(
          { namespaces: {}, signIn: request },
          (approved, auths) => resolve({ session: approved, auths }),
          reject
        )
      ),
    request: (args, chainId) => {
      const request = { method: args.method, params: args.params, chainId }
      requests.push(request)
      return options.answer === undefined ? Promise.resolve(null) : options.answer(request)
    },
    disconnect: () => {
      disconnects += 1
      session = undefined
      return Promise.resolve()
    },
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    off: (event, listener) => {
      listeners.get(event)?.delete(listener)
    },
    session: () => session
  }
  return {
    layer: Layer.succeed(WalletConnectClient, WalletConnectClient.of({ get: Effect.succeed(client) })),
    client,
    pairings,
    requests,
    disconnects: () => disconnects,
    approve: (approved, auths = []) => {
      session = approved
      waiting.at(-1)?.resolve(approved, auths)
    },
    reject: () => waiting.at(-1)?.reject({ code: 5000, message: "User rejected." }),
    emit
  }
}
