import { useId, useState } from "react"
import type { AccountAction } from "../../../../Modal"
import { accountWords } from "../../../../messages/compiled/en/account"
import type { ChainNamespace } from "../../../../schemas/Primitives"
import { useController } from "../../element/context"
import { presentFailure } from "../../element/failure"
import { useLocale, useWords } from "../../element/useWords"
import { DisconnectIcon, MoreIcon } from "../../ui/actionIcons"
import { StickyFooter } from "../../ui/StickyFooter"

/** The embedded wallet's two accounts: the key's own, and the smart account it owns (SPEC.md §4). */
const AccountTypeSwitch = ({ current }: { readonly current: string }) => {
  const { catalog } = useLocale()
  const controller = useController()
  const t = useWords("account", accountWords)
  const [switching, setSwitching] = useState(false)
  const next = current === "smartAccount" ? "eoa" : "smartAccount"
  const onClick = () => {
    setSwitching(true)
    void controller.embedded.setAccountType(next).then((result) => {
      setSwitching(false)
      if (result._tag !== "Success") void controller.notify(presentFailure(result, catalog))
    })
  }
  return (
    <button
      type="button"
      className="row"
      data-action="switchAccountType"
      disabled={switching}
      aria-busy={switching}
      onClick={onClick}
    >
      <span className="name">
        {next === "smartAccount" ? t.switchToSmartAccount() : t.switchToKeyAccount()}
      </span>
      <span className="tag">{current === "smartAccount" ? t.smartAccount() : t.keyAccount()}</span>
    </button>
  )
}

/**
 * The account's rarer actions, out of the way at the foot of the view: More (the account type, the login's
 * email) as a disclosure, and Disconnect.
 */
export const AccountMenu = ({
  actions,
  accountType,
  namespace
}: {
  readonly actions: ReadonlyArray<AccountAction>
  readonly accountType: string
  readonly namespace: ChainNamespace
}) => {
  const controller = useController()
  const t = useWords("account", accountWords)
  const menuId = useId()
  const [open, setOpen] = useState(false)
  const more = actions.filter((action) => action === "switchAccountType" || action === "updateEmail")
  return (
    <StickyFooter>
      {more.length === 0 ? null : (
        <>
          <div className="account-more" id={menuId} hidden={!open}>
            {more.map((action) =>
              action === "switchAccountType" ? (
                <AccountTypeSwitch key={action} current={accountType} />
              ) : (
                <button
                  key={action}
                  type="button"
                  className="row"
                  data-action="updateEmail"
                  onClick={() => void controller.push("UpdateEmail")}
                >
                  <span className="name">{t.updateEmail()}</span>
                </button>
              )
            )}
          </div>
          <button
            type="button"
            className="button secondary"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen(!open)}
          >
            <MoreIcon />
            {t.more()}
          </button>
        </>
      )}
      {actions.includes("disconnect") ? (
        <button
          type="button"
          className="button secondary"
          data-action="disconnect"
          onClick={() => void controller.disconnect(namespace)}
        >
          <DisconnectIcon />
          {t.disconnect()}
        </button>
      ) : null}
    </StickyFooter>
  )
}
