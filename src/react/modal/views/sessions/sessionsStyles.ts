/** The Account view's sessions section, adopted when its chunk first renders (see `useViewStyles`). */
export const sessionsCss = `
.sessions { display: flex; flex-direction: column; gap: var(--_s-1); margin-top: var(--_s-3); }
.sessions h3 { margin: 0; font-size: var(--_t-md); font-weight: 600; }
.sessions .intro { margin: 0; color: var(--_fg-2); font-size: var(--_t-sm); }
.sessions .empty { margin: 0; }
.sessions ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--_s-1); }
.session { display: flex; align-items: center; gap: var(--_s-2); padding: var(--_s-1) 0; }
.session .name { flex: 1; display: flex; flex-direction: column; gap: calc(var(--_fs) * 0.2); min-width: 0; overflow-wrap: anywhere; }
.session .sub { color: var(--_fg-2); font-size: var(--_t-sm); }
.session .button { flex: none; width: auto; }
.grant-review { margin: 0; padding: calc(var(--_fs) * 1.2); border-radius: calc(var(--_r) * 4); background: var(--_bg-2); overflow-wrap: anywhere; }
.grant-review-title { margin: 0 0 var(--_s-1); font-size: var(--_t-sm); color: var(--_fg-2); font-weight: 600; }
.grant-review ul { margin: 0; padding-inline-start: calc(var(--_fs) * 1.8); display: flex; flex-direction: column; gap: calc(var(--_fs) * 0.4); }
.grant-review.unreadable { color: var(--_error); font-weight: 600; }
`
