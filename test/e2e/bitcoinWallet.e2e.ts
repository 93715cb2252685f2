import { Verifier } from "bip322-js"
import { describe, expect, inject } from "vitest"
import { test } from "./browser"

/**
 * Issue 35: the Sandbox Bitcoin Wallet on the demo page, announced both ways (Wallet Standard and
 * `window.btc_providers`) as one wallet, and its sats-connect provider on the local regtest chain. The modal's
 * own flows over it are the lead's tests.
 */

const demoUrl = inject("demoUrl")
const bitcoin = inject("bitcoin")

interface Announced {
  readonly standard: ReadonlyArray<{
    readonly name: string
    readonly icon: string
    readonly features: ReadonlyArray<string>
  }>
  readonly providers: ReadonlyArray<{ readonly id: string; readonly name: string; readonly icon: string }>
  readonly providerFound: boolean
}

describe("the Sandbox Bitcoin Wallet on the demo page (issue 35)", () => {
  test("announces itself by the Wallet Standard and in btc_providers, as one wallet", async ({ page }) => {
    await page.goto(`${demoUrl}?bitcoinWallet=auto-approve`)
    const announced = await page.evaluate((): Announced => {
      const standard: Array<{ name: string; icon: string; features: Array<string> }> = []
      // The app-ready event: every registered wallet answers it with its registration.
      window.dispatchEvent(
        new CustomEvent("wallet-standard:app-ready", {
          detail: {
            register: (
              ...wallets: Array<{ name: string; icon: string; chains: Array<string>; features: object }>
            ) => {
              for (const w of wallets) {
                if (w.chains.includes("bitcoin:regtest")) {
                  standard.push({ name: w.name, icon: w.icon, features: Object.keys(w.features) })
                }
              }
              return () => undefined
            }
          }
        })
      )
      const list =
        (window as unknown as { btc_providers?: Array<{ id: string; name: string; icon: string }> })
          .btc_providers ?? []
      const entry = list[0]
      const found =
        entry !== undefined &&
        entry.id
          .split(".")
          .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], window) !==
          undefined
      return {
        standard,
        providers: list.map(({ id, name, icon }) => ({ id, name, icon })),
        providerFound: found
      }
    })
    expect(announced.standard).toHaveLength(1)
    expect(announced.providers).toHaveLength(1)
    const [standard] = announced.standard
    const [provider] = announced.providers
    expect(standard?.name).toBe("Sandbox Bitcoin Wallet")
    expect(provider).toEqual({
      id: "SandboxBitcoinProviders.BitcoinProvider",
      name: standard?.name,
      icon: standard?.icon
    })
    expect(standard?.features).toEqual(
      expect.arrayContaining([
        "bitcoin:connect",
        "bitcoin:signMessage",
        "bitcoin:signTransaction",
        "sats-connect:"
      ])
    )
    expect(announced.providerFound).toBe(true)
  })

  test("its provider signs a BIP-322 message that verifies, and sends a transfer the chain accepts", async ({
    page
  }) => {
    await page.goto(`${demoUrl}?bitcoinWallet=auto-approve`)
    const recipient = bitcoin.accounts[4]!.payment
    const result = await page.evaluate(async (to) => {
      const handle = (
        window as unknown as {
          __sandboxBitcoinWallet: {
            provider: {
              request: (
                m: string,
                p: unknown
              ) => Promise<{ result?: Record<string, unknown>; error?: unknown }>
            }
          }
        }
      ).__sandboxBitcoinWallet
      const accounts = await handle.provider.request("getAccounts", { purposes: ["payment", "ordinals"] })
      const address = (accounts.result as unknown as Array<{ address: string }>)[0]!.address
      const signed = await handle.provider.request("signMessage", { address, message: "Hello from the demo" })
      const sent = await handle.provider.request("sendTransfer", {
        recipients: [{ address: to, amount: 100_000 }]
      })
      return { address, signature: signed.result?.signature, txid: sent.result?.txid, error: sent.error }
    }, recipient)
    expect(result.error).toBeUndefined()
    expect(result.address).toBe(bitcoin.accounts[0]!.payment)
    expect(Verifier.verifySignature(result.address, "Hello from the demo", String(result.signature))).toBe(
      true
    )
    const utxos = (await (await fetch(`${bitcoin.esploraUrl}/address/${recipient}/utxo`)).json()) as Array<{
      txid: string
      value: number
    }>
    expect(utxos).toContainEqual(expect.objectContaining({ txid: result.txid, value: 100_000 }))
  })
})
