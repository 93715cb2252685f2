import type { ReactNode } from "react"

/**
 * A view's primary actions, kept in sight at the bottom of the dialog however long the view is; they share
 * the row evenly and wrap when too narrow. The last child of a view.
 */
export const StickyFooter = ({ children }: { readonly children: ReactNode }) => (
  <div className="sticky-footer">{children}</div>
)
