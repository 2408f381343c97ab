// The Locks app's events: Locked, Withdrawn, Extended, ToppedUp, OwnershipProposed (a zero pending
// owner is a cancellation), OwnershipAccepted and Closed. Each is one row of lock_events; the locks
// table holds each lock's terms as its latest event leaves them (amount, withdrawn, cliff, end, owner),
// and a closed lock keeps its row with closed_round set. A Locked event of a closed id (its creator made
// it again with the same nonce) starts the row afresh: a new lock under the old id.
import { ALGORAND_ZERO_ADDRESS_STRING } from 'algosdk'
import { LOCKS_SPEC, eventDecoders, type DecodedEvent, type LockEvent } from '@grove/sdk'
import type { Sql } from '../db/database.ts'
import { insertRows } from '../db/insert.ts'
import type { ContractModule, EventPosition, ModuleBatch, ModuleContext } from '../follower/module.ts'
import { ensureAssets } from './assets.ts'

interface LockRow {
  id: number
  owner: string
  pendingOwner: string | null
  asset: number
  amount: bigint
  withdrawn: bigint
  cliff: number
  end: number
  liquidity: boolean
  createdRound: number
  createdTime: number
  updatedRound: number
  /** The round that closed it, null while it is open. */
  closedRound: number | null
}

/** The locks module (nothing to follow when the deployment has no Locks app). */
export const locksModule: ContractModule = {
  name: 'locks',
  appIds: (d) => (d.lockAppId ? [d.lockAppId] : []),
  decoders: eventDecoders(LOCKS_SPEC),
  begin: async (sql, ctx) => new LocksBatch(sql, ctx),
}

class LocksBatch implements ModuleBatch {
  private readonly locks = new Map<number, LockRow>()
  private readonly events: unknown[][] = []

  constructor(
    private readonly sql: Sql,
    private readonly ctx: ModuleContext,
  ) {}

  /** The lock as this poll left it, else as the table holds it. */
  private async lock(id: bigint): Promise<LockRow> {
    const known = this.locks.get(Number(id))
    if (known) return known
    const [r] = await this.sql.query<Record<string, unknown>>('SELECT * FROM locks WHERE id = $1', [Number(id)])
    if (!r) throw new Error(`The Locks app logged an event of lock ${id} before its Locked event.`)
    const row: LockRow = {
      id: Number(r.id),
      owner: String(r.owner),
      pendingOwner: (r.pending_owner as string | null) ?? null,
      asset: Number(r.asset),
      amount: BigInt(String(r.amount)),
      withdrawn: BigInt(String(r.withdrawn)),
      cliff: Number(r.cliff),
      end: Number(r.end_time),
      liquidity: Boolean(r.liquidity),
      createdRound: Number(r.created_round),
      createdTime: Number(r.created_time),
      updatedRound: Number(r.updated_round),
      closedRound: r.closed_round === null || r.closed_round === undefined ? null : Number(r.closed_round),
    }
    this.locks.set(row.id, row)
    return row
  }

  private row(at: EventPosition, lock: LockRow, kind: string, account: string, amount: bigint | null, other: string | null = null): void {
    lock.updatedRound = at.round
    this.events.push([at.round, at.intra, at.logIndex, at.time, at.txnId, at.groupId, lock.id, kind, account, amount === null ? null : String(amount), other])
  }

  async handle(event: DecodedEvent, at: EventPosition): Promise<void> {
    const e = event as LockEvent
    if (e.name === 'Locked') {
      const a = e.args
      const lock: LockRow = {
        id: Number(a.id),
        owner: String(a.owner),
        pendingOwner: null,
        asset: Number(a.asset),
        amount: a.amount,
        withdrawn: 0n,
        cliff: Number(a.cliff),
        end: Number(a.end),
        liquidity: Boolean(a.liquidity),
        createdRound: at.round,
        createdTime: at.time,
        updatedRound: at.round,
        closedRound: null,
      }
      this.locks.set(lock.id, lock)
      return this.row(at, lock, 'lock', lock.owner, a.amount)
    }
    const lock = await this.lock(e.args.id)
    switch (e.name) {
      case 'Withdrawn':
        lock.withdrawn += e.args.amount
        return this.row(at, lock, 'withdraw', String(e.args.owner), e.args.amount)
      case 'Extended':
        lock.cliff = Number(e.args.cliff)
        lock.end = Number(e.args.end)
        return this.row(at, lock, 'extend', at.sender, null)
      case 'ToppedUp':
        lock.amount = e.args.total
        return this.row(at, lock, 'topup', at.sender, e.args.amount)
      case 'OwnershipProposed': {
        const pending = String(e.args.pendingOwner)
        lock.pendingOwner = pending === ALGORAND_ZERO_ADDRESS_STRING ? null : pending
        return this.row(at, lock, lock.pendingOwner ? 'propose' : 'cancel', String(e.args.owner), null, lock.pendingOwner)
      }
      case 'OwnershipAccepted':
        lock.owner = String(e.args.owner)
        lock.pendingOwner = null
        return this.row(at, lock, 'accept', lock.owner, null, String(e.args.previousOwner))
      case 'Closed':
        lock.closedRound = at.round
        return this.row(at, lock, 'close', at.sender, e.args.refund, String(e.args.creator))
    }
  }

  async flush(): Promise<void> {
    const locks = [...this.locks.values()]
    await ensureAssets(this.sql, this.ctx, locks.map((l) => l.asset))
    await insertRows(
      this.sql,
      'locks',
      ['id', 'owner', 'pending_owner', 'asset', 'amount', 'withdrawn', 'cliff', 'end_time', 'liquidity', 'created_round', 'created_time', 'updated_round', 'closed_round'],
      locks.map((l) => [l.id, l.owner, l.pendingOwner, l.asset, String(l.amount), String(l.withdrawn), l.cliff, l.end, l.liquidity, l.createdRound, l.createdTime, l.updatedRound, l.closedRound]),
      // every column: a Locked event of a closed id replaces the whole row
      `ON CONFLICT (id) DO UPDATE SET owner = excluded.owner, pending_owner = excluded.pending_owner, asset = excluded.asset, amount = excluded.amount, withdrawn = excluded.withdrawn,
         cliff = excluded.cliff, end_time = excluded.end_time, liquidity = excluded.liquidity, created_round = excluded.created_round, created_time = excluded.created_time,
         updated_round = excluded.updated_round, closed_round = excluded.closed_round`,
    )
    await insertRows(this.sql, 'lock_events', ['round', 'intra', 'log_index', 'time', 'txn_id', 'group_id', 'lock_id', 'kind', 'account', 'amount', 'other'], this.events)
  }

  counts(): Record<string, number> {
    return { locks: this.locks.size, events: this.events.length }
  }
}
