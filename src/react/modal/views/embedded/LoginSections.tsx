/**
 * The Connect view's email and social login, one chunk loaded when the view first shows them (issue 14):
 * the email's first step (the flow shows the device approval or the code next) and the social buttons.
 */
import * as Schema from "effect/Schema"
import { type FormEvent, useId, useState } from "react"
import type { AirlockError } from "../../../../errors"
import { Email } from "../../../../schemas/Email"
import type { SocialOption } from "../../../../schemas/Primitives"
import type { LoginPopup } from "../../../../services/AuthConnector"
import type { Result } from "../../bridge/run"
import { useController } from "../../element/context"
import { presentFailure } from "../../element/failure"

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

/** An email address to send a code to: checked, then `submit`, whose failure shows under the field. */
export const EmailForm = ({
  label,
  className,
  submit
}: {
  readonly label: string
  readonly className: string
  readonly submit: (email: string) => Promise<Result<void, AirlockError>>
}) => {
  const inputId = useId()
  const hintId = useId()
  const [email, setEmail] = useState("")
  const [problem, setProblem] = useState<string | undefined>(undefined)
  const [sending, setSending] = useState(false)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (sending) return
    if (!isEmail(email.trim())) return setProblem("Enter a valid email address")
    setSending(true)
    void submit(email).then((result) => {
      setSending(false)
      setProblem(result._tag === "Success" ? undefined : presentFailure(result).message)
    })
  }
  return (
    <form className={className} onSubmit={onSubmit} noValidate>
      <label className="label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="input"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        value={email}
        aria-invalid={problem !== undefined}
        aria-describedby={hintId}
        onChange={(event) => {
          setEmail(event.target.value)
          setProblem(undefined)
        }}
      />
      <p className="hint" id={hintId} aria-live="polite">
        {problem ?? ""}
      </p>
      <button type="submit" className="button" disabled={sending} aria-busy={sending}>
        {sending ? "Sending…" : "Continue"}
      </button>
    </form>
  )
}

/** The email login's first step. */
export const EmailSection = () => {
  const controller = useController()
  return <EmailForm label="Email" className="section field" submit={controller.embedded.submitEmail} />
}

/** The social providers the host offers, the first one full width. */
export const SocialSection = () => {
  const controller = useController()
  const { socials: offered } = controller.config.features
  const socials = offered === false ? [] : offered
  return (
    <div className="section socials">
      {socials.map((social, index) => (
        <button
          key={social}
          type="button"
          className="row"
          aria-label={`Continue with ${SOCIAL_LABELS[social]}`}
          // The sign-in window opens in this click; what follows is the flow's to show.
          onClick={() =>
            void (social === "farcaster"
              ? controller.embedded.loginWithFarcaster()
              : controller.embedded.loginWithSocial(social, openLoginPopup()))
          }
        >
          {index === 0 ? `Continue with ${SOCIAL_LABELS[social]}` : SOCIAL_LABELS[social]}
        </button>
      ))}
    </div>
  )
}
