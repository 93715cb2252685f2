/**
 * The wallet page: a form for a `wc:` URI, the waiting proposals, sign-in requests and requests with
 * Approve / Reject, the sessions with Disconnect, and a log. Everything the dapp sends is shown as text
 * (textContent), never as markup, and the dapp's icon is not loaded at all.
 */
import type { SignInMessage } from "./auth"
import type { Preview } from "./evm"
import type { PendingProposal } from "./proposals"
import type { PendingRequest } from "./requests"
import type { SessionInfo } from "./sessions"
import type { PendingSignIn } from "./signIns"
import type { WcWallet } from "./wallet"

const element = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { readonly className?: string; readonly text?: string } = {},
  ...children: ReadonlyArray<Node>
): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag)
  if (props.className !== undefined) node.className = props.className
  if (props.text !== undefined) node.textContent = props.text
  node.append(...children)
  return node
}

const button = (text: string, className: string, onClick: () => void, label?: string) => {
  const node = element("button", { className, text })
  node.type = "button"
  if (label !== undefined) node.setAttribute("aria-label", label)
  node.addEventListener("click", onClick)
  return node
}

const details = (rows: Preview) =>
  element(
    "dl",
    {},
    ...rows.flatMap(([label, value]) => [element("dt", { text: label }), element("dd", { text: value })])
  )

const section = (title: string, id: string, empty: string, items: ReadonlyArray<HTMLElement>) => {
  const heading = element("h2", { text: title })
  heading.id = id
  const node = element("section", {}, heading)
  node.setAttribute("aria-labelledby", id)
  node.append(
    items.length === 0 ? element("p", { className: "empty", text: empty }) : element("ul", {}, ...items)
  )
  return node
}

/** One row per message: "Message (eip155:31337)" and the text that is signed. */
const messageRows = (label: string, messages: ReadonlyArray<SignInMessage>) =>
  messages.map((message) => [`${label} (${message.chainId})`, message.text] as const)

export interface WalletPage {
  /** Shows an error that is not the wallet's (e.g. no sandbox config). */
  readonly fatal: (message: string) => void
}

export const renderWalletPage = (root: HTMLElement, wallet: WcWallet | undefined): WalletPage => {
  const header = element(
    "header",
    {},
    element("h1", { text: "Sandbox WalletConnect Wallet" }),
    element("p", {
      className: "lede",
      text: "A WalletConnect wallet for the Airlock sandbox: anvil's first dev key on the sandbox chains, and a fixed ed25519 key on Solana devnet and the sandbox's local Solana chain. Test keys only; nothing leaves this machine."
    })
  )
  const accounts = element("div", { className: "accounts" })
  const status = element("p", { className: "status" })
  status.setAttribute("role", "status")

  const input = element("input")
  input.type = "text"
  input.name = "uri"
  input.id = "wc-uri"
  input.autocomplete = "off"
  input.spellcheck = false
  input.placeholder = "wc:…"
  const label = element("label", { text: "WalletConnect URI" })
  label.htmlFor = input.id
  const connect = element("button", { className: "primary", text: "Connect" })
  connect.type = "submit"
  const form = element(
    "form",
    { className: "pair" },
    label,
    element("div", { className: "row" }, input, connect)
  )
  form.addEventListener("submit", (event) => {
    event.preventDefault()
    if (wallet === undefined) return
    const uri = input.value
    connect.disabled = true
    wallet
      .pair(uri)
      .then(() => {
        input.value = ""
      })
      // The wallet has already put the failure into its notices.
      .catch(() => undefined)
      .finally(() => {
        connect.disabled = false
      })
  })

  const lists = element("div", { className: "lists" })
  const log = element("ol", { className: "log" })
  log.setAttribute("aria-live", "polite")
  const logSection = element(
    "section",
    { className: "log-section" },
    element("h2", { text: "Activity" }),
    log
  )
  root.replaceChildren(header, accounts, status, form, lists, logSection)

  /** Failures of button actions are in the wallet's notices; only keep them off the console. */
  const act = (action: () => Promise<unknown>) => () => void action().catch(() => undefined)

  const proposalItem = (wallet: WcWallet, proposal: PendingProposal) =>
    element(
      "li",
      { className: "card" },
      element("h3", { text: proposal.dapp.name }),
      details([
        ["Site", proposal.dapp.url],
        ...(proposal.dapp.description === "" ? [] : [["Description", proposal.dapp.description] as const]),
        ["Asks for", proposal.requestedChains.join(", ") || "(no chains)"],
        [
          "Grants",
          proposal.namespaces === undefined
            ? (proposal.problem ?? "nothing")
            : Object.values(proposal.namespaces)
                .flatMap((namespace) => namespace.accounts)
                .join("\n")
        ],
        ...messageRows("Sign-in message", proposal.signIn),
        ["Verify", proposal.validation]
      ]),
      element(
        "div",
        { className: "actions" },
        button(
          "Reject",
          "secondary",
          act(() => wallet.rejectProposal(proposal.id)),
          `Reject ${proposal.dapp.name}`
        ),
        ...(proposal.namespaces === undefined
          ? []
          : [
              button(
                "Approve",
                "primary",
                act(() => wallet.approveProposal(proposal.id)),
                `Approve ${proposal.dapp.name}`
              )
            ])
      )
    )

  const signInItem = (wallet: WcWallet, request: PendingSignIn) =>
    element(
      "li",
      { className: "card" },
      element("h3", { text: request.dapp.name }),
      details([
        ["Site", request.dapp.url],
        ...(request.dapp.description === "" ? [] : [["Description", request.dapp.description] as const]),
        ["Signs in to", `${request.domain} (${request.uri})`],
        ["Asks for", request.requestedChains.join(", ") || "(no chains)"],
        ...(request.problem === undefined
          ? ([
              ["Grants", request.accounts.join("\n")],
              [
                "Methods",
                request.methods.length === 0
                  ? "none asked for: signs in without a session"
                  : request.methods.join(", ")
              ]
            ] as const)
          : ([["Problem", request.problem]] as const)),
        ...messageRows("Message", request.messages),
        ["Verify", request.validation],
        ["Expires", new Date(request.expiry * 1000).toISOString()]
      ]),
      element(
        "div",
        { className: "actions" },
        button(
          "Reject",
          "secondary",
          act(() => wallet.rejectSignIn(request.id)),
          `Reject sign-in ${request.dapp.name}`
        ),
        ...(request.problem === undefined
          ? [
              button(
                "Approve",
                "primary",
                act(() => wallet.approveSignIn(request.id)),
                `Approve sign-in ${request.dapp.name}`
              )
            ]
          : [])
      )
    )

  const requestItem = (wallet: WcWallet, request: PendingRequest) =>
    element(
      "li",
      { className: "card" },
      element("h3", { text: request.method }),
      details([["From", request.dapp], ["Chain", request.chainId], ...request.preview]),
      element(
        "div",
        { className: "actions" },
        button(
          "Reject",
          "secondary",
          act(() => wallet.rejectRequest(request.id)),
          `Reject ${request.method}`
        ),
        button(
          "Approve",
          "primary",
          act(() => wallet.approveRequest(request.id)),
          `Approve ${request.method}`
        )
      )
    )

  const sessionItem = (wallet: WcWallet, session: SessionInfo) =>
    element(
      "li",
      { className: "card" },
      element("h3", { text: session.dapp.name }),
      details([
        ["Site", session.dapp.url],
        ["Accounts", session.accounts.join("\n")],
        ["Expires", new Date(session.expiry * 1000).toISOString()]
      ]),
      element(
        "div",
        { className: "actions" },
        button(
          "Disconnect",
          "secondary",
          act(() => wallet.disconnect(session.topic)),
          `Disconnect ${session.dapp.name}`
        )
      )
    )

  const render = () => {
    if (wallet === undefined) return
    accounts.replaceChildren(
      details([
        ["EVM account", wallet.evmAddress],
        ["Solana account", wallet.solanaAddress],
        ["Bitcoin account", wallet.bitcoinAddress],
        ["Mode", wallet.mode()]
      ])
    )
    lists.replaceChildren(
      section(
        "Session proposals",
        "proposals-title",
        "No dapp is asking to connect.",
        wallet.proposals().map((proposal) => proposalItem(wallet, proposal))
      ),
      section(
        "Sign-in requests",
        "sign-ins-title",
        "No dapp is asking to sign in.",
        wallet.signIns().map((request) => signInItem(wallet, request))
      ),
      section(
        "Requests",
        "requests-title",
        "No request is waiting.",
        wallet.requests().map((request) => requestItem(wallet, request))
      ),
      section(
        "Sessions",
        "sessions-title",
        "No session.",
        wallet.sessions().map((session) => sessionItem(wallet, session))
      )
    )
    log.replaceChildren(
      ...wallet.notices().map((entry) => element("li", { className: entry.level, text: entry.text }))
    )
  }

  if (wallet !== undefined) {
    status.textContent = "Starting WalletKit…"
    wallet.subscribe(render)
    wallet.ready.then(
      () => {
        status.textContent = `Ready. ${wallet.sessions().length} session(s) restored.`
        render()
      },
      () => {
        status.textContent = "WalletKit did not start; see the activity log."
      }
    )
    render()
  }

  return {
    fatal: (message) => {
      status.textContent = message
      status.classList.add("error")
      form.hidden = true
    }
  }
}
