/** Styles of the Swap view beside the review's: the approval choice, the flip button and the slippage panel. */
export const swapCss = `
.approve-choice {
  display: flex;
  align-items: center;
  gap: calc(var(--_fs) * 0.8);
  min-height: calc(var(--_fs) * 4.4);
  font-size: calc(var(--_fs) * 1.4);
}
.approve-choice input { width: calc(var(--_fs) * 1.8); height: calc(var(--_fs) * 1.8); margin: 0; accent-color: var(--_accent); }
.approve-choice input:focus-visible { outline: 2px solid var(--_accent); outline-offset: 2px; }
`
