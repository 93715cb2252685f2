/**
 * The gradient that stands for an account without a name avatar: the same address always draws the same
 * picture (case aside), and addresses differing anywhere usually draw different ones. Two hues and an angle
 * from an FNV-1a hash of the address; saturation and lightness fixed so every picture reads on both themes.
 */
export interface AvatarGradient {
  readonly from: string
  readonly to: string
  readonly angle: number
}

const fnv1a = (text: string): number => {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

export const avatarGradient = (address: string): AvatarGradient => {
  const hash = fnv1a(address.toLowerCase())
  const hue = hash % 360
  // The second hue 60–180° round the wheel from the first, so the two never blur into one.
  const shift = 60 + ((hash >>> 9) % 121)
  const angle = ((hash >>> 17) % 8) * 45
  return { from: `hsl(${hue} 72% 58%)`, to: `hsl(${(hue + shift) % 360} 78% 46%)`, angle }
}

/** The gradient as a CSS `background-image`. */
export const avatarBackground = (address: string): string => {
  const { from, to, angle } = avatarGradient(address)
  return `linear-gradient(${angle}deg, ${from}, ${to})`
}
