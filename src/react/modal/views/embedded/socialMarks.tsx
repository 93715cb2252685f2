import type { ReactNode } from "react"
import type { SocialOption } from "../../../../schemas/Primitives"

/**
 * Each provider's mark, drawn here as a few plain shapes on a 24 × 24 grid inside the round badge the
 * stylesheet colours (`.social-mark[data-social]`). They ship with the login sections' lazy chunk, not
 * with the first paint.
 */
const MARKS: Record<SocialOption, ReactNode> = {
  // A "G" open at the upper right, in the four colours, with its bar to the centre.
  google: (
    <g fill="none" strokeWidth="3">
      <path d="M12 12h6a6 6 0 0 1-1.76 4.24" stroke="#4285f4" />
      <path d="M16.24 16.24A6 6 0 0 1 6.8 15" stroke="#34a853" />
      <path d="M6.8 15a6 6 0 0 1 0-6" stroke="#fbbc05" />
      <path d="M6.8 9a6 6 0 0 1 9.44-1.24" stroke="#ea4335" />
    </g>
  ),
  // A broad falling stroke crossed by a thin rising one.
  x: (
    <g fill="#fff">
      <path d="M6.5 6.5h3.3l7.7 11h-3.3z" />
      <path d="M17.4 6.5 6.6 17.5" stroke="#fff" strokeWidth="1.4" strokeLinecap="round" />
    </g>
  ),
  // A rounded controller-shaped face with two eyes.
  discord: (
    <g>
      <path
        d="M7 8.6Q12 6.2 17 8.6q1.6 3 1.6 6.6-1.8 1.6-3.8 2l-.9-1.4q-1.9.6-3.8 0l-.9 1.4q-2-.4-3.8-2Q5.4 11.6 7 8.6z"
        fill="#fff"
      />
      <circle cx="9.9" cy="12.7" r="1.3" fill="#5865f2" />
      <circle cx="14.1" cy="12.7" r="1.3" fill="#5865f2" />
    </g>
  ),
  // An arch: a square gate with a round opening.
  farcaster: <path d="M7 6.8h10v10.4h-2.6v-4.6a2.4 2.4 0 0 0-4.8 0v4.6H7z" fill="#fff" />,
  // A cat's head with pointed ears over a short body.
  github: (
    <g fill="#fff">
      <path d="M7.4 6.2 10 8.6h4l2.6-2.4.6 4.2a5.2 5.2 0 1 1-10.4 0z" />
      <rect x="10.3" y="14" width="3.4" height="4.8" rx="1.2" />
    </g>
  ),
  // An apple with a bite out of its right side and a leaf.
  apple: (
    <g fill="#fff">
      <path d="M12 9.3c-1.4-.9-3.6-.9-4.6.9-1.2 2.1-.4 5.3 1.2 7.2.7.8 1.4 1 2.1.7.9-.4 1.7-.4 2.6 0 .7.3 1.4.1 2-.7.6-.7 1.1-1.6 1.4-2.5a2.6 2.6 0 0 1-.5-4.6c-1-1.3-2.8-1.8-4.2-1z" />
      <path d="M12.2 8.4c0-1.5 1-2.6 2.4-2.9 0 1.5-1 2.7-2.4 2.9z" />
    </g>
  ),
  // A lower-case "f".
  facebook: (
    <path
      d="M13.3 18.5v-5.7h1.9l.3-2.3h-2.2V9.2c0-.7.2-1.1 1.1-1.1h1.2v-2a15 15 0 0 0-1.7-.1c-1.8 0-2.9 1-2.9 3v1.5H9.1v2.3H11v5.7z"
      fill="#fff"
    />
  )
}

/** The provider's mark; decorative, the button is named. */
export const SocialMark = ({ social }: { readonly social: SocialOption }) => (
  <span className="social-mark" data-social={social} aria-hidden="true">
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {MARKS[social]}
    </svg>
  </span>
)
