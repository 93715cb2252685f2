/**
 * The catalogue's errors (`errors.ts`) about the connection itself: a connector that is not there, not
 * connected or already connected, a restore under way, and a wallet whose identity another one claims.
 */
import * as Data from "effect/Data"

export class ConnectorNotConnectedError extends Data.TaggedError("ConnectorNotConnectedError")<{
  readonly connectorId?: string | undefined
  readonly cause?: unknown
}> {
  override readonly message = "Connector not connected."
}

/** A connector id that no discovered wallet carries (it went away, or the id is wrong). */
export class ConnectorNotFoundError extends Data.TaggedError("ConnectorNotFoundError")<{
  readonly connectorId: string
  readonly cause?: unknown
}> {
  override readonly message = "Connector not found"
}

export class ConnectorAlreadyConnectedError extends Data.TaggedError("ConnectorAlreadyConnectedError")<{
  readonly connectorId?: string | undefined
  readonly cause?: unknown
}> {
  override readonly message = "Connector already connected."
}

/** An action was attempted while the connection is being restored. */
export class ConnectionReconnectingError extends Data.TaggedError("ConnectionReconnectingError")<{
  readonly cause?: unknown
}> {
  override readonly message = "unavailable while reconnecting"
}

/**
 * Another wallet on the page claims the identity (the rdns, or the name) of the wallet a stored connection
 * names, so that connection is not restored, or ends (THREATS.md T5): `restore`, it was not reconnected;
 * `connection`, a restored connection was disconnected when the other claim came.
 */
export class ContestedWalletError extends Data.TaggedError("ContestedWalletError")<{
  /** The name the restored wallet announced, cleaned of control and direction characters. */
  readonly walletName: string
  readonly during: "restore" | "connection"
}> {
  override readonly message = `Another wallet on this page also claims to be ${this.walletName}`
}
