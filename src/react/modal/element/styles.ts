/**
 * The modal's styles, adopted by its shadow root as a constructable stylesheet, so no inline `<style>` is
 * needed under a strict CSP. Theme variables are CSS custom properties on the host element; defaults
 * follow SPEC.md §2 (font size 10px, radius 4px, z-index 999, colour-mix strength 0%).
 */
export const modalCss = `
:host {
  --airlock-font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  --airlock-font-size-master: 10px;
  --airlock-border-radius-master: 4px;
  --airlock-z-index: 999;
  --airlock-accent: #0670c8;
  --airlock-color-mix: #000;
  --airlock-color-mix-strength: 0%;
  --airlock-modal-width: 360px;
  --airlock-duration-header: 120ms;
  --airlock-duration-height: 150ms;
  --airlock-duration-view: 150ms;
  --airlock-duration-shake: 500ms;
  --_fs: var(--airlock-font-size-master);
  --_r: var(--airlock-border-radius-master);
  --_bg: #ffffff;
  --_bg-2: #f3f4f6;
  --_fg: #141414;
  --_fg-2: #4f5663;
  --_border: #e0e3e8;
  --_overlay: rgba(20, 20, 20, 0.45);
  --_error: #c1272d;
  --_success: #12823f;
  --_accent: color-mix(in srgb, var(--airlock-accent), var(--airlock-color-mix) var(--airlock-color-mix-strength));
  --_focus: var(--_accent);
  all: initial;
  display: contents;
  font-family: var(--airlock-font-family);
  color-scheme: light;
}
:host([data-theme="dark"]) {
  --_bg: #191a1a;
  --_bg-2: #252727;
  --_fg: #f2f2f2;
  --_fg-2: #a8adb6;
  --_border: #363939;
  --_overlay: rgba(0, 0, 0, 0.6);
  --_error: #ff6b6b;
  --_success: #3cd17a;
  color-scheme: dark;
}
*, *::before, *::after { box-sizing: border-box; }
.overlay {
  position: fixed;
  inset: 0;
  z-index: var(--airlock-z-index);
  display: flex;
  align-items: center;
  justify-content: center;
  padding: calc(var(--_fs) * 1.6);
  background: var(--_overlay);
  animation: airlock-fade var(--airlock-duration-view) ease-out;
}
.inline { display: block; }
.card {
  position: relative;
  width: min(var(--airlock-modal-width), 100%);
  max-height: calc(100vh - var(--_fs) * 3.2);
  display: flex;
  flex-direction: column;
  overflow: hidden;
  background: var(--_bg);
  color: var(--_fg);
  font-size: calc(var(--_fs) * 1.4);
  line-height: 1.4;
  border: 1px solid var(--_border);
  border-radius: calc(var(--_r) * 8);
  box-shadow: 0 calc(var(--_fs) * 1.2) calc(var(--_fs) * 4) rgba(0, 0, 0, 0.25);
  animation: airlock-rise var(--airlock-duration-view) ease-out;
  outline: none;
}
/* Laid out off screen and never seen: the idle warm-up of the first open. */
.card.warm-up { position: fixed; left: -10000px; top: 0; visibility: hidden; pointer-events: none; animation: none; }
.card.shake { animation: airlock-shake var(--airlock-duration-shake) ease-in-out; }
.header {
  display: grid;
  grid-template-columns: calc(var(--_fs) * 3.6) 1fr calc(var(--_fs) * 3.6);
  align-items: center;
  padding: calc(var(--_fs) * 1.4) calc(var(--_fs) * 1.4) calc(var(--_fs) * 0.8);
}
.title {
  margin: 0;
  text-align: center;
  font-size: calc(var(--_fs) * 1.6);
  font-weight: 600;
  animation: airlock-fade var(--airlock-duration-header) ease-out;
}
.icon-button {
  width: calc(var(--_fs) * 3.6);
  height: calc(var(--_fs) * 3.6);
  display: inline-flex;
  align-items: center;
  justify-content: center;
  border: 0;
  border-radius: calc(var(--_r) * 4);
  background: transparent;
  color: var(--_fg-2);
  cursor: pointer;
  font: inherit;
}
.icon-button:hover { background: var(--_bg-2); color: var(--_fg); }
.icon-button svg { width: calc(var(--_fs) * 1.6); height: calc(var(--_fs) * 1.6); }
.body-frame {
  overflow: hidden;
  transition: height var(--airlock-duration-height) ease-out;
}
.body {
  padding: calc(var(--_fs) * 0.4) calc(var(--_fs) * 1.4) calc(var(--_fs) * 1.6);
  overflow-y: auto;
  max-height: calc(100vh - var(--_fs) * 10);
  animation: airlock-fade var(--airlock-duration-view) ease-out;
}
.section { display: flex; flex-direction: column; gap: calc(var(--_fs) * 0.8); }
.section + .section { margin-top: calc(var(--_fs) * 1.2); }
.divider {
  display: flex;
  align-items: center;
  gap: calc(var(--_fs) * 1);
  margin: calc(var(--_fs) * 1.2) 0;
  color: var(--_fg-2);
  font-size: calc(var(--_fs) * 1.2);
}
.divider::before, .divider::after { content: ""; flex: 1; height: 1px; background: var(--_border); }
.field { display: flex; flex-direction: column; gap: calc(var(--_fs) * 0.4); }
.label { font-size: calc(var(--_fs) * 1.2); color: var(--_fg-2); }
.input {
  width: 100%;
  padding: calc(var(--_fs) * 1.1) calc(var(--_fs) * 1.2);
  border: 1px solid var(--_border);
  border-radius: calc(var(--_r) * 4);
  background: var(--_bg-2);
  color: var(--_fg);
  font: inherit;
}
.input[aria-invalid="true"] { border-color: var(--_error); }
.hint { min-height: calc(var(--_fs) * 1.7); margin: 0; font-size: calc(var(--_fs) * 1.2); color: var(--_error); }
.button, .row {
  width: 100%;
  display: flex;
  align-items: center;
  gap: calc(var(--_fs) * 1.2);
  padding: calc(var(--_fs) * 1.1) calc(var(--_fs) * 1.2);
  border: 1px solid transparent;
  border-radius: calc(var(--_r) * 4);
  background: var(--_bg-2);
  color: var(--_fg);
  font: inherit;
  text-align: left;
  cursor: pointer;
}
.button { justify-content: center; font-weight: 600; background: var(--_accent); color: #fff; }
.button:disabled { opacity: 0.6; cursor: default; }
.row:hover { border-color: var(--_border); }
.row .name { flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.row .tag { font-size: calc(var(--_fs) * 1.1); color: var(--_fg-2); }
.socials { display: grid; grid-template-columns: repeat(4, 1fr); gap: calc(var(--_fs) * 0.8); }
.socials .row { justify-content: center; padding: calc(var(--_fs) * 1.1) 0; }
.socials .row:first-child { grid-column: 1 / -1; }
.wallet-icon {
  width: calc(var(--_fs) * 3.2);
  height: calc(var(--_fs) * 3.2);
  border-radius: calc(var(--_r) * 2);
  background: var(--_border);
  object-fit: cover;
  flex: none;
}
.wallet-icon.placeholder {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  font-weight: 600;
  color: var(--_fg-2);
}
.row[aria-current="true"] { border-color: var(--_accent); }
.row[data-suspicious] .tag { color: var(--_error); font-weight: 600; }
.row:disabled { cursor: default; opacity: 0.7; }
.connecting, .account-card {
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: calc(var(--_fs) * 0.8);
  padding: calc(var(--_fs) * 1.2) 0;
  text-align: center;
}
.connecting-icon .wallet-icon { width: calc(var(--_fs) * 6.4); height: calc(var(--_fs) * 6.4); }
.connecting-icon.waiting { animation: airlock-pulse 1.2s ease-in-out infinite; }
.connecting-title { margin: 0; font-size: calc(var(--_fs) * 1.6); font-weight: 600; }
.connecting-text { margin: 0; color: var(--_fg-2); }
.spinner {
  width: calc(var(--_fs) * 2.4);
  height: calc(var(--_fs) * 2.4);
  border: 3px solid var(--_border);
  border-top-color: var(--_accent);
  border-radius: 50%;
  animation: airlock-spin 0.8s linear infinite;
}
.empty { margin: 0; padding: calc(var(--_fs) * 1.2); text-align: center; color: var(--_fg-2); }
.list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: calc(var(--_fs) * 0.8); }
.legal { margin: calc(var(--_fs) * 1.2) 0 0; text-align: center; font-size: calc(var(--_fs) * 1.1); color: var(--_fg-2); }
.legal a { color: inherit; }
.notices {
  position: fixed;
  left: 50%;
  bottom: calc(var(--_fs) * 2.4);
  z-index: calc(var(--airlock-z-index) + 1);
  display: flex;
  flex-direction: column;
  gap: calc(var(--_fs) * 0.8);
  transform: translateX(-50%);
  width: min(var(--airlock-modal-width), calc(100vw - var(--_fs) * 3.2));
  font-family: var(--airlock-font-family);
  font-size: calc(var(--_fs) * 1.3);
  pointer-events: none;
}
.notice {
  display: flex;
  align-items: flex-start;
  gap: calc(var(--_fs) * 0.8);
  padding: calc(var(--_fs) * 1) calc(var(--_fs) * 1.2);
  border: 1px solid var(--_border);
  border-radius: calc(var(--_r) * 4);
  background: var(--_bg);
  color: var(--_fg);
  box-shadow: 0 calc(var(--_fs) * 0.4) calc(var(--_fs) * 1.6) rgba(0, 0, 0, 0.2);
  pointer-events: auto;
  animation: airlock-rise var(--airlock-duration-view) ease-out;
}
.notice[data-variant="error"] { border-color: var(--_error); }
.notice .text { flex: 1; }
.notice .description { display: block; color: var(--_fg-2); font-size: calc(var(--_fs) * 1.2); }
:focus-visible { outline: 2px solid var(--_focus); outline-offset: 2px; }
.visually-hidden {
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
}

.status { margin: 0; padding: calc(var(--_fs) * 0.8) 0; text-align: center; color: var(--_fg-2); }
.status:empty { padding: 0; }
a.row { text-decoration: none; }
@keyframes airlock-spin { to { transform: rotate(360deg); } }
@keyframes airlock-pulse { 50% { opacity: 0.55; } }
@keyframes airlock-fade { from { opacity: 0; } to { opacity: 1; } }
@keyframes airlock-rise { from { opacity: 0; transform: translateY(calc(var(--_fs) * 1)); } to { opacity: 1; transform: none; } }
@keyframes airlock-shake {
  10%, 90% { transform: translateX(-1px); }
  20%, 80% { transform: translateX(2px); }
  30%, 50%, 70% { transform: translateX(-4px); }
  40%, 60% { transform: translateX(4px); }
}
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { animation-duration: 1ms !important; transition-duration: 1ms !important; }
}
`
