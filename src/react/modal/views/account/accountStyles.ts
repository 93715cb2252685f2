/** The Account view's styles, adopted when its chunk first renders (see `useViewStyles`). */
export const accountCss = `
.account-card .wallet-icon { width: calc(var(--_fs) * 6.4); height: calc(var(--_fs) * 6.4); }
.impersonation { margin: 0; color: var(--_error); font-weight: 600; }
.address { margin: 0; font-size: calc(var(--_fs) * 1.6); font-weight: 600; }
.balance { margin: 0; color: var(--_fg-2); }
.tablist { display: flex; gap: calc(var(--_fs) * 0.4); margin: calc(var(--_fs) * 1.2) 0 calc(var(--_fs) * 0.8); }
.tab {
  flex: 1;
  padding: calc(var(--_fs) * 0.8);
  border: 0;
  border-radius: calc(var(--_r) * 4);
  background: transparent;
  color: var(--_fg-2);
  font: inherit;
  font-weight: 600;
  cursor: pointer;
}
.tab[aria-selected="true"] { background: var(--_bg-2); color: var(--_fg); }
.item { display: flex; align-items: center; gap: calc(var(--_fs) * 1.2); padding: calc(var(--_fs) * 0.6) 0; }
.item .name { flex: 1; display: flex; flex-direction: column; min-width: 0; overflow: hidden; text-overflow: ellipsis; }
.item .sub { color: var(--_fg-2); font-size: calc(var(--_fs) * 1.2); }
.item .value { font-variant-numeric: tabular-nums; }
.month-label { margin: calc(var(--_fs) * 1.2) 0 calc(var(--_fs) * 0.4); font-size: calc(var(--_fs) * 1.2); color: var(--_fg-2); }
.nft-grid { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(2, 1fr); gap: calc(var(--_fs) * 1); }
.nft { display: flex; flex-direction: column; gap: calc(var(--_fs) * 0.4); }
.nft-preview { width: 100%; aspect-ratio: 1; border-radius: calc(var(--_r) * 4); background: var(--_bg-2); object-fit: cover; }
`
