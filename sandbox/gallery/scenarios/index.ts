/** Every scenario of the gallery, family by family, in the order the index lists them. */
import type { Scenario } from "../scenario"
import { accountScenarios } from "./account"
import { allWalletsScenarios } from "./allWallets"
import { connectScenarios } from "./connect"
import { networksScenarios, receiveScenarios, unsupportedChainScenarios } from "./networks"

export const scenarios: ReadonlyArray<Scenario> = [
  ...connectScenarios,
  ...allWalletsScenarios,
  ...accountScenarios,
  ...networksScenarios,
  ...unsupportedChainScenarios,
  ...receiveScenarios
]

/** The scenario `?view=…&state=…` names, if any. */
export const findScenario = (view: string | null, state: string | null): Scenario | undefined =>
  scenarios.find((scenario) => scenario.family === view && scenario.state === state)

/** The page's address for a scenario in a theme, relative to the gallery's folder. */
export const scenarioPath = (scenario: Pick<Scenario, "family" | "state">, theme: "light" | "dark") =>
  `gallery.html?${new URLSearchParams({ view: scenario.family, state: scenario.state, theme })}`
