// The sandbox mailbox: every message the frame's auth server "sends" (login codes, device approval links,
// update-email codes) lands here, in memory and bounded. People read it as a page (`renderMailbox`),
// tests as JSON (`Mailbox.list`).
import { randomBytes } from "node:crypto"
import { escapeHtml, page } from "./http.mjs"

export const MAX_MESSAGES = 500

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
  /** @param {{ now: () => number, max?: number }} options */
  constructor({ now, max = MAX_MESSAGES }) {
    this.now = now
    this.max = max
    /** @type {Array<MailMessage>} Oldest first. */
    this.messages = []
  }

  /**
   * Delivers a message; the oldest ones go once the box holds `max`.
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
    this.messages.push(message)
    if (this.messages.length > this.max) this.messages.splice(0, this.messages.length - this.max)
    return message
  }

  /**
   * The messages to `to` (every message without it), oldest first, newest last.
   * @param {string} [to]
   * @returns {ReadonlyArray<MailMessage>}
   */
  list(to) {
    return to === undefined ? this.messages.slice() : this.messages.filter((m) => m.to === to)
  }

  clear() {
    this.messages.length = 0
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
