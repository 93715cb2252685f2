/** Styles of the batch review, progress and status, adopted when their chunk renders. */
export const batchesCss = `
.batch-failing {
  display: flex;
  flex-direction: column;
  gap: calc(var(--_fs) * 0.4);
  padding: calc(var(--_fs) * 1) calc(var(--_fs) * 1.2);
  border: 1px solid var(--_error);
  border-radius: calc(var(--_r) * 4);
  color: var(--_error);
}
.batch-failing p { margin: 0; font-weight: 600; }
.batch-progress { display: flex; flex-direction: column; gap: calc(var(--_fs) * 0.6); }
.batch-progress p { margin: 0; }
.batch-progress p[role="status"] { font-weight: 600; }
.batch-progress progress { width: 100%; accent-color: var(--_accent); }
.batch-failing .batch-reason { font-weight: 400; overflow-wrap: anywhere; }
.batch-status { display: flex; flex-direction: column; gap: calc(var(--_fs) * 1.2); }
.batch-landed { margin: 0; text-align: center; color: var(--_fg-2); }
`
