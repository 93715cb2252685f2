import * as Effect from "effect/Effect"
import type { EmailLoginDependencyLoadError } from "../../../errors"
import { hasEmailToUpdate } from "../../../layers/embedded/emailUpdate"
import type { SchemaDecodeError } from "../../../schemas/decode"
import type { EmbeddedAccountType } from "../../../schemas/EmbeddedWallet"
import type { SocialProvider } from "../../../schemas/Kinds"
import type { CaipNetworkId } from "../../../schemas/Primitives"
import {
  AuthConnector,
  type LoginPopup,
  type SocialLoginError,
  type SocialLoginState
} from "../../../services/AuthConnector"
import {
  EmailLogin,
  type EmailLoginError,
  type EmailLoginState,
  type EmailUpdateState
} from "../../../services/EmailLogin"
import {
  EmbeddedWalletBridge,
  type EmbeddedWalletBridgeError,
  type FrameArea
} from "../../../services/EmbeddedWalletBridge"
import { attempt, type ModalRuntime, type Result } from "./run"
import { type Store, storeFromRef } from "./store"

/** Email login and the embedded wallet: where the login stands, its commands, and the frame's place. */
export interface EmbeddedPort {
  readonly embedded: {
    readonly login: Store<EmailLoginState>
    readonly submitEmail: (email: string) => Promise<Result<void, EmailLoginError>>
    readonly submitCode: (code: string) => Promise<Result<void, EmailLoginError>>
    readonly social: Store<SocialLoginState>
    /** The email update: the current address's code, then the new one's. */
    readonly update: Store<EmailUpdateState>
    readonly updateEmail: (email: string) => Promise<Result<void, EmailLoginError>>
    readonly submitUpdateCode: (code: string) => Promise<Result<void, EmailLoginError>>
    /** Logs in with `provider` in `popup`, which the visitor's click opened (`undefined`: blocked). */
    readonly loginWithSocial: (
      provider: SocialProvider,
      popup: LoginPopup | undefined
    ) => Promise<Result<void, SocialLoginError>>
    readonly loginWithFarcaster: () => Promise<Result<void, SocialLoginError>>
    /** Connects the key's account or the smart account from now on (the frame may refuse). */
    readonly setAccountType: (
      type: EmbeddedAccountType
    ) => Promise<Result<void, EmbeddedWalletBridgeError | SchemaDecodeError | EmailLoginDependencyLoadError>>
    /** Where the embedded wallet's frame offers its smart account. */
    readonly smartAccountNetworks: Store<ReadonlyArray<CaipNetworkId>>
    /** The login has an email to update (`hasEmailToUpdate`). */
    readonly hasEmail: Store<boolean>
    /** Shows the embedded wallet's frame over `area` (its approval screen), or hides it. */
    readonly placeFrame: (area: FrameArea | undefined) => void
  }
}

export const makeEmbeddedPort = (runtime: ModalRuntime): EmbeddedPort => {
  const { emailLogin, bridge, auth } = runtime.runSync(
    Effect.all({ emailLogin: EmailLogin, bridge: EmbeddedWalletBridge, auth: AuthConnector })
  )
  const run = attempt(runtime)
  return {
    embedded: {
      login: storeFromRef(runtime, emailLogin.state, (s) => s),
      submitEmail: (email) => run(emailLogin.submitEmail(email)),
      submitCode: (code) => run(emailLogin.submitCode(code)),
      social: storeFromRef(runtime, auth.social, (s) => s),
      update: storeFromRef(runtime, emailLogin.update, (s) => s),
      updateEmail: (email) => run(emailLogin.updateEmail(email)),
      submitUpdateCode: (code) => run(emailLogin.submitUpdateCode(code)),
      loginWithSocial: (provider, popup) => run(auth.loginWithSocial(provider, popup)),
      loginWithFarcaster: () => run(auth.loginWithFarcaster),
      setAccountType: (type) => run(auth.setPreferredAccount(type)),
      smartAccountNetworks: storeFromRef(runtime, auth.smartAccountNetworks, (ids) => ids),
      hasEmail: storeFromRef(runtime, auth.user, hasEmailToUpdate),
      placeFrame: (area) => runtime.runSync(bridge.place(area))
    }
  }
}
