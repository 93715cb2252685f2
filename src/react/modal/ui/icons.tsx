/** Line icons on a 16 × 16 grid, drawn in the current colour; decorative (the control carries the name). */
export const Icon = ({ d }: { readonly d: string }) => (
  <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
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

export const ChevronIcon = () => <Icon d="m6 3.5 4.5 4.5L6 12.5" />
export const ChevronDownIcon = () => <Icon d="m4 6 4 4 4-4" />
