/**
 * One choice among a few, all in sight: native radio buttons (a radiogroup the arrow keys move through)
 * drawn as list rows (icon, title, subtitle, a tag) or as a segmented control. The chosen one is marked.
 */
import { type ReactNode, useId } from "react"

export interface Choice {
  readonly key: string
  readonly title: string
  readonly subtitle?: string | undefined
  /** A short figure beside the title (a provider's fees). */
  readonly tag?: string | undefined
  /** Decorative: the title names the choice. */
  readonly icon?: ReactNode
}

export const ChoiceGroup = ({
  legend,
  choices,
  selected,
  onChoose,
  layout
}: {
  readonly legend: string
  readonly choices: ReadonlyArray<Choice>
  readonly selected: string | undefined
  readonly onChoose: (key: string) => void
  readonly layout: "rows" | "segments"
}) => {
  const name = useId()
  return (
    <fieldset className="choices" data-layout={layout}>
      <legend className="choices-legend">{legend}</legend>
      <div className="choices-options">
        {choices.map((choice) => (
          <label
            key={choice.key}
            className={layout === "rows" ? "row list-item choice" : "choice choice-segment"}
          >
            <input
              type="radio"
              className="visually-hidden"
              name={name}
              value={choice.key}
              checked={choice.key === selected}
              onChange={() => onChoose(choice.key)}
            />
            {choice.icon}
            <span className="text">
              <span className="name">{choice.title}</span>
              {choice.subtitle === undefined ? null : <span className="sub">{choice.subtitle}</span>}
            </span>
            {choice.tag === undefined ? null : <span className="tag">{choice.tag}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
