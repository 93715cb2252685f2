// The sandbox mailbox: every message the frame's auth server "sends" (login codes, device approval links,
// update-email codes) lands here, in memory and bounded like inboxes: each address keeps its newest
// messages of the last hour, and a box full of addresses refuses mail to a new one (mail to other
// addresses never pushes an address's messages out). People read it as a page (`renderMailbox`), tests
// as JSON (`Mailbox.list`).
import { randomBytes } from "node:crypto"
import { BoundedStore } from "../shared/boundedStore.mjs"
import { refuseIf } from "./codes.mjs"
import { escapeHtml, page } from "./http.mjs"

/** How long a message is kept. */
export const MAIL_TTL_MS = 60 * 60 * 1000
/** Messages kept per address (its newest): as many as the auth server sends one address in an hour. */
export const MAX_MESSAGES_PER_ADDRESS = 30
/** Addresses with messages kept. */
export const MAX_ADDRESSES = 10_000

/** @typedef {"login-code" | "device-approval" | "update-email-primary" | "update-email-secondary"} MailKind */
/**
 * @typedef {object} MailMessage
 * @property {string} id
 * @property {string} to Lower-cased address.
 * @property {MailKind} kind
 * @property {string} subject
 * @property {string} text
 * @property {string} [code] The six digits, for code messages.
 * @property {string} [link] The approval link, for device-approval messages.
 * @property {number} sentAt ms since epoch (the server's `now()`).
 */

export class Mailbox {
  /** @param {{ now: () => number, perAddress?: number, addresses?: number }} options */
  constructor({ now, perAddress = MAX_MESSAGES_PER_ADDRESS, addresses = MAX_ADDRESSES }) {
    this.now = now
    this.perAddress = perAddress
    /** @type {BoundedStore<ReadonlyArray<{ seq: number, message: MailMessage }>>} Address → its messages, oldest first. */
    this.boxes = new BoundedStore({
      what: "mailboxes",
      ttlMs: MAIL_TTL_MS,
      max: addresses,
      perClient: 1,
      now
    })
    this.sent = 0
  }

  /**
   * Refuses (a 503 `AuthError`) when a message to `to` could not be kept: the box is full of other addresses.
   * @param {string} to
   */
  check(to) {
    refuseIf(this.boxes.refusal(to, to))
  }

  /**
   * Delivers a message; the address's oldest one goes once it holds its bound.
   * @param {Omit<MailMessage, "id" | "sentAt">} message
   * @returns {MailMessage}
   */
  send({ to, kind, subject, text, code, link }) {
    const message = Object.freeze({
      id: randomBytes(8).toString("hex"),
      to,
      kind,
      subject,
      text,
      ...(code === undefined ? {} : { code }),
      ...(link === undefined ? {} : { link }),
      sentAt: this.now()
    })
    const kept = [...(this.boxes.get(to) ?? []), { seq: this.sent++, message }].slice(-this.perAddress)
    refuseIf(this.boxes.put(to, kept, to))
    return message
  }

  /**
   * The messages to `to` (every message without it), oldest first, newest last.
   * @param {string} [to]
   * @returns {ReadonlyArray<MailMessage>}
   */
  list(to) {
    const boxes = to === undefined ? [...this.boxes.values()] : [this.boxes.get(to) ?? []]
    return boxes
      .flat()
      .sort((a, b) => a.seq - b.seq)
      .map(({ message }) => message)
  }
}

/**
 * The mailbox as a page a person reads, newest first; every piece of text escaped.
 * @param {ReadonlyArray<MailMessage>} messages
 * @param {string | undefined} to
 */
export const renderMailbox = (messages, to) => {
  const items = messages
    .slice()
    .reverse()
    .map(
      (m) =>
        `<article><p><b>To:</b> ${escapeHtml(m.to)} · <time>${escapeHtml(new Date(m.sentAt).toISOString())}</time></p>` +
        `<h2>${escapeHtml(m.subject)}</h2>` +
        (m.code === undefined ? "" : `<p class="code" data-code>${escapeHtml(m.code)}</p>`) +
        `<pre>${escapeHtml(m.text)}</pre>` +
        (m.link === undefined ? "" : `<p><a href="${escapeHtml(m.link)}">${escapeHtml(m.subject)}</a></p>`) +
        `</article>`
    )
    .join("")
  const heading = to === undefined ? "Sandbox mailbox" : `Sandbox mailbox: ${to}`
  return page(
    heading,
    `<h1>${escapeHtml(heading)}</h1><p>Messages of the sandbox's embedded wallet, newest first. Nothing here leaves this machine.</p>` +
      (items === "" ? "<p>No messages.</p>" : items)
  )
}
