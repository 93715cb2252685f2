/**
 * A sign-in the wallet signed with the pairing (WalletConnect one-click authentication): a CACAO
 * (CAIP-74) whose payload is the EIP-4361 message in fields and whose `iss` names the account
 * (`did:pkh:eip155:<chain>:<address>`). It arrives from a wallet through the relay, so it is decoded and
 * bounded; the message is rendered from it canonically, and the plugin verifies the signature against that
 * text like any other sign-in, so a CACAO that does not match what the wallet signed is refused there.
 */
import * as Schema from "effect/Schema"
import type { SiwxSession } from "../schemas/SiwxSession"
import { createSignInMessage } from "./siweMessage"

const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max))

const Cacao = Schema.Struct({
  h: Schema.Struct({ t: Schema.Literal("caip122") }),
  p: Schema.Struct({
    iss: Text(256),
    domain: Text(256),
    aud: Text(2048),
    version: Schema.Literal("1"),
    nonce: Text(256),
    iat: Text(64),
    exp: Schema.optional(Text(64)),
    nbf: Schema.optional(Text(64)),
    statement: Schema.optional(Text(1024)),
    requestId: Schema.optional(Text(256)),
    resources: Schema.optional(Schema.Array(Text(2048)).check(Schema.isMaxLength(32)))
  }),
  s: Schema.Struct({ t: Text(16), s: Text(32 * 1024) })
})

const decodeCacao = Schema.decodeUnknownOption(Cacao)

const ISSUER = /^did:pkh:eip155:(\d{1,15}):(0x[0-9a-fA-F]{40})$/

/** The session a CACAO stands for; `undefined` when it is not an EVM sign-in that renders as EIP-4361. */
export const sessionFromCacao = (value: unknown): SiwxSession | undefined => {
  const decoded = decodeCacao(value)
  if (decoded._tag === "None") return undefined
  const { p, s } = decoded.value
  const issuer = ISSUER.exec(p.iss)
  // A sign-in must expire (THREATS.md R15); without an expiration there is nothing to accept.
  const chain = issuer?.[1]
  const address = issuer?.[2]
  if (chain === undefined || address === undefined || p.exp === undefined) return undefined
  try {
    const message = createSignInMessage({
      domain: p.domain,
      uri: p.aud,
      address,
      chainId: Number(chain),
      nonce: p.nonce,
      issuedAt: new Date(p.iat),
      expirationTime: new Date(p.exp),
      notBefore: p.nbf === undefined ? undefined : new Date(p.nbf),
      statement: p.statement,
      requestId: p.requestId,
      resources: p.resources
    })
    return {
      data: {
        accountAddress: address,
        chainId: `eip155:${chain}`,
        domain: p.domain,
        uri: p.aud,
        version: p.version,
        nonce: p.nonce,
        statement: p.statement,
        resources: p.resources,
        requestId: p.requestId,
        issuedAt: p.iat,
        expirationTime: p.exp,
        notBefore: p.nbf
      },
      message,
      signature: s.s,
      cacao: value
    }
  } catch {
    // viem refuses what EIP-4361 does not allow (a bad URI, a statement over lines, an invalid date).
    return undefined
  }
}
