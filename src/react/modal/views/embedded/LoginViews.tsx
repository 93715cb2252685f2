import { type FormEvent, useId, useState } from "react"
import type { AirlockError } from "../../../../errors"
import { loginWords } from "../../../../messages/compiled/en/login"
import { present } from "../../../../presentation"
import type { SocialLoginState } from "../../../../services/AuthConnector"
import type { Result } from "../../bridge/run"
import { useController } from "../../element/context"
import { presentFailure } from "../../element/failure"
import { useStore } from "../../element/useStore"
import { useLocale, useWords } from "../../element/useWords"
import { QrCode } from "../walletconnect/QrCode"
import { EmailForm, openLoginPopup, SOCIAL_LABELS } from "./LoginSections"

type LoginWords = typeof loginWords

/** The address the login is for, while it is underway. */
const loginEmail = (state: { readonly _tag: string; readonly email?: string | undefined }) => state.email

/** Where the code went: "Enter the code we sent to …", in words. */
const codeSentTo = (t: LoginWords, email: string | undefined): string =>
  email === undefined ? t.codeSentToYourEmail() : t.codeSentTo({ email })

/** A six-digit code mailed to the address `sentTo` says; a wrong one says so and waits for another. */
const CodeForm = ({
  sentTo,
  submit
}: {
  readonly sentTo: string
  readonly submit: (code: string) => Promise<Result<void, AirlockError>>
}) => {
  const { catalog } = useLocale()
  const t = useWords("login", loginWords)
  const inputId = useId()
  const hintId = useId()
  const [code, setCode] = useState("")
  const [problem, setProblem] = useState<string | undefined>(undefined)
  const [sending, setSending] = useState(false)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (sending) return
    if (!/^\d{6}$/.test(code.trim())) return setProblem(t.invalidCode())
    setSending(true)
    void submit(code).then((result) => {
      setSending(false)
      setCode("")
      if (result._tag !== "Success") setProblem(presentFailure(result, catalog).message)
    })
  }
  return (
    <form className="connecting field" onSubmit={onSubmit} noValidate>
      <p className="connecting-text">{sentTo}</p>
      <label className="label" htmlFor={inputId}>
        {t.code()}
      </label>
      <input
        id={inputId}
        className="input"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        value={code}
        aria-invalid={problem !== undefined}
        aria-describedby={hintId}
        onChange={(event) => {
          setCode(event.target.value)
          setProblem(undefined)
        }}
      />
      <p className="hint" id={hintId} aria-live="polite">
        {problem ?? ""}
      </p>
      <button type="submit" className="button" disabled={sending} aria-busy={sending}>
        {t.continue()}
      </button>
    </form>
  )
}

/** A new device: the visitor approves it from the link mailed to them; the frame notices by itself. */
export const EmailVerifyDeviceView = () => {
  const controller = useController()
  const t = useWords("login", loginWords)
  const email = loginEmail(useStore(controller.embedded.login))
  return (
    <div className="connecting">
      <p className="connecting-title" aria-live="polite">
        {t.approveDevice()}
      </p>
      <p className="connecting-text">
        {email === undefined ? t.deviceLinkSentToYourEmail() : t.deviceLinkSentTo({ email })}
      </p>
      <span className="spinner" role="progressbar" aria-label={t.waitingApproval()} />
    </div>
  )
}

/** The one-time code mailed to the visitor; a wrong one says so and waits for another. */
export const EmailVerifyOtpView = () => {
  const controller = useController()
  const t = useWords("login", loginWords)
  const email = loginEmail(useStore(controller.embedded.login))
  return <CodeForm sentTo={codeSentTo(t, email)} submit={controller.embedded.submitCode} />
}

/** A failed social or Farcaster login: why, in the catalogue's words, and Try again. */
const LoginFailed = ({
  state,
  retry
}: {
  readonly state: Extract<SocialLoginState, { _tag: "Failed" }>
  readonly retry: () => void
}) => {
  const { catalog } = useLocale()
  const t = useWords("login", loginWords)
  return (
    <div className="connecting">
      <p className="connecting-title" role="alert">
        {present(state.error, catalog).message}
      </p>
      <button type="button" className="button" onClick={retry}>
        {t.tryAgain()}
      </button>
    </div>
  )
}

/** The provider's page is open in its own window; the visitor signs in there. */
export const ConnectingSocialView = () => {
  const controller = useController()
  const t = useWords("login", loginWords)
  const state = useStore(controller.embedded.social)
  if (state._tag === "Failed" && state.provider !== "farcaster") {
    const { provider } = state
    return (
      <LoginFailed
        state={state}
        retry={() => void controller.embedded.loginWithSocial(provider, openLoginPopup())}
      />
    )
  }
  const provider = state._tag === "Popup" || state._tag === "Connecting" ? state.provider : undefined
  const name = provider === undefined ? undefined : SOCIAL_LABELS[provider]
  return (
    <div className="connecting">
      <p className="connecting-title" aria-live="polite">
        {state._tag === "Connecting"
          ? t.signingIn()
          : name === undefined
            ? t.continueInWindowUnknown()
            : t.continueInWindow({ provider: name })}
      </p>
      <span
        className="spinner"
        role="progressbar"
        aria-label={name === undefined ? t.waitingForUnknown() : t.waitingFor({ provider: name })}
      />
    </div>
  )
}

/** The Farcaster link, as a QR code to scan and a link to open; the visitor approves it there. */
export const ConnectingFarcasterView = () => {
  const controller = useController()
  const t = useWords("login", loginWords)
  const state = useStore(controller.embedded.social)
  if (state._tag === "Failed" && state.provider === "farcaster")
    return <LoginFailed state={state} retry={() => void controller.embedded.loginWithFarcaster()} />
  const url = state._tag === "Farcaster" ? state.url : undefined
  return (
    <div className="connecting">
      <p className="connecting-title" aria-live="polite">
        {state._tag === "Connecting" ? t.signingIn() : t.scanOrOpen()}
      </p>
      {url === undefined ? (
        <span className="spinner" role="progressbar" aria-label={t.preparingFarcaster()} />
      ) : (
        <>
          <QrCode value={url} label={t.farcasterQr()} />
          <a className="button" href={url} target="_blank" rel="noopener noreferrer">
            {t.openFarcaster()}
          </a>
        </>
      )}
    </div>
  )
}

/**
 * Changing the account's email (SPEC.md §4): the new address, then a code mailed to the current one, then
 * a code mailed to the new one.
 */
export const UpdateEmailView = () => {
  const controller = useController()
  const t = useWords("login", loginWords)
  const update = useStore(controller.embedded.update)
  const [started, setStarted] = useState(false)
  if (started && update._tag === "PrimaryCode")
    return (
      <CodeForm
        key="primary"
        sentTo={t.codeSentToCurrentEmail()}
        submit={controller.embedded.submitUpdateCode}
      />
    )
  if (started && update._tag === "SecondaryCode")
    return (
      <CodeForm
        key="secondary"
        sentTo={codeSentTo(t, update.email)}
        submit={controller.embedded.submitUpdateCode}
      />
    )
  if (started && update._tag === "Updated")
    return (
      <div className="connecting">
        <p className="connecting-title" aria-live="polite">
          {t.emailUpdated({ email: update.email })}
        </p>
        <button type="button" className="button" onClick={() => void controller.goBack()}>
          {t.done()}
        </button>
      </div>
    )
  return (
    <EmailForm
      label={t.newEmail()}
      className="connecting field"
      submit={(email) =>
        controller.embedded.updateEmail(email).then((result) => {
          if (result._tag === "Success") setStarted(true)
          return result
        })
      }
    />
  )
}
