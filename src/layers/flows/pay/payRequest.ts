/**
 * Pay's request rules (pure): which asset and network a CAIP-19 id names among the host's networks, the
 * amount by SPEC.md §5's decimal rule within the asset's decimals (`sendForm.parseAmount`, Send's rule), and
 * the recipient by the namespace's address rules (Send's `checkReceiver`, `checkSolanaReceiver`). Every
 * failure is a `PayFailedError` whose reason names the field.
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { PayFailedError, type PayFailureReason } from "../../../payErrors"
import type { CaipNetwork } from "../../../schemas/Network"
import { PayAmount, PayAssetId, PayNetworkId, PayRecipient } from "../../../schemas/PayRequest"
import type { PayNamespace } from "../../../services/Pay"
import { checkReceiver, parseAmount } from "../send/sendForm"
import { checkSolanaReceiver } from "../send/solanaTransfer"

/** A request whose asset, network and recipient are checked; the amount waits for the asset's decimals. */
export interface ParsedPay {
  readonly namespace: PayNamespace
  readonly network: CaipNetwork
  /** The CAIP-19 id, and the token it names (`native`: the network's coin). */
  readonly assetId: string
  readonly token: "native" | { readonly kind: "erc20" | "spl"; readonly address: string }
  readonly amountText: string
  readonly recipient: string
}

const fail = (reason: PayFailureReason, cause?: unknown) => Result.fail(new PayFailedError({ reason, cause }))

const field = (input: unknown, key: string): unknown =>
  typeof input === "object" && input !== null && Object.hasOwn(input, key)
    ? Reflect.get(input, key)
    : undefined

/** The token a CAIP-19 asset names on its namespace, or `undefined` when Pay does not move it. */
const tokenOf = (
  namespace: PayNamespace,
  kind: string,
  reference: string
): ParsedPay["token"] | undefined => {
  if (namespace === "eip155") {
    if (kind === "slip44") return reference === "60" ? "native" : undefined
    if (kind !== "erc20") return undefined
    const checked = checkReceiver(reference)
    return checked.ok ? { kind: "erc20", address: checked.address } : undefined
  }
  if (kind === "slip44") return reference === "501" ? "native" : undefined
  if (kind !== "token") return undefined
  const checked = checkSolanaReceiver(reference)
  return checked.ok ? { kind: "spl", address: checked.address } : undefined
}

/** Checks a host's request against the configured `networks`: the asset first, then the network, the recipient. */
export const parsePayRequest = (
  input: unknown,
  networks: ReadonlyArray<CaipNetwork>
): Result.Result<ParsedPay, PayFailedError> => {
  const asset = Schema.decodeUnknownResult(PayAssetId)(field(input, "asset"))
  if (Result.isFailure(asset)) return fail("unsupported-asset", asset.failure)
  const [chain = "", assetPart = ""] = asset.success.split("/")
  const [kind = "", reference = ""] = assetPart.split(":")
  const namespace: PayNamespace = chain.startsWith("solana:") ? "solana" : "eip155"
  const token = tokenOf(namespace, kind, reference)
  if (token === undefined) return fail("unsupported-asset")

  const requested = field(input, "network")
  if (requested !== undefined) {
    const decoded = Schema.decodeUnknownResult(PayNetworkId)(requested)
    if (Result.isFailure(decoded) || decoded.success !== chain) return fail("unsupported-network")
  }
  const network = networks.find((n) => n.caipNetworkId === chain && n.chainNamespace === namespace)
  if (network === undefined) return fail("unsupported-network")

  const amount = Schema.decodeUnknownResult(PayAmount)(field(input, "amount"))
  if (Result.isFailure(amount)) return fail("invalid-amount", amount.failure)

  const recipientText = Schema.decodeUnknownResult(PayRecipient)(field(input, "recipient"))
  if (Result.isFailure(recipientText)) return fail("invalid-recipient", recipientText.failure)
  const recipient =
    namespace === "eip155" ? checkReceiver(recipientText.success) : checkSolanaReceiver(recipientText.success)
  if (!recipient.ok) return fail("invalid-recipient")

  return Result.succeed({
    namespace,
    network,
    assetId: asset.success,
    token,
    amountText: String(amount.success),
    recipient: recipient.address
  })
}

/** The amount in the asset's smallest unit, by SPEC.md §5's rule, within `decimals`. */
export const payAmount = (text: string, decimals: number): Result.Result<bigint, PayFailedError> => {
  const parsed = parseAmount(text, decimals)
  return parsed.ok ? Result.succeed(parsed.amount) : fail("invalid-amount", parsed.problem)
}
