// @vitest-environment happy-dom
import { describe, expect, it } from "vitest"
import type { SandboxConfig } from "../../sandbox/shared/config"

/** The injected wallet's page script reads `?wallet=`: a mode and the no-5792 switch together. */

const ACCOUNT = {
  address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  privateKey: "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
}

const config: SandboxConfig = {
  api: { url: "http://127.0.0.1:1", projectId: "test" },
  relayUrl: "ws://127.0.0.1:1",
  frame: { url: "http://127.0.0.1:2" },
  social: { url: "http://127.0.0.1:3" },
  // Nothing here reaches a node: connecting and capabilities are the wallet's own answers.
  chains: [{ chainId: 31337, name: "Sandbox Chain", rpcUrl: "http://127.0.0.1:4" }],
  tokens: [],
  batchDelegates: [{ chainId: 31337, address: "0x1111111111111111111111111111111111111111" }],
  wallet: { defaultChainId: 31337, accounts: [ACCOUNT], accountIndex: 0 }
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ resolved: value }),
    (error: { code?: unknown }) => ({ code: error.code })
  )

describe("?wallet=auto-approve,no-5792", () => {
  it("starts in the mode with EIP-5792 off (4200), and setEip5792 turns it back on", async () => {
    history.replaceState(null, "", "/?wallet=auto-approve,no-5792")
    Object.defineProperty(window, "__AIRLOCK_SANDBOX__", { value: config })
    await import("../../sandbox/wallets/injected/index")
    const wallet = window.__sandboxWallet!
    expect(wallet.mode()).toBe("auto-approve")
    expect(wallet.eip5792()).toBe(false)
    const request = (method: string, params?: unknown) => wallet.provider.request({ method, params })
    await request("eth_requestAccounts")
    for (const method of [
      "wallet_getCapabilities",
      "wallet_sendCalls",
      "wallet_getCallsStatus",
      "wallet_showCallsStatus"
    ]) {
      expect(await failure(request(method, [ACCOUNT.address]))).toEqual({ code: 4200 })
    }
    wallet.setEip5792(true)
    expect(await request("wallet_getCapabilities", [ACCOUNT.address])).toEqual({
      "0x7a69": { atomic: { status: "supported" } }
    })
  })
})
