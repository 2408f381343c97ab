// The state deltas of the last rounds (go's ledger trackers keep MaxAcctLookback rounds in memory
// before flushing them): what algod's /v2/deltas endpoints answer, by round, by group and by
// transaction id, each with its block's header as `Hdr`.

import algosdk from 'algosdk'
import type { Msgp } from './deltas.ts'

/** Rounds of state deltas kept (go's default MaxAcctLookback: its trackers flush older rounds). */
export const DELTA_LOOKBACK = 4n

/** One kept round: its delta, its group's delta and ids (the group id, then the txids), its block (header only). */
export interface KeptDelta {
  round: Map<string, Msgp>
  group: Map<string, Msgp>
  ids: Uint8Array[]
  block: algosdk.Block
}

/** A kept delta with its block's header as `Hdr` (go's *BlockHeader). */
function withHeader(delta: Map<string, Msgp>, block: algosdk.Block): Map<string, unknown> {
  return new Map<string, unknown>(delta).set('Hdr', algosdk.msgpackRawDecodeAsMap(algosdk.encodeMsgpack(block.header)))
}

/** The kept rounds by round (a map, so the chain journals its writes like its other indexes). */
export class KeptDeltas extends Map<bigint, KeptDelta> {
  /** algod's GET /v2/deltas/{round}: the round's delta, or the error go's trackers give for a round they do not hold. */
  ledgerStateDelta(round: bigint, latest: bigint, genesisRound: bigint): { delta: Map<string, unknown> } | { error: string } {
    const dbRound = latest > genesisRound + DELTA_LOOKBACK ? latest - DELTA_LOOKBACK : genesisRound
    const kept = latest - dbRound
    if (round < dbRound) return { error: `round ${round} before dbRound ${dbRound}` }
    if (round > latest) return { error: `round ${round} too high: dbRound ${dbRound}, deltas ${kept}` }
    const d = this.get(round)
    if (round === dbRound || d === undefined) return { error: `round ${round} not in deltas: dbRound ${dbRound}, deltas ${kept}, offset 0` }
    return { delta: withHeader(d.round, d.block) }
  }

  groupDeltasForRound(round: bigint): { ids: Uint8Array[]; delta: Map<string, unknown> }[] | undefined {
    const d = this.get(round)
    return d === undefined ? undefined : [{ ids: d.ids, delta: withHeader(d.group, d.block) }]
  }

  groupDelta(id: Uint8Array): Map<string, unknown> | undefined {
    for (const d of this.values()) if (d.ids.some((x) => x.length === id.length && x.every((b, i) => b === id[i]))) return withHeader(d.group, d.block)
    return undefined
  }
}
