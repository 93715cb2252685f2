import { assert, describe, it } from "@effect/vitest"
import { DappMetadata } from "../../src/schemas/FrameSync"
import { AppMetadata } from "../../src/schemas/Metadata"
import { accepts, neverThrows, rejects } from "./helpers"

const app = {
  name: "Demo",
  description: "A demo dapp",
  url: "https://demo.example",
  icons: ["https://demo.example/icon.png"]
}

describe("AppMetadata", () => {
  it("accepts name, description, url, icons", () => {
    assert.deepStrictEqual(accepts(AppMetadata, app), app)
    accepts(AppMetadata, { ...app, icons: [] })
  })

  it("rejects missing fields and non-string icons", () => {
    rejects(AppMetadata, { ...app, icons: [1] }, "icons[0]: Expected string")
    rejects(AppMetadata, { name: "x" }, "description: is missing", "url: is missing", "icons: is missing")
  })

  it("property: total on arbitrary input", () => neverThrows(AppMetadata))
})

describe("DappMetadata", () => {
  it("is SYNC_DAPP_DATA's payload: the project, the SDK, and the app's metadata when it has some", () => {
    const dapp = { metadata: app, projectId: "p", sdkVersion: "react-airlock-0.1.0", sdkType: "airlock" }
    assert.deepStrictEqual(accepts(DappMetadata, dapp), dapp)
    accepts(DappMetadata, { projectId: "p" })
    rejects(DappMetadata, { ...dapp, projectId: 1 }, "projectId")
    rejects(DappMetadata, { metadata: app }, "projectId: is missing")
    rejects(DappMetadata, { ...dapp, metadata: { name: "x" } }, "metadata.description: is missing")
  })

  it("property: total on arbitrary input", () => neverThrows(DappMetadata))
})
