import { describe, expect, it } from "vitest"
import { type ConnectRow, type ConnectRowsInput, connectRows } from "../../src/layers/wallets/connectGroups"
import type { ConnectorGroup } from "../../src/schemas/ModalOptions"
import type { WalletConnector } from "../../src/services/Connectors"
import { catalogWallet, walletConnector } from "../kit/wallets"

const connector = (id: string, type: WalletConnector["type"], more: Partial<WalletConnector> = {}) =>
  walletConnector(id, { type, ...more })

const listing = catalogWallet

const input = (overrides: Partial<ConnectRowsInput> = {}): ConnectRowsInput => ({
  order: ["walletConnect", "recent", "injected", "featured", "custom", "external", "recommended"],
  connectors: [
    connector("io.metamask", "ANNOUNCED", { name: "MetaMask", rdns: "io.metamask" }),
    connector("app.phantom", "ANNOUNCED", { name: "Phantom", rdns: "app.phantom" }),
    connector("coinbaseSDK", "EXTERNAL", { name: "Coinbase" })
  ],
  recent: [{ id: "app.phantom", name: "Phantom", rdns: "app.phantom" }],
  featured: [listing("rainbow"), listing("metamask-listing", { name: "MetaMask", rdns: "io.metamask" })],
  custom: [listing("my-wallet", { custom: true })],
  recommended: [listing("trust"), listing("rainbow"), listing("zerion")],
  walletConnect: { enabled: true, connected: false },
  ...overrides
})

const shown = (rows: ReadonlyArray<ConnectRow>) =>
  rows.map((row) =>
    row.kind === "walletConnect"
      ? "walletConnect"
      : row.kind === "connector"
        ? `${row.group}:${row.connector.id}${row.tag === undefined ? "" : ` (${row.tag})`}`
        : `${row.group}:${row.wallet.id}`
  )

describe("the Connect view's groups (SPEC §2)", () => {
  it("default order: WalletConnect, recent, injected, featured, custom, external, recommended; each wallet once", () => {
    expect(shown(connectRows(input()))).toEqual([
      "walletConnect",
      "recent:app.phantom (Recent)",
      "injected:io.metamask (Installed)",
      // The MetaMask listing is the wallet on the page: not listed again.
      "featured:rainbow",
      "custom:my-wallet",
      "external:coinbaseSDK",
      // Rainbow was featured already.
      "recommended:trust",
      "recommended:zerion"
    ])
  })

  it("a configured order is followed group by group", () => {
    const order: ReadonlyArray<ConnectorGroup> = ["recommended", "custom", "injected", "walletConnect"]
    expect(shown(connectRows(input({ order })))).toEqual([
      "recommended:trust",
      "recommended:rainbow",
      "recommended:zerion",
      "custom:my-wallet",
      // Phantom is installed: without a recent group first, it is one of the injected.
      "injected:io.metamask (Installed)",
      "injected:app.phantom (Installed)",
      "walletConnect",
      // Groups the order leaves out follow in the default order; recent has nobody left to show.
      "external:coinbaseSDK"
    ])
  })

  it("recent wallets come newest first and only while on the page", () => {
    const recent = [
      { id: "io.metamask", name: "MetaMask" },
      { id: "gone.wallet", name: "Gone" },
      { id: "app.phantom", name: "Phantom" }
    ]
    expect(shown(connectRows(input({ recent }))).slice(0, 3)).toEqual([
      "walletConnect",
      "recent:io.metamask (Recent)",
      "recent:app.phantom (Recent)"
    ])
  })

  it("the WalletConnect group is hidden once connected through WalletConnect, and so are wallets that would pair", () => {
    const rows = shown(connectRows(input({ walletConnect: { enabled: true, connected: true } })))
    expect(rows).toEqual([
      "recent:app.phantom (Recent)",
      "injected:io.metamask (Installed)",
      "external:coinbaseSDK"
    ])
    const off = shown(connectRows(input({ walletConnect: { enabled: false, connected: false } })))
    expect(off).not.toContain("walletConnect")
  })

  it("an installed listing connects its connector, in the listing's group", () => {
    const featured = [
      listing("metamask-listing", {
        name: "MetaMask",
        rdns: "io.metamask",
        installed: true,
        connectorId: "io.metamask"
      })
    ]
    expect(shown(connectRows(input({ order: ["featured", "injected"], featured }))).slice(0, 2)).toEqual([
      "featured:io.metamask (Installed)",
      "injected:app.phantom (Installed)"
    ])
  })

  it("listings match wallets on the page by rdns, or by name when they have none", () => {
    const recommended = [listing("phantom-listing", { name: "PHANTOM" }), listing("other", { name: "Other" })]
    expect(
      shown(connectRows(input({ recommended, featured: [] }))).filter((r) => r.startsWith("recommended"))
    ).toEqual(["recommended:other"])
  })

  it("a suspicious wallet is tagged whatever its group", () => {
    const connectors = [connector("fake", "ANNOUNCED", { name: "MetaMask", suspicious: true })]
    const rows = connectRows(input({ connectors, recent: [{ id: "fake", name: "MetaMask" }] }))
    expect(shown(rows)).toContain("recent:fake (Possible impersonation)")
  })
})

describe("a wallet that serves EVM and Solana", () => {
  const phantomSolana = connector("wallet-standard:1", "ANNOUNCED", {
    key: "wallet-standard:phantom",
    name: "Phantom",
    chain: "solana"
  })

  it("is one row, its EIP-6963 side, whichever group lists it first", () => {
    const rows = connectRows(input({ connectors: [...input().connectors, phantomSolana], recent: [] }))
    const phantoms = rows.filter((row) => row.kind === "connector" && row.connector.name === "Phantom")
    expect(phantoms.map((row) => (row.kind === "connector" ? row.connector.id : ""))).toEqual(["app.phantom"])
  })

  it("is two rows when one side is flagged, or the names differ", () => {
    const flagged = { ...phantomSolana, suspicious: true }
    const other = { ...phantomSolana, name: "Solflare", id: "wallet-standard:2" }
    const ids = connectRows(
      input({ connectors: [...input().connectors, flagged, other], recent: [] })
    ).flatMap((row) => (row.kind === "connector" ? [row.connector.id] : []))
    expect(ids).toContain("wallet-standard:1")
    expect(ids).toContain("wallet-standard:2")
  })

  it("is listed on its own when it is only a Solana wallet", () => {
    const rows = connectRows(input({ connectors: [phantomSolana], recent: [] }))
    expect(rows.flatMap((row) => (row.kind === "connector" ? [[row.group, row.tag]] : []))).toEqual([
      ["injected", "Installed"]
    ])
  })
})
