/** Every scenario of the gallery, family by family, in the order the index lists them. */
import type { Scenario } from "../scenario"
import { accountScenarios } from "./account"
import { allWalletsScenarios } from "./allWallets"
import { approveScenarios } from "./approve"
import { batchScenarios, batchStatusScenarios } from "./batches"
import { bitcoinScenarios } from "./bitcoin"
import { buyScenarios } from "./buy"
import { connectScenarios } from "./connect"
import {
  connectingExternalScenarios,
  connectingWalletConnectBasicScenarios,
  connectingWalletConnectScenarios,
  whatIsAWalletScenarios
} from "./connecting"
import {
  deviceScenarios,
  emailScenarios,
  farcasterScenarios,
  socialScenarios,
  updateEmailScenarios
} from "./embedded"
import { nameSuccessScenarios, namesScenarios } from "./names"
import { networksScenarios, receiveScenarios, unsupportedChainScenarios } from "./networks"
import { payScenarios } from "./pay"
import { sendScenarios } from "./send"
import { grantScenarios, sessionsAccountScenarios } from "./sessions"
import { signInScenarios, siweScenarios } from "./signIn"
import { swapScenarios } from "./swap"

export const scenarios: ReadonlyArray<Scenario> = [
  ...connectScenarios,
  ...whatIsAWalletScenarios,
  ...allWalletsScenarios,
  ...connectingExternalScenarios,
  ...connectingWalletConnectScenarios,
  ...connectingWalletConnectBasicScenarios,
  ...emailScenarios,
  ...deviceScenarios,
  ...socialScenarios,
  ...farcasterScenarios,
  ...signInScenarios,
  ...siweScenarios,
  ...accountScenarios,
  ...networksScenarios,
  ...unsupportedChainScenarios,
  ...receiveScenarios,
  ...sendScenarios,
  ...swapScenarios,
  ...buyScenarios,
  ...namesScenarios,
  ...nameSuccessScenarios,
  ...updateEmailScenarios,
  ...approveScenarios,
  ...payScenarios,
  ...sessionsAccountScenarios,
  ...grantScenarios,
  ...batchScenarios,
  ...bitcoinScenarios,
  ...batchStatusScenarios
]

/** The scenario `?view=…&state=…` names, if any. */
export const findScenario = (view: string | null, state: string | null): Scenario | undefined =>
  scenarios.find((scenario) => scenario.family === view && scenario.state === state)

/** The page's address for a scenario in a theme, relative to the gallery's folder. */
export const scenarioPath = (scenario: Pick<Scenario, "family" | "state">, theme: "light" | "dark") =>
  `gallery.html?${new URLSearchParams({ view: scenario.family, state: scenario.state, theme })}`
