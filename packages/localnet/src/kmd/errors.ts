// kmd's error texts in one place, byte for byte as go-algorand's daemon/kmd returns them
// (api/v1/errors.go, session/auth.go, wallet/driver/sqlite_errors.go, crypto/cryptoerror.go).

/** Every message kmd can answer with, keyed by a short name. */
export const KMD_ERRORS = {
  // api/v1
  couldNotDecode: 'could not decode request body',
  couldNotDecodeAddress: 'could not decode address',
  couldNotDecodeTx: 'could not decode transaction',
  invalidApiToken: 'invalid API token',
  // session
  wrongTokenParts: 'wrong number of token parts',
  invalidHandleId: 'invalid wallet handle id',
  invalidHandleSecret: 'invalid wallet handle secret',
  handleNotFound: 'handle does not exist',
  invalidToken: 'invalid token',
  handleExpired: 'handle expired',
  // driver
  unknownDriver: 'unknown wallet driver',
  database: 'database error',
  keyNotFound: 'key does not exist in this wallet',
  msigDataNotFound: 'multisig information (pks, threshold) for address does not exist in this wallet',
  skToPk: 'could not convert secret key to public key',
  tampering: 'derived public key mismatch, something fishy is going on with this wallet',
  noMnemonicUx: 'sqlite wallet driver cannot display mnemonics',
  keyExists: 'key already exists in wallet',
  decrypt: 'error decrypting. wrong password?',
  typeMismatch: 'error decrypting, found the wrong type of data. something fishy is going on with this wallet',
  sameName: 'wallet with same name already exists',
  sameId: 'wallet with same id already exists',
  walletNotFound: 'wallet not found',
  nameTooLong: 'wallet name too long, must be <= 64 bytes',
  msigWrongAddr: 'given multisig preimage hashes to neither Sender nor AuthAddr',
  msigWrongKey: 'given key is not a possible signer for this multisig',
  // crypto (multisig)
  unknownVersion: 'unknown version',
  invalidAddress: 'Invalid address',
  invalidThreshold: 'Invalid threshold',
  keyNotExist: 'Key does not exist',
  keysNotMatch: 'Public key lists do not match',
  invalidDuplicates: 'Invalid duplicates',
} as const

/** A kmd failure: the HTTP status and the message kmd puts in `{error: true, message}`. */
export class KmdError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message)
    this.name = 'KmdError'
  }
}

/** Runs `fn`, re-labelling any KmdError it throws with `status` (kmd picks the status per call site). */
export async function withStatus<T>(status: number, fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    if (err instanceof KmdError) throw new KmdError(err.message, status)
    throw err
  }
}
