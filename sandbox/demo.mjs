// npm run demo: build the package and the host page, then serve the demo on loopback.
// AIRLOCK_DEMO_PORT chooses the port (default 5173; 0 picks a free one).
import { startDemo } from "./host/serve.mjs"

const port = Number(process.env.AIRLOCK_DEMO_PORT ?? 5173)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`AIRLOCK_DEMO_PORT must be a port number, got "${process.env.AIRLOCK_DEMO_PORT}"`)
  process.exit(2)
}

console.error("Building the package and the demo host…")
const demo = await startDemo({ port })
console.log(`Demo ready at ${demo.url}`)

const stop = async (signal) => {
  console.error(`\n${signal}: stopping the demo server`)
  await demo.close()
  process.exit(0)
}
process.once("SIGINT", stop)
process.once("SIGTERM", stop)
