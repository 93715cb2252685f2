/**
 * `airlock/wagmi`: a wagmi connector (wagmi 2 and 3) over the modal, so a wagmi app keeps its hooks and
 * lets Airlock connect. Connecting opens the modal; requests, chain switches and disconnects go through it;
 * and a wallet connected with Airlock's own button is wagmi's connection too.
 *
 * @since 0.3.0
 */
import {
  ChainNotConfiguredError,
  ConnectorNotConnectedError,
  type CreateConnectorFn,
  createConnector,
  ProviderNotFoundError
} from "@wagmi/core"
import { type Address, getAddress, SwitchChainError, UserRejectedRequestError } from "viem"
import { AIRLOCK_ICON } from "../interop/airlockIcon"
import { AIRLOCK_NAME, AIRLOCK_RDNS } from "../interop/identity"
import type { Modal, ModalProvider } from "../Modal"
import { walletErrorCode } from "../walletErrors"

/**
 * The settings of {@link airlock}.
 *
 * @since 0.3.0
 * @category models
 */
export interface AirlockConnectorParameters {
  /**
   * The modal from `createModal`, or a function that returns it: a config built where no modal can exist
   * (a server render) passes `() => modal`, and the connector finds it once the page has one.
   */
  readonly modal: Modal | (() => Modal | undefined) | undefined
}

/** How long a reconnect waits for the modal's own restore before asking whether it is connected. */
const RESTORE_WAIT_MS = 20_000

/**
 * Resolves once the modal's eip155 connection is settled, restored or not (or after the wait). A request
 * first: the handle answers only once the modal's code is here, by when a stored connection shows
 * connecting.
 */
const restored = async (modal: Modal): Promise<void> => {
  await modal
    .getProvider()
    .request({ method: "eth_chainId" })
    .catch(() => undefined)
  return new Promise((resolve) => {
    const done = () => {
      const { status } = modal.getAccount("eip155")
      if (status === "connecting" || status === "reconnecting") return
      clearTimeout(timer)
      stop()
      resolve()
    }
    const timer = setTimeout(() => {
      stop()
      resolve()
    }, RESTORE_WAIT_MS)
    const stop = modal.subscribeAccount(done, "eip155")
    done()
  })
}

const isRejection = (error: unknown) =>
  typeof error === "object" &&
  error !== null &&
  "code" in error &&
  error.code === walletErrorCode.userRejectedRequest

/**
 * The Airlock connector: `createConfig({ connectors: [airlock({ modal })] })`.
 *
 * @since 0.3.0
 * @category constructors
 */
export const airlock = (parameters: AirlockConnectorParameters): CreateConnectorFn<ModalProvider> =>
  createConnector<ModalProvider>((config) => {
    const { modal } = parameters
    const modalOf = () => (typeof modal === "function" ? modal() : modal)

    const getAccounts = async (): Promise<ReadonlyArray<Address>> => {
      const provider = modalOf() && (await getProvider())
      if (provider === undefined) return []
      const accounts = (await provider.request({ method: "eth_accounts" })) as ReadonlyArray<string>
      return accounts.map((address) => getAddress(address))
    }

    const getChainId = async () => Number(await (await getProvider()).request({ method: "eth_chainId" }))

    const onChainChanged = (chainId: string) => config.emitter.emit("change", { chainId: Number(chainId) })
    const onDisconnect = () => config.emitter.emit("disconnect")
    // The provider serves a chain (its `connect`): wagmi hears of an account already authorised there.
    const onConnect = (info: { readonly chainId: string }) =>
      void getAccounts().then(
        (accounts) => {
          // Only while wagmi waits for a connect: a connection it holds hears changes instead.
          if (accounts.length > 0 && config.emitter.listenerCount("connect") > 0)
            config.emitter.emit("connect", { accounts, chainId: Number(info.chainId) })
        },
        () => undefined
      )
    // No account left is wagmi's disconnect; the first ones, while wagmi waits for a connect (it listens for
    // one), are the visitor connecting with Airlock's own button; later ones are a change.
    const onAccountsChanged = (accounts: ReadonlyArray<string>) => {
      if (accounts.length === 0) return onDisconnect()
      if (config.emitter.listenerCount("connect") > 0)
        return void getChainId().then(
          (chainId) => onConnect({ chainId: `0x${chainId.toString(16)}` }),
          () => undefined
        )
      config.emitter.emit("change", { accounts: accounts.map((a) => getAddress(a)) })
    }

    // Each provider's events are followed once, from the first moment the connector sees the modal.
    let followed: ModalProvider | undefined
    const getProvider = async (): Promise<ModalProvider> => {
      const current = modalOf()
      if (current === undefined) throw new ProviderNotFoundError()
      const provider = current.getProvider()
      if (followed !== provider) {
        followed = provider
        provider.on("accountsChanged", onAccountsChanged as (payload: never) => void)
        provider.on("chainChanged", onChainChanged as (payload: never) => void)
        provider.on("connect", onConnect as (payload: never) => void)
        provider.on("disconnect", onDisconnect)
      }
      return provider
    }

    const switchChain = async ({ chainId }: { readonly chainId: number }) => {
      const chain = config.chains.find((c) => c.id === chainId)
      if (chain === undefined) throw new SwitchChainError(new ChainNotConfiguredError())
      const provider = await getProvider()
      try {
        await provider.request({
          method: "wallet_switchEthereumChain",
          params: [{ chainId: `0x${chainId.toString(16)}` }]
        })
      } catch (error) {
        throw isRejection(error)
          ? new UserRejectedRequestError(error as Error)
          : new SwitchChainError(error as Error)
      }
      config.emitter.emit("change", { chainId })
      return chain
    }

    return {
      id: "airlock",
      name: AIRLOCK_NAME,
      type: "airlock",
      icon: AIRLOCK_ICON,
      rdns: AIRLOCK_RDNS,
      async setup() {
        const current = modalOf()
        if (current === undefined) return
        await getProvider()
        // Already connected when wagmi starts (restored before its config): wagmi hears of it too.
        const account = current.getAccount("eip155")
        const chainId = await getChainId().catch(() => undefined)
        if (account.isConnected && chainId !== undefined) onConnect({ chainId: `0x${chainId.toString(16)}` })
      },
      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        const provider = await getProvider()
        let accounts: ReadonlyArray<Address>
        if (isReconnecting) {
          // The wallet's own answer, never what storage remembered.
          accounts = await getAccounts()
          if (accounts.length === 0) throw new ConnectorNotConnectedError()
        } else {
          try {
            const granted = (await provider.request({
              method: "eth_requestAccounts"
            })) as ReadonlyArray<string>
            accounts = granted.map((address) => getAddress(address))
          } catch (error) {
            throw isRejection(error) ? new UserRejectedRequestError(error as Error) : error
          }
        }
        let current = await getChainId()
        if (chainId !== undefined && chainId !== current) {
          current = await switchChain({ chainId }).then(
            (chain) => chain.id,
            (error: unknown) => {
              if (error instanceof UserRejectedRequestError) throw error
              return current
            }
          )
        }
        return {
          accounts: (withCapabilities === true
            ? accounts.map((address) => ({ address, capabilities: {} }))
            : accounts) as never,
          chainId: current
        }
      },
      async disconnect() {
        await modalOf()?.disconnect("eip155")
      },
      getAccounts,
      getChainId,
      getProvider,
      async isAuthorized() {
        const current = modalOf()
        if (current === undefined) return false
        await restored(current)
        if (!current.getAccount("eip155").isConnected) return false
        return (await getAccounts().catch(() => [])).length > 0
      },
      switchChain,
      onAccountsChanged,
      onChainChanged,
      onConnect,
      onDisconnect
    }
  })
