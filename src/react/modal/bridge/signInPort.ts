import { SignIn, type SignInState } from "../../../services/SignIn"
import type { ModalRuntime } from "./run"
import { type Store, storeFromRef } from "./store"

/** Sign-in with the wallet: where it stands, and the visitor's Sign and Cancel. */
export interface SignInPort {
  readonly signIn: {
    readonly state: Store<SignInState>
    readonly sign: () => Promise<void>
    readonly cancel: () => Promise<void>
  }
}

export const makeSignInPort = (runtime: ModalRuntime): SignInPort => {
  const signIn = runtime.runSync(SignIn)
  return {
    signIn: {
      state: storeFromRef(runtime, signIn.state, (s) => s),
      sign: () => runtime.runPromise(signIn.sign),
      cancel: () => runtime.runPromise(signIn.cancel)
    }
  }
}
