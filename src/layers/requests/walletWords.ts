/**
 * A wallet's error as the dapp receives it: the same class and code, its message the catalogue's words
 * (SPEC.md §8, as `present` words it), never the wallet's own text, which a hostile or careless wallet
 * fills with anything. The wallet's original stays in `cause`, for diagnosis.
 */
import {
  ChainDisconnectedError,
  ChainNotAddedError,
  InternalWalletError,
  RequestPendingError,
  UnauthorizedWalletError,
  UnknownWalletError,
  UnsupportedMethodError,
  UserRejectedRequestError,
  WalletDisconnectedError,
  type WalletError
} from "../../errors"
import { present } from "../../presentation"

type WalletErrorClass = new (fields: {
  readonly code: number | undefined
  readonly message: string
  readonly cause: unknown
}) => WalletError

const classByTag: { readonly [Tag in WalletError["_tag"]]: WalletErrorClass } = {
  UserRejectedRequestError,
  UnauthorizedWalletError,
  UnsupportedMethodError,
  WalletDisconnectedError,
  ChainDisconnectedError,
  ChainNotAddedError,
  RequestPendingError,
  InternalWalletError,
  UnknownWalletError
}

export const inCatalogueWords = (error: WalletError): WalletError =>
  new classByTag[error._tag]({ code: error.code, message: present(error).message, cause: error.cause })
