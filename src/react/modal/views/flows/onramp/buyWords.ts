/** The words of Buy's form: payment methods' names, the limits line and what is wrong with the form. */
import { formatFiat } from "../../../../../layers/format/format"
import type { BuyProblem } from "../../../../../services/Onramp"

const METHODS: Record<string, string> = { card: "Card", bank_account: "Bank account" }

/** A payment method's name ("Card"); the provider's code when it is not one of ours. */
export const methodName = (method: string): string => METHODS[method] ?? method

type Limit = { readonly min: number; readonly max: number }

const range = (limit: Limit, fiat: string) =>
  `from ${formatFiat(limit.min, fiat)} to ${formatFiat(limit.max, fiat)}`

/** Under the amount: what the chosen method takes ("Card: from $10.00 to $7,500.00"). */
export const limitsLine = (method: string, limit: Limit | undefined, fiat: string): string | undefined =>
  limit === undefined ? undefined : `${methodName(method)}: ${range(limit, fiat)}`

export const problemText = (problem: BuyProblem, limit: Limit | undefined, fiat: string): string => {
  switch (problem) {
    case "empty":
      return "Enter an amount"
    case "format":
      return "Enter an amount such as 50 or 49.99"
    case "below-min":
    case "above-max":
      return `This payment method takes amounts${limit === undefined ? "" : ` ${range(limit, fiat)}`}`
    case "method":
      return "This payment method is not offered for this currency"
    case "country":
      return "Choose your country"
    case "crypto":
      return "Choose what to buy"
  }
}

/** Which field a problem is shown under. */
export const problemField = (problem: BuyProblem): "amount" | "country" | "crypto" | "method" =>
  problem === "country" || problem === "crypto" || problem === "method" ? problem : "amount"
