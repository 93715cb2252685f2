/** SIWX: the sign-in prompt with a long statement, its preparation, and waiting for the signature. */
import * as Schema from "effect/Schema"
import { SiwxMessageData } from "../../../src/schemas/SiwxSession"
import type { SignInAccount } from "../../../src/services/SignIn"
import { ACCOUNT, galleryChain } from "../fixtures"
import { connectedAs, family } from "../scenario"

const account: SignInAccount = { chainId: galleryChain.caipNetworkId, address: ACCOUNT }

/** The plugin's message, decoded as the live sign-in decodes it. */
const data = Schema.decodeUnknownSync(SiwxMessageData)({
  accountAddress: ACCOUNT,
  chainId: galleryChain.caipNetworkId,
  domain: "gallery.invalid",
  uri: "https://gallery.invalid/",
  version: "1",
  nonce: "8f2c41d03b7e4c55",
  statement:
    "I accept the Airlock Gallery's Terms of Service and confirm that I am signing in to review every view of the modal in both of its themes.",
  issuedAt: "2026-11-20T10:15:00.000Z",
  expirationTime: "2026-11-27T10:15:00.000Z"
})

const message = { data, text: `gallery.invalid wants you to sign in with your Ethereum account:\n${ACCOUNT}` }

export const signInScenarios = family("SIWXSignMessage", {
  prompt: {
    title: "The sign-in message in words, Sign and Cancel",
    world: {
      view: "SIWXSignMessage",
      connection: connectedAs(),
      signIn: { _tag: "Prompt", account, message }
    }
  },
  preparing: {
    title: "The message being prepared",
    world: { view: "SIWXSignMessage", connection: connectedAs(), signIn: { _tag: "Checking", account } }
  }
})

export const siweScenarios = family("ConnectingSiwe", {
  signing: {
    title: "Waiting for the wallet's signature",
    world: {
      view: "ConnectingSiwe",
      connection: connectedAs(),
      signIn: { _tag: "Signing", account, message }
    }
  }
})
