/**
 * The dapps' session requests: each is decided (methods.ts), then answered at once or kept until the visitor
 * approves or rejects it (approved at once in `auto-approve` mode), and its result or error sent back. Free of
 * DOM code.
 */
import { dappOf, messageOf, type WalletContext } from "./context"
import type { Prepared, Preview } from "./evm"
import { createDecide, type Decision } from "./methods"
import { type RpcResponse, rpcError, rpcResult, userRejected } from "./rpc"

export interface PendingRequest {
  readonly id: number
  readonly topic: string
  readonly method: string
  /** CAIP-2, e.g. `eip155:31337`. */
  readonly chainId: string
  readonly params: unknown
  /** The requesting dapp's name. */
  readonly dapp: string
  readonly preview: Preview
}

export const createRequests = (context: WalletContext) => {
  const { notice, notify } = context
  const decide = createDecide(context)
  const queue: Array<PendingRequest & { readonly run: Prepared["run"] }> = []
  /** Request ids already taken: WalletKit emits a pending request again after a reload, once. */
  const seen = new Set<number>()
  let answeredCount = 0
  /** Answers sent, by method (bounded: the methods the wallet takes are a fixed few, and the rest share "other"). */
  const answeredByMethod = new Map<string, number>()

  /** Sends the answer to a request for `method`; true once it went out (a failure is noticed). */
  const respond = async (topic: string, method: string, response: RpcResponse): Promise<boolean> => {
    const client = await context.client()
    try {
      await client.respondSessionRequest({ topic, response })
      answeredCount++
      const counted = answeredByMethod.has(method) || answeredByMethod.size < 32 ? method : "other"
      answeredByMethod.set(counted, (answeredByMethod.get(counted) ?? 0) + 1)
      notify()
      return true
    } catch (error) {
      notice("error", `Answering request ${response.id} failed: ${messageOf(error)}`)
      return false
    }
  }

  /** Forgets the requests of a session that ended: they can no longer be answered. */
  const drop = (topic: string) => {
    for (let index = queue.length - 1; index >= 0; index--) {
      if (queue[index]?.topic === topic) queue.splice(index, 1)
    }
  }

  /** WalletKit's `session_request_expire`. */
  const expire = (id: number) => {
    const index = queue.findIndex((request) => request.id === id)
    if (index >= 0) {
      queue.splice(index, 1)
      notice("info", `Request ${id} expired.`)
    }
  }

  const take = (id: number | undefined) => {
    const index = id === undefined ? 0 : queue.findIndex((request) => request.id === id)
    const [request] = index >= 0 && index < queue.length ? queue.splice(index, 1) : []
    if (request !== undefined) notify()
    return request
  }

  const approve = async (id?: number): Promise<boolean> => {
    const request = take(id)
    if (request === undefined) return false
    let response: RpcResponse
    try {
      response = rpcResult(request.id, await request.run())
    } catch (error) {
      notice("error", `${request.method} failed: ${messageOf(error)}`)
      response = rpcError(request.id, error)
    }
    if ((await respond(request.topic, request.method, response)) && "result" in response) {
      notice("info", `Answered ${request.method} from ${request.dapp}.`)
    }
    return true
  }

  const reject = async (id?: number): Promise<boolean> => {
    const request = take(id)
    if (request === undefined) return false
    if (await respond(request.topic, request.method, rpcError(request.id, userRejected()))) {
      notice("info", `Rejected ${request.method} from ${request.dapp}.`)
    }
    return true
  }

  /** WalletKit's `session_request`. */
  const receive = async (
    id: number,
    topic: string,
    params: {
      readonly request: { readonly method: string; readonly params: unknown }
      readonly chainId: string
    }
  ) => {
    if (seen.has(id)) return
    seen.add(id)
    const { method, params: requestParams } = params.request
    let decision: Decision
    try {
      decision = decide(topic, method, params.chainId, requestParams)
    } catch (error) {
      notice("error", `Refused ${method}: ${messageOf(error)}`)
      return respond(topic, method, rpcError(id, error))
    }
    if ("answer" in decision) {
      let response: RpcResponse
      try {
        response = rpcResult(id, await decision.answer)
      } catch (error) {
        notice("error", `Refused ${method}: ${messageOf(error)}`)
        response = rpcError(id, error)
      }
      return respond(topic, method, response)
    }
    const session = context.current()?.getActiveSessions()[topic]
    queue.push({
      id,
      topic,
      method,
      chainId: params.chainId,
      params: requestParams,
      dapp: session === undefined ? "(unknown session)" : dappOf(session.peer.metadata).name,
      preview: decision.ask.preview,
      run: decision.ask.run
    })
    notify()
    if (context.mode() === "auto-approve") await approve(id)
  }

  /** `auto-approve` was turned on: approves every request that waits. */
  const approveAll = () => {
    for (const request of [...queue]) void approve(request.id)
  }

  return {
    list: (): ReadonlyArray<PendingRequest> => queue.map(({ run: _run, ...request }) => request),
    receive,
    expire,
    drop,
    approve,
    reject,
    approveAll,
    /** How many requests were answered, or how many for `method`. */
    answered: (method?: string) =>
      method === undefined ? answeredCount : (answeredByMethod.get(method) ?? 0)
  }
}
