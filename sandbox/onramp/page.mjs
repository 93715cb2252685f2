// The "Sandbox Pay" checkout page (provider.mjs serves it): the order re-quoted, a stand-in card form and a
// script that runs under the page's CSP (a nonce, Trusted Types required), setting only textContent and
// attributes.
import { escapeHtml } from "../frame/http.mjs"

/** @import { ServerResponse } from "node:http" */
/** @import { OnrampOrder, OnrampQuoteAnswer } from "./quote.mjs" */

export const SECURITY_HEADERS = {
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cross-origin-opener-policy": "same-origin",
  "x-frame-options": "DENY"
}

// ---------------------------------------------------------------------------------------------------------
// The page
// ---------------------------------------------------------------------------------------------------------

const STYLE = `
:root{color-scheme:light dark;--accent:#1f6feb;--muted:#6b7280}
body{font:16px/1.5 system-ui,sans-serif;max-width:30rem;margin:2rem auto;padding:0 1rem}
header{display:flex;align-items:center;gap:.5rem}
.logo{display:inline-grid;place-items:center;width:2rem;height:2rem;border-radius:50%;background:var(--accent);color:#fff;font-weight:700}
h1{font-size:1.4rem;margin:0}
section{border:1px solid #c9ced6;border-radius:10px;padding:.75rem 1rem;margin:1rem 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0}
dt{color:var(--muted)}dd{margin:0;text-align:right;overflow-wrap:anywhere}
label{display:block;margin:.6rem 0 .2rem;font-weight:600}
input{font:inherit;width:100%;box-sizing:border-box;padding:.45rem .6rem;border:1px solid #8a919c;border-radius:6px}
.row{display:flex;gap:.75rem}.row>div{flex:1}
button{font:inherit;font-weight:600;width:100%;margin-top:1rem;padding:.6rem;border:0;border-radius:8px;background:var(--accent);color:#fff;cursor:pointer}
button:disabled{opacity:.55;cursor:not-allowed}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
[role=alert]{color:#b42318;font-weight:600}
.done{border-color:#12b76a}
code{overflow-wrap:anywhere}
.note{color:var(--muted);font-size:.85rem}
`

// Runs under the page's CSP (a nonce, Trusted Types required): it only sets textContent and attributes.
const SCRIPT = `
"use strict"
const order = JSON.parse(document.getElementById("order").textContent)
const $ = (id) => document.getElementById(id)
const form = $("pay-form"), amount = $("amount"), pay = $("pay"), problem = $("problem")
let quote = order.quote
let seq = 0
let timer
const showProblem = (text) => { problem.textContent = text; problem.hidden = false }
const clearProblem = () => { problem.textContent = ""; problem.hidden = true }
const label = () => quote ? "Pay " + quote.paymentTotal + " " + order.fiat : "Pay"
const render = () => {
  $("receive").textContent = quote ? quote.purchaseAmount + " " + order.symbol : "—"
  $("provider-fee").textContent = quote ? quote.providerFee.amount + " " + order.fiat : "—"
  $("network-fee").textContent = quote ? quote.networkFee.amount + " " + order.fiat : "—"
  pay.textContent = label()
  pay.disabled = !quote
}
const params = () => {
  const p = new URLSearchParams({ asset: order.asset, network: order.network, fiat: order.fiat, method: order.method, amount: amount.value.trim() })
  if (order.country) p.set("country", order.country)
  return p
}
const refresh = async () => {
  const mine = ++seq
  let answer
  try {
    const response = await fetch("/api/quote?" + params())
    answer = { ok: response.ok, body: await response.json() }
  } catch {
    answer = { ok: false, body: { message: "Could not reach Sandbox Pay" } }
  }
  if (mine !== seq) return
  if (answer.ok) { quote = answer.body; clearProblem() } else { quote = null; showProblem(answer.body.message) }
  render()
}
amount.addEventListener("input", () => { clearTimeout(timer); quote = null; pay.disabled = true; timer = setTimeout(refresh, 200) })
const luhn = (digits) => {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9 }
    sum += d
  }
  return sum % 10 === 0
}
form.addEventListener("submit", async (event) => {
  event.preventDefault()
  if (!quote) return
  const card = $("card")
  if (card) {
    const digits = card.value.replace(/[\\s-]/g, "")
    if (!/^\\d{12,19}$/.test(digits) || !luhn(digits)) { showProblem("Enter a valid card number"); card.focus(); return }
  }
  clearProblem()
  pay.disabled = true
  pay.textContent = "Processing…"
  form.setAttribute("aria-busy", "true")
  try {
    const body = Object.fromEntries(params())
    body.address = order.address
    const response = await fetch("/api/pay", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
    const answer = await response.json()
    if (!response.ok) throw new Error(answer.message || "Payment failed")
    $("done-text").textContent = "Payment complete — " + answer.purchaseAmount + " " + answer.symbol + " sent to " + order.address
    $("tx").textContent = answer.txHash
    form.hidden = true
    $("done").hidden = false
    $("done-title").focus()
  } catch (error) {
    showProblem(error instanceof Error ? error.message : "Payment failed")
    pay.disabled = false
    pay.textContent = label()
  } finally {
    form.removeAttribute("aria-busy")
  }
})
render()
`

const contentSecurityPolicy = (/** @type {string} */ nonce) =>
  [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    "img-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "require-trusted-types-for 'script'"
  ].join("; ")

/** JSON inside a `<script type="application/json">`: nothing in it can close the element. */
const scriptJson = (/** @type {unknown} */ value) =>
  JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026")

const shell = (/** @type {string} */ nonce, /** @type {string} */ title, /** @type {string} */ body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
  `<title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head><body>` +
  `<header><span class="logo" aria-hidden="true">S</span><h1>Sandbox Pay</h1></header><main>${body}</main>` +
  `<p class="note">A stand-in payment provider: no real money moves; the tokens are real on the sandbox chain.</p>` +
  `</body></html>`

/**
 * @param {ServerResponse} res
 * @param {number} status
 * @param {string} nonce
 * @param {string} html
 */
export const sendPage = (res, status, nonce, html) => {
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(html),
    "content-security-policy": contentSecurityPolicy(nonce),
    ...SECURITY_HEADERS
  })
  res.end(html)
}

const shorten = (/** @type {string} */ address) => `${address.slice(0, 6)}…${address.slice(-4)}`

/**
 * The checkout page for a valid order; `problem` (an amount the quote refuses) is shown in the alert.
 * @param {string} nonce
 * @param {{ order: OnrampOrder & { address: string }, quote: OnrampQuoteAnswer | undefined, problem?: string, amount: string }} checkout
 */
export const checkoutPage = (nonce, { order, quote, problem, amount }) => {
  const cardFields =
    order.method === "card"
      ? `<label for="card">Card number</label>` +
        `<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242" required>` +
        `<div class="row"><div><label for="expiry">Expiry (MM/YY)</label>` +
        `<input id="expiry" name="expiry" autocomplete="cc-exp" value="12/34" required></div>` +
        `<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" value="123" required></div></div>`
      : `<label for="iban">Bank account (IBAN)</label>` +
        `<input id="iban" name="iban" autocomplete="off" value="GB33 BUKB 2020 1555 5555 55" required>`
  const data = {
    address: order.address,
    asset: order.asset.id,
    symbol: order.asset.symbol,
    network: order.network,
    fiat: order.fiat,
    method: order.method,
    country: order.country ?? null,
    quote: quote ?? null
  }
  const dash = "—"
  return shell(
    nonce,
    `Sandbox Pay — buy ${order.asset.symbol}`,
    `<script type="application/json" id="order">${scriptJson(data)}</script>` +
      `<section aria-labelledby="order-title"><h2 id="order-title">Your order</h2><dl>` +
      `<dt>You buy</dt><dd>${escapeHtml(order.asset.name)} (${escapeHtml(order.asset.symbol)})</dd>` +
      `<dt>Network</dt><dd>Sandbox Chain (${escapeHtml(String(order.chainId))})</dd>` +
      `<dt>Sent to</dt><dd><code title="${escapeHtml(order.address)}">${escapeHtml(shorten(order.address))}</code></dd>` +
      `<dt>You receive</dt><dd id="receive">${quote ? escapeHtml(`${quote.purchaseAmount} ${order.asset.symbol}`) : dash}</dd>` +
      `<dt>Provider fee (1.5 %)</dt><dd id="provider-fee">${quote ? escapeHtml(`${quote.providerFee.amount} ${order.fiat}`) : dash}</dd>` +
      `<dt>Network fee</dt><dd id="network-fee">${quote ? escapeHtml(`${quote.networkFee.amount} ${order.fiat}`) : dash}</dd>` +
      `</dl></section>` +
      `<form id="pay-form" novalidate><section aria-labelledby="payment-title"><h2 id="payment-title">Payment</h2>` +
      `<label for="amount">Amount (${escapeHtml(order.fiat)})</label>` +
      `<input id="amount" name="amount" inputmode="decimal" autocomplete="off" value="${escapeHtml(amount)}" required>` +
      cardFields +
      `<p id="problem" role="alert"${problem === undefined ? " hidden" : ""}>${escapeHtml(problem ?? "")}</p>` +
      `<button id="pay" type="submit"${quote ? "" : " disabled"}>${quote ? escapeHtml(`Pay ${quote.paymentTotal} ${order.fiat}`) : "Pay"}</button>` +
      `</section></form>` +
      `<section id="done" class="done" role="status" hidden><h2 id="done-title" tabindex="-1">Payment complete</h2>` +
      `<p id="done-text"></p><p>Transaction: <code id="tx" data-testid="onramp-tx"></code></p>` +
      `<p>You can close this window.</p></section>` +
      `<script nonce="${nonce}">${SCRIPT}</script>`
  )
}

export const errorPage = (/** @type {string} */ nonce, /** @type {string} */ text) =>
  shell(nonce, "Sandbox Pay — cannot take this order", `<p role="alert">${escapeHtml(text)}</p>`)
