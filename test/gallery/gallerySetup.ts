import type { TestProject } from "vitest/node"
import { galleryDist } from "../../sandbox/host/serve.mjs"
import { serveStatic } from "../../sandbox/host/staticServer.mjs"
import { buildGallery, reusesBuild } from "../../scripts/vite.mjs"

declare module "vitest" {
  export interface ProvidedContext {
    /** The gallery's pages (sandbox/gallery/dist), served on their own: `http://127.0.0.1:PORT/`. */
    galleryUrl: string
  }
}

/**
 * Builds the gallery (not under `npm test`, which has built it for the run) and serves it alone: its views
 * run on mock layers and need none of the demo's chains or services, so this step runs beside the
 * browser tests of the demo.
 */
export default async function setup(project: TestProject) {
  if (!reusesBuild()) await buildGallery()
  const server = await serveStatic(galleryDist)
  project.provide("galleryUrl", server.url)
  return () => server.close()
}
