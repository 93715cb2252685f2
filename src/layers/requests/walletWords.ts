/**
 * A wallet's error as the dapp receives it: the same class and code, its message the catalogue's words
 * (SPEC.md §8, as `present` words it), never the wallet's own text, which a hostile or careless wallet
 * fills with anything. The wallet's original stays in `cause`, for diagnosis.
 */
import type { WalletError } from "../../errors"
import { present } from "../../presentation"
import { withWalletMessage } from "../../walletErrors"

export const inCatalogueWords = (error: WalletError): WalletError =>
  withWalletMessage(error, present(error).message)
