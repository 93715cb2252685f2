/**
 * The world of the sandbox provider API's tests (apiExplorer, apiBlockchain, apiChecks and apiClients
 * .test.ts): real anvil nodes started once for the file, the API over them, and readers of its answers.
 */
import * as Result from "effect/Result"
import { afterEach, expect } from "vitest"
import { DEFAULT_PROJECT_ID } from "../../sandbox/api/api.mjs"
import { SOLANA_CHAIN_IDS } from "../../sandbox/api/solanaFixture.mjs"
import { apiForFile, chainsForFile } from "./sandboxWorld"

export const solanaMainnet = SOLANA_CHAIN_IDS[0]!
/** Two Solana accounts: base58 is case-sensitive. */
export const solAddress = "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
export const solAddressUpper = "5EYKT4USFV8P8NJDTREPY1VZQKQZKVDP"
export const right = <A, E>(either: Result.Result<A, E>): A => {
  if (Result.isFailure(either)) throw new Error(`decode failed: ${String(either.failure)}`)
  return either.success
}
export const postJson = (target: string, body: unknown, contentType = "application/json") =>
  fetch(target, { method: "POST", headers: { "content-type": contentType }, body: JSON.stringify(body) })

/** Starts the file's anvil nodes and the API over them; what its tests read them with. */
export const apiWorld = () => {
  const now = new Date()
  const sandbox = chainsForFile({ now })
  // No `tokens`: the server finds the ERC-20s from their Transfer logs, as it would any other token.
  const api = apiForFile(() => ({ chains: sandbox().chains, now }))
  afterEach(() => api().faults.clear())

  const account = (i: number) => sandbox().accounts[i]!.address
  const url = (
    path: string,
    params: Record<string, string> = {},
    projectId: string | null = DEFAULT_PROJECT_ID
  ) => {
    const query = new URLSearchParams(projectId === null ? params : { projectId, ...params })
    return `${api().url}${path}?${query}`
  }
  const get = (path: string, params: Record<string, string> = {}, init?: RequestInit) =>
    fetch(url(path, params), init)
  const getJson = async (path: string, params: Record<string, string> = {}) => {
    const response = await get(path, params)
    expect(response.status, `${path} ${await response.clone().text()}`).toBe(200)
    return (await response.json()) as unknown
  }
  const control = (path: string, init?: RequestInit) => fetch(`${api().url}/__sandbox/${path}`, init)

  return { now, sandbox, api, account, url, get, getJson, control }
}
