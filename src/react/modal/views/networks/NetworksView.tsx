import { useState } from "react"
import { activeId } from "../../../../layers/networks/activeNetwork"
import { networksWords } from "../../../../messages/compiled/en/networks"
import { makeImagesPort } from "../../bridge/imagesPort"
import { useController } from "../../element/context"
import { useStore } from "../../element/useStore"
import { useWords } from "../../element/useWords"
import { ListItem } from "../../ui/ListItem"
import { StickyFooter } from "../../ui/StickyFooter"
import { WalletIcon } from "../wallets/WalletIcon"

/** The configured networks; choosing one switches the wallet (or the modal, when disconnected). */
export const NetworkList = () => {
  const controller = useController()
  const t = useWords("networks", networksWords)
  const { activeNamespace, active } = useStore(controller.networks)
  const current = active[activeNamespace]
  const currentId = current === undefined ? undefined : activeId(current)
  const [switching, setSwitching] = useState<string | undefined>(undefined)
  const images = makeImagesPort(controller.imageUrls)
  return (
    <ul className="list" aria-label={t.networks()}>
      {controller.config.networks.map((network) => {
        const selected = network.caipNetworkId === currentId
        const busy = switching === network.caipNetworkId
        return (
          <li key={network.caipNetworkId}>
            <ListItem
              icon={<WalletIcon icon={images.network(network)} name={network.name} />}
              title={network.name}
              verbatim
              tag={busy ? t.switching() : selected ? t.connected() : undefined}
              tone={selected ? "success" : undefined}
              current={selected}
              busy={busy}
              disabled={switching !== undefined}
              onClick={() => {
                setSwitching(network.caipNetworkId)
                void controller.chooseNetwork(network.caipNetworkId).then(() => setSwitching(undefined))
              }}
            />
          </li>
        )
      })}
    </ul>
  )
}

/** The networks to switch to; with `enableNetworkSwitch` off, the modal offers none. */
export const NetworksView = () => {
  const t = useWords("networks", networksWords)
  return useController().config.enableNetworkSwitch ? (
    <NetworkList />
  ) : (
    <p className="empty">{t.switchingOff()}</p>
  )
}

/**
 * The wallet is on a network the app does not support (SPEC.md §4); with `enableNetworkSwitch` off, the
 * visitor switches in the wallet. Disconnect stays in sight at the foot.
 */
export const UnsupportedChainView = () => {
  const controller = useController()
  const t = useWords("networks", networksWords)
  const offered = controller.config.enableNetworkSwitch
  return (
    <div className="section">
      <p className="connecting-text">{offered ? t.unsupportedSwitchHere() : t.unsupportedSwitchInWallet()}</p>
      {offered ? <NetworkList /> : null}
      <StickyFooter>
        <button type="button" className="button secondary" onClick={() => void controller.disconnect()}>
          {t.disconnect()}
        </button>
      </StickyFooter>
    </div>
  )
}
