// The group's own checks before its effects (go's data/transactions/verify CheckTxnGroup and the
// evaluator's bookkeeping): the group id, then each transaction's validity window, genesis,
// duplicates and lease.

import { groupId, txnId, type Txn } from '@grove/avm'
import { LedgerError } from '../errors.ts'
import { withoutKey } from '../block-bytes.ts'
import { sha512_256 } from '../hash.ts'

const TX = new TextEncoder().encode('TX')
import { hex } from '../state.ts'
import { addr, eq, isZero } from '../bytes.ts'
import type { GroupContext } from './types.ts'

export const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** go's crypto.Digest.String(): standard base32 without padding (a txid's format). */
export function digestText(b: Uint8Array): string {
  let out = ''
  let value = 0
  let bits = 0
  for (const x of b) {
    value = ((value << 8) | x) & 0xfff
    bits += 8
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31]
  return out
}

/** go's CheckTxnGroup: a lone transaction may omit the group id; otherwise all share the hash of the ids. */
export function checkGroupId(group: Txn[], encoded?: readonly Uint8Array[]): void {
  const gid = group[0].group
  if (isZero(gid)) {
    if (group.length === 1) return
    throw new LedgerError(`transactionGroup: [0] had zero Group but was submitted in a group of ${group.length}`)
  }
  for (const t of group) {
    if (!eq(t.group, gid)) throw new LedgerError(`transactionGroup: inconsistent group values: ${digestText(t.group)} != ${digestText(gid)}`)
  }
  // each transaction's own encoding without its group, hashed, is what the group id covers: no
  // encoding again (a fifth of a payment's time); anything else takes the re-encoding path, which words the refusal
  if (encoded !== undefined) {
    const bare = encoded.map((b) => withoutKey(b, 'grp'))
    if (bare.every((b) => b !== undefined) && eq(groupId(bare.map((b) => sha512_256(TX, b!))), gid)) return
  }
  const hashes = group.map((t) => txnId({ ...t, group: new Uint8Array(32) }))
  const computed = groupId(hashes)
  if (!eq(computed, gid)) {
    throw new LedgerError(`transactionGroup: incomplete group: ${digestText(gid)} != ${digestText(computed)} ({{} [${hashes.map(digestText).join(' ')}]})`)
  }
}

/** go's bookkeeping Alive plus the ledger's duplicate and lease checks, for one transaction. */
export function checkAlive(tx: Txn, id: string, ctx: GroupContext, leases: Map<string, bigint>, seenInGroup: Set<string>): void {
  const fv = BigInt(tx.firstValid)
  const lv = BigInt(tx.lastValid)
  if (ctx.round < fv || ctx.round > lv) throw new LedgerError(`txn dead: round ${ctx.round} outside of ${fv}--${lv}`)
  if (tx.genesisId !== '' && tx.genesisId !== ctx.genesisId) throw new LedgerError(`tx.GenesisID <${tx.genesisId}> does not match expected <${ctx.genesisId}>`)
  if (!isZero(tx.genesisHash) && !eq(tx.genesisHash, ctx.genesisHash)) {
    throw new LedgerError(`tx.GenesisHash <${digestText(tx.genesisHash)}> does not match expected <${digestText(ctx.genesisHash)}>`)
  }
  if (isZero(tx.genesisHash)) throw new LedgerError('required tx.GenesisHash is missing')
  if (ctx.seenTxId(id) || seenInGroup.has(id)) throw new LedgerError(`transaction already in ledger: ${id}`)
  if (!isZero(tx.lease)) {
    const key = hex(tx.sender) + hex(tx.lease)
    const until = ctx.leaseUntil(key) ?? leases.get(key)
    if (until !== undefined && until >= ctx.round) {
      throw new LedgerError(`transaction ${id} using an overlapping lease (sender, lease):(${addr(tx.sender)}, ${addr(tx.lease)})`)
    }
    leases.set(key, lv)
  }
  seenInGroup.add(id)
}
