import { type FormEvent, useId, useState } from "react"
import { useController } from "../modal/context"
import { useStore } from "../modal/useStore"

/** The address the login is for, while it is underway. */
const loginEmail = (state: { readonly _tag: string; readonly email?: string | undefined }) =>
  state.email ?? "your email address"

/** A new device: the visitor approves it from the link mailed to them; the frame notices by itself. */
export const EmailVerifyDeviceView = () => {
  const controller = useController()
  const state = useStore(controller.embedded.login)
  return (
    <div className="connecting">
      <p className="connecting-title" aria-live="polite">
        Approve this device
      </p>
      <p className="connecting-text">
        We sent a link to {loginEmail(state)}. Open it to approve logging in from this browser; this screen
        moves on by itself.
      </p>
      <span className="spinner" role="progressbar" aria-label="Waiting for the approval" />
    </div>
  )
}

/** The one-time code mailed to the visitor; a wrong one says so and waits for another. */
export const EmailVerifyOtpView = () => {
  const controller = useController()
  const state = useStore(controller.embedded.login)
  const inputId = useId()
  const hintId = useId()
  const [code, setCode] = useState("")
  const [problem, setProblem] = useState<string | undefined>(undefined)
  const verifying = state._tag === "Verifying"
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (verifying) return
    if (!/^\d{6}$/.test(code.trim())) return setProblem("Enter the 6-digit code")
    void controller.embedded.submitCode(code).then((result) => {
      if (result._tag === "Failure") setProblem(result.error.message)
    })
  }
  return (
    <form className="connecting field" onSubmit={onSubmit} noValidate>
      <p className="connecting-text">Enter the code we sent to {loginEmail(state)}.</p>
      <label className="label" htmlFor={inputId}>
        Code
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
      <button type="submit" className="button" disabled={verifying} aria-busy={verifying}>
        {verifying ? "Verifying…" : "Continue"}
      </button>
    </form>
  )
}
