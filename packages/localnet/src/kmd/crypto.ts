// kmd's cryptography (wallet/driver/sqlite_crypto.go): scrypt-derived password keys, NaCl
// secretbox blobs tagged with the plaintext's type, HKDF key derivation from the master
// derivation key, and multisig address preimages (crypto/multisig.go).

import { createHash, createHmac, randomBytes, scrypt, sign, type KeyObject } from 'node:crypto'
import { ed25519PrivateKey } from '@grove/ledger'
import algosdk from 'algosdk'
import nacl from 'tweetnacl'
import { KMD_ERRORS, KmdError } from './errors.ts'

/** scrypt cost parameters, stored in each password-encrypted blob so they can change later. */
export interface ScryptParams {
  N: number
  r: number
  p: number
}

/**
 * go's minimum "safe" parameters (N 32768, r 1, p 32). kmd's default N is 65536, but OpenSSL
 * (node:crypto) requires N < 2^(16·r), so 65536 with r = 1 cannot be computed here.
 */
export const DEFAULT_SCRYPT: ScryptParams = { N: 32768, r: 1, p: 32 }

/**
 * Parameters for a blank password. Stretching guards a password against guessing, and a blank one is
 * everyone's first guess, so its cost protected nothing while making each fresh start and each unlock
 * of the unencrypted default wallet wait about a second. Blobs carry their parameters, so a wallet
 * made with kmd's costlier ones still opens.
 */
export const BLANK_PASSWORD_SCRYPT: ScryptParams = { N: 1024, r: 1, p: 1 }

/** What a blob holds; decrypting as the wrong type fails like kmd's typed plaintexts. */
export type PlaintextType = 'master_key' | 'secret_key' | 'master_derivation_key' | 'max_key_idx'

const KEY_LEN = 32
const SALT_LEN = 32

/** SHA-512/256, Algorand's hash. */
export function sha512_256(...parts: Uint8Array[]): Uint8Array {
  const h = createHash('sha512-256')
  for (const p of parts) h.update(p)
  return new Uint8Array(h.digest())
}

/** Cryptographically random bytes. */
export function random(n: number): Uint8Array {
  return new Uint8Array(randomBytes(n))
}

function scryptKey(password: Uint8Array, salt: Uint8Array, params: ScryptParams): Promise<Uint8Array> {
  const maxmem = 256 * params.N * params.r + 64 * 1024 * 1024
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LEN, { N: params.N, r: params.r, p: params.p, maxmem }, (err, key) =>
      err ? reject(new KmdError('scrypt lib could not derive key from password')) : resolve(new Uint8Array(key)),
    ),
  )
}

function seal(plaintext: Uint8Array, type: PlaintextType, key: Uint8Array): { nonce: Uint8Array; ciphertext: Uint8Array } {
  const nonce = random(nacl.secretbox.nonceLength)
  const typed = algosdk.msgpackRawEncode({ plaintext, plaintext_type: type })
  return { nonce, ciphertext: nacl.secretbox(typed, nonce, key) }
}

/** Encrypts under a raw 32-byte key (kmd's encryptBlobWithKey); returns the msgpack blob. */
export function encryptWithKey(plaintext: Uint8Array, type: PlaintextType, key: Uint8Array): Uint8Array {
  const { nonce, ciphertext } = seal(plaintext, type, key)
  return algosdk.msgpackRawEncode({ ciphertext, do_scrypt: false, nonce })
}

/** Encrypts under a password stretched with scrypt (a blank password is allowed, as in kmd). */
export async function encryptWithPassword(
  plaintext: Uint8Array,
  type: PlaintextType,
  password: Uint8Array,
  params: ScryptParams,
): Promise<Uint8Array> {
  const salt = random(SALT_LEN)
  if (password.length === 0) params = BLANK_PASSWORD_SCRYPT
  const key = await scryptKey(password, salt, params)
  const { nonce, ciphertext } = seal(plaintext, type, key)
  return algosdk.msgpackRawEncode({
    ciphertext,
    do_scrypt: true,
    nonce,
    salt,
    scrypt_n: params.N,
    scrypt_p: params.p,
    scrypt_r: params.r,
  })
}

/** Opens a blob with a password (scrypt blobs) or a raw key (the others), checking its type. */
export async function decryptBlob(blob: Uint8Array, type: PlaintextType, password: Uint8Array): Promise<Uint8Array> {
  const b = algosdk.msgpackRawDecode(blob) as Record<string, unknown>
  let key: Uint8Array
  if (b.do_scrypt === true) {
    key = await scryptKey(password, b.salt as Uint8Array, {
      N: Number(b.scrypt_n),
      r: Number(b.scrypt_r),
      p: Number(b.scrypt_p),
    })
  } else {
    if (password.length !== KEY_LEN) throw new KmdError('scrypt lib could not derive key from password')
    key = password
  }
  return openTyped(b, type, key)
}

/** Synchronous open for raw-key blobs (everything but the master key). */
export function decryptWithKey(blob: Uint8Array, type: PlaintextType, key: Uint8Array): Uint8Array {
  const b = algosdk.msgpackRawDecode(blob) as Record<string, unknown>
  return openTyped(b, type, key)
}

function openTyped(b: Record<string, unknown>, type: PlaintextType, key: Uint8Array): Uint8Array {
  const opened = nacl.secretbox.open(b.ciphertext as Uint8Array, b.nonce as Uint8Array, key)
  if (!opened) throw new KmdError(KMD_ERRORS.decrypt)
  const typed = algosdk.msgpackRawDecode(opened) as { plaintext?: Uint8Array; plaintext_type?: string }
  if (typed.plaintext_type !== type) throw new KmdError(KMD_ERRORS.typeMismatch)
  return typed.plaintext ?? new Uint8Array()
}

/** An ed25519 key pair; `secretKey` is the 64-byte seed ‖ public key form kmd stores. */
export interface KeyPair {
  publicKey: Uint8Array
  secretKey: Uint8Array
}

/**
 * Key number `index` of a master derivation key, as kmd's extractKeyWithIndex: the seed is the
 * first 32 bytes of HKDF-Expand(SHA-512/256, mdk, "AlgorandDeterministicKey-<index>"), which
 * is one HMAC block since the hash is 32 bytes long.
 */
export function deriveKey(mdk: Uint8Array, index: number): KeyPair {
  const info = new TextEncoder().encode(`AlgorandDeterministicKey-${index}`)
  const seed = createHmac('sha512-256', mdk).update(info).update(Uint8Array.of(1)).digest()
  return nacl.sign.keyPair.fromSeed(new Uint8Array(seed))
}

/** The key pair behind a 64-byte secret key, rebuilt from its seed half as kmd's ImportKey does. */
export function keyPairFromSecret(secretKey: Uint8Array): KeyPair {
  if (secretKey.length !== 64) throw new KmdError(KMD_ERRORS.skToPk)
  return nacl.sign.keyPair.fromSeed(secretKey.slice(0, 32))
}

/** Private keys as node's crypto holds them, by the hex of their seed (a wallet signs with few keys, many times). */
const privateKeys = new Map<string, KeyObject>()

/**
 * The ed25519 signature of `message` by a 64-byte secret key (seed ‖ public key), as tweetnacl's
 * sign.detached gives it (ed25519 is deterministic), by node's crypto: tens of microseconds where
 * tweetnacl's JS scalar multiplication takes milliseconds, most of a demo seed's time.
 */
export function signDetached(message: Uint8Array, secretKey: Uint8Array): Uint8Array {
  const seed = secretKey.subarray(0, 32)
  const id = Buffer.from(seed).toString('hex')
  let key = privateKeys.get(id)
  if (!key) {
    key = ed25519PrivateKey(seed)
    privateKeys.set(id, key)
  }
  return new Uint8Array(sign(null, message, key))
}

/** kmd's fast in-memory password check: SHA-512/256(salt ‖ password). */
export function saltedHash(salt: Uint8Array, password: Uint8Array): Uint8Array {
  return sha512_256(salt, password)
}

/** Constant-time equality for secrets. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!
  return diff === 0
}

/** Byte-wise equality for public values. */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i])
}

/** The multisig address: SHA-512/256("MultisigAddr" ‖ version ‖ threshold ‖ pk…), with go's checks. */
export function multisigAddress(version: number, threshold: number, pks: Uint8Array[]): Uint8Array {
  if (version !== 1) throw new KmdError(KMD_ERRORS.unknownVersion)
  if (threshold === 0 || pks.length === 0 || threshold > pks.length) throw new KmdError(KMD_ERRORS.invalidThreshold)
  return sha512_256(new TextEncoder().encode('MultisigAddr'), Uint8Array.of(version, threshold), ...pks)
}
