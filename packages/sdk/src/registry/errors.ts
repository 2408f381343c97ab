// The registry's ERR: codes in words (its assert messages, packages/contracts/README.md). No algosdk.

/** The sentence for each `ERR:*` message the registry asserts with. */
export const REGISTRY_ERROR_MESSAGES: Record<string, string> = {
  'ERR:NOT_ADMIN': 'Only the protocol admin can do this',
  'ERR:NOT_PENDING_ADMIN': 'Only the proposed admin can accept',
  'ERR:BAD_FEE': 'The fee must be 1–100 bps',
  'ERR:BAD_INPUT': 'Invalid value',
}
