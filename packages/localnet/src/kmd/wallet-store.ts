// kmd's sqlite wallet driver (wallet/driver/sqlite.go) over JSON files: one file per wallet in
// `<dataDir>/kmd/`, every secret encrypted at rest exactly as kmd does it (the master encryption
// key under the scrypt-stretched password, everything else under the master encryption key).
// Each change rewrites the wallet's file atomically (temp file, fsync, rename), so a crash
// leaves either the old or the new wallet, never a torn one.

import fs from 'node:fs'
import path from 'node:path'
import algosdk from 'algosdk'
import {
  type KeyPair,
  type ScryptParams,
  DEFAULT_SCRYPT,
  decryptBlob,
  decryptWithKey,
  deriveKey,
  encryptWithKey,
  encryptWithPassword,
  equalBytes,
  keyPairFromSecret,
  multisigAddress,
  random,
  saltedHash,
  sameBytes,
  signDetached,
} from './crypto.ts'
import { KMD_ERRORS, KmdError } from './errors.ts'

/** The driver kmd's default wallets use, and the only one served here. */
export const DRIVER_NAME = 'sqlite'
/** sqlite driver version. */
export const DRIVER_VERSION = 1
/** Transaction types the sqlite driver advertises. */
export const SUPPORTED_TXS = ['pay', 'keyreg']
const MAX_NAME_LEN = 64

/** A wallet as `/v1/wallets` describes it (kmdapi.APIV1Wallet). */
export interface WalletMetadata {
  id: string
  name: string
  driver_name: string
  driver_version: number
  mnemonic_ux: boolean
  supported_txs: string[]
}

interface StoredKey {
  address: Uint8Array
  secret: Uint8Array
  index?: number
}

interface StoredMultisig {
  address: Uint8Array
  version: number
  threshold: number
  pks: Uint8Array[]
}

interface WalletRecord {
  id: string
  name: string
  file: string
  mep: Uint8Array
  mdk: Uint8Array
  maxKeyIdx: Uint8Array
  keys: StoredKey[]
  msigs: StoredMultisig[]
}

/** A multisig preimage: version, threshold and the ordered public keys. */
export interface MultisigPreimage {
  version: number
  threshold: number
  pks: Uint8Array[]
}

/** A (partial) multisig signature in its msgpack field names. */
export interface MultisigSig {
  v: number
  thr: number
  subsig: { pk: Uint8Array; s?: Uint8Array }[]
}

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64')
const unb64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64'))
const compareBytes = (a: Uint8Array, b: Uint8Array) => Buffer.compare(a, b)
const utf8 = (s: string) => new TextEncoder().encode(s)

/** kmd's file name for a wallet: its name and id stripped to [a-zA-Z0-9_-]. */
function fileNameFor(name: string, id: string): string {
  const safe = (s: string) => s.replace(/[^a-zA-Z0-9_-]/g, '')
  return safe(name) === safe(id) ? `${safe(id)}.json` : `${safe(name)}.${safe(id)}.json`
}

function writeAtomic(file: string, data: string): void {
  const tmp = `${file}.${process.pid}.tmp`
  const fd = fs.openSync(tmp, 'w', 0o600)
  try {
    fs.writeSync(fd, data)
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
  fs.renameSync(tmp, file)
}

function serialize(w: WalletRecord): string {
  return JSON.stringify({
    driver_name: DRIVER_NAME,
    driver_version: DRIVER_VERSION,
    wallet_id: w.id,
    wallet_name: w.name,
    mep_encrypted: b64(w.mep),
    mdk_encrypted: b64(w.mdk),
    max_key_idx_encrypted: b64(w.maxKeyIdx),
    keys: w.keys.map((k) => ({ address: b64(k.address), secret_key_encrypted: b64(k.secret), key_idx: k.index ?? null })),
    msig_addrs: w.msigs.map((m) => ({ address: b64(m.address), version: m.version, threshold: m.threshold, pks: m.pks.map(b64) })),
  })
}

function deserialize(file: string, text: string): WalletRecord {
  const j = JSON.parse(text)
  if (j.driver_name !== DRIVER_NAME || j.driver_version !== DRIVER_VERSION) throw new Error('wrong driver')
  return {
    id: String(j.wallet_id),
    name: String(j.wallet_name),
    file,
    mep: unb64(j.mep_encrypted),
    mdk: unb64(j.mdk_encrypted),
    maxKeyIdx: unb64(j.max_key_idx_encrypted),
    keys: (j.keys as { address: string; secret_key_encrypted: string; key_idx: number | null }[]).map((k) => ({
      address: unb64(k.address),
      secret: unb64(k.secret_key_encrypted),
      index: k.key_idx ?? undefined,
    })),
    msigs: (j.msig_addrs as { address: string; version: number; threshold: number; pks: string[] }[]).map((m) => ({
      address: unb64(m.address),
      version: m.version,
      threshold: m.threshold,
      pks: m.pks.map(unb64),
    })),
  }
}

/** The secrets a wallet handle holds after a successful init (kmd's SQLiteWallet.Init). */
export interface Unlocked {
  walletId: string
  mek: Uint8Array
  mdk: Uint8Array
  pwSalt: Uint8Array
  pwHash: Uint8Array
}

/** All wallets of one kmd data directory. */
export class WalletStore {
  private readonly wallets = new Map<string, WalletRecord>()
  private readonly claimed = new Set<string>()

  private constructor(
    readonly dir: string,
    private readonly scrypt: ScryptParams,
  ) {}

  /** Opens (creating if needed) the wallets directory and loads every wallet file in it. */
  static open(dir: string, scrypt: ScryptParams = DEFAULT_SCRYPT): WalletStore {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
    const store = new WalletStore(dir, scrypt)
    for (const f of fs.readdirSync(dir).sort()) {
      const full = path.join(dir, f)
      if (f.endsWith('.tmp')) {
        fs.rmSync(full, { force: true })
        continue
      }
      if (!f.endsWith('.json')) continue
      try {
        const w = deserialize(full, fs.readFileSync(full, 'utf8'))
        store.wallets.set(w.id, w)
      } catch {
        // kmd skips files whose metadata it cannot read rather than refusing to start
      }
    }
    return store
  }

  /** Every wallet's metadata, in file-name order as kmd lists its directory. */
  list(): WalletMetadata[] {
    return [...this.wallets.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)).map(metadataOf)
  }

  /** The wallet with this id, or kmd's "wallet not found". */
  metadata(id: string): WalletMetadata {
    return metadataOf(this.record(id))
  }

  /** The id of the wallet with this name, if any. */
  idByName(name: string): string | undefined {
    for (const w of this.wallets.values()) if (w.name === name) return w.id
    return undefined
  }

  private record(id: string): WalletRecord {
    const w = this.wallets.get(id)
    if (!w) throw new KmdError(KMD_ERRORS.walletNotFound)
    return w
  }

  private save(w: WalletRecord): void {
    writeAtomic(w.file, serialize(w))
  }

  /** Creates a wallet (a zero or empty master derivation key means a random one). */
  async create(name: string, password: string, mdk?: Uint8Array): Promise<WalletMetadata> {
    return (await this.createUnlocked(name, password, mdk)).metadata
  }

  /** Creates a wallet and returns it unlocked as well, sparing a second scrypt run. */
  async createUnlocked(name: string, password: string, mdk?: Uint8Array): Promise<{ metadata: WalletMetadata; unlocked: Unlocked }> {
    const id = Buffer.from(random(16)).toString('hex')
    if (name === '') name = id
    if (utf8(name).length > MAX_NAME_LEN) throw new KmdError(KMD_ERRORS.nameTooLong)
    if (this.claimed.has(name) || this.idByName(name) !== undefined) throw new KmdError(KMD_ERRORS.sameName)
    this.claimed.add(name)
    try {
      const mek = random(32)
      const derivation = mdk && mdk.some((b) => b !== 0) ? mdk : random(32)
      const w: WalletRecord = {
        id,
        name,
        file: path.join(this.dir, fileNameFor(name, id)),
        mep: await encryptWithPassword(mek, 'master_key', utf8(password), this.scrypt),
        mdk: encryptWithKey(derivation, 'master_derivation_key', mek),
        maxKeyIdx: encryptWithKey(algosdk.msgpackRawEncode(0), 'max_key_idx', mek),
        keys: [],
        msigs: [],
      }
      this.save(w)
      this.wallets.set(id, w)
      const pwSalt = random(32)
      return {
        metadata: metadataOf(w),
        unlocked: { walletId: id, mek, mdk: derivation, pwSalt, pwHash: saltedHash(pwSalt, utf8(password)) },
      }
    } finally {
      this.claimed.delete(name)
    }
  }

  /** Renames a wallet after checking its password. */
  async rename(id: string, newName: string, password: string): Promise<WalletMetadata> {
    if (this.idByName(newName) !== undefined) throw new KmdError(KMD_ERRORS.sameName)
    const w = this.record(id)
    await decryptBlob(w.mep, 'master_key', utf8(password))
    w.name = newName
    this.save(w)
    return metadataOf(w)
  }

  /** The addresses of a wallet's keys; they are stored in the clear, as in kmd's keys table. */
  keyAddresses(id: string): Uint8Array[] {
    return this.record(id).keys.map((k) => k.address)
  }

  /** Decrypts a wallet's keys with its password, for a new handle. */
  async unlock(id: string, password: string): Promise<Unlocked> {
    const w = this.record(id)
    const mek = await decryptBlob(w.mep, 'master_key', utf8(password))
    const mdk = decryptWithKey(w.mdk, 'master_derivation_key', mek)
    const pwSalt = random(32)
    return { walletId: id, mek, mdk, pwSalt, pwHash: saltedHash(pwSalt, utf8(password)) }
  }

  /** Opens the wallet behind an unlocked handle. */
  wallet(u: Unlocked): Wallet {
    return new Wallet(this.record(u.walletId), u, (w) => this.save(w))
  }
}

function metadataOf(w: WalletRecord): WalletMetadata {
  return {
    id: w.id,
    name: w.name,
    driver_name: DRIVER_NAME,
    driver_version: DRIVER_VERSION,
    mnemonic_ux: false,
    supported_txs: [...SUPPORTED_TXS],
  }
}

/** An unlocked wallet: the operations a wallet handle token authorises (kmd's SQLiteWallet). */
export class Wallet {
  constructor(
    private readonly w: WalletRecord,
    private readonly u: Unlocked,
    private readonly persist: (w: WalletRecord) => void,
  ) {}

  /** The wallet's metadata. */
  metadata(): WalletMetadata {
    return metadataOf(this.w)
  }

  /** kmd's CheckPassword against the hash taken at init. */
  checkPassword(password: string): void {
    if (!sameBytes(saltedHash(this.u.pwSalt, utf8(password)), this.u.pwHash)) throw new KmdError(KMD_ERRORS.decrypt)
  }

  /** Addresses (public keys) of the stored keys, in byte order as kmd's indexed table returns them. */
  listKeys(): Uint8Array[] {
    return this.w.keys.map((k) => k.address).sort(compareBytes)
  }

  /** The master derivation key. */
  exportMasterDerivationKey(password: string): Uint8Array {
    this.checkPassword(password)
    return this.u.mdk
  }

  private insertKey(pair: KeyPair, index?: number): Uint8Array {
    if (this.w.keys.some((k) => equalBytes(k.address, pair.publicKey))) throw new KmdError(KMD_ERRORS.keyExists)
    const secret = encryptWithKey(algosdk.msgpackRawEncode(pair.secretKey), 'secret_key', this.u.mek)
    this.w.keys.push({ address: pair.publicKey, secret, index })
    return pair.publicKey
  }

  /** Imports a 64-byte secret key; returns its address bytes. */
  importKey(secretKey: Uint8Array): Uint8Array {
    const addr = this.insertKey(keyPairFromSecret(secretKey))
    this.persist(this.w)
    return addr
  }

  /** Derives and stores the next key of the master derivation key's sequence. */
  generateKey(displayMnemonic: boolean): Uint8Array {
    if (displayMnemonic) throw new KmdError(KMD_ERRORS.noMnemonicUx)
    const highest = Number(algosdk.msgpackRawDecode(decryptWithKey(this.w.maxKeyIdx, 'max_key_idx', this.u.mek)))
    let next = highest + 1
    let pair = deriveKey(this.u.mdk, next)
    // skip indexes whose key is already here (e.g. imported), as kmd does
    while (this.w.keys.some((k) => equalBytes(k.address, pair.publicKey))) pair = deriveKey(this.u.mdk, ++next)
    const addr = this.insertKey(pair, next)
    this.w.maxKeyIdx = encryptWithKey(algosdk.msgpackRawEncode(next), 'max_key_idx', this.u.mek)
    this.persist(this.w)
    return addr
  }

  /** The stored secret key for an address, checked against it (kmd's fetchSecretKey). */
  secretKey(addr: Uint8Array): Uint8Array {
    const k = this.w.keys.find((x) => equalBytes(x.address, addr))
    if (!k) throw new KmdError(KMD_ERRORS.keyNotFound)
    const sk = algosdk.msgpackRawDecode(decryptWithKey(k.secret, 'secret_key', this.u.mek)) as Uint8Array
    if (!(sk instanceof Uint8Array) || sk.length !== 64) throw new KmdError(KMD_ERRORS.skToPk)
    if (!equalBytes(keyPairFromSecret(sk).publicKey, addr)) throw new KmdError(KMD_ERRORS.tampering)
    return sk
  }

  /** Exports a secret key after checking the password. */
  exportKey(addr: Uint8Array, password: string): Uint8Array {
    this.checkPassword(password)
    return this.secretKey(addr)
  }

  /** Deletes a key (absent keys are not an error, as in kmd). */
  deleteKey(addr: Uint8Array, password: string): void {
    this.checkPassword(password)
    this.w.keys = this.w.keys.filter((k) => !equalBytes(k.address, addr))
    this.persist(this.w)
  }

  /** Stores a multisig preimage; returns its address bytes. */
  importMultisig(version: number, threshold: number, pks: Uint8Array[]): Uint8Array {
    const address = multisigAddress(version, threshold, pks)
    if (this.w.msigs.some((m) => equalBytes(m.address, address))) throw new KmdError(KMD_ERRORS.keyExists)
    this.w.msigs.push({ address, version, threshold, pks })
    this.persist(this.w)
    return address
  }

  /** The stored preimage of a multisig address. */
  lookupMultisig(addr: Uint8Array): MultisigPreimage {
    const m = this.w.msigs.find((x) => equalBytes(x.address, addr))
    if (!m) throw new KmdError(KMD_ERRORS.msigDataNotFound)
    if (!equalBytes(multisigAddress(m.version, m.threshold, m.pks), addr)) throw new KmdError(KMD_ERRORS.tampering)
    return { version: m.version, threshold: m.threshold, pks: m.pks }
  }

  /** Multisig addresses stored, in byte order. */
  listMultisig(): Uint8Array[] {
    return this.w.msigs.map((m) => m.address).sort(compareBytes)
  }

  /** Deletes a multisig preimage. */
  deleteMultisig(addr: Uint8Array, password: string): void {
    this.checkPassword(password)
    this.w.msigs = this.w.msigs.filter((m) => !equalBytes(m.address, addr))
    this.persist(this.w)
  }

  /**
   * Signs a transaction with the sender's key, or with `publicKey` when given (a rekeyed
   * account), setting `sgnr` when the signer is not the sender; returns the msgpack SignedTxn.
   */
  signTransaction(txn: algosdk.Transaction, publicKey: Uint8Array | undefined, password: string): Uint8Array {
    this.checkPassword(password)
    const signer = publicKey && publicKey.some((b) => b !== 0) ? publicKey : txn.sender.publicKey
    const sk = this.secretKey(signer)
    const sig = signDetached(txn.bytesToSign(), sk)
    const sgnr = equalBytes(signer, txn.sender.publicKey) ? undefined : new algosdk.Address(signer)
    return algosdk.encodeMsgpack(new algosdk.SignedTransaction({ txn, sig, sgnr }))
  }

  /** Signs `"Program" ‖ program` with the key of `addr` (a delegated logicsig signature). */
  signProgram(program: Uint8Array, addr: Uint8Array, password: string): Uint8Array {
    this.checkPassword(password)
    const sk = this.secretKey(addr)
    return signDetached(concat(utf8('Program'), program), sk)
  }

  /**
   * Adds this wallet's signature by `publicKey` to a multisig over `message` (kmd's
   * MultisigSignTransaction / MultisigSignProgram). With no partial signature the preimage is
   * looked up for `from`; otherwise it comes from the partial, whose address must be one of
   * `allowed`, and the two are merged.
   */
  multisigSign(
    message: (addr: Uint8Array) => Uint8Array,
    from: Uint8Array,
    allowed: Uint8Array[],
    publicKey: Uint8Array,
    partial: MultisigSig,
    password: string,
  ): MultisigSig {
    this.checkPassword(password)
    if (partial.v === 0 && partial.thr === 0 && partial.subsig.length === 0) {
      const pre = this.lookupMultisig(from)
      const sk = this.secretKey(publicKey)
      return signMultisig(message(from), from, pre, sk)
    }
    const pks = partial.subsig.map((s) => s.pk)
    const addr = multisigAddress(partial.v, partial.thr, pks)
    if (!allowed.some((a) => equalBytes(a, addr))) throw new KmdError(KMD_ERRORS.msigWrongAddr)
    if (!pks.some((pk) => equalBytes(pk, publicKey))) throw new KmdError(KMD_ERRORS.msigWrongKey)
    const sk = this.secretKey(publicKey)
    const mine = signMultisig(message(addr), addr, { version: partial.v, threshold: partial.thr, pks }, sk)
    return mergeMultisig(partial, mine)
  }
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let o = 0
  for (const p of parts) {
    out.set(p, o)
    o += p.length
  }
  return out
}

/** The bytes a multisig signs for a program: "MsigProgram" ‖ address ‖ program (go's MultisigProgram). */
export function multisigProgramBytes(addr: Uint8Array, program: Uint8Array): Uint8Array {
  return concat(utf8('MsigProgram'), addr, program)
}

/** The bytes a legacy multisig logicsig signs: "Program" ‖ program. */
export function programBytes(program: Uint8Array): Uint8Array {
  return concat(utf8('Program'), program)
}

const blank = (s?: Uint8Array) => !s || s.every((b) => b === 0)

function signMultisig(message: Uint8Array, addr: Uint8Array, pre: MultisigPreimage, sk: Uint8Array): MultisigSig {
  if (pre.version !== 1) throw new KmdError(KMD_ERRORS.unknownVersion)
  if (!equalBytes(multisigAddress(pre.version, pre.threshold, pre.pks), addr)) throw new KmdError(KMD_ERRORS.invalidAddress)
  const mine = sk.slice(32)
  if (!pre.pks.some((pk) => equalBytes(pk, mine))) throw new KmdError(KMD_ERRORS.keyNotExist)
  const sig = signDetached(message, sk)
  return {
    v: pre.version,
    thr: pre.threshold,
    subsig: pre.pks.map((pk) => (equalBytes(pk, mine) ? { pk, s: sig } : { pk })),
  }
}

function mergeMultisig(a: MultisigSig, b: MultisigSig): MultisigSig {
  if (a.thr !== b.thr || a.v !== b.v || a.subsig.length !== b.subsig.length) throw new KmdError(KMD_ERRORS.invalidThreshold)
  if (a.subsig.some((s, i) => !equalBytes(s.pk, b.subsig[i]!.pk))) throw new KmdError(KMD_ERRORS.keysNotMatch)
  const subsig = a.subsig.map((s, i) => {
    const other = b.subsig[i]!.s
    if (blank(s.s)) return blank(other) ? { pk: s.pk } : { pk: s.pk, s: other }
    if (blank(other) || equalBytes(other!, s.s!)) return { pk: s.pk, s: s.s }
    throw new KmdError(KMD_ERRORS.invalidDuplicates)
  })
  return { v: a.v, thr: a.thr, subsig }
}

/** The canonical msgpack of a multisig signature, as kmd returns it. */
export function encodeMultisig(m: MultisigSig): Uint8Array {
  return algosdk.msgpackRawEncode({
    subsig: m.subsig.map((s) => (blank(s.s) ? { pk: s.pk } : { pk: s.pk, s: s.s })),
    thr: m.thr,
    v: m.v,
  })
}

/** An address's checksum form. */
export function addressString(pk: Uint8Array): string {
  return algosdk.encodeAddress(pk)
}

