import { Address, OutScript, Transaction } from "@scure/btc-signer"
import { type AirlockError, present } from "airlock"
import { useAirlock, useAirlockAccount } from "airlock/react"
import { useState } from "react"
import { REGTEST, sandboxBitcoinAccounts } from "../shared/bitcoin"
import type { SandboxBitcoinConfig } from "../shared/config"

/** 0.001 BTC, in sats: what "Send transfer" sends to the first recipient account. */
const TRANSFER_SATS = "100000"
const MESSAGE = "Hello from the Airlock demo"

const hexToBytes = (hex: string) =>
  Uint8Array.from(hex.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16))
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))

/**
 * A PSBT paying 1000 sats less than the account's first coin back to itself, its input to be signed by the
 * account and not broadcast: what a dapp hands a Bitcoin wallet to sign (the coin is read from the chain).
 */
const psbtOfFirstCoin = async (esploraUrl: string, address: string) => {
  const coins = (await (await fetch(`${esploraUrl}/address/${address}/utxo`)).json()) as ReadonlyArray<{
    txid: string
    vout: number
    value: number
  }>
  const coin = coins[0]
  if (coin === undefined) throw new Error("The account has no coins on the local chain")
  const tx = new Transaction()
  const script = OutScript.encode(Address(REGTEST).decode(address))
  tx.addInput({
    txid: hexToBytes(coin.txid),
    index: coin.vout,
    witnessUtxo: { script, amount: BigInt(coin.value) }
  })
  tx.addOutput({ script, amount: BigInt(coin.value - 1000) })
  return base64(tx.toPSBT())
}

/**
 * The dapp's Bitcoin requests (issue 35), through `modal.request` on bip122: a BIP-322 message, a PSBT
 * signed without broadcast, and a 0.001 BTC transfer to the sandbox's first recipient account. The page
 * shows the answer, for the browser tests to check against the chain.
 */
export function BitcoinRequestsPanel({ bitcoin }: { readonly bitcoin: SandboxBitcoinConfig }) {
  const modal = useAirlock()
  const { address } = useAirlockAccount({ namespace: "bip122" })
  const [result, setResult] = useState<{ readonly label: string; readonly value: string }>()
  const recipient = sandboxBitcoinAccounts()[2]?.payment.address
  const show = (label: string, request: () => Promise<unknown>) =>
    request().then(
      (value) => setResult({ label, value: JSON.stringify(value) }),
      // What a dapp shows of a refusal: the product's words for the typed error (`present`).
      (error: unknown) =>
        setResult({
          label: `${label} failed`,
          value:
            typeof error === "object" && error !== null && "_tag" in error
              ? present(error as AirlockError).message
              : String(error)
        })
    )
  return (
    <section className="panel" aria-labelledby="bitcoin-requests-title">
      <h2 id="bitcoin-requests-title">Bitcoin requests</h2>
      <p>
        Sends 0.001 BTC to: <code data-testid="bitcoin-recipient">{recipient ?? "—"}</code>
      </p>
      <div className="actions">
        <button
          type="button"
          disabled={address === undefined}
          onClick={() =>
            void show("signMessage", () =>
              modal.request(
                { method: "signMessage", params: { message: MESSAGE, address, protocol: "bip322" } },
                { namespace: "bip122" }
              )
            )
          }
        >
          Sign message (Bitcoin)
        </button>
        <button
          type="button"
          disabled={address === undefined}
          onClick={() =>
            void show("signPsbt", async () =>
              modal.request(
                {
                  method: "signPsbt",
                  params: {
                    account: address,
                    psbt: await psbtOfFirstCoin(bitcoin.esploraUrl, address ?? ""),
                    signInputs: [{ address, index: 0 }],
                    broadcast: false
                  }
                },
                { namespace: "bip122" }
              )
            )
          }
        >
          Sign PSBT (Bitcoin)
        </button>
        <button
          type="button"
          disabled={address === undefined || recipient === undefined}
          onClick={() =>
            void show("sendTransfer", () =>
              modal.request(
                {
                  method: "sendTransfer",
                  params: { account: address, recipientAddress: recipient, amount: TRANSFER_SATS }
                },
                { namespace: "bip122" }
              )
            )
          }
        >
          Send transfer (Bitcoin)
        </button>
      </div>
      {result === undefined ? null : (
        <p role="status">
          {result.label}: <code data-testid="bitcoin-result">{result.value}</code>
        </p>
      )}
    </section>
  )
}
