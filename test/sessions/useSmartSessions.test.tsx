// @vitest-environment happy-dom
/**
 * `useSmartSessions()` of airlock/react over a real modal: the handle's `grantPermissions`, refused with the
 * typed error when `features.smartSessions` is off (the default), a request that does not decode refused
 * as such, and nothing connected refused as such.
 */
import { act } from "react"
import { createRoot } from "react-dom/client"
import { afterEach, describe, expect, it } from "vitest"
import { createModal, preloadModal } from "../../src/createModal"
import { ConnectorNotConnectedError, SmartSessionError, SmartSessionsOffError } from "../../src/errors"
import { AirlockProvider, useSmartSessions } from "../../src/react/index"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import { BOB } from "../kit/accounts"
import { baseOptions } from "../kit/fixtures"
import { TestPlatform } from "../kit/platform"

Reflect.set(globalThis, "IS_REACT_ACT_ENVIRONMENT", true)

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await act(async () => cleanup())
  document.body.replaceChildren()
})

const request = {
  chainId: "0x7a69",
  expiry: 1_795_565_400,
  signer: { type: "account", data: { id: BOB } },
  permissions: [{ type: "native-token-transfer", data: { to: BOB, valueLimit: "0x1" } }]
}

let hook: ReturnType<typeof useSmartSessions> | undefined
const Probe = () => {
  hook = useSmartSessions()
  return null
}

/** The hook, from a host's React tree over a modal made with `options`. */
const hookOver = async (options: ModalOptionsInput) => {
  // The modal's code first, so that it mounts inside act as createModal builds it.
  await preloadModal()
  const modal = await act(async () => createModal(options, { layer: TestPlatform }))
  cleanups.push(() => modal.dispose())
  const container = document.createElement("div")
  document.body.append(container)
  const root = createRoot(container)
  cleanups.push(() => root.unmount())
  await act(async () =>
    root.render(
      <AirlockProvider modal={modal}>
        <Probe />
      </AirlockProvider>
    )
  )
  if (hook === undefined) throw new Error("the hook did not render")
  return hook
}

/** Why `grant` was refused; inside act, as the modal's interface mounts meanwhile. */
const refusal = async (grant: Promise<unknown>): Promise<unknown> => {
  let error: unknown
  await act(async () => {
    error = await grant.then(
      () => undefined,
      (e: unknown) => e
    )
  })
  return error
}

describe("useSmartSessions", () => {
  it("off (the default): grantPermissions is refused with SmartSessionsOffError, in words", async () => {
    const { grantPermissions } = await hookOver(baseOptions)
    const error = await refusal(grantPermissions(request))
    expect(error).toBeInstanceOf(SmartSessionsOffError)
    expect((error as SmartSessionsOffError).sentence()).toBe("Smart sessions are not turned on in this app.")
  })

  it("on: a request that does not decode, or nothing connected, is refused as such", async () => {
    const { grantPermissions } = await hookOver({ ...baseOptions, features: { smartSessions: true } })
    const invalid = await refusal(grantPermissions({ ...request, permissions: [] }))
    expect(invalid).toBeInstanceOf(SmartSessionError)
    expect((invalid as SmartSessionError).reason).toBe("invalid-request")
    expect(await grantPermissions(request).catch((e: unknown) => e)).toBeInstanceOf(
      ConnectorNotConnectedError
    )
  })
})
