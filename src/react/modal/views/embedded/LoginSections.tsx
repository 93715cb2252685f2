/**
 * The Connect view's email and social login, one chunk loaded when the view first shows them (issue 14):
 * the email's first step (the flow shows the device approval or the code next) and the social buttons.
 */
import * as Schema from "effect/Schema"
import { type FormEvent, useId, useState } from "react"
import type { AirlockError } from "../../../../errors"
import { loginWords } from "../../../../messages/compiled/en/login"
import { Email } from "../../../../schemas/Email"
import type { SocialOption } from "../../../../schemas/Primitives"
import type { LoginPopup } from "../../../../services/AuthConnector"
import type { Result } from "../../bridge/run"
import { useController } from "../../element/context"
import { presentFailure } from "../../element/failure"
import { useLocale, useWords } from "../../element/useWords"
import { ArrowIcon, MailIcon } from "../../ui/actionIcons"
import { SocialMark } from "./socialMarks"

const isEmail = Schema.is(Email)

export const SOCIAL_LABELS: Record<SocialOption, string> = {
  google: "Google",
  x: "X",
  discord: "Discord",
  farcaster: "Farcaster",
  github: "GitHub",
  apple: "Apple",
  facebook: "Facebook"
}

/** A centred window for a social sign-in; `undefined` when the browser blocked it. */
export const openLoginPopup = (): LoginPopup | undefined => {
  const width = 480
  const height = 640
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2)
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2)
  const popup = window.open(
    "",
    "airlock-social-login",
    `popup,width=${width},height=${height},left=${left},top=${top}`
  )
  if (popup === null) return undefined
  return {
    window: popup,
    isClosed: () => popup.closed,
    navigate: (url) => popup.location.replace(url),
    close: () => popup.close()
  }
}

/**
 * An email address to send a code to: checked, then `submit`, whose failure shows under the field. `inline`
 * draws it as Connect does: the label for assistive technology only, and Continue as an arrow in the field.
 */
export const EmailForm = ({
  label,
  className,
  submit,
  inline = false
}: {
  readonly label: string
  readonly className: string
  readonly submit: (email: string) => Promise<Result<void, AirlockError>>
  readonly inline?: boolean
}) => {
  const { catalog } = useLocale()
  const t = useWords("login", loginWords)
  const inputId = useId()
  const hintId = useId()
  const [email, setEmail] = useState("")
  const [problem, setProblem] = useState<string | undefined>(undefined)
  const [sending, setSending] = useState(false)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (sending) return
    if (!isEmail(email.trim())) return setProblem(t.invalidEmail())
    setSending(true)
    void submit(email).then((result) => {
      setSending(false)
      setProblem(result._tag === "Success" ? undefined : presentFailure(result, catalog).message)
    })
  }
  const input = (
    <input
      id={inputId}
      className="input"
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder={inline ? label : t.emailPlaceholder()}
      value={email}
      aria-invalid={problem !== undefined}
      aria-describedby={hintId}
      onChange={(event) => {
        setEmail(event.target.value)
        setProblem(undefined)
      }}
    />
  )
  const hint = (
    <p className="hint" id={hintId} aria-live="polite">
      {problem ?? ""}
    </p>
  )
  if (inline)
    return (
      <form className={`${className} email-inline`} onSubmit={onSubmit} noValidate>
        <label className="visually-hidden" htmlFor={inputId}>
          {label}
        </label>
        <div className="email-field">
          <MailIcon />
          {input}
          <button
            type="submit"
            className="icon-button email-submit"
            aria-label={sending ? t.sending() : t.continue()}
            disabled={sending}
            aria-busy={sending}
          >
            <ArrowIcon />
          </button>
        </div>
        {problem === undefined ? null : hint}
      </form>
    )
  return (
    <form className={className} onSubmit={onSubmit} noValidate>
      <label className="label" htmlFor={inputId}>
        {label}
      </label>
      {input}
      {hint}
      <button type="submit" className="button" disabled={sending} aria-busy={sending}>
        {sending ? t.sending() : t.continue()}
      </button>
    </form>
  )
}

/** The email login's first step. */
export const EmailSection = () => {
  const controller = useController()
  const t = useWords("login", loginWords)
  return (
    <EmailForm label={t.email()} className="section field" submit={controller.embedded.submitEmail} inline />
  )
}

/**
 * The social providers the host offers: the first as a wide "Continue with …" button, the others as one
 * row of icon buttons, each named "Continue with …".
 */
export const SocialSection = () => {
  const controller = useController()
  const t = useWords("login", loginWords)
  const { socials: offered } = controller.config.features
  const [first, ...others] = offered === false ? [] : offered
  // The sign-in window opens in this click; what follows is the flow's to show.
  const login = (social: SocialOption) =>
    void (social === "farcaster"
      ? controller.embedded.loginWithFarcaster()
      : controller.embedded.loginWithSocial(social, openLoginPopup()))
  if (first === undefined) return null
  return (
    <div className="section socials">
      <button type="button" className="row social-wide" onClick={() => login(first)}>
        <SocialMark social={first} />
        {t.continueWith({ provider: SOCIAL_LABELS[first] })}
      </button>
      {others.length === 0 ? null : (
        <div className="social-icons">
          {others.map((social) => (
            <button
              key={social}
              type="button"
              className="row social-icon"
              aria-label={t.continueWith({ provider: SOCIAL_LABELS[social] })}
              title={SOCIAL_LABELS[social]}
              onClick={() => login(social)}
            >
              <SocialMark social={social} />
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
