// Display helpers that are not amounts (amounts parse and format in @grove/sdk/amount).

/** Shortens an Algorand address for display ("ABCD…WXYZ"); the full address belongs in a title or copy action. */
export function shortenAddress(address: string, chars = 4): string {
  return address.length <= chars * 2 + 1 ? address : `${address.slice(0, chars)}…${address.slice(-chars)}`
}
