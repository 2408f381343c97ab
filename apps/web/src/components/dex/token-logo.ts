// The generated fallback logo of a token without an image: up to two initials on a colour
// derived from the asset id, so one token always looks the same and neighbours differ.

/** Up to two letters or digits from the symbol ("gUSD" → "GU", "#1234" → "12"). */
export function logoInitials(symbol: string): string {
  const chars = symbol.replace(/[^\p{L}\p{N}]/gu, '')
  return (chars.slice(0, 2) || '?').toUpperCase()
}

/** A background hue (0–359) for an asset id; the golden angle spreads consecutive ids apart. */
export function logoHue(assetId: number): number {
  return Math.round((assetId * 137.508) % 360)
}

/** The fallback's background: dark enough at every hue (yellow is the lightest) for white initials at 4.5:1 (WCAG AA). */
export function logoBackground(assetId: number): string {
  return `hsl(${logoHue(assetId)} 55% 30%)`
}
