import { type ChildProcess, spawn } from "node:child_process"
import { createServer } from "node:net"
import { fileURLToPath } from "node:url"

const ANVIL = fileURLToPath(
  new URL("../../node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil", import.meta.url)
)

/** A loopback port nothing listens on right now. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })

export interface Anvil {
  readonly url: string
  readonly stop: () => Promise<void>
}

const answersChainId = async (url: string): Promise<boolean> => {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId" })
    })
    return response.ok
  } catch {
    return false
  }
}

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", () => resolve()))

/** Starts anvil (chain 31337) on a free loopback port and resolves once it answers `eth_chainId`. */
export const startAnvil = async (timeoutMs = 15_000): Promise<Anvil> => {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = spawn(
    ANVIL,
    ["--port", String(port), "--host", "127.0.0.1", "--chain-id", "31337", "--silent"],
    {
      stdio: "ignore"
    }
  )
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM")
    await exited(child)
  }
  const deadline = Date.now() + timeoutMs
  while (!(await answersChainId(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop()
      throw new Error(`anvil did not answer on ${url} (exit code ${String(child.exitCode)})`)
    }
    // Poll, not sleep-then-hope: each retry is gated on a real eth_chainId answer.
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return { url, stop }
}
