/** How the API names native ether in a CAIP-10 address (`eip155:31337:0xeeee…`). */
export declare const NATIVE_TOKEN_ADDRESS: "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"
/** `build-approve`'s gas limit (a number, as the real API sends it). */
export declare const APPROVE_GAS: number
/** `build-transaction`'s gas limit (sent as a string). */
export declare const SWAP_GAS: number
/** A built swap's deadline, seconds after the later of the clock and the chain's last block. */
export declare const SWAP_DEADLINE_SECONDS: number
/** Addresses one `POST /v1/fungible/price` may ask for. */
export declare const MAX_PRICE_ADDRESSES: number
