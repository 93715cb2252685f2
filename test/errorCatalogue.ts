// The error catalogue's rows (SPEC.md §8), whole: the features' rows beside the core's, one or more per `_tag`.
import {
  AccountMismatchError,
  type AirlockError,
  BatchError,
  BatchStoppedError,
  BitcoinError,
  BitcoinWalletError,
  ChainDisconnectedError,
  ChainMismatchError,
  ChainNotAddedError,
  ConnectionReconnectingError,
  ContestedWalletError,
  InternalWalletError,
  LegalConsentRequiredError,
  LocaleUnavailableError,
  NameLookupError,
  PayFailedError,
  PayFeatureOffError,
  RequestPendingError,
  ReviewChangedError,
  SchemaDecodeError,
  SmartSessionError,
  SmartSessionsOffError,
  TransactionMismatchError,
  UnauthorizedWalletError,
  UnknownWalletError,
  UnsupportedMethodError,
  UserRejectedRequestError,
  ViewUnavailableError,
  WalletDisconnectedError
} from "../src/errors"
import { alert, type Case, type CatalogueRows, coreRows, toast, wallet } from "./errorCatalogueCore"

/** The features' errors: requests, connection, names, views, sessions, decoding, wallets, pay, batches, Bitcoin. */
const featureRows = {
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
} satisfies CatalogueRows

/**
 * One or more rows per `_tag`, typed so that a new member of `AirlockError` without a row fails typecheck.
 * Texts are copied from SPEC.md §8, not imported, so a changed text fails here.
 */
const cases: { readonly [Tag in AirlockError["_tag"]]: ReadonlyArray<Case> } = {
  ...coreRows,
  ...featureRows
}

export const allCases = Object.values(cases).flat()
