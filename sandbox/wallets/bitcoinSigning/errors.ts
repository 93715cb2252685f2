/** What the signing code refuses: each wallet answers it with its own protocol's "invalid params" code. */
export class BitcoinRequestError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "BitcoinRequestError"
  }
}
