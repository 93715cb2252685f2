/**
 * Styles of the picker row and the choice group, adopted by the views that use them (`useViewStyles`):
 * never in the first paint. Theme variables only.
 */
export const choiceCss = `
.picker-row { display: flex; flex-direction: column; gap: var(--_s-2); min-width: 0; }
.picker-row-button { border-color: var(--_border); }
.picker-row-button .sub { order: -1; }
.picker-row-button[data-unset="true"] .name { color: var(--_fg-2); }
.picker-row-button[aria-expanded="true"] { border-color: var(--_accent-text); }
.picker-row-button[aria-expanded="true"] > svg { transform: rotate(180deg); }
.choices { display: flex; flex-direction: column; gap: var(--_s-2); min-width: 0; margin: 0; padding: 0; border: 0; }
.choices-legend { padding: 0; margin-block-end: var(--_s-2); font-size: var(--_t-sm); color: var(--_fg-2); }
.choices-options { display: flex; flex-direction: column; gap: var(--_s-1); }
.choice { position: relative; border: 1px solid var(--_border); }
.choice:has(input:checked) { border-color: var(--_accent-text); }
.choice:has(input:focus-visible) { outline: 2px solid var(--_focus); outline-offset: 2px; }
.choice .wallet-icon { width: calc(var(--_fs) * 3.2); height: calc(var(--_fs) * 3.2); }
.choice:has(input:checked) .name::after { content: " ✓"; color: var(--_accent-text); }
.choices[data-layout="segments"] .choices-options {
  flex-direction: row; flex-wrap: wrap; gap: var(--_s-1);
  padding: var(--_s-1); border-radius: var(--_r-lg); background: var(--_bg-2);
}
.choice-segment {
  flex: 1 1 0; min-width: min(100%, calc(var(--_fs) * 10));
  display: flex; align-items: center; justify-content: center;
  min-height: calc(var(--_control) - var(--_s-2));
  padding: var(--_s-1) var(--_s-2); border-color: transparent; border-radius: var(--_r-md);
  color: var(--_fg-2); font-weight: 500; text-align: center; cursor: pointer;
}
.choice-segment .text { display: flex; flex-direction: column; min-width: 0; }
.choice-segment:has(input:checked) { background: var(--_bg); color: var(--_fg); border-color: var(--_border); }
.choice-segment:has(input:checked) .name::after { content: none; }
.choice-segment:hover { color: var(--_fg); }
`
