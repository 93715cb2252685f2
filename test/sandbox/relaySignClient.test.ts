/** Two real @walletconnect/sign-client clients pairing through the sandbox WalletConnect relay (sandbox/relay). */
import { describe, expect, it } from "vitest"
import { BOB } from "../kit/accounts"
import { relay } from "./relayWorld"

describe("two @walletconnect/sign-client 2.25 clients through the relay", () => {
  it("pair, approve, and round-trip a personal_sign request", async () => {
    // Off: the Verify lookup and telemetry (FACTS-WALLETCONNECT.md); nothing leaves the loopback.
    process.env.IS_VITEST = "true"
    const realFetch = globalThis.fetch
    const external: Array<string> = []
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const target = String(input instanceof Request ? input.url : input)
      if (!/^https?:\/\/(127\.0\.0\.1|localhost)[:/]/.test(target)) {
        external.push(target)
        throw new TypeError("offline")
      }
      return realFetch(input, init)
    }) as typeof fetch
    const { SignClient } = await import("@walletconnect/sign-client")
    const common = {
      projectId: "0".repeat(32),
      relayUrl: relay().url,
      logger: "silent",
      telemetryEnabled: false
    }
    const metadata = (name: string) => ({ name, description: name, url: "http://127.0.0.1", icons: [] })
    const before = { ...relay().stats.methods, rejected: relay().stats.rejected }
    const dapp = await SignClient.init({ ...common, customStoragePrefix: "dapp", metadata: metadata("Dapp") })
    const wallet = await SignClient.init({
      ...common,
      customStoragePrefix: "wallet",
      metadata: metadata("Wallet")
    })
    try {
      const account = BOB
      wallet.on("session_proposal", ({ id }) => {
        void wallet.approve({
          id,
          namespaces: {
            eip155: {
              chains: ["eip155:1"],
              accounts: [`eip155:1:${account}`],
              methods: ["personal_sign"],
              events: ["accountsChanged", "chainChanged"]
            }
          }
        })
      })
      wallet.on("session_request", ({ id, topic: sessionTopic, params }) => {
        const [message, address] = params.request.params as [string, string]
        void wallet.respond({
          topic: sessionTopic,
          response: { id, jsonrpc: "2.0", result: `signed:${message}:${address}` }
        })
      })
      const { uri, approval } = await dapp.connect({
        optionalNamespaces: {
          eip155: { chains: ["eip155:1"], methods: ["personal_sign"], events: ["accountsChanged"] }
        }
      })
      expect(uri).toMatch(/^wc:/)
      await wallet.pair({ uri: uri! })
      const session = await approval()
      expect(session.namespaces.eip155!.accounts).toEqual([`eip155:1:${account}`])
      const result = await dapp.request<string>({
        topic: session.topic,
        chainId: "eip155:1",
        request: { method: "personal_sign", params: ["0x68656c6c6f", account] }
      })
      expect(result).toBe(`signed:0x68656c6c6f:${account}`)
      // Through this relay, with the SDK's real auth JWTs, by the facts' call order.
      expect(relay().stats.methods.wc_proposeSession - before.wc_proposeSession).toBe(1)
      expect(relay().stats.methods.wc_approveSession - before.wc_approveSession).toBe(1)
      expect(relay().stats.methods.irn_publish - before.irn_publish).toBeGreaterThanOrEqual(3)
      expect(relay().stats.rejected).toBe(before.rejected)
      expect(relay().inspect.clients()).toEqual(
        expect.arrayContaining([await dapp.core.crypto.getClientId(), await wallet.core.crypto.getClientId()])
      )
      expect(external).toEqual([])
    } finally {
      globalThis.fetch = realFetch
      for (const client of [dapp, wallet]) {
        client.core.heartbeat.stop()
        await client.core.relayer.transportClose().catch(() => {})
      }
    }
  }, 20_000)
})
