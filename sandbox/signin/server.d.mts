import type { IncomingMessage, ServerResponse } from "node:http"

/** An EVM chain the server verifies sign-ins on, and where it reads contract accounts' signatures. */
export interface SignInServerChain {
  readonly chainId: number
  readonly rpcUrl: string
}

export interface SignInServer {
  /** Answers `/auth/<name>`; false for any other path. */
  readonly handle: (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<boolean>
}

export declare function makeSignInServer(options: {
  readonly chains: ReadonlyArray<SignInServerChain>
  readonly solanaChains?: ReadonlyArray<string>
  /** `airlock/siwx` itself; the built package (`dist/siwx.js`) when absent. */
  readonly siwx?: typeof import("../../src/siwx/index")
}): Promise<SignInServer>
