/**
 * Line icons on a 16 × 16 grid, drawn in the current colour; decorative (the control carries the name).
 * A `directional` icon (back, forward, out) is mirrored in right-to-left locales.
 */
export const Icon = ({ d, directional = false }: { readonly d: string; readonly directional?: boolean }) => (
  <svg
    viewBox="0 0 16 16"
    aria-hidden="true"
    focusable="false"
    className={directional ? "directional" : undefined}
  >
    <path
      d={d}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
)

export const ChevronIcon = () => <Icon d="m6 3.5 4.5 4.5L6 12.5" directional />
export const ChevronDownIcon = () => <Icon d="m4 6 4 4 4-4" />
export const BackIcon = () => <Icon d="M10 3 5 8l5 5" directional />
export const CloseIcon = () => <Icon d="m4 4 8 8M12 4l-8 8" />
export const HelpIcon = () => (
  <Icon d="M14.5 8a6.5 6.5 0 1 1-13 0 6.5 6.5 0 0 1 13 0ZM6.2 6.3a1.9 1.9 0 1 1 2.6 1.8c-.5.2-.8.6-.8 1.1v.4M8 11.6v.1" />
)
