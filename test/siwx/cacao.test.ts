// @vitest-environment happy-dom
/**
 * One-click sign-in's signed messages (CACAOs) as the WalletConnect SDK makes them: the text Airlock
 * renders from one is byte for byte what the wallet signed (`formatMessage` of the SDK's own utils, with
 * the ReCap statement and resource it adds), the plugin verifies and keeps it, and anything altered or
 * malformed is refused without a throw.
 */
import {
  buildAuthObject,
  createEncodedRecap,
  decodeRecap,
  formatMessage,
  formatStatementFromRecap
} from "@walletconnect/utils"
import fc from "fast-check"
import { privateKeyToAccount } from "viem/accounts"
import { beforeEach, describe, expect, it } from "vitest"
import { sessionFromCacao } from "../../src/siwx/cacao"
import { createDefaultSiwx } from "../../src/siwx/defaultSiwx"

const account = privateKeyToAccount(`0x${"42".repeat(32)}`)
const CHAIN = "eip155:31337" as const

beforeEach(() => localStorage.clear())

/** The CACAO a WalletKit wallet answers for the plugin's message fields, signed by `signer`. */
const signedCacao = async (
  siwx: ReturnType<typeof createDefaultSiwx>,
  signer = account,
  change: (payload: Record<string, unknown>) => Record<string, unknown> = (p) => p
) => {
  const template = await siwx.createMessage({
    accountAddress: "0x0000000000000000000000000000000000000000",
    chainId: CHAIN
  })
  const recap = createEncodedRecap("eip155", "request", ["personal_sign", "eth_sendTransaction"])
  const payload = change({
    type: "caip122",
    chains: [CHAIN],
    domain: template.domain,
    aud: template.uri,
    version: "1",
    nonce: template.nonce,
    iat: new Date().toISOString(),
    exp: template.expirationTime,
    statement: formatStatementFromRecap(template.statement, decodeRecap(recap)),
    resources: [recap]
  })
  const iss = `did:pkh:${CHAIN}:${signer.address}`
  const message = formatMessage(payload as never, iss)
  const signature = await signer.signMessage({ message })
  return { cacao: buildAuthObject(payload as never, { t: "eip191", s: signature }, iss), message }
}

describe("sessionFromCacao", () => {
  it("renders exactly the text the wallet signed, which the plugin verifies and keeps", async () => {
    const siwx = createDefaultSiwx({ statement: "Sign in to the demo." })
    const { cacao, message } = await signedCacao(siwx)
    const session = sessionFromCacao(cacao)
    expect(session?.message).toBe(message)
    expect(session?.data.accountAddress).toBe(account.address)
    expect(session?.data.chainId).toBe(CHAIN)
    await siwx.addSession(session!)
    expect(await siwx.getSessions(CHAIN, account.address)).toHaveLength(1)
  })

  it("a CACAO whose fields differ from what was signed is refused by the plugin", async () => {
    const siwx = createDefaultSiwx()
    const { cacao } = await signedCacao(siwx)
    const forged = { ...cacao, p: { ...cacao.p, statement: "Something else." } }
    await expect(siwx.addSession(sessionFromCacao(forged)!)).rejects.toThrow("signature")
    const stranger = privateKeyToAccount(`0x${"43".repeat(32)}`)
    const other = { ...cacao, p: { ...cacao.p, iss: `did:pkh:${CHAIN}:${stranger.address}` } }
    await expect(siwx.addSession(sessionFromCacao(other)!)).rejects.toThrow()
  })

  it("reads nothing from a CACAO without an expiration, of another namespace, or of any other shape", async () => {
    const siwx = createDefaultSiwx()
    const { cacao } = await signedCacao(siwx, account, ({ exp: _exp, ...rest }) => rest)
    expect(sessionFromCacao(cacao)).toBeUndefined()
    const solana = {
      ...cacao,
      p: { ...cacao.p, exp: new Date().toISOString(), iss: "did:pkh:solana:abc:def" }
    }
    expect(sessionFromCacao(solana)).toBeUndefined()
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(() => sessionFromCacao(value)).not.toThrow()
      }),
      { numRuns: 1000 }
    )
    expect(sessionFromCacao({ ...cacao, p: { ...cacao.p, exp: "not a date" } })).toBeUndefined()
  })
})
