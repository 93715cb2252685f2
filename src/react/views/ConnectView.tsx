import * as Schema from "effect/Schema"
import { type FormEvent, useId, useState } from "react"
import { type ConnectMethod, connectMethodsOrder } from "../../internal/connectMethods"
import { isTouchDevice } from "../../internal/device"
import { Email, type SocialOption } from "../../schemas/Primitives"
import { useController } from "../modal/context"
import { useStore } from "../modal/useStore"
import { WalletList } from "./WalletList"

const isEmail = Schema.is(Email)

const SOCIAL_LABELS: Record<SocialOption, string> = {
  google: "Google",
  x: "X",
  discord: "Discord",
  farcaster: "Farcaster",
  github: "GitHub",
  apple: "Apple",
  facebook: "Facebook"
}

/** Told honestly until the embedded wallet lands: the form validates but cannot sign in yet. */
const EMBEDDED_WALLET_PENDING = {
  kind: "toast",
  variant: "info",
  message: "Email and social login are not available in this build",
  delayMs: 0
} as const

const EmailSection = () => {
  const controller = useController()
  const inputId = useId()
  const hintId = useId()
  const [email, setEmail] = useState("")
  const [invalid, setInvalid] = useState(false)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const valid = isEmail(email.trim())
    setInvalid(!valid)
    if (valid) void controller.notify(EMBEDDED_WALLET_PENDING)
  }
  return (
    <form className="section field" onSubmit={onSubmit} noValidate>
      <label className="label" htmlFor={inputId}>
        Email
      </label>
      <input
        id={inputId}
        className="input"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        value={email}
        aria-invalid={invalid}
        aria-describedby={hintId}
        onChange={(event) => {
          setEmail(event.target.value)
          if (invalid) setInvalid(false)
        }}
      />
      <p className="hint" id={hintId} aria-live="polite">
        {invalid ? "Enter a valid email address" : ""}
      </p>
      <button type="submit" className="button">
        Continue
      </button>
    </form>
  )
}

const SocialSection = ({ socials }: { readonly socials: ReadonlyArray<SocialOption> }) => {
  const controller = useController()
  return (
    <div className="section socials">
      {socials.map((social, index) => (
        <button
          key={social}
          type="button"
          className="row"
          aria-label={`Continue with ${SOCIAL_LABELS[social]}`}
          onClick={() => void controller.notify(EMBEDDED_WALLET_PENDING)}
        >
          {index === 0 ? `Continue with ${SOCIAL_LABELS[social]}` : SOCIAL_LABELS[social]}
        </button>
      ))}
    </div>
  )
}

const WalletSection = () => {
  const controller = useController()
  const { features, allWallets } = controller.config
  const showAll =
    features.allWallets && (allWallets === "SHOW" || (allWallets === "ONLY_MOBILE" && isTouchDevice()))
  return (
    <div className="section">
      <h3 className="visually-hidden">Wallets</h3>
      <WalletList />
      {showAll ? (
        <button type="button" className="row" onClick={() => void controller.push("AllWallets")}>
          <span className="name">All Wallets</span>
        </button>
      ) : null}
    </div>
  )
}

/** The three ways in (SPEC.md §2), in the order the host or the wallets present decide. */
export const ConnectView = () => {
  const { config, connectors } = useController()
  const hasBrowserWallet = useStore(connectors).length > 0
  const socials = config.features.socials === false ? [] : config.features.socials
  const methods = connectMethodsOrder({
    configured: config.features.connectMethodsOrder,
    hasBrowserWallet,
    emailEnabled: config.features.email,
    socialsEnabled: socials.length > 0
  })
  const render = (method: ConnectMethod) => {
    switch (method) {
      case "email":
        return <EmailSection key={method} />
      case "social":
        return <SocialSection key={method} socials={socials} />
      case "wallet":
        return <WalletSection key={method} />
    }
  }
  return (
    <div>
      {methods.map((method, index) => (
        <div key={method}>
          {index > 0 ? (
            <div className="divider" aria-hidden="true">
              or
            </div>
          ) : null}
          {render(method)}
        </div>
      ))}
    </div>
  )
}
