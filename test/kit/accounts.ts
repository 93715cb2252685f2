/**
 * The accounts every test speaks of, defined once. On EVM, the sandbox chain's anvil dev accounts (its
 * well-known mnemonic, EIP-55 spelling), which the chain funds; on Solana, fixed addresses of no one.
 */

/** Anvil dev account 0: the connected account of most tests. */
export const ALICE = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
/** Anvil dev account 1: a receiver, or a second account. */
export const BOB = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
/** Anvil dev account 2: a spender, or a third account. */
export const CAROL = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"

/** A Solana sender. */
export const SOLANA_ALICE = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"
/** A Solana receiver. */
export const SOLANA_BOB = "HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH"
/** A third Solana account (a wallet's, a session's). */
export const SOLANA_CAROL = "9C6hybhQ6Aycep9jaUnP6uL9ZYvDjUp1aSkFWPUFJtpj"

/** An EVM transaction hash. */
export const TX_HASH = `0x${"ab".repeat(32)}`

/** A Solana transaction signature. */
export const SOLANA_SIGNATURE =
  "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW"
/** A recent Solana blockhash. */
export const SOLANA_BLOCKHASH = "EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N"
