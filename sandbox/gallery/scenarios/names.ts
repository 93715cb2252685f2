/**
 * RegisterAccountName and its success: the name being checked, free, taken with suggestions, a problem
 * with what was typed, the names the account has, the registration failed, and the name registered.
 */
import { NameLookupError } from "../../../src/errors"
import type { NamesState } from "../../../src/services/Names"
import { LONG_NAME } from "../fixtures"
import { binding } from "../flowFixtures"
import { connectedAs, family } from "../scenario"

const namesIn = (
  names: NamesState,
  view: "RegisterAccountName" | "RegisterAccountNameSuccess" = "RegisterAccountName"
) => ({
  view,
  connection: connectedAs(),
  names
})

const editing = (label: string, check: Extract<NamesState, { _tag: "Editing" }>["check"], more = {}) =>
  namesIn({ _tag: "Editing", label, check, binding, ...more })

export const namesScenarios = family("RegisterAccountName", {
  checking: {
    title: "Checking whether the name is free",
    world: editing("alice", { _tag: "Checking" })
  },
  free: {
    title: "A long name, free, and the names the account has",
    world: editing(
      "the-very-long-account-name-of-a-collector",
      { _tag: "Free", name: LONG_NAME },
      { owned: ["alice.reown.id", LONG_NAME] }
    )
  },
  taken: {
    title: "Taken, with suggestions",
    world: editing("alice", {
      _tag: "Taken",
      name: "alice.reown.id",
      suggestions: ["alice1.reown.id", "alice-wallet.reown.id", "the-real-alice.reown.id"]
    })
  },
  problem: {
    title: "Characters a name may not have",
    world: editing("Alice Smith!", { _tag: "None" }, { problem: "characters" })
  },
  failed: {
    title: "The registration failed",
    world: namesIn({
      _tag: "Failed",
      label: "alice",
      binding,
      error: new NameLookupError({ name: "alice.reown.id", status: 503 })
    })
  }
})

export const nameSuccessScenarios = family("RegisterAccountNameSuccess", {
  registered: {
    title: "A long name registered",
    world: namesIn({ _tag: "Registered", name: LONG_NAME }, "RegisterAccountNameSuccess")
  }
})
