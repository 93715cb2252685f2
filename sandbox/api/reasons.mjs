// The Blockchain API's refusals in its own shape, `{ reasons: [{ field, description }] }` (the client shows
// the first description, SPEC.md §8), shared by the names and smart-session endpoints.

/** A refusal: the reasons body with this status. */
export class Refusal extends Error {
  /**
   * @param {number} status
   * @param {string} description
   * @param {string | undefined} field
   */
  constructor(status, description, field) {
    super(description)
    this.status = status
    this.field = field
  }
}

/**
 * @param {string} description
 * @param {string} [field]
 * @param {number} [status]
 */
export const refuse = (description, field, status = 400) => new Refusal(status, description, field)

/**
 * A handler answering `{ status, body }`: a Refusal becomes its reasons body; anything else (413, an
 * unreachable chain) goes on to the router.
 * @template C
 * @param {(context: C) => { status: number, body: unknown } | Promise<{ status: number, body: unknown }>} handler
 * @returns {(context: C) => Promise<{ status: number, body: unknown }>}
 */
export const answering = (handler) => async (context) => {
  try {
    return await handler(context)
  } catch (error) {
    if (!(error instanceof Refusal)) throw error
    const reason = {
      ...(error.field === undefined ? {} : { field: error.field }),
      description: error.message
    }
    return { status: error.status, body: { reasons: [reason] } }
  }
}
