/**
 * A wallet's error as the dapp receives it: the same class and code, its message the catalogue's words
 * (SPEC.md §8, as `present` words it), never the wallet's own text, which a hostile or careless wallet
 * fills with anything. The wallet's original stays in `cause`, for diagnosis. In English whatever language
 * the modal speaks: the dapp reads it, as it reads the provider's errors (interop/modalProvider.ts); the
 * visitor's notice words the error anew (`present(error, catalog)` in Notifications).
 */
import type { WalletError } from "../../errors"
import { present } from "../../presentation"
import { withWalletMessage } from "../../walletErrors"

export const inCatalogueWords = (error: WalletError): WalletError =>
  withWalletMessage(error, present(error).message)
