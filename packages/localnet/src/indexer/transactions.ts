// The indexer's transaction search (idb/postgres buildTransactionQuery and txnsWithNext, api's
// fetchTransactions) over the store's rows and indexes.
import algosdk from 'algosdk'
import { addressString, decodeCanonicalAddress } from './address.ts'
import { badRequest } from '../algod/errors.ts'
import { boolQuery, uintQuery } from '../algod/http.ts'
import type { AlgodRequest } from '../algod/http.ts'
import { signatureJSON, transactionJSON, type Json } from './convert.ts'
import { IndexerStore, firstIndexNotBefore, type Root, type Row } from './store.ts'
import { INDEXER_ERRORS } from './errors.ts'
import { txnNext } from './paging.ts'

/** The indexer's default limits (its daemon flags' defaults). */
export const LIMITS = {
  transactions: { default: 1000n, max: 10000n },
  accounts: { default: 100n, max: 1000n },
  assets: { default: 100n, max: 1000n },
  balances: { default: 1000n, max: 10000n },
  applications: { default: 100n, max: 1000n },
  boxes: { default: 1000n, max: 10000n },
  blocks: { default: 100n, max: 1000n },
} as const

const MAX_INT64 = 0x7fffffffffffffffn
/** Past this many rows with the prefix, scanning in round order finds a page sooner than sorting them. */
const NOTE_INDEX_MAX = 20_000

const ROLE = { sender: 1, receiver: 2, closeRemainderTo: 4, assetSender: 8, assetReceiver: 16, assetCloseTo: 32, freeze: 64 } as const
const TX_TYPES = ['pay', 'keyreg', 'acfg', 'axfer', 'afrz', 'appl', 'stpf', 'hb'] as const
const SIG_TYPES = ['sig', 'msig', 'lsig'] as const

/** A transaction search (idb.TransactionFilter). */
export interface TxnFilter {
  address?: string
  role: number
  minRound: bigint
  maxRound: bigint
  round?: bigint
  beforeTime?: number
  afterTime?: number
  assetId?: bigint
  applicationId?: bigint
  algosGT?: bigint
  algosLT?: bigint
  assetAmountGT?: bigint
  assetAmountLT?: bigint
  type?: string
  txid?: string
  groupId?: string
  sigType?: string
  notePrefix?: Uint8Array
  rekeyTo?: boolean
  limit: bigint
  next?: string
  requireLogs?: boolean
  /** Inner matches answer themselves, not their root (application logs). */
  skipInnerConversion?: boolean
}

/** A limit query: the default when absent, capped at the max. */
export function limitQuery(req: AlgodRequest, limits: { default: bigint; max: bigint }): bigint {
  const limit = uintQuery(req, 'limit') ?? limits.default
  return limit < limits.max ? limit : limits.max
}

/** A date-time query (RFC 3339), bound as oapi-codegen's runtime binds time.Time; seconds since the epoch. */
export function timeQuery(req: AlgodRequest, name: string): number | undefined {
  const value = req.query.get(name)
  if (value === null) return undefined
  const ms = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2}))?$/i.test(value) ? Date.parse(value) : NaN
  if (Number.isNaN(ms)) throw badRequest(`Invalid format for parameter ${name}: error parsing '${value}' as RFC3339 or 2006-01-02 time: parsing time ${JSON.stringify(value)} as "2006-01-02": cannot parse`)
  return ms / 1000
}

function isBase32(s: string): boolean {
  return /^[A-Z2-7]*$/.test(s) && ![1, 3, 6].includes(s.length % 8)
}

function isStdBase64(s: string): boolean {
  return s.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(s)
}

/** transactionParamsToTransactionFilter + validateTransactionFilter: the search's query, `address` from a path when given. */
export function transactionFilter(req: AlgodRequest, fixed: { address?: string; assetId?: bigint; applicationId?: bigint } = {}): TxnFilter {
  const errors: string[] = []
  const q = req.query
  const filter: TxnFilter = {
    role: 0,
    maxRound: uintQuery(req, 'max-round') ?? 0n,
    minRound: uintQuery(req, 'min-round') ?? 0n,
    assetId: fixed.assetId ?? uintQuery(req, 'asset-id'),
    applicationId: fixed.applicationId ?? uintQuery(req, 'application-id'),
    limit: limitQuery(req, LIMITS.transactions),
    round: uintQuery(req, 'round'),
    next: q.get('next') ?? undefined,
    rekeyTo: boolQuery(req, 'rekey-to'),
    beforeTime: timeQuery(req, 'before-time'),
    afterTime: timeQuery(req, 'after-time'),
  }
  // bound whenever the route declares it (oapi-codegen binds every declared parameter): an account's transactions do not
  const excludeCloseTo = fixed.address === undefined ? (boolQuery(req, 'exclude-close-to') ?? false) : false
  const role = q.get('address-role')
  if (role !== null) {
    const lc = role.toLowerCase()
    if (lc === 'sender') filter.role = ROLE.sender | ROLE.assetSender
    else if (lc === 'receiver') filter.role = excludeCloseTo ? ROLE.receiver | ROLE.assetReceiver : ROLE.receiver | ROLE.assetReceiver | ROLE.closeRemainderTo | ROLE.assetCloseTo
    else if (lc === 'freeze-target') filter.role = ROLE.freeze
    else errors.push(`unknown address role [valid roles: freeze-target, receiver, sender]: '${lc}'`)
  }
  const address = fixed.address ?? q.get('address') ?? undefined
  let addressBytes: Uint8Array | undefined
  if (address !== undefined) {
    try {
      addressBytes = decodeCanonicalAddress(address)
      filter.address = algosdk.encodeAddress(addressBytes)
    } catch (e) {
      errors.push(`${INDEXER_ERRORS.unableToParseAddress}: ${(e as Error).message}`)
    }
  }
  const txid = q.get('txid')
  if (txid !== null) {
    if (isBase32(txid)) filter.txid = txid
    else errors.push(`${INDEXER_ERRORS.unableToParseDigest} 'txid': illegal base32 data at input byte 0`)
  }
  const note = q.get('note-prefix')
  if (note !== null) {
    if (isStdBase64(note)) filter.notePrefix = algosdk.base64ToBytes(note)
    else errors.push(`${INDEXER_ERRORS.unableToParseBase64}: 'note-prefix'`)
  }
  const group = q.get('group-id')
  if (group !== null) {
    if (!isStdBase64(group)) errors.push(`${INDEXER_ERRORS.unableToParseBase64}: 'group-id'`)
    else if (algosdk.base64ToBytes(group).length !== 32) errors.push(`${INDEXER_ERRORS.badGroupIdLen}: 'group-id'`)
    else filter.groupId = group
  }
  const sig = q.get('sig-type')
  if (sig !== null) {
    if ((SIG_TYPES as readonly string[]).includes(sig)) filter.sigType = sig
    else errors.push(`unknown sig-type [valid types: ${SIG_TYPES.join(', ')}]: '${sig.toLowerCase()}'`)
  }
  const type = q.get('tx-type')
  if (type !== null) {
    const lc = type.toLowerCase()
    if ((TX_TYPES as readonly string[]).includes(lc)) filter.type = lc
    else errors.push(`unknown tx-type [valid types: ${[...TX_TYPES].sort().join(', ')}]: '${lc}'`)
  }
  const gt = uintQuery(req, 'currency-greater-than')
  const lt = uintQuery(req, 'currency-less-than')
  if (filter.assetId !== undefined || filter.type === 'axfer') {
    filter.assetAmountGT = gt
    filter.assetAmountLT = lt
  } else {
    filter.algosGT = gt
    filter.algosLT = lt
  }
  if (errors.length > 0) throw badRequest(`invalid input: ${errors.join(', ')}`)
  validate(filter, addressBytes)
  return filter
}

/** validateTransactionFilter. */
function validate(f: TxnFilter, address: Uint8Array | undefined): void {
  const errors: string[] = []
  const over = (v: bigint | undefined) => v !== undefined && v > MAX_INT64
  if (over(f.minRound) || over(f.maxRound) || over(f.round) || over(f.assetId) || over(f.applicationId)) errors.push(INDEXER_ERRORS.valueExceedingInt64)
  if (over(f.algosGT) || over(f.algosLT)) errors.push(INDEXER_ERRORS.valueExceedingInt64)
  if (f.round !== undefined && (f.maxRound !== 0n || f.minRound !== 0n)) errors.push(INDEXER_ERRORS.invalidRoundAndMinMax)
  if (f.round === undefined && f.minRound !== 0n && f.maxRound !== 0n && f.minRound > f.maxRound) errors.push(INDEXER_ERRORS.invalidRoundMinMax)
  if (address === undefined || address.every((x) => x === 0)) {
    if (f.role & ROLE.closeRemainderTo) errors.push(INDEXER_ERRORS.zeroAddressCloseRemainderToRole)
    if (f.role & ROLE.assetSender) errors.push(INDEXER_ERRORS.zeroAddressAssetSenderRole)
    if (f.role & ROLE.assetCloseTo) errors.push(INDEXER_ERRORS.zeroAddressAssetCloseToRole)
  }
  if (errors.length > 0) throw badRequest(`invalid input: ${errors.join(', ')}`)
}

const startsWith = (note: Uint8Array | undefined, prefix: Uint8Array): boolean => {
  if (prefix.length === 0) return true
  if (note === undefined || note.length < prefix.length) return false
  for (let i = 0; i < prefix.length; i++) if (note[i] !== prefix[i]) return false
  return true
}

function roleMatches(row: Row, role: number, address: string): boolean {
  const txn = row.stxn.signedTxn.txn
  const is = (a: algosdk.Address | undefined) => a !== undefined && addressString(a) === address
  if (role & ROLE.sender && is(txn.sender)) return true
  if (role & ROLE.receiver && is(txn.payment?.receiver)) return true
  if (role & ROLE.closeRemainderTo && is(txn.payment?.closeRemainderTo)) return true
  if (role & ROLE.assetSender && is(txn.assetTransfer?.assetSender)) return true
  if (role & ROLE.assetReceiver && is(txn.assetTransfer?.receiver)) return true
  if (role & ROLE.assetCloseTo && is(txn.assetTransfer?.closeRemainderTo)) return true
  if (role & ROLE.freeze && is(txn.assetFreeze?.freezeAccount)) return true
  return false
}

/** The round bounds that before-time and after-time stand for (the block_header subqueries), or undefined when none match. */
function timeBounds(store: IndexerStore, f: TxnFilter): { min: bigint; max: bigint } | undefined {
  let min = 0n
  let max = store.round()
  if (f.beforeTime !== undefined) {
    // the last round stamped before the time (timestamps never go back)
    const before = f.beforeTime
    const lo = firstIndexNotBefore(store.rounds.length, (i) => Number(store.rounds[i]!.timestamp) < before)
    if (lo === 0) return undefined
    max = store.roundBase + BigInt(lo - 1)
  }
  if (f.afterTime !== undefined) {
    const after = f.afterTime
    const lo = firstIndexNotBefore(store.rounds.length, (i) => Number(store.rounds[i]!.timestamp) <= after)
    if (lo === store.rounds.length) return undefined
    min = store.roundBase + BigInt(lo)
  }
  return { min, max }
}

/** The root's JSON (kept: rows never change). */
export function rootJSON(store: IndexerStore, root: Root): Json {
  if (root.json) return root.json
  const json = transactionJSON(root.stxn, { round: root.round, intra: root.intra, roundTime: store.roundTime(root.round), createdId: root.createdId, genesisId: root.genesisId, genesisHash: root.genesisHash })
  json.id = root.txid
  json.signature = signatureJSON(root.stxn.signedTxn)
  return (root.json = json)
}

/** The root's JSON text (kept), so a page of transactions is joined rather than encoded again. */
export function rootText(store: IndexerStore, root: Root): string {
  return (root.text ??= algosdk.stringifyJSON(rootJSON(store, root)))
}

function rowJSON(store: IndexerStore, row: Row): Json {
  if (!row.inner) return rootJSON(store, row.root)
  const json = transactionJSON(row.stxn, { round: row.round, intra: row.root.intra, roundTime: store.roundTime(row.round), createdId: row.creatable })
  json.id = row.root.txid
  json.signature = {}
  return json
}

/** The matching transactions, as fetchTransactions returns them, with the next token. */
export function searchTransactions(store: IndexerStore, f: TxnFilter): { transactions: Json[]; nextToken?: string } {
  if (f.assetId !== undefined && f.applicationId !== undefined && f.assetId !== f.applicationId) {
    // the indexer answers 500 (its query builder refuses); both filters at once are the client's mistake: 400
    throw badRequest(`${INDEXER_ERRORS.transactionSearch}: txn query err cannot search both assetid and appid`)
  }
  const descending = f.address !== undefined
  const next = f.next ? txnNext.decode(f.next) : undefined
  if (next && descending && next.round === 0n && next.intra === 0) return { transactions: [] }
  const times = f.beforeTime !== undefined || f.afterTime !== undefined ? timeBounds(store, f) : { min: 0n, max: store.round() }
  if (times === undefined) return { transactions: [] }
  let minRound = f.minRound > times.min ? f.minRound : times.min
  // rounds --keep-rounds dropped are not answered (their rows wait to be pruned)
  if (minRound < store.firstRound()) minRound = store.firstRound()
  let maxRound = f.maxRound !== 0n && f.maxRound < times.max ? f.maxRound : times.max
  if (f.round !== undefined) {
    if (f.round > minRound) minRound = f.round
    if (f.round < maxRound) maxRound = f.round
  }
  const creatable = f.assetId ?? f.applicationId

  // the rows to scan: the narrowest index the filter allows, in the search's order
  let candidates: readonly number[] | undefined
  if (f.address !== undefined) candidates = store.byAddress.get(f.address) ?? []
  else if (f.txid !== undefined) {
    const root = store.byTxid.get(f.txid)
    candidates = root ? [root.row] : []
  } else if (f.groupId !== undefined) candidates = store.byGroup.get(f.groupId) ?? []
  else if (creatable !== undefined) candidates = store.byCreatable.get(creatable) ?? []
  else if (f.notePrefix !== undefined && f.notePrefix.length > 0) candidates = store.rowsWithNotePrefix(f.notePrefix, NOTE_INDEX_MAX)

  const matches = (row: Row): boolean => {
    if (row.round < minRound || row.round > maxRound) return false
    if (next) {
      const after = row.round > next.round || (row.round === next.round && row.intra > next.intra)
      const before = row.round < next.round || (row.round === next.round && row.intra < next.intra)
      if (descending ? !before : !after) return false
    }
    const txn = row.stxn.signedTxn.txn
    if (f.address !== undefined && f.role !== 0 && !roleMatches(row, f.role, f.address)) return false
    if (creatable !== undefined && row.creatable !== creatable) return false
    if (f.type !== undefined && txn.type !== f.type) return false
    if (f.txid !== undefined && (row.inner || row.root.txid !== f.txid)) return false
    if (f.groupId !== undefined && (!txn.group || algosdk.bytesToBase64(txn.group) !== f.groupId)) return false
    if (f.sigType !== undefined && IndexerStore.sigType(row) !== f.sigType) return false
    if (f.notePrefix !== undefined && !startsWith(txn.note, f.notePrefix)) return false
    if (f.rekeyTo && (!txn.rekeyTo || txn.rekeyTo.publicKey.every((x) => x === 0))) return false
    if (f.requireLogs && !(row.stxn.applyData.evalDelta?.logs.length ?? 0)) return false
    if (f.algosGT !== undefined || f.algosLT !== undefined) {
      if (txn.type !== 'pay') return false
      const amt = txn.payment!.amount
      if (f.algosGT !== undefined && !(amt > f.algosGT)) return false
      if (f.algosLT !== undefined && !(amt < f.algosLT)) return false
    }
    if (f.assetAmountGT !== undefined || f.assetAmountLT !== undefined) {
      if (txn.type !== 'axfer') return false
      const amt = txn.assetTransfer!.amount
      if (f.assetAmountGT !== undefined && !(amt > f.assetAmountGT)) return false
      if (f.assetAmountLT !== undefined && !(amt < f.assetAmountLT)) return false
    }
    return true
  }

  const results: Json[] = []
  const seen = new Set<string>()
  let last: Row | undefined
  let taken = 0n
  const take = (row: Row): boolean => {
    if (!matches(row)) return true
    taken++
    // a root is answered once, however many of its rows match
    if (f.skipInnerConversion || !seen.has(row.root.txid)) {
      seen.add(row.root.txid)
      results.push(f.skipInnerConversion ? rowJSON(store, row) : rootJSON(store, row.root))
      last = row
    }
    return taken < f.limit
  }
  if (f.limit > 0n) {
    if (candidates !== undefined) {
      if (descending) {
        for (let i = candidates.length - 1; i >= 0; i--) if (!take(store.row(candidates[i]!))) break
      } else for (const n of candidates) if (!take(store.row(n))) break
    } else {
      // every row in (round, intra) order, from the first round the filter allows
      let start = next ? next.round : minRound
      if (start < minRound) start = minRound
      const from = start <= store.round() ? (store.roundInfo(start) ?? store.rounds[0]!).firstRow : store.rowCount
      for (let i = from; i < store.rowCount; i++) {
        const row = store.row(i)
        if (row.round > maxRound) break
        if (!take(row)) break
      }
    }
  }
  if (results.length === 0 || !last) return { transactions: results }
  const row: Row = last
  const innerCount = f.skipInnerConversion && row.inner ? countInner(row.stxn) : row.root.innerCount
  return { transactions: results, nextToken: txnNext.encode({ round: row.round, intra: descending ? row.root.intra : row.root.intra + innerCount }) }
}

function countInner(stxn: algosdk.SignedTxnWithAD): number {
  let n = 0
  for (const inner of stxn.applyData.evalDelta?.innerTxns ?? []) n += 1 + countInner(inner)
  return n
}
