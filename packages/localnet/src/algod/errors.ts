// algod's error texts and the one error type handlers throw; the server turns it into
// algod's `{message, data}` body. Texts are byte for byte those of go-algorand's
// daemon/algod/api/server/v2/errors.go and echo's defaults.

/** algod's external error messages, keyed by go's variable names. */
export const ALGOD_ERRORS = {
  appDoesNotExist: 'application does not exist',
  assetDoesNotExist: 'asset does not exist',
  accountAppDoesNotExist: 'account application info not found',
  accountAssetDoesNotExist: 'account asset info not found',
  boxDoesNotExist: 'box not found',
  failedLookingUpLedger: 'failed to retrieve information from the ledger',
  failedParsingFormatOption: 'failed to parse the format option',
  failedToParseAddress: 'failed to parse the address',
  failedToParseExclude: 'failed to parse exclude',
  noValidTxnSpecified: 'no valid transaction ID was specified',
  transactionNotFound: 'could not find the transaction in the transaction pool or in the last 1000 confirmed rounds',
  payloadZeroLength: 'payload was of zero length',
  roundGreaterThanTheLatest: 'given round is greater than the latest round',
  roundTooOld: 'given round is no longer available; use a more recent round',
  failedRetrievingTimeStampOffset: 'failed retrieving timestamp offset from node: %v',
  failedSettingTimeStampOffset: 'failed to set timestamp offset on the node: %v',
  failedRetrievingStateDelta: 'failed retrieving State Delta: %v',
  invalidApiToken: 'Invalid API Token',
  notFound: 'Not Found',
  methodNotAllowed: 'Method Not Allowed',
  internalFailure: 'internal failure',
} as const

/** An error answered with algod's status and `{message, data}` body. */
export class AlgodError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message)
    this.name = 'AlgodError'
  }
}

/** go's fmt.Sprintf with a single `%v`. */
export function sprintf(format: string, arg: string): string {
  return format.replace('%v', arg)
}

/** 400 with algod's text. */
export const badRequest = (message: string, data?: Record<string, unknown>): AlgodError => new AlgodError(400, message, data)
/** 404 with algod's text. */
export const notFound = (message: string): AlgodError => new AlgodError(404, message)
