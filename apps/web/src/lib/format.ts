// Display helpers that are not amounts (amounts parse and format in @grove/sdk/amount).

/** Shortens an Algorand address for display ("ABCD…WXYZ"); the full address belongs in a title or copy action. */
export function shortenAddress(address: string, chars = 4): string {
  return address.length <= chars * 2 + 1 ? address : `${address.slice(0, chars)}…${address.slice(-chars)}`
}

const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

/** A chain time (seconds) as every page writes one: local date and time to the minute, "26 Nov 2026, 22:52". */
export function formatDateTime(seconds: number | bigint): string {
  return DATE_TIME.format(new Date(Number(seconds) * 1000))
}
