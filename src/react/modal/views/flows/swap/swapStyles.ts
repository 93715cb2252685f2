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
/* A review whose plan is being made again for another approval: still there, visibly about to change. */
.approve-details[aria-busy="true"] { opacity: 0.6; transition: opacity var(--airlock-duration-view) ease-out; }
.approve-choice input:focus-visible { outline: 2px solid var(--_accent); outline-offset: 2px; }
.flip-row { display: flex; justify-content: center; margin: calc(var(--_fs) * -1.2) 0; position: relative; z-index: 1; }
.flip {
  display: inline-grid; place-items: center; width: calc(var(--_fs) * 3.6); height: calc(var(--_fs) * 3.6);
  border: 3px solid var(--_bg); border-radius: calc(var(--_r) * 3); background: var(--_bg-2); color: var(--_fg);
  font-size: calc(var(--_fs) * 1.8); cursor: pointer;
}
.flip:disabled { color: var(--_fg-2); cursor: default; }
.flip:focus-visible, .slippage-toggle:focus-visible, .slippage-preset:focus-visible { outline: 2px solid var(--_accent); outline-offset: 2px; }
.slippage { display: flex; flex-direction: column; gap: calc(var(--_fs) * 0.6); }
.slippage-toggle {
  align-self: flex-end; border: 0; background: none; color: var(--_fg-2); font: inherit;
  font-size: calc(var(--_fs) * 1.3); cursor: pointer; padding: calc(var(--_fs) * 0.4); border-radius: var(--_r);
}
.slippage-panel {
  display: flex; flex-wrap: wrap; align-items: end; gap: calc(var(--_fs) * 0.6);
  margin: 0; padding: calc(var(--_fs) * 1); border: 1px solid var(--_border); border-radius: calc(var(--_r) * 4);
}
.slippage-panel legend { font-size: calc(var(--_fs) * 1.2); color: var(--_fg-2); padding: 0 calc(var(--_fs) * 0.4); }
.slippage-preset {
  min-width: calc(var(--_fs) * 5.6); min-height: calc(var(--_fs) * 3.6); border: 1px solid var(--_border);
  border-radius: calc(var(--_r) * 25); background: var(--_bg); color: var(--_fg); font: inherit; cursor: pointer;
}
.slippage-preset[aria-pressed="true"] { border-color: var(--_accent); color: var(--_accent-text); font-weight: 600; }
.slippage-custom { display: flex; flex-direction: column; gap: calc(var(--_fs) * 0.4); flex: 1; min-width: calc(var(--_fs) * 10); font-size: calc(var(--_fs) * 1.2); color: var(--_fg-2); }
`
