// The indexer's error texts (api/error_messages.go), shared by its handlers, its transaction
// search and its paging tokens.

/** The indexer's error texts (api/error_messages.go). */
export const INDEXER_ERRORS = {
  invalidRoundAndMinMax: 'cannot specify round and min-round/max-round',
  invalidRoundMinMax: 'min-round must be less than max-round',
  invalidTimeMinMax: 'after-time must be less than before-time',
  unableToParseAddress: 'unable to parse address',
  unableToParseBase64: 'unable to parse base64 data',
  badGroupIdLen: 'bad length for group ID',
  unableToParseDigest: 'unable to parse base32 digest data',
  unableToParseNext: 'unable to parse next token',
  noApplicationsFound: 'no application found for application-id',
  noBoxesFound: 'no application boxes found',
  noAccountsFound: 'no accounts found for address',
  failedSearchingAccount: 'failed while searching for account',
  rewindingAccount: 'error while rewinding account',
  noAssetsFound: 'no assets found for asset-id',
  noTransactionFound: 'no transaction found for transaction id',
  lookingUpBlockForRound: 'error while looking up block for round',
  transactionSearch: 'error while searching for transaction',
  zeroAddressCloseRemainderToRole: 'searching transactions by zero address with close address role is not supported',
  zeroAddressAssetSenderRole: 'searching transactions by zero address with asset sender role is not supported',
  zeroAddressAssetCloseToRole: 'searching transactions by zero address with asset close address role is not supported',
  valueExceedingInt64: 'searching by round or application-id or asset-id or filter by value greater than 9223372036854775807 is not supported',
  transactionsLimitReached: 'Max transactions limit exceeded. header-only flag should be enabled',
} as const
