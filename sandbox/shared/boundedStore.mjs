// State of the sandbox's servers that a flood of other keys cannot wipe: every entry lives until it expires
// (or its owner takes it), and a store that is full refuses a new entry instead of dropping an older one.
// Each entry is charged to the client that made it (a cookie, or the remote address where there is no
// cookie), and each client may hold at most its quota, so a flooder fills its own quota and is refused
// past it (429) while everyone else's entries live on; only when many clients together fill the whole
// store is a new entry refused for everyone (503). A store has one lifetime for all its entries, so its
// insertion order is expiry order: expired entries are swept from the front as new ones are put (and
// when the store is counted).

/**
 * Why a store refused a new entry: 429 when the asking client's quota is used up, 503 when the store is.
 * @typedef {{ readonly status: 429 | 503, readonly reason: string }} Refusal
 */

/** @template V @typedef {{ value: V, client: string, expiresAt: number }} Entry */

/** @template V */
export class BoundedStore {
  /**
   * @param {object} options
   * @param {string} options.what What the entries are, plural, for the refusals' reasons ("pending sign-ins").
   * @param {number} options.ttlMs How long an entry lives after it is put.
   * @param {number} options.max How many live entries the store holds in all.
   * @param {number} options.perClient How many of them one client may hold.
   * @param {() => number} options.now ms since epoch.
   */
  constructor({ what, ttlMs, max, perClient, now }) {
    for (const [name, value] of Object.entries({ ttlMs, max, perClient }))
      if (!Number.isSafeInteger(value) || value <= 0) throw new TypeError(`${what}: ${name} must be positive`)
    this.what = what
    this.ttlMs = ttlMs
    this.max = max
    this.perClient = perClient
    this.now = now
    /** @type {Map<string, Entry<V>>} Oldest first, so the first live entry ends the sweep. */
    this.entries = new Map()
    /** @type {Map<string, number>} Live entries per client. */
    this.held = new Map()
  }

  /** Drops the expired entries (at the front: one lifetime means insertion order is expiry order). */
  sweep() {
    const now = this.now()
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt > now) break
      this.delete(key)
    }
  }

  /**
   * The live value of `key`.
   * @param {string} key
   * @returns {V | undefined}
   */
  get(key) {
    const entry = this.entries.get(key)
    return entry !== undefined && entry.expiresAt > this.now() ? entry.value : undefined
  }

  /**
   * `key`'s entry while the store still holds it, live or expired but not yet swept (so that a late use
   * can be told it came too late rather than that it is unknown).
   * @param {string} key
   * @returns {{ readonly value: V, readonly expiresAt: number } | undefined}
   */
  entry(key) {
    return this.entries.get(key)
  }

  /**
   * The client `key`'s live entry is charged to.
   * @param {string} key
   */
  clientOf(key) {
    return this.get(key) === undefined ? undefined : this.entries.get(key)?.client
  }

  /**
   * Why a new entry of `client` (at `key`, replacing the entry there if any) would be refused now; undefined
   * when it would be admitted. Lets a server refuse before costly work.
   * @param {string} client
   * @param {string} [key]
   * @returns {Refusal | undefined}
   */
  refusal(client, key) {
    this.sweep()
    const replaced = key === undefined ? undefined : this.entries.get(key)
    const ownFreed = replaced?.client === client ? 1 : 0
    if ((this.held.get(client) ?? 0) - ownFreed >= this.perClient)
      return { status: 429, reason: `too many ${this.what} from this client, try later` }
    if (this.entries.size - (replaced === undefined ? 0 : 1) >= this.max)
      return { status: 503, reason: `too many ${this.what}, try later` }
    return undefined
  }

  /**
   * Puts `value` at `key` for `client`, for the store's lifetime from now (an entry `client` already holds
   * at `key` is replaced and lives anew). Nothing else is dropped: when `client`'s quota or the store is
   * full, the entry is refused and the refusal says why.
   * @param {string} key
   * @param {V} value
   * @param {string} client
   * @returns {Refusal | undefined}
   */
  put(key, value, client) {
    const refused = this.refusal(client, key)
    if (refused !== undefined) return refused
    this.delete(key)
    this.entries.set(key, { value, client, expiresAt: this.now() + this.ttlMs })
    this.held.set(client, (this.held.get(client) ?? 0) + 1)
    return undefined
  }

  /**
   * Removes `key`'s entry, live or not.
   * @param {string} key
   */
  delete(key) {
    const entry = this.entries.get(key)
    if (entry === undefined) return
    this.entries.delete(key)
    const held = (this.held.get(entry.client) ?? 1) - 1
    if (held > 0) this.held.set(entry.client, held)
    else this.held.delete(entry.client)
  }

  /**
   * The live value of `key`, removed: what is used once is taken.
   * @param {string} key
   * @returns {V | undefined}
   */
  take(key) {
    const value = this.get(key)
    this.delete(key)
    return value
  }

  /** @returns {IterableIterator<V>} The live values, oldest first. */
  *values() {
    this.sweep()
    for (const entry of this.entries.values()) yield entry.value
  }

  /** How many live entries the store holds. */
  get size() {
    this.sweep()
    return this.entries.size
  }

  /**
   * How many live entries `client` holds.
   * @param {string} client
   */
  heldBy(client) {
    this.sweep()
    return this.held.get(client) ?? 0
  }
}
