/**
 * THREATS.md T9/R15: a contract account (the sandbox's ERC-1271 `SandboxAccount`, deployed on anvil, or
 * not yet deployed with an ERC-6492 signature) signs in through `verifySignIn`, its owner's signature
 * checked by the chain; a stranger's is refused.
 */
import {
  concatHex,
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  getContractAddress,
  http,
  keccak256,
  serializeErc6492Signature,
  toHex
} from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { describe, expect, it } from "vitest"
import artifact from "../../sandbox/chain/contracts/SandboxAccount.json"
import { makeNonceStore } from "../../src/siwx/nonces"
import { createSignInMessage } from "../../src/siwx/siweMessage"
import { verifySignIn } from "../../src/siwx/verifySignIn"
import { chainsForFile } from "./sandboxWorld"

const sandbox = chainsForFile()

const owner = privateKeyToAccount(`0x${"5a".repeat(32)}`)
const stranger = privateKeyToAccount(`0x${"5b".repeat(32)}`)

describe("a contract account signs in (ERC-1271)", () => {
  it("its owner's signature is accepted through the chain; a stranger's is refused", async () => {
    const chain = sandbox().chains[0]!
    const transport = http(chain.rpcUrl)
    const client = createPublicClient({ transport })
    const deployer = createWalletClient({
      account: privateKeyToAccount(sandbox().accounts[0]!.privateKey as `0x${string}`),
      transport
    })
    const hash = await deployer.deployContract({
      abi: artifact.abi,
      bytecode: artifact.bytecode as `0x${string}`,
      args: [owner.address],
      chain: null
    })
    const { contractAddress } = await client.waitForTransactionReceipt({ hash })
    expect(contractAddress).toBeTruthy()

    /** A sign-in of the contract account signed by `signer`, checked with or without the chain. */
    const attempt = async (signer: typeof owner, withClient = true) => {
      const nonces = makeNonceStore()
      const now = Date.now()
      const message = createSignInMessage({
        domain: "dapp.example",
        uri: "https://dapp.example/",
        address: contractAddress!,
        chainId: chain.chainId,
        nonce: nonces.issue(now)!,
        issuedAt: new Date(now)
      })
      const signature = await signer.signMessage({ message })
      return verifySignIn(
        { message, signature },
        {
          domain: "dapp.example",
          chainId: chain.chainId,
          nonces,
          client: withClient ? client : undefined,
          now
        }
      )
    }
    expect(await attempt(owner)).toMatchObject({ ok: true })
    expect(await attempt(stranger)).toEqual({ ok: false, reason: "signature" })
    // Without a client, only plain accounts can sign in.
    expect(await attempt(owner, false)).toEqual({ ok: false, reason: "signature" })
  }, 30_000)
})

/** The CREATE2 deployer anvil has at genesis (Arachnid's deterministic deployment proxy). */
const CREATE2_DEPLOYER = "0x4e59b44847b379578588920ca78fbf26c0b4956c"

describe("a contract account not yet deployed signs in (ERC-6492)", () => {
  it("its owner's wrapped signature is accepted by simulating the deployment; a stranger's is refused; nothing is deployed", async () => {
    const chain = sandbox().chains[0]!
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const salt = keccak256(toHex("airlock-6492"))
    const initCode = concatHex([
      artifact.bytecode as `0x${string}`,
      encodeAbiParameters([{ type: "address" }], [owner.address])
    ])
    const counterfactual = getContractAddress({
      opcode: "CREATE2",
      from: CREATE2_DEPLOYER,
      salt,
      bytecode: initCode
    })
    expect(await client.getCode({ address: CREATE2_DEPLOYER }), "anvil's CREATE2 deployer").toBeTruthy()
    expect(await client.getCode({ address: counterfactual })).toBeUndefined()

    const attempt = async (signer: typeof owner) => {
      const nonces = makeNonceStore()
      const now = Date.now()
      const message = createSignInMessage({
        domain: "dapp.example",
        uri: "https://dapp.example/",
        address: counterfactual,
        chainId: chain.chainId,
        nonce: nonces.issue(now)!,
        issuedAt: new Date(now)
      })
      const signature = serializeErc6492Signature({
        address: CREATE2_DEPLOYER,
        data: concatHex([salt, initCode]),
        signature: await signer.signMessage({ message })
      })
      return verifySignIn(
        { message, signature },
        { domain: "dapp.example", chainId: chain.chainId, nonces, client, now }
      )
    }
    expect(await attempt(owner)).toMatchObject({ ok: true })
    expect(await attempt(stranger)).toEqual({ ok: false, reason: "signature" })
    // Verification only simulated the deployment.
    expect(await client.getCode({ address: counterfactual })).toBeUndefined()
  }, 30_000)
})
