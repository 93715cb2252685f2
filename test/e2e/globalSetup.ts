import type { TestProject } from "vitest/node"
import { startDemo } from "../../sandbox/host/serve.mjs"

declare module "vitest" {
  export interface ProvidedContext {
    /** The demo host's URL, `http://127.0.0.1:PORT/`. */
    demoUrl: string
  }
}

/** Builds the package and the demo host once, serves them on a free port, and always stops the server. */
export default async function setup(project: TestProject) {
  const demo = await startDemo({ port: 0 })
  project.provide("demoUrl", demo.url)
  return () => demo.close()
}
