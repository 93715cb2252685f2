import { uiCss } from "../ui/uiStyles"
import { connectCss } from "../views/wallets/connectStyles"
import { DARK, DEFAULT_ACCENT, LIGHT, paletteCss } from "./palette"

/**
 * The modal's styles, adopted by its shadow root as a constructable stylesheet, so no inline `<style>` is
 * needed under a strict CSP. Public theme variables (`--airlock-*`) are CSS custom properties on the host
 * element with SPEC.md §2's defaults; every size below derives from `--airlock-font-size-master` and
 * `--airlock-border-radius-master`, every colour from the palette (WCAG AA, `palette.ts`) mixed with
 * `--airlock-color-mix` at `--airlock-color-mix-strength`. Private tokens start with `--_`.
 */
const tokensCss = `
:host {
  --airlock-font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  --airlock-font-size-master: 10px;
  --airlock-border-radius-master: 4px;
  --airlock-z-index: 999;
  --airlock-accent: ${DEFAULT_ACCENT};
  --airlock-color-mix: #000;
  --airlock-color-mix-strength: 0%;
  --airlock-modal-width: 360px;
  --airlock-duration-header: 120ms;
  --airlock-duration-height: 150ms;
  --airlock-duration-view: 150ms;
  --airlock-duration-shake: 500ms;
  --_fs: var(--airlock-font-size-master);
  --_r: var(--airlock-border-radius-master);
  /* Type scale. */
  --_t-xs: calc(var(--_fs) * 1.1);
  --_t-sm: calc(var(--_fs) * 1.2);
  --_t-md: calc(var(--_fs) * 1.4);
  --_t-lg: calc(var(--_fs) * 1.6);
  --_t-xl: calc(var(--_fs) * 2);
  --_t-2xl: calc(var(--_fs) * 2.8);
  /* Spacing scale. */
  --_s-1: calc(var(--_fs) * 0.4);
  --_s-2: calc(var(--_fs) * 0.8);
  --_s-3: calc(var(--_fs) * 1.2);
  --_s-4: calc(var(--_fs) * 1.6);
  --_s-5: calc(var(--_fs) * 2.4);
  --_s-6: calc(var(--_fs) * 3.2);
  /* The view's inner margins, which the sticky footer reaches across. */
  --_pad-x: calc(var(--_fs) * 1.4);
  --_pad-bottom: var(--_s-4);
  /* Radius steps. */
  --_r-xs: var(--_r);
  --_r-sm: calc(var(--_r) * 2);
  --_r-md: calc(var(--_r) * 3);
  --_r-lg: calc(var(--_r) * 4);
  --_r-xl: calc(var(--_r) * 8);
  --_r-full: 999px;
  /* Controls are at least this tall: a touch target. */
  --_control: calc(var(--_fs) * 4.4);
  ${paletteCss(LIGHT)}
  --_on-accent: #ffffff;
  --_bg: color-mix(in srgb, var(--_bg-base), var(--airlock-color-mix) var(--airlock-color-mix-strength));
  --_bg-2: color-mix(in srgb, var(--_bg-2-base), var(--airlock-color-mix) var(--airlock-color-mix-strength));
  --_bg-3: color-mix(in srgb, var(--_bg-3-base), var(--airlock-color-mix) var(--airlock-color-mix-strength));
  --_accent: color-mix(in srgb, var(--airlock-accent), var(--airlock-color-mix) var(--airlock-color-mix-strength));
  --_focus: var(--_accent-text);
  --_shadow: 0 calc(var(--_fs) * 1.2) calc(var(--_fs) * 4) rgba(0, 0, 0, 0.25);
  all: initial;
  display: contents;
  font-family: var(--airlock-font-family);
  color-scheme: light;
}
:host([data-theme="dark"]) {
  ${paletteCss(DARK)}
  --_shadow: 0 calc(var(--_fs) * 1.2) calc(var(--_fs) * 4) rgba(0, 0, 0, 0.5);
  color-scheme: dark;
}
@media (prefers-reduced-motion: reduce) {
  :host {
    --airlock-duration-header: 0ms;
    --airlock-duration-height: 0ms;
    --airlock-duration-view: 0ms;
    --airlock-duration-shake: 0ms;
  }
  *, *::before, *::after {
    animation-duration: 0ms !important;
    animation-iteration-count: 1 !important;
    transition-duration: 0ms !important;
  }
}
`

/**
 * The frame of the dialog: never past the viewport (margins all round, a bottom sheet below 430 px), the
 * header fixed, the view scrolling inside, a view's footer sticking to the bottom of what is visible.
 */
const layoutCss = `
*, *::before, *::after { box-sizing: border-box; }
.overlay {
  position: fixed;
  inset: 0;
  z-index: var(--airlock-z-index);
  display: flex;
  align-items: center;
  justify-content: center;
  padding: var(--_s-4);
  background: var(--_overlay);
  animation: airlock-dim var(--airlock-duration-view) ease-out;
}
.inline { display: block; }
.card {
  position: relative;
  width: min(var(--airlock-modal-width), 100%);
  max-height: calc(100vh - var(--_s-4) * 2);
  max-height: calc(100dvh - var(--_s-4) * 2);
  display: flex;
  flex-direction: column;
  overflow: hidden;
  background: var(--_bg);
  color: var(--_fg);
  font-size: var(--_t-md);
  line-height: 1.4;
  border: 1px solid var(--_border);
  border-radius: var(--_r-xl);
  box-shadow: var(--_shadow);
  animation: airlock-rise var(--airlock-duration-view) ease-out;
  outline: none;
}
@media (max-width: 429.98px) {
  .overlay { align-items: flex-end; padding: var(--_s-5) 0 0; }
  .overlay > .card {
    width: 100%;
    max-height: calc(100vh - var(--_s-5));
    max-height: calc(100dvh - var(--_s-5));
    border-width: 1px 0 0;
    border-radius: var(--_r-xl) var(--_r-xl) 0 0;
    padding-bottom: env(safe-area-inset-bottom, 0px);
    animation-name: airlock-sheet;
  }
}
/* Laid out off screen and never seen: the idle warm-up of the first open. */
.card.warm-up { position: fixed; inset-inline-start: -10000px; top: 0; visibility: hidden; pointer-events: none; animation: none; }
.card.shake { animation: airlock-shake var(--airlock-duration-shake) ease-in-out; }
.header {
  flex: none;
  display: grid;
  grid-template-columns: var(--_header-button) minmax(0, 1fr) var(--_header-button);
  align-items: center;
  gap: var(--_s-1);
  padding: var(--_s-3) var(--_s-3) var(--_s-2);
  --_header-button: calc(var(--_fs) * 3.2);
}
/* Back, help and Close: a rounded square the size of the icon's hover, its focus ring hugging it. */
.header .icon-button { width: var(--_header-button); height: var(--_header-button); border-radius: var(--_r-md); }
.header .icon-button:focus-visible { outline-offset: 0; }
.title {
  margin: 0;
  overflow: hidden;
  text-align: center;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-size: var(--_t-lg);
  font-weight: 600;
  animation: airlock-fade var(--airlock-duration-header) ease-out;
}
.body-frame {
  flex: 0 1 auto;
  min-height: 0;
  display: flex;
  flex-direction: column;
  overflow: hidden;
  transition: height var(--airlock-duration-height) ease-out;
}
.body { flex: 1 1 auto; min-height: 0; overflow-y: auto; overscroll-behavior: contain; }
.view {
  padding: var(--_s-1) var(--_pad-x) var(--_pad-bottom);
  overflow-wrap: anywhere;
  animation: airlock-fade var(--airlock-duration-view) ease-out;
}
.notices {
  position: fixed;
  inset-inline: 0;
  bottom: var(--_s-5);
  z-index: calc(var(--airlock-z-index) + 1);
  display: flex;
  flex-direction: column;
  gap: var(--_s-2);
  width: min(var(--airlock-modal-width), calc(100vw - var(--_s-6)));
  margin-inline: auto;
  font-family: var(--airlock-font-family);
  font-size: var(--_t-md);
  line-height: 1.4;
  pointer-events: none;
}
/* While the dialog is open its notices take their own place under the header, never over the view. */
.card .notices {
  position: static;
  flex: none;
  width: auto;
  margin-inline: 0;
  padding: 0 var(--_pad-x);
  font-size: var(--_t-sm);
}
.card .notices:not(:empty) { padding-bottom: var(--_s-2); }
.notice {
  display: flex;
  align-items: flex-start;
  gap: var(--_s-2);
  padding-block: var(--_s-2);
  padding-inline: var(--_s-3) var(--_s-2);
  border: 1px solid var(--_border);
  border-radius: var(--_r-lg);
  background: var(--_bg);
  color: var(--_fg);
  box-shadow: 0 var(--_s-1) var(--_s-4) rgba(0, 0, 0, 0.2);
  pointer-events: auto;
  overflow-wrap: anywhere;
  animation: airlock-rise var(--airlock-duration-view) ease-out;
}
.card .notice { box-shadow: none; background: var(--_bg-2); }
.notice[data-variant="error"] { border-color: var(--_error); }
.notice[data-variant="success"] { border-color: var(--_success); }
.notice .text { flex: 1; min-width: 0; align-self: center; }
.notice .description { display: block; color: var(--_fg-2); font-size: var(--_t-sm); }
.notice .icon-button { width: calc(var(--_fs) * 2.8); height: calc(var(--_fs) * 2.8); }
`

/** The shared building blocks the views' markup names (rows, buttons, fields, states). */
const baseCss = `
:host([dir="rtl"]) svg.directional { transform: scaleX(-1); }
.section { display: flex; flex-direction: column; gap: var(--_s-2); }
.section + .section { margin-top: var(--_s-3); }
.divider {
  display: flex;
  align-items: center;
  gap: var(--_s-3);
  margin: var(--_s-3) 0;
  color: var(--_fg-2);
  font-size: var(--_t-sm);
}
.divider::before, .divider::after { content: ""; flex: 1; height: 1px; background: var(--_border); }
.field { display: flex; flex-direction: column; gap: var(--_s-1); }
.label { font-size: var(--_t-sm); color: var(--_fg-2); }
.input {
  width: 100%;
  min-height: var(--_control);
  padding: var(--_s-2) var(--_s-3);
  border: 1px solid var(--_border);
  border-radius: var(--_r-lg);
  background: var(--_bg-2);
  color: var(--_fg);
  font: inherit;
}
.input::placeholder { color: var(--_fg-2); opacity: 1; }
.input[aria-invalid="true"] { border-color: var(--_error); }
.hint { min-height: calc(var(--_t-sm) * 1.4); margin: 0; font-size: var(--_t-sm); color: var(--_error); }
.button, .row {
  width: 100%;
  min-height: var(--_control);
  display: flex;
  align-items: center;
  gap: var(--_s-3);
  padding: var(--_s-2) var(--_s-3);
  border: 1px solid transparent;
  border-radius: var(--_r-lg);
  background: var(--_bg-2);
  color: var(--_fg);
  font: inherit;
  text-align: start;
  text-decoration: none;
  cursor: pointer;
  transition: background-color var(--airlock-duration-header) ease-out;
}
.button { justify-content: center; text-align: center; font-weight: 600; background: var(--_accent); color: var(--_on-accent); }
.button:hover:not(:disabled) { background: color-mix(in srgb, var(--_accent), #000 12%); }
.button.secondary { background: var(--_bg-2); color: var(--_fg); border-color: var(--_border); }
.button.secondary:hover:not(:disabled), .row:hover:not(:disabled) { background: var(--_bg-3); }
.button:disabled { opacity: 0.6; cursor: default; }
.row .name { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.row .tag { flex: none; font-size: var(--_t-xs); color: var(--_fg-2); }
.row[aria-current="true"] { border-color: var(--_accent-text); }
.row[data-suspicious] .tag { color: var(--_error); font-weight: 600; }
.row:disabled { cursor: default; opacity: 0.7; }
.icon-button {
  width: var(--_control);
  height: var(--_control);
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  padding: 0;
  border: 0;
  border-radius: var(--_r-full);
  background: transparent;
  color: var(--_fg-2);
  cursor: pointer;
  font: inherit;
}
.icon-button:hover { background: var(--_bg-2); color: var(--_fg); }
.icon-button svg { width: var(--_t-lg); height: var(--_t-lg); }
.wallet-icon {
  width: calc(var(--_fs) * 3.2);
  height: calc(var(--_fs) * 3.2);
  flex: none;
  border-radius: var(--_r-md);
  background: var(--_bg-3);
  object-fit: cover;
}
.wallet-icon.placeholder {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  font-weight: 600;
  color: var(--_fg-2);
}
.connecting, .account-card {
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: var(--_s-2);
  padding: var(--_s-3) 0;
  text-align: center;
}
.connecting-icon .wallet-icon { width: calc(var(--_fs) * 6.4); height: calc(var(--_fs) * 6.4); border-radius: var(--_r-xl); }
.connecting-icon.waiting { animation: airlock-pulse 1.2s ease-in-out infinite; }
.connecting-title { margin: 0; font-size: var(--_t-lg); font-weight: 600; }
.connecting-text { margin: 0; color: var(--_fg-2); }
.spinner {
  width: calc(var(--_fs) * 2.4);
  height: calc(var(--_fs) * 2.4);
  border: 3px solid var(--_border);
  border-top-color: var(--_accent-text);
  border-radius: 50%;
  animation: airlock-spin 0.8s linear infinite;
}
.empty { margin: 0; padding: var(--_s-3); text-align: center; color: var(--_fg-2); }
.list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--_s-1); }
.status { margin: 0; padding: var(--_s-2) 0; text-align: center; color: var(--_fg-2); }
.status:empty { padding: 0; }
.code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; overflow-wrap: anywhere; }
:focus-visible { outline: 2px solid var(--_focus); outline-offset: 2px; }
.consent-lock { margin: 0; padding: 0; border: 0; min-width: 0; }
.visually-hidden {
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
}
`

// What enters is legible in the frame that first paints it (half faded in, never from invisible): a view
// shows in the frame it renders in. Only the backdrop starts clear.
const motionCss = `
@keyframes airlock-spin { to { transform: rotate(360deg); } }
@keyframes airlock-pulse { 50% { opacity: 0.55; } }
@keyframes airlock-fade { from { opacity: 0.5; } to { opacity: 1; } }
@keyframes airlock-rise { from { opacity: 0.5; transform: translateY(var(--_s-3)); } to { opacity: 1; transform: none; } }
@keyframes airlock-dim { from { background-color: transparent; } }
@keyframes airlock-sheet { from { transform: translateY(40%); } to { transform: none; } }
@keyframes airlock-shake {
  10%, 90% { transform: translateX(-1px); }
  20%, 80% { transform: translateX(2px); }
  30%, 50%, 70% { transform: translateX(-4px); }
  40%, 60% { transform: translateX(4px); }
}
`

export const modalCss = tokensCss + layoutCss + baseCss + uiCss + connectCss + motionCss
