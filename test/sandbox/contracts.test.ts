import { readFile } from "node:fs/promises"
import { expect, it } from "vitest"
import { ARTIFACT, compile, serialize } from "../../sandbox/chain/build-contracts.mjs"

it("the committed SandboxToken.json is what solc compiles from SandboxToken.sol", async () => {
  expect(serialize(await compile())).toBe(await readFile(ARTIFACT, "utf8"))
}, 60_000)
