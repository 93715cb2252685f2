import { useId } from "react"
import { NAME_SUFFIX } from "../../../../../layers/flows/names/accountNames"
import { namesWords } from "../../../../../messages/compiled/en/names"
import type { NameProblem } from "../../../../../services/Names"
import { useController } from "../../../element/context"
import { useViewStyles } from "../../../element/styleSheets"
import { useStore } from "../../../element/useStore"
import { useWords } from "../../../element/useWords"
import { approveCss } from "../../requests/approveStyles"
import { FieldProblem, FlowDone, FlowFailure, FlowForm, FlowLoading, ReviewChanged } from "../FlowStep"

const problemText = (t: typeof namesWords, problem: NameProblem): string => {
  switch (problem) {
    case "empty":
      return t.problemEmpty()
    case "short":
      return t.problemShort()
    case "long":
      return t.problemLong()
    case "characters":
      return t.problemCharacters()
    case "hyphen-edge":
      return t.problemHyphenEdge()
  }
}

/** RegisterAccountName: a name under the provider's suffix, checked as typed, then signed and registered. */
export const RegisterAccountNameView = () => {
  useViewStyles(approveCss)
  const controller = useController()
  const state = useStore(controller.names.state)
  const ids = { name: useId(), help: useId() }
  const t = useWords("names", namesWords)
  if (state._tag === "Idle") return <FlowLoading label={t.preparing()} />
  if (state._tag === "Registering" || state._tag === "Registered")
    return (
      <p className="connecting-text" aria-live="polite">
        {t.signRegistration({ name: state.name })}
      </p>
    )
  const label = state.label
  const check = state._tag === "Editing" ? state.check : undefined
  const problem = state._tag === "Editing" ? state.problem : undefined
  return (
    <FlowForm
      onSubmit={() => void controller.names.register()}
      submit={{ label: t.register(), disabled: check?._tag !== "Free" }}
    >
      <label htmlFor={ids.name}>{t.nameLabel({ suffix: NAME_SUFFIX })}</label>
      <input
        id={ids.name}
        className="input"
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        value={label}
        aria-invalid={problem !== undefined || check?._tag === "Taken"}
        aria-describedby={ids.help}
        onChange={(event) => void controller.names.edit(event.currentTarget.value)}
      />
      <div id={ids.help} aria-live="polite">
        {problem !== undefined ? (
          <FieldProblem>{problemText(t, problem)}</FieldProblem>
        ) : check?._tag === "Checking" ? (
          <p className="connecting-text">{t.checking()}</p>
        ) : check?._tag === "Free" ? (
          <p className="connecting-text">{t.available({ name: check.name })}</p>
        ) : check?._tag === "Taken" ? (
          <p className="connecting-text" role="alert">
            {t.taken({ name: check.name })}
          </p>
        ) : check?._tag === "Failed" ? (
          <FlowFailure error={check.error} />
        ) : null}
      </div>
      {check?._tag === "Taken" && check.suggestions.length > 0 ? (
        <fieldset className="section">
          <legend>{t.suggested()}</legend>
          {check.suggestions.map((suggestion) => (
            <button
              key={suggestion}
              type="button"
              className="row"
              onClick={() => void controller.names.edit(suggestion.slice(0, -NAME_SUFFIX.length))}
            >
              <span className="name" dir="ltr">
                {suggestion}
              </span>
            </button>
          ))}
        </fieldset>
      ) : null}
      {state.owned === undefined || state.owned.length === 0 ? null : (
        <dl className="approve-details">
          <div>
            <dt>{t.owned()}</dt>
            {state.owned.map((name) => (
              <dd key={name} dir="ltr">
                {name}
              </dd>
            ))}
          </div>
        </dl>
      )}
      {state._tag === "Failed" ? <FlowFailure error={state.error} /> : null}
      <ReviewChanged change={state._tag === "Editing" ? state.reviewChanged : undefined} />
    </FlowForm>
  )
}

/** RegisterAccountNameSuccess: the name is the account's now. */
export const RegisterAccountNameSuccessView = () => {
  useViewStyles(approveCss)
  const state = useStore(useController().names.state)
  const t = useWords("names", namesWords)
  return <FlowDone title={state._tag === "Registered" ? t.yours({ name: state.name }) : t.registered()} />
}
