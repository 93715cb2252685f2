/**
 * How a Solana account signs the sign-in message. A wallet that signs in itself (`signsIn`, Wallet
 * Standard `solana:signIn`) is given the message's fields and writes the text; its answer must be that very
 * message, signed by the account, before the plugin sees it. Any other wallet signs the message's bytes
 * (`solana_signMessage`). Either signature is checked here too: a wallet's wrong answer is the wallet's
 * failure (the message waits for another try), not the plugin's.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { decodeUnknownEffect, SchemaDecodeError } from "../../schemas/decode"
import { SolanaSignInResult, SolanaSignMessageResult } from "../../schemas/Solana"
import type { ConnectionShape } from "../../services/Connection"
import type { RequestError, RpcRouterShape } from "../../services/RpcRouter"
import type { SignInAccount } from "../../services/SignIn"
import type { SignInMessage } from "../../services/Siwx"
import { solanaSignMessageRequest, verifySolanaSignature } from "../../siwx/solanaSignature"
import { checkWalletSignIn, signInInputOf } from "../../siwx/walletSignIn"

/** What the wallet signed: the exact text and its signature (base58). */
export interface SignedText {
  readonly message: string
  readonly signature: string
}

const SOLANA = { namespace: "solana", described: true } as const

const refused = (method: string, reason: string) =>
  new SchemaDecodeError({
    subject: `${method} result`,
    message: `${method} result: the wallet's sign-in does not hold (${reason})`
  })

export const makeSolanaSignature =
  (rpc: RpcRouterShape, connection: ConnectionShape) =>
  (account: SignInAccount, message: SignInMessage): Effect.Effect<SignedText, RequestError> =>
    Effect.gen(function* () {
      const wallet = yield* connection.connected("solana")
      const signsIn = Option.exists(wallet, (connected) => connected.connector.signsIn === true)
      // A plugin's message that is no canonical Sign-In-With-Solana text cannot be rewritten by the wallet.
      const input = signsIn ? signInInputOf(message.text) : undefined
      if (input === undefined) {
        const answer = yield* rpc.request(solanaSignMessageRequest(message.text, account.address), SOLANA)
        const { signature } = yield* decodeUnknownEffect(
          SolanaSignMessageResult,
          "solana_signMessage result"
        )(answer)
        if (!verifySolanaSignature({ address: account.address, message: message.text, signature }))
          return yield* Effect.fail(refused("solana_signMessage", "signature"))
        return { message: message.text, signature }
      }
      const answer = yield* rpc.request({ method: "solana_signIn", params: input }, SOLANA)
      const signed = yield* decodeUnknownEffect(SolanaSignInResult, "solana_signIn result")(answer)
      const checked = checkWalletSignIn(message.text, account.address, signed, yield* Clock.currentTimeMillis)
      if (!checked.ok) return yield* Effect.fail(refused("solana_signIn", checked.reason))
      return { message: checked.message, signature: signed.signature }
    })
