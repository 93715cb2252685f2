/**
 * The Connect view's own styles (email with its inline Continue, the social marks, the WalletConnect and All
 * Wallets marks). Part of the modal's lazy stylesheet, as Connect itself ships with the first paint.
 */
export const connectCss = `
.email-inline { gap: var(--_s-1); }
.email-field { position: relative; display: flex; align-items: center; }
.email-field > svg {
  position: absolute;
  inset-inline-start: var(--_s-3);
  width: var(--_t-lg);
  height: var(--_t-lg);
  color: var(--_fg-2);
  pointer-events: none;
}
.email-field .input { min-height: calc(var(--_fs) * 5.2); padding-inline-start: calc(var(--_fs) * 4); padding-inline-end: calc(var(--_fs) * 5.2); }
.email-field .email-submit {
  position: absolute;
  inset-inline-end: var(--_s-1);
  width: calc(var(--_fs) * 4.4);
  height: calc(var(--_fs) * 4.4);
  border-radius: var(--_r-md);
  background: var(--_accent);
  color: var(--_on-accent);
}
.email-field .email-submit:hover:not(:disabled) { background: color-mix(in srgb, var(--_accent), #000 12%); color: var(--_on-accent); }
.email-field .email-submit:disabled { opacity: 0.6; cursor: default; }
.socials .social-wide { justify-content: center; min-height: calc(var(--_fs) * 5.2); font-weight: 500; }
.social-icons { display: grid; grid-template-columns: repeat(auto-fit, minmax(calc(var(--_fs) * 4), 1fr)); gap: var(--_s-2); }
.socials .social-icon { justify-content: center; min-height: calc(var(--_fs) * 5.2); padding: 0; }
.social-mark {
  width: calc(var(--_fs) * 2.4);
  height: calc(var(--_fs) * 2.4);
  flex: none;
  display: inline-flex;
  border-radius: var(--_r-full);
  background: #555;
}
.social-mark svg { width: 100%; height: 100%; }
.social-mark[data-social="google"] { background: #fff; box-shadow: inset 0 0 0 1px #dadce0; }
.social-mark[data-social="x"], .social-mark[data-social="apple"] { background: #000; box-shadow: inset 0 0 0 1px #555; }
.social-mark[data-social="discord"] { background: #5865f2; }
.social-mark[data-social="farcaster"] { background: #855dcd; }
.social-mark[data-social="github"] { background: #24292f; box-shadow: inset 0 0 0 1px #555; }
.social-mark[data-social="facebook"] { background: #1877f2; }
.wc-mark { display: inline-flex; align-items: center; justify-content: center; background: #3b99fc; color: #fff; }
.wc-mark svg { width: 70%; height: 70%; }
.all-wallets-mark {
  padding: calc(var(--_fs) * 0.6);
  background-color: var(--_bg-3);
  background-image: radial-gradient(circle, var(--_fg-2) 0 calc(var(--_fs) * 0.3), transparent calc(var(--_fs) * 0.35));
  background-origin: content-box;
  background-clip: content-box;
  background-size: 50% 50%;
}
`
