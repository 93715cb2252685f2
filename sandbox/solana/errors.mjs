// The JSON-RPC error the chain answers with, and litesvm's transaction errors in Solana's own JSON form
// and texts (what a wallet shows when a transaction fails).

// litesvm's error enums (internal.d.ts), in their numeric order.
export const TRANSACTION_ERRORS =
  "AccountInUse AccountLoadedTwice AccountNotFound ProgramAccountNotFound InsufficientFundsForFee InvalidAccountForFee AlreadyProcessed BlockhashNotFound CallChainTooDeep MissingSignatureForFee InvalidAccountIndex SignatureFailure InvalidProgramForExecution SanitizeFailure ClusterMaintenance AccountBorrowOutstanding WouldExceedMaxBlockCostLimit UnsupportedVersion InvalidWritableAccount WouldExceedMaxAccountCostLimit WouldExceedAccountDataBlockLimit TooManyAccountLocks AddressLookupTableNotFound InvalidAddressLookupTableOwner InvalidAddressLookupTableData InvalidAddressLookupTableIndex InvalidRentPayingAccount WouldExceedMaxVoteCostLimit WouldExceedAccountDataTotalLimit MaxLoadedAccountsDataSizeExceeded ResanitizationNeeded InvalidLoadedAccountsDataSizeLimit UnbalancedTransaction ProgramCacheHitMaxLimit CommitCancelled".split(
    " "
  )
const INSTRUCTION_ERRORS =
  "GenericError InvalidArgument InvalidInstructionData InvalidAccountData AccountDataTooSmall InsufficientFunds IncorrectProgramId MissingRequiredSignature AccountAlreadyInitialized UninitializedAccount UnbalancedInstruction ModifiedProgramId ExternalAccountLamportSpend ExternalAccountDataModified ReadonlyLamportChange ReadonlyDataModified DuplicateAccountIndex ExecutableModified RentEpochModified NotEnoughAccountKeys AccountDataSizeChanged AccountNotExecutable AccountBorrowFailed AccountBorrowOutstanding DuplicateAccountOutOfSync InvalidError ExecutableDataModified ExecutableLamportChange ExecutableAccountNotRentExempt UnsupportedProgramId CallDepth MissingAccount ReentrancyNotAllowed MaxSeedLengthExceeded InvalidSeeds InvalidRealloc ComputationalBudgetExceeded PrivilegeEscalation ProgramEnvironmentSetupFailure ProgramFailedToComplete ProgramFailedToCompile Immutable IncorrectAuthority AccountNotRentExempt InvalidAccountOwner ArithmeticOverflow UnsupportedSysvar IllegalOwner MaxAccountsDataAllocationsExceeded MaxAccountsExceeded MaxInstructionTraceLengthExceeded BuiltinProgramsMustConsumeComputeUnits BorshIoError".split(
    " "
  )
/** Solana's texts for the errors a wallet meets most (the rest read as their name). */
/** @type {Readonly<Record<string, string>>} */
const ERROR_TEXTS = {
  AccountNotFound: "Attempt to debit an account but found no record of a prior credit.",
  AlreadyProcessed: "This transaction has already been processed",
  BlockhashNotFound: "Blockhash not found",
  InsufficientFundsForFee: "Insufficient funds for fee",
  SignatureFailure: "Transaction did not pass signature verification",
  InsufficientFundsForRent: "Transaction results in an account with insufficient funds for rent"
}

/** A JSON-RPC error answer: its code, message and optional data. */
export class RpcError extends Error {
  /**
   * @param {number} code
   * @param {string} message
   * @param {unknown} [data]
   */
  constructor(code, message, data) {
    super(message)
    this.code = code
    this.data = data
  }
}
export const invalidParams = (/** @type {string} */ text) => new RpcError(-32602, text)

/**
 * Solana's JSON form of a litesvm transaction error: `"BlockhashNotFound"`, `{ InstructionError: [0, …] }`.
 * @param {any} err litesvm's error: a number or one of its error classes.
 * @returns {unknown}
 */
export function transactionErrorJson(err) {
  if (typeof err === "number") return TRANSACTION_ERRORS[err] ?? `TransactionError${err}`
  const name = err?.constructor?.name ?? ""
  if (typeof err?.err === "function") {
    const inner = err.err()
    const detail =
      typeof inner === "number"
        ? (INSTRUCTION_ERRORS[inner] ?? `InstructionError${inner}`)
        : typeof inner?.code === "number"
          ? { Custom: inner.code }
          : { BorshIoError: String(inner?.msg ?? "") }
    return { InstructionError: [err.index, detail] }
  }
  if (name.includes("DuplicateInstruction")) return { DuplicateInstruction: err.index }
  if (name.includes("InsufficientFundsForRent"))
    return { InsufficientFundsForRent: { account_index: err.accountIndex } }
  if (name.includes("ProgramExecutionTemporarilyRestricted"))
    return { ProgramExecutionTemporarilyRestricted: { account_index: err.accountIndex } }
  return String(err)
}

/**
 * The text Solana gives a transaction error, e.g. "Error processing Instruction 0: custom program error: 0x1".
 * @param {any} json What {@link transactionErrorJson} answers.
 * @returns {string}
 */
export function transactionErrorText(json) {
  if (typeof json === "string") return ERROR_TEXTS[json] ?? json
  if (json?.InstructionError !== undefined) {
    const [index, detail] = json.InstructionError
    const what =
      typeof detail === "string"
        ? detail
        : detail.Custom !== undefined
          ? `custom program error: 0x${detail.Custom.toString(16)}`
          : `Failed to serialize or deserialize account data: ${detail.BorshIoError}`
    return `Error processing Instruction ${index}: ${what}`
  }
  if (json?.InsufficientFundsForRent !== undefined) return ERROR_TEXTS.InsufficientFundsForRent ?? ""
  return JSON.stringify(json)
}
