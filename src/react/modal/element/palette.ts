/**
 * The modal's colours for each theme mode, apart from the stylesheet so a test can hold every text colour to
 * WCAG AA (4.5:1) on every surface it is drawn on. `surface` is the rows' and fields' background, `raised`
 * their hover; `accentText` is the accent as text (links, tags), lighter in the dark.
 */
export interface Palette {
  readonly bg: string
  readonly surface: string
  readonly raised: string
  readonly fg: string
  readonly fgMuted: string
  readonly border: string
  readonly error: string
  readonly success: string
  readonly warning: string
  readonly accentText: string
  readonly overlay: string
}

export const LIGHT: Palette = {
  bg: "#ffffff",
  surface: "#f2f3f5",
  raised: "#e7e9ed",
  fg: "#141414",
  fgMuted: "#4c5360",
  border: "#dcdfe4",
  error: "#b3261e",
  success: "#0d7235",
  warning: "#8a5300",
  accentText: "#0665b5",
  overlay: "rgba(20, 20, 20, 0.45)"
}

export const DARK: Palette = {
  bg: "#17181a",
  surface: "#222427",
  raised: "#2d3034",
  fg: "#f2f3f4",
  fgMuted: "#aab0b9",
  border: "#383b40",
  error: "#ff8a80",
  success: "#4cd68b",
  warning: "#f2b84b",
  accentText: "#6cb2ff",
  overlay: "rgba(0, 0, 0, 0.6)"
}

/** The default `--airlock-accent`, under white button text. */
export const DEFAULT_ACCENT = "#0670c8"

/** The palette as the stylesheet's private custom properties. */
export const paletteCss = (palette: Palette): string =>
  `--_bg-base: ${palette.bg};
  --_bg-2-base: ${palette.surface};
  --_bg-3-base: ${palette.raised};
  --_fg: ${palette.fg};
  --_fg-2: ${palette.fgMuted};
  --_border: ${palette.border};
  --_error: ${palette.error};
  --_success: ${palette.success};
  --_warning: ${palette.warning};
  --_accent-text: ${palette.accentText};
  --_overlay: ${palette.overlay};`
