import { readFile } from "node:fs/promises"
import { expect, it } from "vitest"
import { artifactOf, CONTRACTS, compile, serialize } from "../../sandbox/chain/build-contracts.mjs"

it.each(CONTRACTS)(
  "the committed %s.json is what solc compiles from its source",
  async (name) => {
    expect(serialize(await compile(name))).toBe(await readFile(artifactOf(name), "utf8"))
  },
  60_000
)
