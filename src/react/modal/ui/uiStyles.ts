/**
 * The styles of the building blocks in `ui/`, part of the modal's lazy stylesheet (`element/styles.ts`),
 * so the Connect view, which ships with the first paint, brings no CSS of its own.
 */
export const uiCss = `
.list-item { min-height: calc(var(--_fs) * 5.2); padding-block: var(--_s-2); padding-inline: var(--_s-2) var(--_s-3); }
.list-item .text { flex: 1; min-width: 0; display: flex; flex-direction: column; }
.list-item .name { font-weight: 500; }
.list-item .sub { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: var(--_fg-2); font-size: var(--_t-sm); }
.list-item .tag {
  padding: calc(var(--_fs) * 0.2) var(--_s-2);
  border-radius: var(--_r-sm);
  background: var(--_bg-3);
  color: var(--_fg-2);
  font-weight: 600;
  text-transform: uppercase;
  letter-spacing: 0.02em;
}
.list-item .tag[data-tone="accent"] { color: var(--_accent-text); }
.list-item .tag[data-tone="success"] { color: var(--_success); }
.list-item > svg { width: var(--_t-lg); height: var(--_t-lg); flex: none; color: var(--_fg-2); }
.icon-button.labelled {
  width: auto;
  height: auto;
  min-height: calc(var(--_fs) * 6.4);
  flex: 1 1 0;
  flex-direction: column;
  gap: var(--_s-1);
  padding: var(--_s-2) var(--_s-1);
  border-radius: var(--_r-lg);
  background: var(--_bg-2);
  color: var(--_fg);
  font-size: var(--_t-sm);
  font-weight: 500;
}
.icon-button.labelled:hover { background: var(--_bg-3); }
.icon-button.labelled svg { width: var(--_t-xl); height: var(--_t-xl); color: var(--_accent-text); }
.action-bar { display: flex; gap: var(--_s-2); }
.network-chip {
  max-width: 100%;
  min-height: calc(var(--_fs) * 3.2);
  display: inline-flex;
  align-items: center;
  gap: var(--_s-1);
  padding-block: calc(var(--_fs) * 0.3);
  padding-inline: calc(var(--_fs) * 0.3) var(--_s-2);
  border: 1px solid var(--_border);
  border-radius: var(--_r-full);
  background: var(--_bg-2);
  color: var(--_fg);
  font: inherit;
  font-size: var(--_t-sm);
  font-weight: 500;
  cursor: pointer;
}
.network-chip:hover:not(:disabled) { background: var(--_bg-3); }
.network-chip:disabled { cursor: default; }
.network-chip .wallet-icon { width: calc(var(--_fs) * 2.4); height: calc(var(--_fs) * 2.4); border-radius: var(--_r-full); font-size: var(--_t-xs); }
.network-chip .name { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.network-chip svg { width: var(--_t-sm); height: var(--_t-sm); flex: none; color: var(--_fg-2); }
.avatar {
  display: block;
  width: calc(var(--_fs) * 6.4);
  height: calc(var(--_fs) * 6.4);
  flex: none;
  border-radius: var(--_r-full);
  object-fit: cover;
  box-shadow: inset 0 0 0 1px rgba(0, 0, 0, 0.08);
}
.avatar.placeholder { display: inline-flex; align-items: center; justify-content: center; background: var(--_bg-3); }
.sticky-footer {
  align-self: stretch;
  position: sticky;
  bottom: 0;
  z-index: 1;
  display: flex;
  flex-wrap: wrap;
  gap: var(--_s-2);
  margin: var(--_s-3) 0 calc(var(--_pad-bottom) * -1);
  padding: var(--_s-3) 0;
  /* Edge to edge across the view's side padding, painted as a border image's outset: painting outside
     the box, unlike negative margins, does not make the view's content wider than the view. */
  border-image: linear-gradient(var(--_border) 0 1px, var(--_bg) 1px) 0 fill / 0 / 0 var(--_pad-x);
}
.sticky-footer > * { flex: 1 1 0; min-width: min(100%, calc(var(--_fs) * 12)); }
/* The confirm takes the larger share beside Back, so its words ("Approve and swap") stay on one line. */
.sticky-footer > .secondary { flex-grow: 0.6; }
.sticky-footer .button svg { width: var(--_t-lg); height: var(--_t-lg); flex: none; }
`
