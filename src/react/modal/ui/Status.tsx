/** What became of a transaction: an icon and words, never the colour alone. */

export type StatusKind = "success" | "pending" | "failed"

const ICONS: Record<StatusKind, string> = { success: "✓", pending: "…", failed: "✕" }

export const Status = ({ kind, children }: { readonly kind: StatusKind; readonly children: string }) => (
  <p className="status" data-kind={kind} role={kind === "failed" ? "alert" : "status"}>
    <span className="status-icon" aria-hidden="true">
      {ICONS[kind]}
    </span>
    <span>{children}</span>
  </p>
)
