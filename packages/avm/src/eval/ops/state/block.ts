// `block` and the round window LogicSigs and apps may look back on (go's availableRound).

import type { OpHandler } from '../../context.ts'
import type { EvalContext } from '../../context.ts'
import type { StackValue, Uint64 } from '../../values.ts'
import { currentTxn, fail, sigLedgerOf } from './common.ts'

const MASK = 0xffff_ffff_ffff_ffffn

/**
 * go's availableRound: rounds [LastValid - MaxTxnLife - 1, FirstValid - 1] (uint64 arithmetic,
 * clamped to start at 1 early in a chain's life; a FirstValid of 0 leaves nothing available).
 */
export function availableRound(cx: EvalContext, r: bigint): bigint {
  const tx = currentTxn(cx)
  const lv = BigInt(tx.lastValid)
  const fv = BigInt(tx.firstValid)
  let firstAvail = (lv - BigInt(cx.proto.maxTxnLife) - 1n) & MASK
  if (firstAvail > lv || firstAvail === 0n) firstAvail = 1n
  let lastAvail = (fv - 1n) & MASK
  if (lastAvail > fv) lastAvail = 0n
  if (firstAvail > r || r > lastAvail) fail(`round ${r} is not available. It's outside [${firstAvail}-${lastAvail}]`)
  return r
}

/** The `block` handler. */
export const handlers: Record<string, OpHandler> = {
  block: (cx, ins) => {
    const round = availableRound(cx, BigInt(cx.stack.pop() as Uint64))
    const f = ins.field
    if (f === undefined || f.version > cx.version) fail(`invalid block field ${f?.name ?? ins.imm[0]}`)
    const hdr = sigLedgerOf(cx).blockHeader(round)
    let v: StackValue
    switch (f.name) {
      case 'BlkSeed': v = hdr.seed; break
      case 'BlkTimestamp':
        if (hdr.timestamp < 0) fail(`block(${round}) timestamp ${hdr.timestamp} < 0`)
        v = hdr.timestamp
        break
      case 'BlkBranch': v = hdr.branch; break
      case 'BlkFeeSink': v = hdr.feeSink; break
      case 'BlkProtocol': v = new TextEncoder().encode(hdr.protocol); break
      case 'BlkTxnCounter': v = hdr.txnCounter; break
      case 'BlkProposer': v = hdr.proposer; break
      case 'BlkFeesCollected': v = hdr.feesCollected; break
      case 'BlkBonus': v = hdr.bonus; break
      case 'BlkProposerPayout': v = hdr.proposerPayout; break
      case 'BlkBranch512': v = hdr.branch512; break
      case 'BlkSha512_256TxnCommitment': v = hdr.sha512_256TxnCommitment; break
      case 'BlkSha256TxnCommitment': v = hdr.sha256TxnCommitment; break
      case 'BlkSha512TxnCommitment': v = hdr.sha512TxnCommitment; break
      default: return fail(`invalid block field ${f.name}`)
    }
    cx.stack.push(v)
  },
}
