/** What `POST /v1/generators/onrampurl` answers (503) when the API has no `onrampProviderUrl`. */
export declare const NO_PROVIDER_MESSAGE: string
export declare const MAX_DESTINATION_WALLETS: number
export declare const MAX_WALLET_BLOCKCHAINS: number
export declare const MAX_WALLET_ASSETS: number
export declare const MAX_PARTNER_USER_ID: number
