// What an amount field accepts as the user types: digits and one decimal separator, nothing else.
// A keystroke that would make the text unreadable is refused on the spot (the field keeps its
// previous text), so "abc-1e5.5" can never be typed and then called "Not a number".

/** The text an amount field should hold after the user typed `next`, or null to refuse the keystroke. */
export function acceptAmountInput(next: string): string | null {
  let text = next.replace(/\s+/g, '')
  // A pasted "1,234.56" groups thousands with commas; a lone comma is a decimal separator ("1,5").
  if (text.includes('.') && text.includes(',')) text = text.replace(/,/g, '')
  else text = text.replace(',', '.')
  if (!/^\d*\.?\d*$/.test(text)) return null
  // "00012" reads as 12; keep one zero before a separator ("0.5").
  return text.replace(/^0+(?=\d)/, '')
}

/** A font size class for long amounts, so "123456.123456" stays readable on a 390 px screen. */
export function amountSizeClass(text: string): string {
  if (text.length > 16) return 'token-input--xs'
  if (text.length > 10) return 'token-input--sm'
  return ''
}
