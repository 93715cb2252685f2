/**
 * Styles of the token-amount field, the token picker, the copyable value and the status line, adopted by
 * the views that use them (`useViewStyles`): never in the first paint. Theme variables only.
 */
export const tokenFieldCss = `
.token-field {
  display: flex;
  flex-direction: column;
  gap: calc(var(--_fs) * 0.6);
  padding: calc(var(--_fs) * 1.2);
  border: 1px solid var(--_border);
  border-radius: calc(var(--_r) * 4);
  background: var(--_bg-2);
  min-width: 0;
}
.token-field[data-invalid="true"] { border-color: var(--_error); }
.token-field:focus-within { border-color: var(--_accent); }
.token-field[data-invalid="true"]:focus-within { border-color: var(--_error); }
.token-field-head { display: flex; justify-content: space-between; align-items: center; gap: calc(var(--_fs) * 0.8); flex-wrap: wrap; font-size: calc(var(--_fs) * 1.3); color: var(--_fg-2); }
.token-field-balance { display: inline-flex; align-items: center; gap: calc(var(--_fs) * 0.6); overflow-wrap: anywhere; }
.token-max {
  border: 0; background: none; padding: calc(var(--_fs) * 0.2) calc(var(--_fs) * 0.4);
  color: var(--_accent-text); font: inherit; font-weight: 600; cursor: pointer; border-radius: var(--_r);
}
.token-field-row { display: flex; align-items: center; gap: calc(var(--_fs) * 0.8); min-width: 0; }
.token-amount {
  flex: 1; min-width: 0; border: 0; background: transparent; color: var(--_fg);
  font: inherit; font-size: calc(var(--_fs) * 2.8); font-weight: 500; padding: 0; text-overflow: ellipsis;
}
.token-amount:focus { outline: none; }
.token-amount[readonly] { color: var(--_fg-2); }
.token-button {
  display: inline-flex; align-items: center; gap: calc(var(--_fs) * 0.6); flex: none;
  padding: calc(var(--_fs) * 0.6) calc(var(--_fs) * 1);
  border: 1px solid var(--_border); border-radius: calc(var(--_r) * 25);
  background: var(--_bg); color: var(--_fg); font: inherit; font-size: calc(var(--_fs) * 1.5); font-weight: 600; cursor: pointer;
}
.token-button .wallet-icon { width: calc(var(--_fs) * 2.4); height: calc(var(--_fs) * 2.4); }
.token-button-symbol { max-width: calc(var(--_fs) * 10); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.token-chevron { color: var(--_fg-2); font-size: calc(var(--_fs) * 1.2); }
.token-field-fiat { margin: 0; font-size: calc(var(--_fs) * 1.3); color: var(--_fg-2); }
.token-max:focus-visible, .token-button:focus-visible, .copyable-button:focus-visible, .copyable-link:focus-visible {
  outline: 2px solid var(--_accent); outline-offset: 2px;
}
.token-picker { display: flex; flex-direction: column; gap: calc(var(--_fs) * 0.6); }
.token-search:focus-visible { outline: 2px solid var(--_accent); outline-offset: 1px; }
.token-options { margin: 0; padding: 0; max-height: calc(var(--_fs) * 26); overflow-y: auto; }
.token-option {
  display: flex; align-items: center; gap: calc(var(--_fs) * 1); min-width: 0;
  padding: calc(var(--_fs) * 0.8); border-radius: calc(var(--_r) * 3); cursor: pointer;
}
.token-option .wallet-icon { width: calc(var(--_fs) * 2.8); height: calc(var(--_fs) * 2.8); flex: none; }
.token-option[data-active="true"] { background: var(--_bg); outline: 2px solid var(--_accent); outline-offset: -2px; }
.token-option[aria-selected="true"] .token-option-symbol::after { content: " ✓"; color: var(--_accent-text); }
.token-option-name { display: flex; flex-direction: column; flex: 1; min-width: 0; }
.token-option-name .sub { color: var(--_fg-2); font-size: calc(var(--_fs) * 1.2); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.token-option-symbol { font-weight: 600; }
.token-option-balance { flex: none; font-variant-numeric: tabular-nums; }
.token-none { margin: 0; padding: calc(var(--_fs) * 0.8); color: var(--_fg-2); }
.copyable {
  display: flex; flex-wrap: wrap; align-items: center; gap: calc(var(--_fs) * 0.4) calc(var(--_fs) * 0.8);
  padding: calc(var(--_fs) * 1); border-radius: calc(var(--_r) * 4); background: var(--_bg-2); min-width: 0;
}
.copyable-label { width: 100%; font-size: calc(var(--_fs) * 1.2); color: var(--_fg-2); }
.copyable-value { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: calc(var(--_fs) * 1.4); }
.copyable-button {
  border: 1px solid var(--_border); background: var(--_bg); color: var(--_fg); font: inherit;
  font-size: calc(var(--_fs) * 1.2); padding: calc(var(--_fs) * 0.3) calc(var(--_fs) * 0.8); border-radius: calc(var(--_r) * 25); cursor: pointer;
}
.copyable-link { color: var(--_accent-text); font-size: calc(var(--_fs) * 1.3); }
.status { display: flex; align-items: center; justify-content: center; gap: calc(var(--_fs) * 0.8); margin: 0; font-size: calc(var(--_fs) * 1.6); font-weight: 600; text-align: center; }
.status-icon {
  display: inline-grid; place-items: center; flex: none; width: calc(var(--_fs) * 2.8); height: calc(var(--_fs) * 2.8);
  border-radius: 50%; color: var(--_bg); background: var(--_fg-2); font-size: calc(var(--_fs) * 1.4);
}
.status[data-kind="success"] .status-icon { background: var(--_success); }
.status[data-kind="failed"] .status-icon { background: var(--_error); }
`
