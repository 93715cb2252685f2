// @vitest-environment happy-dom
/**
 * The modal as an EIP-1193 provider (`modal.getProvider()`, what `airlock/wagmi` and the EIP-6963
 * announcement hand out), each code and event as EIP-1193 says: over a real modal, the mock wallet and a
 * stubbed RPC node.
 */
import { assert, describe, it } from "vitest"
import { ALICE, BOB } from "../kit/accounts"
import { sandboxNetwork, secondSandboxNetwork } from "../kit/networks"
import { untilNotified } from "../kit/waits"
import {
  announceMockWallet,
  codeOf,
  failure,
  heard,
  makeModal,
  mockWalletId,
  nodeMethods,
  opensOf,
  REVERT_DATA,
  recordEvents,
  stops
} from "./providerWorld"

/** Each request fails with `refusal`, EIP-1193's code and message. */
const expectEachRefused = async (
  provider: { readonly request: (args: { method: string; params?: unknown }) => Promise<unknown> },
  requests: ReadonlyArray<readonly [method: string, params: unknown]>,
  refusal: { readonly code: number; readonly message: string }
) => {
  for (const [method, params] of requests)
    assert.deepStrictEqual(await failure(provider.request({ method, params })), refusal, method)
}

describe("modal.getProvider(): EIP-1193", () => {
  it("serves the network before any account: connect, eth_chainId, and reads from the network's RPC", async () => {
    const modal = makeModal()
    const opened = opensOf(modal)
    const provider = modal.getProvider()
    assert.strictEqual(modal.getProvider(), provider)
    const events = recordEvents(provider)
    // EIP-1193 'connect': the provider serves a chain once it is created.
    assert.deepStrictEqual(await heard(events, 1), [["connect", { chainId: "0x7a69" }]])
    assert.deepStrictEqual(await provider.request({ method: "eth_accounts" }), [])
    assert.strictEqual(await provider.request({ method: "eth_chainId" }), "0x7a69")
    // No wallet: the network's RPC answers, for the listed reads and the node's own methods alike.
    assert.strictEqual(await provider.request({ method: "eth_blockNumber" }), "0x10")
    assert.strictEqual(await provider.request({ method: "net_version" }), "31337")
    assert.strictEqual(
      await provider.request({ method: "eth_getBalance", params: [ALICE, "latest"] }),
      "0xde0b6b3a7640000"
    )
    // A node's error keeps its code and revert data (what a library decodes a revert from).
    const reverted = await provider
      .request({ method: "eth_call", params: [{ to: BOB, data: "0x" }, "latest"] })
      .then(
        () => undefined,
        (error: { code?: unknown; data?: unknown }) => ({ code: error.code, data: error.data })
      )
    assert.deepStrictEqual(reverted, { code: 3, data: REVERT_DATA })
    assert.deepStrictEqual(nodeMethods(modal.http), [
      "eth_blockNumber",
      "net_version",
      "eth_getBalance",
      "eth_call"
    ])
    assert.deepStrictEqual(opened, [])
    assert.strictEqual(events.all().length, 1)
  })

  it("answers 4100 for what needs an account before any is authorised, without opening the modal", async () => {
    const modal = makeModal()
    const opened = opensOf(modal)
    const provider = modal.getProvider()
    await expectEachRefused(
      provider,
      [
        ["personal_sign", ["0x00", ALICE]],
        ["eth_signTypedData_v4", [ALICE, "{}"]],
        ["eth_sendTransaction", [{ from: ALICE, to: BOB, value: "0x1" }]],
        ["wallet_sendCalls", [{ calls: [{ to: BOB }] }]],
        ["wallet_getCapabilities", [ALICE]]
      ],
      { code: 4100, message: "Connector not connected." }
    )
    assert.deepStrictEqual(opened, [])
  })

  it("refuses what the modal does not serve with 4200, without opening the modal or keeping an alert", async () => {
    const modal = makeModal({ networks: [sandboxNetwork, secondSandboxNetwork] })
    const opened = opensOf(modal)
    const provider = modal.getProvider()
    const events: Array<string> = []
    stops.push(modal.subscribeEvents((event) => events.push(event.data.event)))
    await expectEachRefused(
      provider,
      [
        ["wallet_watchAsset", { type: "ERC20", options: { address: BOB } }],
        ["eth_sign", [ALICE, "0x00"]],
        ["eth_signTransaction", [{ from: ALICE }]],
        ["solana_signMessage", { message: "aGk=", pubkey: "x" }],
        [
          "wallet_addEthereumChain",
          [{ chainId: "0x1", chainName: "Ethereum", rpcUrls: ["https://eth.example"] }]
        ],
        ["made_upMethod", []]
      ],
      { code: 4200, message: "Action not allowed" }
    )
    // EIP-3085: a chain the app configured needs no adding.
    const configured = [
      { chainId: "0x7a6a", chainName: "Sandbox Chain B", rpcUrls: ["http://127.0.0.1:8545"] }
    ]
    assert.isNull(await provider.request({ method: "wallet_addEthereumChain", params: configured }))
    assert.strictEqual(
      await codeOf(provider.request({ method: "wallet_addEthereumChain", params: [] })),
      -32602
    )
    // A switch to a chain the app did not configure: 4902, which a library answers with an add (refused).
    assert.deepStrictEqual(
      await failure(provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x1" }] })),
      { code: 4902, message: "Network Not Found" }
    )
    assert.deepStrictEqual(opened, [])
    assert.notInclude(events, "MODAL_OPEN")
  })

  it("opens the modal for eth_requestAccounts; a revoke is accountsChanged [] while the chain still answers", async () => {
    announceMockWallet()
    const modal = makeModal()
    const provider = modal.getProvider()
    const events = recordEvents(provider)
    await heard(events, 1)

    const first = provider.request({ method: "eth_requestAccounts" })
    const second = provider.request({ method: "eth_requestAccounts" })
    await untilNotified(modal.subscribeState, () => modal.getState().open)
    assert.deepStrictEqual(modal.getState(), { open: true, view: "Connect" })
    await modal.connect(await mockWalletId(modal))
    assert.deepStrictEqual(await first, [ALICE])
    assert.deepStrictEqual(await second, [ALICE])
    assert.deepStrictEqual(await provider.request({ method: "eth_accounts" }), [ALICE])
    assert.deepStrictEqual(await provider.request({ method: "wallet_getPermissions" }), [
      { parentCapability: "eth_accounts" }
    ])
    assert.deepStrictEqual(events.all(), [
      ["connect", { chainId: "0x7a69" }],
      ["accountsChanged", [ALICE]]
    ])

    // Connected: no second visit to the modal.
    await modal.close({ force: true })
    assert.deepStrictEqual(await provider.request({ method: "eth_requestAccounts" }), [ALICE])
    assert.isFalse(modal.isOpen())

    await provider.request({ method: "wallet_revokePermissions", params: [{ eth_accounts: {} }] })
    assert.isFalse(modal.getAccount("eip155").isConnected)
    // EIP-1193: the accounts went away, not every chain: no `disconnect`.
    assert.deepStrictEqual((await heard(events, 3)).slice(2), [["accountsChanged", []]])
    assert.strictEqual(await provider.request({ method: "eth_chainId" }), "0x7a69")
    assert.strictEqual(await provider.request({ method: "eth_blockNumber" }), "0x10")
    assert.strictEqual(
      await codeOf(provider.request({ method: "personal_sign", params: ["0x00", ALICE] })),
      4100
    )
    assert.strictEqual(events.all().length, 3)
  })

  it("emits disconnect (4900) when the modal is disposed, and then rejects with 4900", async () => {
    const modal = makeModal()
    const provider = modal.getProvider()
    const events = recordEvents(provider)
    await heard(events, 1)
    await modal.dispose()
    const [, disconnect] = await heard(events, 2)
    assert.strictEqual(disconnect?.[0], "disconnect")
    assert.strictEqual((disconnect?.[1] as { code?: unknown } | undefined)?.code, 4900)
    assert.strictEqual(await codeOf(provider.request({ method: "eth_chainId" })), 4900)
  })

  it("follows the wallet: its account and chain changes become accountsChanged and chainChanged", async () => {
    const wallet = announceMockWallet()
    const modal = makeModal({ networks: [sandboxNetwork, secondSandboxNetwork] })
    const provider = modal.getProvider()
    await modal.connect(await mockWalletId(modal))
    const events = recordEvents(provider)

    wallet.emit("accountsChanged", [BOB])
    assert.deepStrictEqual(await heard(events, 1), [["accountsChanged", [BOB]]])
    assert.strictEqual(await provider.request({ method: "eth_chainId" }), "0x7a69")

    wallet.emit("chainChanged", "0x7a6a")
    assert.deepStrictEqual((await heard(events, 2)).slice(1), [["chainChanged", "0x7a6a"]])
    assert.strictEqual(await provider.request({ method: "eth_chainId" }), "0x7a6a")
  })

  it("rejects eth_requestAccounts with 4001 when the visitor closes the modal", async () => {
    announceMockWallet()
    const modal = makeModal()
    const asking = failure(modal.getProvider().request({ method: "eth_requestAccounts" }))
    await untilNotified(modal.subscribeState, () => modal.isOpen())
    await modal.close()
    assert.deepStrictEqual(await asking, { code: 4001, message: "User rejected the request." })
  })

  it("turns failures into EIP-1193 codes with the catalogue's words, never the wallet's text", async () => {
    const wallet = announceMockWallet()
    const modal = makeModal()
    const provider = modal.getProvider()
    await modal.connect(await mockWalletId(modal))
    wallet.setBehaviour("personal_sign", { _tag: "Error", code: 4001, message: "<b>wallet text</b>" })
    assert.deepStrictEqual(
      await failure(provider.request({ method: "personal_sign", params: ["0x00", ALICE] })),
      {
        code: 4001,
        message: "Signature declined"
      }
    )
    assert.deepStrictEqual(await failure(provider.request({ method: "eth_sign", params: [ALICE, "0x00"] })), {
      code: 4200,
      message: "Action not allowed"
    })
    assert.strictEqual(
      (
        await failure(
          provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x1" }] })
        )
      )?.code,
      4902
    )
    assert.deepStrictEqual(
      await failure(provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "1" }] })),
      { code: -32602, message: "Expected [{ chainId: hex }]." }
    )
  })

  it("modal.request and the provider reject with the catalogue's words, never the wallet's; another account is 4100", async () => {
    const wallet = announceMockWallet()
    const modal = makeModal()
    const provider = modal.getProvider()
    await modal.connect(await mockWalletId(modal))
    const hostile = "Wallet error: go to evil.example and type your recovery phrase"
    const send = { method: "eth_sendTransaction", params: [{ from: ALICE, to: BOB, value: "0x1" }] }
    for (const [code, words] of [
      [4001, "Request rejected in wallet"],
      [-32000, "The wallet ran into an error. Try again."]
    ] as const) {
      wallet.setBehaviour("eth_sendTransaction", { _tag: "Error", code, message: hostile })
      assert.deepStrictEqual(await failure(modal.request(send)), { code, message: words })
      assert.strictEqual((await failure(provider.request(send)))?.message, words)
    }
    const foreign = { method: "eth_sendTransaction", params: [{ from: BOB, to: ALICE, value: "0x1" }] }
    assert.deepStrictEqual(await failure(provider.request(foreign)), {
      code: 4100,
      message: "Account mismatch: the request is not from the connected account"
    })
    assert.strictEqual(wallet.count("eth_sendTransaction"), 4)
  })
})
