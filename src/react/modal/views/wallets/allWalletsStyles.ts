/** The All Wallets grid's styles, adopted when its chunk first renders (see `useViewStyles`). */
export const allWalletsCss = `
.wallet-search { position: relative; margin-bottom: var(--_s-2); }
.wallet-search > svg {
  position: absolute;
  inset-inline-start: var(--_s-3);
  top: 50%;
  width: var(--_t-lg);
  height: var(--_t-lg);
  transform: translateY(-50%);
  color: var(--_fg-2);
  pointer-events: none;
}
.wallet-search .input { padding-inline-start: calc(var(--_fs) * 4); }
.wallet-scroll {
  height: min(368px, calc(100vh - 220px));
  height: min(368px, calc(100dvh - 220px));
  overflow-y: auto;
  overscroll-behavior: contain;
}
/* Drawn inside the tile: the scroller clips whatever reaches past its edges. */
.wallet-scroll :focus-visible { outline-offset: -2px; }
.wallet-window { position: relative; }
.wallet-grid {
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  column-gap: calc(var(--_fs) * 0.8);
}
.wallet-grid > li { min-width: 0; padding: 4px 0; }
.wallet-tile {
  width: 100%;
  height: 100%;
  display: flex;
  flex-direction: column;
  align-items: center;
  /* From the top, so the icons of a row line up whether or not a tile has a tag under its name. */
  justify-content: flex-start;
  gap: 4px;
  padding: 8px 2px 6px;
  border: 1px solid transparent;
  border-radius: calc(var(--_r) * 4);
  background: var(--_bg-2);
  color: var(--_fg);
  font: inherit;
  font-size: calc(var(--_fs) * 1.1);
  line-height: 1.2;
  cursor: pointer;
  overflow: hidden;
}
.wallet-tile:hover { background: var(--_bg-3); }
.wallet-tile .wallet-icon { width: 40px; height: 40px; border-radius: var(--_r-md); }
.wallet-tile .name { max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.wallet-tile .tag { font-size: calc(var(--_fs) * 0.9); color: var(--_success); }
`
