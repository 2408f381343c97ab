// The Locks app's events: Locked, Withdrawn, Extended, ToppedUp, OwnershipProposed (a zero pending
// owner is a cancellation), OwnershipAccepted, Closed, and a liquidity lock's FeesClaimed, Split, Merged
// (the merged-away lock is closed) and CollectorSet. Each is one row of lock_events; the locks
// table holds each lock's terms as its latest event leaves them (amount, withdrawn, cliff, end, owner),
// and a closed lock keeps its row with closed_round set. A Locked event of a closed id (its creator made
// it again with the same nonce) starts the row afresh: a new lock under the old id.
import { ALGORAND_ZERO_ADDRESS_STRING } from 'algosdk'
import { LOCKS_SPEC, afterExtend, afterTopUp, decodeLock, eventDecoders, lockBoxName, type DecodedEvent, type LockEvent } from '@grove/sdk'
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
  /** The vesting line's start and what had vested there (the contract's fields). */
  anchor: number
  base: bigint
  liquidity: boolean
  /** A liquidity lock's fee collector, null: the owner. */
  collector: string | null
  feesClaimed: bigint
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
      anchor: Number(r.anchor ?? r.cliff),
      base: BigInt(String(r.base)),
      liquidity: Boolean(r.liquidity),
      collector: (r.collector as string | null) ?? null,
      feesClaimed: BigInt(String(r.fees_claimed)),
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
        anchor: Number(a.cliff),
        base: 0n,
        liquidity: Boolean(a.liquidity),
        collector: null,
        feesClaimed: 0n,
        createdRound: at.round,
        createdTime: at.time,
        updatedRound: at.round,
        closedRound: null,
      }
      this.locks.set(lock.id, lock)
      return this.row(at, lock, 'lock', lock.owner, a.amount)
    }
    // Merged names its lock `into`
    const lock = await this.lock(e.name === 'Merged' ? e.args.into : e.args.id)
    switch (e.name) {
      case 'Withdrawn':
        lock.withdrawn += e.args.amount
        return this.row(at, lock, 'withdraw', String(e.args.owner), e.args.amount)
      case 'Extended': {
        // the line as the contract re-anchors it (at the block's time; flush reads the box's own fields)
        const next = afterExtend(schedule(lock), BigInt(e.args.end), BigInt(at.time))
        Object.assign(lock, { cliff: Number(next.cliff), end: Number(next.end), anchor: Number(next.anchor), base: next.base })
        return this.row(at, lock, 'extend', at.sender, null)
      }
      case 'ToppedUp': {
        const next = afterTopUp(schedule(lock), e.args.amount, BigInt(at.time))
        Object.assign(lock, { anchor: Number(next.anchor), base: next.base })
        lock.amount = e.args.total
        return this.row(at, lock, 'topup', at.sender, e.args.amount)
      }
      case 'FeesClaimed': {
        // the lock keeps `remaining` units; its schedule scaled from the claim on (flush reads the box's line)
        lock.amount = lock.withdrawn + e.args.remaining
        if (lock.base > lock.amount) lock.base = lock.amount
        lock.feesClaimed += e.args.units
        return this.row(at, lock, 'claim', String(e.args.to), e.args.units)
      }
      case 'CollectorSet': {
        const collector = String(e.args.collector)
        lock.collector = collector === ALGORAND_ZERO_ADDRESS_STRING ? null : collector
        return this.row(at, lock, 'collector', at.sender, null, lock.collector)
      }
      case 'Split': {
        if (at.time > lock.anchor && at.time < lock.end) {
          lock.base = afterTopUp(schedule(lock), 0n, BigInt(at.time)).base
          lock.anchor = at.time
        }
        lock.amount -= e.args.amount
        const part: LockRow = {
          ...lock,
          id: Number(e.args.newId),
          pendingOwner: null,
          amount: e.args.amount,
          withdrawn: 0n,
          base: 0n,
          feesClaimed: 0n,
          createdRound: at.round,
          createdTime: at.time,
          closedRound: null,
        }
        this.locks.set(part.id, part)
        this.row(at, lock, 'split', at.sender, e.args.amount, String(e.args.newId))
        part.updatedRound = at.round
        return
      }
      case 'Merged': {
        const from = await this.lock(e.args.from)
        from.closedRound = at.round
        from.updatedRound = at.round
        lock.amount += e.args.amount
        lock.feesClaimed += from.feesClaimed
        return this.row(at, lock, 'merge', at.sender, e.args.amount, String(e.args.from))
      }
      case 'OwnershipProposed': {
        const pending = String(e.args.pendingOwner)
        lock.pendingOwner = pending === ALGORAND_ZERO_ADDRESS_STRING ? null : pending
        return this.row(at, lock, lock.pendingOwner ? 'propose' : 'cancel', String(e.args.owner), null, lock.pendingOwner)
      }
      case 'OwnershipAccepted':
        lock.owner = String(e.args.owner)
        lock.pendingOwner = null
        // the contract resets a liquidity lock's collector: the fees follow the lock
        lock.collector = null
        return this.row(at, lock, 'accept', lock.owner, null, String(e.args.previousOwner))
      case 'Closed':
        lock.closedRound = at.round
        return this.row(at, lock, 'close', at.sender, e.args.refund, String(e.args.creator))
    }
  }

  /** The open locks' lines as their boxes hold them now (exact where the events leave the re-anchoring time open); a lock algod cannot give keeps its events' figures. */
  private async readBoxes(locks: LockRow[]): Promise<void> {
    const app = this.ctx.deployment.lockAppId
    if (!app || typeof this.ctx.algod?.getApplicationBoxByName !== 'function') return
    await Promise.all(
      locks
        .filter((l) => l.closedRound === null)
        .map(async (l) => {
          try {
            const box = decodeLock(BigInt(l.id), (await this.ctx.algod.getApplicationBoxByName(app, lockBoxName(BigInt(l.id))).do()).value)
            // a box of a later lock under the same id, or a state past this poll, would not match: keep the events' figures
            if (box.asset !== BigInt(l.asset) || box.owner !== l.owner || box.withdrawn !== l.withdrawn) return
            Object.assign(l, { amount: box.amount, cliff: Number(box.cliff), end: Number(box.end), anchor: Number(box.anchor), base: box.base })
          } catch {
            // not on algod (a closed lock, a synthetic chain): the events' figures stand
          }
        }),
    )
  }

  async flush(): Promise<void> {
    const locks = [...this.locks.values()]
    await this.readBoxes(locks)
    await ensureAssets(this.sql, this.ctx, locks.map((l) => l.asset))
    await insertRows(
      this.sql,
      'locks',
      ['id', 'owner', 'pending_owner', 'asset', 'amount', 'withdrawn', 'cliff', 'end_time', 'anchor', 'base', 'liquidity', 'collector', 'fees_claimed', 'created_round', 'created_time', 'updated_round', 'closed_round'],
      locks.map((l) => [l.id, l.owner, l.pendingOwner, l.asset, String(l.amount), String(l.withdrawn), l.cliff, l.end, l.anchor, String(l.base), l.liquidity, l.collector, String(l.feesClaimed), l.createdRound, l.createdTime, l.updatedRound, l.closedRound]),
      // every column: a Locked event of a closed id replaces the whole row
      `ON CONFLICT (id) DO UPDATE SET owner = excluded.owner, pending_owner = excluded.pending_owner, asset = excluded.asset, amount = excluded.amount, withdrawn = excluded.withdrawn,
         cliff = excluded.cliff, end_time = excluded.end_time, anchor = excluded.anchor, base = excluded.base, liquidity = excluded.liquidity, collector = excluded.collector, fees_claimed = excluded.fees_claimed, created_round = excluded.created_round, created_time = excluded.created_time,
         updated_round = excluded.updated_round, closed_round = excluded.closed_round`,
    )
    await insertRows(this.sql, 'lock_events', ['round', 'intra', 'log_index', 'time', 'txn_id', 'group_id', 'lock_id', 'kind', 'account', 'amount', 'other'], this.events)
  }

  counts(): Record<string, number> {
    return { locks: this.locks.size, events: this.events.length }
  }
}

/** The fields vesting reads, as the SDK's schedule functions take them. */
const schedule = (l: LockRow) => ({ amount: l.amount, cliff: BigInt(l.cliff), end: BigInt(l.end), anchor: BigInt(l.anchor), base: l.base })
