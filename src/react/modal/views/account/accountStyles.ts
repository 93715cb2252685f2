/** The Account view's styles, adopted when its chunk first renders (see `useViewStyles`). */
export const accountCss = `
.account-card { gap: var(--_s-1); padding: var(--_s-1) 0 var(--_s-3); }
/* The wallet's badge overlaps the avatar's corner inside the padding: nothing sticks out of the box. */
.account-avatar { position: relative; padding: var(--_s-1); }
.account-avatar .avatar { width: calc(var(--_fs) * 5.6); height: calc(var(--_fs) * 5.6); }
.account-wallet { position: absolute; inset-inline-end: 0; bottom: 0; display: flex; }
.account-wallet .wallet-icon {
  width: calc(var(--_fs) * 2.4);
  height: calc(var(--_fs) * 2.4);
  border: 2px solid var(--_bg);
  border-radius: var(--_r-full);
  font-size: var(--_t-xs);
}
.impersonation { margin: 0; color: var(--_error); font-weight: 600; }
.account-id { max-width: 100%; display: flex; align-items: center; justify-content: center; gap: var(--_s-1); }
.account-id .icon-button { width: calc(var(--_fs) * 3.2); height: calc(var(--_fs) * 3.2); }
.address { min-width: 0; margin: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-size: var(--_t-lg); font-weight: 600; }
.account-id .address { padding-inline-start: calc(var(--_fs) * 3.6); }
.account-sub { margin: 0; color: var(--_fg-2); font-size: var(--_t-sm); }
.bitcoin-accounts { margin: 0; padding: 0; list-style: none; display: grid; gap: var(--_s-1); }
.bitcoin-account { display: flex; align-items: center; justify-content: center; gap: var(--_s-1); font-size: var(--_t-sm); }
.bitcoin-account-type { color: var(--_fg-2); }
.bitcoin-account-address { font-variant-numeric: tabular-nums; }
.bitcoin-account .icon-button { width: calc(var(--_fs) * 2.8); height: calc(var(--_fs) * 2.8); }
.balance { margin: 0 0 var(--_s-1); color: var(--_fg-2); }
.account-card .balance { color: var(--_fg); font-size: var(--_t-xl); font-weight: 600; font-variant-numeric: tabular-nums; }
.link-button {
  padding: 0;
  border: 0;
  background: none;
  color: var(--_accent-text);
  font: inherit;
  font-size: var(--_t-sm);
  font-weight: 500;
  cursor: pointer;
}
.link-button:hover { text-decoration: underline; }
.account-more { flex: 1 1 100%; display: flex; flex-direction: column; gap: var(--_s-1); }
.account-more[hidden] { display: none; }
.tablist { display: flex; gap: var(--_s-1); margin: var(--_s-3) 0 var(--_s-2); }
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
