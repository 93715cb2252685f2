/**
 * Styles of the ApproveTransaction view, adopted beside the modal's stylesheet when its chunk renders.
 * Values the visitor must compare (addresses, hex) break anywhere and are monospaced; long messages scroll.
 */
export const approveCss = `
.approve { display: flex; flex-direction: column; gap: calc(var(--_fs) * 1.2); }
/* The frame is laid over this box: as tall as the dialog leaves room for, so its buttons stay inside it. */
.frame-place {
  height: calc(var(--_fs) * 36);
  height: clamp(calc(var(--_fs) * 26), calc(100dvh - var(--_fs) * 20), calc(var(--_fs) * 36));
  border-radius: var(--_r-lg);
  background: var(--_bg-2);
}
.approve-title { margin: 0; font-size: calc(var(--_fs) * 1.6); font-weight: 600; text-align: center; }
.approve-warning {
  display: flex;
  flex-direction: column;
  gap: calc(var(--_fs) * 0.4);
  padding: calc(var(--_fs) * 1) calc(var(--_fs) * 1.2);
  border: 1px solid var(--_error);
  border-radius: calc(var(--_r) * 4);
  color: var(--_error);
  font-weight: 600;
}
.approve-warning p { margin: 0; }
.approve-details {
  display: flex;
  flex-direction: column;
  gap: calc(var(--_fs) * 0.8);
  margin: 0;
  padding: calc(var(--_fs) * 1.2);
  border-radius: calc(var(--_r) * 4);
  background: var(--_bg-2);
}
.approve-details dt { font-size: calc(var(--_fs) * 1.2); color: var(--_fg-2); }
.approve-details dd { margin: 0; overflow-wrap: anywhere; }
.approve-details dd.code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: calc(var(--_fs) * 1.2); }
.approve-details dd.message {
  max-height: calc(var(--_fs) * 16);
  overflow-y: auto;
  white-space: pre-wrap;
}
.approve-actions { display: grid; grid-template-columns: 1fr 1fr; gap: calc(var(--_fs) * 0.8); }
.approve-actions.single { grid-template-columns: 1fr; }
`
