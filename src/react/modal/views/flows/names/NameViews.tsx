import { useId } from "react"
import { NAME_SUFFIX } from "../../../../../layers/flows/names/accountNames"
import type { NameProblem } from "../../../../../services/Names"
import { useController } from "../../../element/context"
import { useViewStyles } from "../../../element/styleSheets"
import { useStore } from "../../../element/useStore"
import { approveCss } from "../../requests/approveStyles"
import { FieldProblem, FlowDone, FlowFailure, FlowForm, FlowLoading, ReviewChanged } from "../FlowStep"

const PROBLEMS: Record<NameProblem, string> = {
  empty: "Enter a name",
  short: "At least 4 characters",
  long: "At most 63 characters",
  characters: "Only letters, digits and hyphens",
  "hyphen-edge": "A name cannot start or end with a hyphen"
}

/** RegisterAccountName: a name under the provider's suffix, checked as typed, then signed and registered. */
export const RegisterAccountNameView = () => {
  useViewStyles(approveCss)
  const controller = useController()
  const state = useStore(controller.names.state)
  const ids = { name: useId(), help: useId() }
  if (state._tag === "Idle") return <FlowLoading label="Preparing" />
  if (state._tag === "Registering" || state._tag === "Registered")
    return (
      <p className="connecting-text" aria-live="polite">
        Sign the registration of {state.name} in your wallet
      </p>
    )
  const label = state.label
  const check = state._tag === "Editing" ? state.check : undefined
  const problem = state._tag === "Editing" ? state.problem : undefined
  return (
    <FlowForm
      onSubmit={() => void controller.names.register()}
      submit={{ label: "Register", disabled: check?._tag !== "Free" }}
    >
      <label htmlFor={ids.name}>Name ({NAME_SUFFIX})</label>
      <input
        id={ids.name}
        className="input"
        autoComplete="off"
        spellCheck={false}
        value={label}
        aria-invalid={problem !== undefined || check?._tag === "Taken"}
        aria-describedby={ids.help}
        onChange={(event) => void controller.names.edit(event.currentTarget.value)}
      />
      <div id={ids.help} aria-live="polite">
        {problem !== undefined ? (
          <FieldProblem>{PROBLEMS[problem]}</FieldProblem>
        ) : check?._tag === "Checking" ? (
          <p className="connecting-text">Checking…</p>
        ) : check?._tag === "Free" ? (
          <p className="connecting-text">{check.name} is available</p>
        ) : check?._tag === "Taken" ? (
          <p className="connecting-text" role="alert">
            {check.name} is taken
          </p>
        ) : check?._tag === "Failed" ? (
          <FlowFailure error={check.error} />
        ) : null}
      </div>
      {check?._tag === "Taken" && check.suggestions.length > 0 ? (
        <fieldset className="section">
          <legend>Suggested names</legend>
          {check.suggestions.map((suggestion) => (
            <button
              key={suggestion}
              type="button"
              className="row"
              onClick={() => void controller.names.edit(suggestion.slice(0, -NAME_SUFFIX.length))}
            >
              <span className="name">{suggestion}</span>
            </button>
          ))}
        </fieldset>
      ) : null}
      {state.owned === undefined || state.owned.length === 0 ? null : (
        <dl className="approve-details">
          <div>
            <dt>Names you have</dt>
            {state.owned.map((name) => (
              <dd key={name}>{name}</dd>
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
  return <FlowDone title={state._tag === "Registered" ? `${state.name} is yours` : "Name registered"} />
}
