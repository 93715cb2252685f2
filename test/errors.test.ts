import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import {
  AccountMismatchError,
  AdapterNotFoundError,
  type AirlockError,
  AuthenticationSetupError,
  BalanceUnavailableError,
  BatchError,
  BatchStoppedError,
  BitcoinError,
  BitcoinWalletError,
  CaipNetworkOrAddressUndefinedError,
  CaipNetworkUndefinedError,
  ChainDisconnectedError,
  ChainMismatchError,
  ChainNotAddedError,
  ChainNotConfiguredError,
  ChainNotSupportedError,
  ConnectionReconnectingError,
  ConnectorAlreadyConnectedError,
  ConnectorNotConnectedError,
  ConnectorNotFoundError,
  ContestedWalletError,
  EmailLoginCooldownError,
  EmailLoginDependencyLoadError,
  FrameLoadError,
  FrameRequestError,
  FrameTimeoutError,
  GasPriceNetworkUnsupportedError,
  HistoryFetchError,
  InternalWalletError,
  InvalidAppConfigurationError,
  type InvalidAppConfigurationReason,
  LegalConsentRequiredError,
  LocaleUnavailableError,
  MethodNotAllowedError,
  NameLookupError,
  NetworkNotFoundError,
  PayFailedError,
  PayFeatureOffError,
  ProjectIdMissingError,
  ProviderRequestError,
  RequestAbortedError,
  RequestPendingError,
  ReviewChangedError,
  SchemaDecodeError,
  ServiceUnavailableError,
  SessionExpiredError,
  SignatureDeclinedError,
  SmartSessionError,
  SmartSessionsOffError,
  SocialLoginPopupError,
  SwapFailedError,
  SwapNetworkUnsupportedError,
  TransactionMismatchError,
  TransactionWaitTimeoutError,
  UnauthorizedWalletError,
  UnknownWalletError,
  UnsupportedMethodError,
  UserRejectedRequestError,
  ViewUnavailableError,
  WalletConnectConnectorNotFoundError,
  WalletDisconnectedError
} from "../src/errors"
import { fromServerResponse } from "../src/layers/provider/serverResponse"
import type { Catalog } from "../src/messages/compiled/catalog"
import { catalog as de } from "../src/messages/compiled/de"
import { errorMessagesWords } from "../src/messages/compiled/en/errorMessages"
import { errorsWords } from "../src/messages/compiled/en/errors"
import { frameErrorsWords } from "../src/messages/compiled/en/frameErrors"
import { payWords } from "../src/messages/compiled/en/pay"
import { swapErrorsWords } from "../src/messages/compiled/en/swapErrors"
import { viewsWords } from "../src/messages/compiled/en/views"
import { type Presentation, present } from "../src/presentation"

interface Case {
  readonly error: AirlockError
  /** The class's own `message`. */
  readonly message: string
  readonly shown: Pick<Presentation, "kind" | "message" | "delayMs">
}

const alert = (message: string) => ({ kind: "alert", message, delayMs: 0 }) as const
const toast = (message: string, delayMs = 0) => ({ kind: "toast", message, delayMs }) as const
const wallet = { code: 1, message: "Wallet said so", cause: null }

/**
 * One or more rows per `_tag`, typed so that a new member of `AirlockError` without a row fails typecheck.
 * Texts are copied from SPEC.md §8, not imported, so a changed text fails here.
 */
const cases: { readonly [Tag in AirlockError["_tag"]]: ReadonlyArray<Case> } = {
  NetworkNotFoundError: [
    {
      error: new NetworkNotFoundError({ chainId: 137 }),
      message: "Network Not Found",
      shown: alert("Network Not Found")
    }
  ],
  InvalidAppConfigurationError: (
    [
      "origin-not-allowed",
      "domain-unverified",
      "invalid-project-id",
      "analytics-forbidden",
      "forbidden"
    ] satisfies ReadonlyArray<InvalidAppConfigurationReason>
  ).map((reason) => ({
    error: new InvalidAppConfigurationError({ reason }),
    message: "Invalid App Configuration",
    shown: alert("Invalid App Configuration")
  })),
  FrameLoadError: [
    {
      error: new FrameLoadError({}),
      message: "Network Error - Could not load embedded wallet",
      shown: alert("Network Error - Could not load embedded wallet")
    }
  ],
  FrameTimeoutError: [
    {
      error: new FrameTimeoutError({ request: "CONNECT_EMAIL", timeoutMs: 30_000 }),
      message: "Embedded Wallet Request Timed Out",
      shown: alert("Embedded Wallet Request Timed Out")
    }
  ],
  SessionExpiredError: [
    { error: new SessionExpiredError({}), message: "Session Expired", shown: alert("Session Expired") }
  ],
  ProjectIdMissingError: [
    {
      error: new ProjectIdMissingError({ message: "Project ID Not Configured" }),
      message: "Project ID Not Configured",
      shown: alert("Project ID Not Configured")
    }
  ],
  BalanceUnavailableError: [
    {
      error: new BalanceUnavailableError({ chainId: 1 }),
      message: "Token Balance Unavailable",
      shown: toast("Token Balance Unavailable")
    }
  ],
  HistoryFetchError: [
    {
      error: new HistoryFetchError({}),
      message: "Failed to fetch transactions",
      shown: toast("Failed to fetch transactions")
    }
  ],
  SignatureDeclinedError: [
    {
      error: new SignatureDeclinedError({}),
      message: "Signature declined",
      shown: toast("Signature declined")
    },
    {
      error: new SignatureDeclinedError({ smartAccount: false }),
      message: "Signature declined",
      shown: toast("Signature declined")
    },
    {
      error: new SignatureDeclinedError({ smartAccount: true }),
      message: "This application might not support Smart Accounts",
      shown: toast("This application might not support Smart Accounts")
    }
  ],
  AuthenticationSetupError: [
    {
      error: new AuthenticationSetupError({}),
      message: "A problem occurred while trying initialize authentication",
      shown: toast("A problem occurred while trying initialize authentication")
    }
  ],
  MethodNotAllowedError: [
    {
      error: new MethodNotAllowedError({ method: "eth_sign" }),
      message: "Requested RPC call is not allowed",
      shown: toast("Action not allowed", 300)
    }
  ],
  EmailLoginDependencyLoadError: [
    {
      error: new EmailLoginDependencyLoadError({}),
      message: "Unable to load email login dependency",
      shown: toast("Unable to load email login dependency")
    }
  ],
  EmailLoginCooldownError: [
    {
      error: new EmailLoginCooldownError({ seconds: 12 }),
      message: "Please try again after 12 seconds",
      shown: toast("Please try again after 12 seconds")
    }
  ],
  SocialLoginPopupError: [
    {
      error: new SocialLoginPopupError({}),
      message: "Allow pop-ups for this site to continue",
      shown: toast("Allow pop-ups for this site to continue")
    }
  ],
  // The frame's own words are kept as the error's message (for logs and the dapp) and never shown: the
  // visitor reads the product's sentence for its reason (test/embedded/frameReasons.test.ts).
  FrameRequestError: [
    {
      error: new FrameRequestError({}),
      message: "An error occurred",
      shown: toast("Something went wrong. Try again.")
    },
    {
      error: new FrameRequestError({ reason: "wrong-code", frameMessage: "wrong code" }),
      message: "wrong code",
      shown: toast("That code is not right. Check the email and try again.")
    },
    {
      error: new FrameRequestError({ reason: "unknown", frameMessage: "Invalid OTP" }),
      message: "Invalid OTP",
      shown: toast("Something went wrong. Try again.")
    },
    {
      error: new FrameRequestError({ frameMessage: 42 }),
      message: "An error occurred",
      shown: toast("Something went wrong. Try again.")
    }
  ],
  RequestAbortedError: [
    {
      error: new RequestAbortedError({ source: "rpc" }),
      message: "Request was aborted",
      shown: toast("Request was aborted")
    },
    {
      error: new RequestAbortedError({ source: "other" }),
      message: "Something went wrong",
      shown: toast("Something went wrong")
    }
  ],
  ChainNotSupportedError: [
    {
      error: new ChainNotSupportedError({ chainId: "eip155:10" }),
      message: "Chain is not supported",
      shown: toast("Chain is not supported")
    }
  ],
  SwapNetworkUnsupportedError: [
    {
      error: new SwapNetworkUnsupportedError({}),
      message: "Network not supported for Swaps",
      shown: toast("Network not supported for Swaps", 150)
    }
  ],
  GasPriceNetworkUnsupportedError: [
    {
      error: new GasPriceNetworkUnsupportedError({}),
      message: "Network not supported for Gas Price",
      shown: toast("Network not supported for Gas Price", 150)
    }
  ],
  SwapFailedError: [
    {
      error: new SwapFailedError({ reason: "no-route" }),
      message: "Swap failed: no-route",
      shown: toast("No route between these tokens: choose another pair", 150)
    },
    {
      error: new SwapFailedError({ reason: "liquidity" }),
      message: "Swap failed: liquidity",
      shown: toast("Not enough liquidity for this amount: try a smaller one", 150)
    },
    {
      error: new SwapFailedError({ reason: "reverted" }),
      message: "Swap failed: reverted",
      shown: toast(
        "The swap reverted: the price moved beyond your slippage tolerance. Nothing was swapped",
        150
      )
    }
  ],
  TransactionWaitTimeoutError: [
    {
      error: new TransactionWaitTimeoutError({ hash: "0xabc", timeoutMs: 180_000 }),
      message: "Timed out while waiting for the transaction to be confirmed",
      shown: toast("Timed out while waiting for the transaction to be confirmed")
    }
  ],
  ServiceUnavailableError: [
    {
      error: new ServiceUnavailableError({ status: 503 }),
      message: "Service temporarily unavailable",
      shown: toast("Service temporarily unavailable")
    }
  ],
  ProviderRequestError: [
    {
      error: new ProviderRequestError({ reason: "status", endpoint: "/getWallets", status: 500 }),
      message: "Network request failed",
      shown: toast("Network request failed. Try again later.")
    },
    {
      error: new ProviderRequestError({ reason: "timeout", endpoint: "/v1/identity/0xabc" }),
      message: "Network request failed",
      shown: toast("Network request failed. Try again later.")
    }
  ],
  AdapterNotFoundError: [
    { error: new AdapterNotFoundError({}), message: "Adapter not found", shown: toast("Adapter not found") }
  ],
  CaipNetworkUndefinedError: [
    {
      error: new CaipNetworkUndefinedError({}),
      message: "CaipNetwork is undefined",
      shown: toast("CaipNetwork is undefined")
    }
  ],
  CaipNetworkOrAddressUndefinedError: [
    {
      error: new CaipNetworkOrAddressUndefinedError({}),
      message: "CaipNetwork or CaipAddress is undefined",
      shown: toast("CaipNetwork or CaipAddress is undefined")
    }
  ],
  WalletConnectConnectorNotFoundError: [
    {
      error: new WalletConnectConnectorNotFoundError({}),
      message: "WalletConnectConnector not found",
      shown: toast("WalletConnectConnector not found")
    }
  ],
  ChainNotConfiguredError: [
    {
      error: new ChainNotConfiguredError({}),
      message: "Chain not configured.",
      shown: toast("Chain not configured.")
    }
  ],
  ConnectorNotConnectedError: [
    {
      error: new ConnectorNotConnectedError({}),
      message: "Connector not connected.",
      shown: toast("Connector not connected.")
    }
  ],
  ConnectorNotFoundError: [
    {
      error: new ConnectorNotFoundError({ connectorId: "eip6963:gone" }),
      message: "Connector not found",
      shown: toast("Connector not found")
    }
  ],
  ConnectorAlreadyConnectedError: [
    {
      error: new ConnectorAlreadyConnectedError({}),
      message: "Connector already connected.",
      shown: toast("Connector already connected.")
    }
  ],
  ChainMismatchError: [
    {
      error: new ChainMismatchError({ expectedChainId: 1, actualChainId: 137 }),
      message: "Chain mismatch: expected chain 1, wallet is on chain 137",
      shown: toast("Chain mismatch: expected chain 1, wallet is on chain 137")
    },
    {
      error: new ChainMismatchError({ expectedChainId: "eip155:1", actualChainId: undefined }),
      message: "Chain mismatch: expected chain eip155:1, wallet is on no chain",
      shown: toast("Chain mismatch: expected chain eip155:1, wallet is on no chain")
    }
  ],
  AccountMismatchError: [
    {
      error: new AccountMismatchError({ expected: "0xaa", requested: "0xbb" }),
      message: "Account mismatch: the request is not from the connected account",
      shown: toast("Account mismatch: the request is not from the connected account")
    }
  ],
  TransactionMismatchError: [
    {
      error: new TransactionMismatchError({ hash: "0xabc", fields: ["to", "value"] }),
      message: "Transaction mismatch: the wallet answered with another transaction",
      shown: toast("Transaction mismatch: the wallet answered with another transaction")
    }
  ],
  ReviewChangedError: [
    {
      error: new ReviewChangedError({ change: "network", reviewed: "eip155:31337", active: "eip155:31338" }),
      message: "Review changed: network eip155:31337 is now eip155:31338",
      shown: toast("The network changed")
    },
    {
      error: new ReviewChangedError({ change: "account", reviewed: "0xa", active: undefined }),
      message: "Review changed: account 0xa is now none",
      shown: toast("The account changed")
    }
  ],
  ConnectionReconnectingError: [
    {
      error: new ConnectionReconnectingError({}),
      message: "unavailable while reconnecting",
      shown: toast("unavailable while reconnecting")
    }
  ],
  ContestedWalletError: [
    {
      error: new ContestedWalletError({ walletName: "Sandbox Wallet", during: "restore" }),
      message: "Another wallet on this page also claims to be Sandbox Wallet",
      shown: alert("Possible impersonation")
    },
    {
      error: new ContestedWalletError({ walletName: "Sandbox Wallet", during: "connection" }),
      message: "Another wallet on this page also claims to be Sandbox Wallet",
      shown: alert("Possible impersonation")
    }
  ],
  LegalConsentRequiredError: [
    {
      error: new LegalConsentRequiredError({}),
      message: "Agree to the terms to connect",
      shown: toast("Agree to the terms to connect")
    }
  ],
  LocaleUnavailableError: [
    {
      error: new LocaleUnavailableError({ locale: "ja" }),
      message: "The language could not be loaded",
      shown: toast("The language could not be loaded")
    }
  ],
  NameLookupError: [
    {
      error: new NameLookupError({ reason: "Name is already registered" }),
      message: "Name is already registered",
      shown: toast("Name is already registered")
    },
    { error: new NameLookupError({}), message: "Name lookup failed", shown: toast("Name lookup failed") }
  ],
  // A view opened by name that cannot show now, in the words of the catalogue's rows beside it.
  ViewUnavailableError: (
    [
      ["WalletSend", "disabled", "Send is not enabled"],
      ["Swap", "disabled", "Swap is not enabled"],
      ["OnRampProviders", "disabled", "Buy is not enabled"],
      ["WalletReceive", "disabled", "Receive is not enabled"],
      ["AllWallets", "disabled", "All Wallets is not enabled"],
      ["WalletSend", "network", "Network not supported for Send"],
      ["OnRampProviders", "network", "Network not supported for Buy"],
      ["RegisterAccountName", "network", "Network not supported for Names"],
      ["OnRampProviders", "region", "Buy is not available in your region"],
      ["RegisterAccountName", "named", "This account already has a name"],
      ["SIWXSignMessage", "not-started", "No sign-in is waiting"],
      ["ConnectingSiwe", "not-started", "No sign-in is waiting"],
      ["EmailVerifyOtp", "not-started", "No login is waiting"],
      ["ConnectingFarcaster", "not-started", "No login is waiting"],
      ["RegisterAccountNameSuccess", "not-started", "No name was registered"],
      ["ConnectingExternal", "no-wallet", "Choose a wallet first"],
      ["UpdateEmail", "not-embedded", "Only an email or social login has an email to update"],
      ["UnsupportedChain", "supported-network", "Your network is supported"]
    ] as const
  ).map(([view, reason, message]) => ({
    error: new ViewUnavailableError({ view, reason }),
    message,
    shown: toast(message)
  })),
  SmartSessionsOffError: [
    {
      error: new SmartSessionsOffError({}),
      message: "Smart sessions are off (features.smartSessions)",
      shown: toast("Smart sessions are not turned on in this app.")
    }
  ],
  SmartSessionError: (
    [
      ["invalid-request", "The app's permissions request is not valid."],
      ["declined", "You declined the permissions."],
      ["unsupported", "This wallet cannot grant permissions."],
      ["refused", "The wallet refused these permissions."],
      ["invalid-answer", "The wallet's answer could not be read."],
      ["revoke-failed", "The session could not be revoked. Try again."]
    ] as const
  ).map(([reason, sentence]) => ({
    error: new SmartSessionError({ reason }),
    message: `Smart session failed: ${reason}`,
    shown: toast(sentence)
  })),
  SchemaDecodeError: [
    {
      error: new SchemaDecodeError({
        subject: "balances",
        message: "balances: [0].address: Expected string"
      }),
      message: "balances: [0].address: Expected string",
      // The message quotes the data: the visitor sees the catalogue's words only.
      shown: toast("Something went wrong")
    }
  ],
  UserRejectedRequestError: [
    {
      error: new UserRejectedRequestError(wallet),
      message: wallet.message,
      shown: toast("Request rejected in wallet")
    }
  ],
  UnauthorizedWalletError: [
    {
      error: new UnauthorizedWalletError(wallet),
      message: wallet.message,
      shown: toast("Not authorized by the wallet")
    }
  ],
  UnsupportedMethodError: [
    {
      error: new UnsupportedMethodError(wallet),
      message: wallet.message,
      shown: toast("The wallet does not support this request")
    }
  ],
  WalletDisconnectedError: [
    {
      error: new WalletDisconnectedError(wallet),
      message: wallet.message,
      shown: toast("Wallet disconnected")
    }
  ],
  ChainDisconnectedError: [
    {
      error: new ChainDisconnectedError(wallet),
      message: wallet.message,
      shown: toast("Wallet is not connected to this network")
    }
  ],
  ChainNotAddedError: [
    {
      error: new ChainNotAddedError(wallet),
      message: wallet.message,
      shown: toast("Network not added to wallet")
    }
  ],
  RequestPendingError: [
    {
      error: new RequestPendingError(wallet),
      message: wallet.message,
      shown: toast("Open your wallet to continue")
    }
  ],
  InternalWalletError: [
    {
      error: new InternalWalletError(wallet),
      message: wallet.message,
      shown: toast("The wallet ran into an error. Try again.")
    }
  ],
  UnknownWalletError: [
    // The wallet's own text stays in `message` for logs; the visitor sees the catalogue's words.
    {
      error: new UnknownWalletError(wallet),
      message: wallet.message,
      shown: toast("The wallet ran into an error. Try again.")
    }
  ],
  PayFeatureOffError: [
    { error: new PayFeatureOffError({}), message: "Pay is not enabled", shown: toast("Pay is not enabled") }
  ],
  PayFailedError: [
    {
      error: new PayFailedError({ reason: "declined" }),
      message: "Payment failed: declined",
      shown: toast("You declined the payment in your wallet")
    },
    {
      error: new PayFailedError({ reason: "insufficient-balance" }),
      message: "Payment failed: insufficient-balance",
      shown: toast("Not enough balance to pay")
    },
    {
      error: new PayFailedError({ reason: "unsupported-asset" }),
      message: "Payment failed: unsupported-asset",
      shown: toast("This asset cannot be paid here")
    },
    {
      error: new PayFailedError({ reason: "expired" }),
      message: "Payment failed: expired",
      shown: toast("The payment expired before it arrived")
    }
  ],
  BatchError: (
    [
      [
        "atomicity-required",
        "This app asks for all of its calls at once, and this wallet can only send them one by one."
      ],
      ["unknown-batch", "No batch is known under this id."]
    ] as const
  ).map(([reason, sentence]) => ({
    error: new BatchError({ reason }),
    message: `Batch refused: ${reason}`,
    shown: toast(sentence)
  })),
  BatchStoppedError: [
    {
      error: new BatchStoppedError({ at: 2, total: 3, landed: 1 }),
      message: "Batch stopped at call 2 of 3",
      shown: toast("Stopped at call 2 of 3")
    }
  ],
  BitcoinWalletError: [
    {
      error: new BitcoinWalletError({ reason: "bad-address", method: "getAccountAddresses" }),
      message: "The Bitcoin wallet's getAccountAddresses: bad-address",
      shown: toast("The wallet gave an address that is not a Bitcoin address of this network")
    },
    {
      error: new BitcoinWalletError({ reason: "no-answer", method: "getAccountAddresses" }),
      message: "The Bitcoin wallet's getAccountAddresses: no-answer",
      shown: toast("The wallet did not answer in time")
    }
  ],
  BitcoinError: [
    {
      error: new BitcoinError({ failure: { _tag: "OtherTransaction" } }),
      message: "Bitcoin request refused: OtherTransaction",
      shown: toast("The wallet signed a different transaction from the one you approved. Nothing was sent.")
    },
    {
      error: new BitcoinError({
        failure: { _tag: "InsufficientFunds", needed: 100_141n, fee: 141n, available: 50_000n }
      }),
      message: "Bitcoin request refused: InsufficientFunds",
      shown: toast(
        "Not enough bitcoin: this needs 0.00100141 BTC with its network fee of 0.00000141 BTC, and the account holds 0.0005 BTC."
      )
    },
    {
      error: new BitcoinError({
        failure: { _tag: "BroadcastRefused", code: "bad-txns-inputs-missingorspent" }
      }),
      message: "Bitcoin request refused: BroadcastRefused",
      shown: toast("The network refused the transaction: bad-txns-inputs-missingorspent")
    }
  ]
}

const allCases = Object.values(cases).flat()

describe("present: the SPEC.md §8 catalogue", () => {
  for (const { error, message, shown } of allCases) {
    it(`${error._tag}: ${shown.kind} '${shown.message}' after ${shown.delayMs} ms`, () => {
      const presentation = present(error)
      assert.strictEqual(presentation.kind, shown.kind)
      assert.strictEqual(presentation.message, shown.message)
      assert.strictEqual(presentation.delayMs, shown.delayMs)
      assert.strictEqual(error.message, message)
    })
  }

  it("a value outside the union (a bug) shows its bounded message or a generic toast, whatever its tag", () => {
    const outside = (value: object) => present(value as never)
    for (const tag of ["constructor", "__proto__", "toString", "hasOwnProperty", "NoSuchError", 42]) {
      assert.deepStrictEqual(outside({ _tag: tag }), {
        kind: "toast",
        message: "Something went wrong",
        delayMs: 0,
        variant: "error"
      })
    }
    assert.strictEqual(outside({ _tag: "constructor", message: "Readable" }).message, "Readable")
    assert.strictEqual(
      outside({ _tag: "NoSuchError", message: "x".repeat(10_000) }).message,
      "Something went wrong"
    )
  })

  it("names each class after its _tag (<Subject><Problem>Error)", () => {
    for (const { error } of allCases) {
      assert.strictEqual(Object.getPrototypeOf(error).constructor.name, error._tag)
      assert.match(error._tag, /^[A-Z][A-Za-z]+Error$/)
      assert.instanceOf(error, Error)
    }
  })

  it("alerts are errors and carry a description", () => {
    for (const { error } of allCases) {
      const presentation = present(error)
      if (presentation.kind === "alert") {
        assert.strictEqual(presentation.variant, "error")
        assert.isString(presentation.description)
      }
    }
  })

  it("Session Expired tells the visitor to check the device's time settings and reconnect", () => {
    const { description } = present(new SessionExpiredError({}))
    assert.match(description ?? "", /time settings/i)
    assert.match(description ?? "", /reconnect/i)
  })

  it("Invalid App Configuration explains each reason differently where it matters", () => {
    const descriptionOf = (reason: InvalidAppConfigurationReason) =>
      present(new InvalidAppConfigurationError({ reason })).description
    assert.match(descriptionOf("origin-not-allowed") ?? "", /allow list/)
    assert.match(descriptionOf("invalid-project-id") ?? "", /project ID/)
    assert.match(descriptionOf("domain-unverified") ?? "", /verif/)
  })

  it("the balance error says when a retry is allowed (30 s)", () => {
    assert.strictEqual(new BalanceUnavailableError({}).retryAfterMs, 30_000)
  })

  it("keeps context fields and the cause", () => {
    const cause = new Error("boom")
    const error = new ChainMismatchError({ expectedChainId: 1, actualChainId: 10, cause })
    assert.strictEqual(error.expectedChainId, 1)
    assert.strictEqual(error.actualChainId, 10)
    assert.strictEqual(error.cause, cause)
    assert.strictEqual(new MethodNotAllowedError({ method: "eth_sign" }).method, "eth_sign")
  })

  it("user rejection and pending requests are informational, not errors", () => {
    assert.strictEqual(present(new UserRejectedRequestError(wallet)).variant, "info")
    assert.strictEqual(present(new RequestPendingError(wallet)).variant, "info")
  })
})

describe("present in a locale's catalog", () => {
  it("takes the catalog's words: German for every error of the catalogue, kind and delay unchanged", () => {
    for (const { error } of allCases) {
      const english = present(error)
      const german = present(error, de)
      assert.strictEqual(german.kind, english.kind, error._tag)
      assert.strictEqual(german.delayMs, english.delayMs, error._tag)
      assert.strictEqual(german.variant, english.variant, error._tag)
      assert.strictEqual(german.description === undefined, english.description === undefined, error._tag)
    }
    assert.strictEqual(
      present(new MethodNotAllowedError({ method: "eth_sign" }), de).message,
      "Aktion nicht erlaubt"
    )
    assert.strictEqual(
      present(new EmailLoginCooldownError({ seconds: 1 }), de).message,
      "Bitte versuchen Sie es in 1 Sekunde erneut"
    )
    assert.strictEqual(present(new AdapterNotFoundError({}), de).message, "Adapter nicht gefunden")
    assert.strictEqual(
      present(new FrameRequestError({ reason: "wrong-code" }), de).message,
      "Der Code ist nicht richtig. Prüfen Sie die E-Mail und versuchen Sie es erneut."
    )
    assert.strictEqual(
      present(new SwapFailedError({ reason: "expired" }), de).message,
      de.swapErrors.expired()
    )
    assert.strictEqual(present(new PayFeatureOffError({}), de).message, "Bezahlen ist nicht aktiviert")
    assert.strictEqual(
      present(new PayFailedError({ reason: "declined" }), de).message,
      "Sie haben die Zahlung in Ihrer Wallet abgelehnt"
    )
    assert.strictEqual(
      present(new ViewUnavailableError({ view: "OnRampProviders", reason: "region" }), de).message,
      "Kaufen ist in Ihrer Region nicht verfügbar"
    )
    const contested = present(
      new ContestedWalletError({ walletName: "Sandbox Wallet", during: "restore" }),
      de
    )
    assert.include(contested.description ?? "", "Sandbox Wallet")
    // A server's own reason is its text, in any language.
    assert.strictEqual(present(new NameLookupError({ reason: "Name is taken" }), de).message, "Name is taken")
  })

  it("English's catalog through the catalog path reads exactly as English (errorMessages are the classes' texts)", () => {
    const english = {
      errors: errorsWords,
      errorMessages: errorMessagesWords,
      frameErrors: frameErrorsWords,
      swapErrors: swapErrorsWords,
      views: viewsWords,
      pay: payWords
    } as unknown as Catalog
    for (const { error } of allCases)
      assert.deepStrictEqual(present(error, english), present(error), error._tag)
  })
})

interface ServerRow {
  readonly name: string
  readonly status: number
  readonly body: unknown
  readonly tag: AirlockError["_tag"] | undefined
  readonly reason?: InvalidAppConfigurationReason
  readonly message?: string
}

const throwingBody = new Proxy(
  {},
  {
    get: () => {
      throw new Error("trap")
    }
  }
)

const serverRows: ReadonlyArray<ServerRow> = [
  {
    name: "origin not allowed in { message }",
    status: 401,
    body: { message: "Unauthorized: origin not allowed" },
    tag: "InvalidAppConfigurationError",
    reason: "origin-not-allowed"
  },
  {
    name: "origin not allowed as a text body",
    status: 401,
    body: "Unauthorized: origin not allowed",
    tag: "InvalidAppConfigurationError",
    reason: "origin-not-allowed"
  },
  {
    name: "invalid key in { error }",
    status: 401,
    body: { error: "Unauthorized: invalid key" },
    tag: "InvalidAppConfigurationError",
    reason: "invalid-project-id"
  },
  {
    name: "invalid key in a JSON-RPC envelope with HTTP 200",
    status: 200,
    body: { jsonrpc: "2.0", id: 1, error: { code: -32000, message: "Unauthorized: invalid key" } },
    tag: "InvalidAppConfigurationError",
    reason: "invalid-project-id"
  },
  {
    name: "JWT not yet valid",
    status: 400,
    body: { message: "JWT validation error: JWT Token is not yet valid" },
    tag: "SessionExpiredError"
  },
  {
    name: "JWT not yet valid as JSON text",
    status: 401,
    body: JSON.stringify({ error: "JWT validation error: JWT Token is not yet valid" }),
    tag: "SessionExpiredError"
  },
  {
    name: "403 without a named message",
    status: 403,
    body: {},
    tag: "InvalidAppConfigurationError",
    reason: "forbidden"
  },
  {
    name: "403 with the origin message keeps the specific reason",
    status: 403,
    body: { message: "Unauthorized: origin not allowed" },
    tag: "InvalidAppConfigurationError",
    reason: "origin-not-allowed"
  },
  { name: "503", status: 503, body: "Service Unavailable", tag: "ServiceUnavailableError" },
  {
    name: "name lookup: first reason description",
    status: 400,
    body: { reasons: [{ description: "Name is already taken" }, { description: "second" }] },
    tag: "NameLookupError",
    message: "Name is already taken"
  },
  {
    name: "name lookup: reasons in a JSON text body",
    status: 404,
    body: JSON.stringify({ reasons: [{ description: "Name not found" }] }),
    tag: "NameLookupError",
    message: "Name not found"
  },
  { name: "name lookup: empty reasons", status: 400, body: { reasons: [] }, tag: undefined },
  { name: "500 with nothing named", status: 500, body: { message: "boom" }, tag: undefined },
  { name: "200 success", status: 200, body: { balances: [] }, tag: undefined },
  { name: "null body", status: 404, body: null, tag: undefined },
  { name: "throwing Proxy body", status: 401, body: throwingBody, tag: undefined },
  {
    name: "throwing Proxy body with 403",
    status: 403,
    body: throwingBody,
    tag: "InvalidAppConfigurationError"
  },
  { name: "malformed JSON text", status: 400, body: '{"reasons": [', tag: undefined },
  {
    name: "huge body with the message first",
    status: 401,
    body: `Unauthorized: invalid key${" ".repeat(5_000_000)}`,
    tag: "InvalidAppConfigurationError",
    reason: "invalid-project-id"
  }
]

describe("fromServerResponse", () => {
  for (const row of serverRows) {
    it(row.name, () => {
      const error = fromServerResponse(row.status, row.body)
      assert.strictEqual(error?._tag, row.tag)
      if (row.reason !== undefined && error?._tag === "InvalidAppConfigurationError") {
        assert.strictEqual(error.reason, row.reason)
      }
      if (row.message !== undefined) assert.strictEqual(error?.message, row.message)
    })
  }

  it("keeps the status", () => {
    const error = fromServerResponse(403, "")
    assert.strictEqual(error?._tag === "InvalidAppConfigurationError" ? error.status : undefined, 403)
  })

  it("never throws on 1000 random statuses and bodies, and each result can be presented", () => {
    const body = fc.oneof(
      fc.anything({ withBigInt: true, withNullPrototype: true, withBoxedValues: true, withMap: true }),
      fc.json(),
      fc.record({ message: fc.anything() }, { requiredKeys: [] }),
      fc.record({ error: fc.oneof(fc.string(), fc.record({ message: fc.anything() })) }),
      fc.record({ reasons: fc.array(fc.record({ description: fc.anything() }, { requiredKeys: [] })) }),
      fc.constantFrom(
        "Unauthorized: origin not allowed",
        "Unauthorized: invalid key",
        "JWT validation error: JWT Token is not yet valid"
      )
    )
    const status = fc.oneof(
      fc.constantFrom(200, 400, 401, 403, 404, 429, 500, 503),
      fc.integer(),
      fc.double()
    )
    fc.assert(
      fc.property(status, body, (s, b) => {
        const error = fromServerResponse(s, b)
        if (error !== undefined) {
          const presentation = present(error)
          assert.isTrue(presentation.message.length > 0 && presentation.message.length <= 500)
        }
      }),
      { numRuns: 1000 }
    )
  })
})
