// The error catalogue's rows (SPEC.md §8), first part: alerts, toasts, server and SDK-internal messages.
import {
  AdapterNotFoundError,
  type AirlockError,
  AuthenticationSetupError,
  BalanceUnavailableError,
  CaipNetworkOrAddressUndefinedError,
  CaipNetworkUndefinedError,
  ChainNotConfiguredError,
  ChainNotSupportedError,
  ConnectorAlreadyConnectedError,
  ConnectorNotConnectedError,
  ConnectorNotFoundError,
  EmailLoginCooldownError,
  EmailLoginDependencyLoadError,
  FrameLoadError,
  FrameRequestError,
  FrameTimeoutError,
  GasPriceNetworkUnsupportedError,
  HistoryFetchError,
  InvalidAppConfigurationError,
  type InvalidAppConfigurationReason,
  MethodNotAllowedError,
  NetworkNotFoundError,
  ProjectIdMissingError,
  ProviderRequestError,
  RequestAbortedError,
  ServiceUnavailableError,
  SessionExpiredError,
  SignatureDeclinedError,
  SocialLoginPopupError,
  SwapFailedError,
  SwapNetworkUnsupportedError,
  TransactionWaitTimeoutError,
  WalletConnectConnectorNotFoundError
} from "../src/errors"
import type { Presentation } from "../src/presentation"

export interface Case {
  readonly error: AirlockError
  /** The class's own `message`. */
  readonly message: string
  readonly shown: Pick<Presentation, "kind" | "message" | "delayMs">
}

/** Rows keyed by `_tag`: each helper holds some of the catalogue's tags, `errorCatalogue.ts` all of them. */
export type CatalogueRows = { readonly [Tag in AirlockError["_tag"]]?: ReadonlyArray<Case> }

export const alert = (message: string) => ({ kind: "alert", message, delayMs: 0 }) as const
export const toast = (message: string, delayMs = 0) => ({ kind: "toast", message, delayMs }) as const
export const wallet = { code: 1, message: "Wallet said so", cause: null }

/** The catalogue's alerts, toasts and server and SDK-internal messages (up to the connectors'). */
export const coreRows = {
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
  ]
} satisfies CatalogueRows
