/** The action and field icons, apart from `icons.tsx` so the first paint carries only the chevrons. */
import { Icon } from "./icons"

export const ArrowIcon = () => <Icon d="M3 8h10M9 4l4 4-4 4" directional />
export const SendIcon = () => <Icon d="M8 13V3M4 7l4-4 4 4" />
export const ReceiveIcon = () => <Icon d="M8 3v10M4 9l4 4 4-4" />
export const SwapIcon = () => <Icon d="M3 5.5h9.5M10 3l2.5 2.5L10 8M13 10.5H3.5M6 8l-2.5 2.5L6 13" />
export const BuyIcon = () => <Icon d="M8 2.5v11M2.5 8h11" />
export const CopyIcon = () => <Icon d="M5.5 5.5h7v7h-7zM10.5 5.5v-2h-7v7h2" />
export const CheckIcon = () => <Icon d="m3 8.5 3 3 7-7" />
export const MoreIcon = () => <Icon d="M3.5 8h.01M8 8h.01M12.5 8h.01" />
export const MailIcon = () => <Icon d="M2.5 4h11v8h-11zM2.5 4.5 8 9l5.5-4.5" />
export const SearchIcon = () => <Icon d="M7 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10ZM10.5 10.5 14 14" />
export const DisconnectIcon = () => <Icon d="M6 3H3.5v10H6M10 5l3 3-3 3M13 8H6.5" directional />
export const QrIcon = () => (
  <Icon d="M2.5 2.5h4v4h-4zM9.5 2.5h4v4h-4zM2.5 9.5h4v4h-4zM9.5 9.5h1.5M13.5 9.5v4h-4" />
)
