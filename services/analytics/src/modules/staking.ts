// The staking app's events: ProgramCreated, Staked, Unstaked, Compounded, Claimed,
// EmergencyWithdrawn, ToppedUp, Extended and Reclaimed. Each is one row of staking_events; a
// program's terms (rates, end) follow its ToppedUp and Extended events, and each position's stake is
// the stake the last event of that staker reports (the contract logs the stake after each change).
import { staking } from '@grove/sdk'
import { eventDecoders } from '@grove/sdk'
import type { DecodedEvent } from '@grove/sdk'
import type { Sql } from '../db/database.ts'
import { insertRows } from '../db/insert.ts'
import type { ContractModule, EventPosition, ModuleBatch, ModuleContext } from '../follower/module.ts'
import { ensureAssets } from './assets.ts'

type Args = staking.StakingEventArgs

/** A program's terms as the programs table holds them. */
interface ProgramRow {
  id: number
  stakeAsset: number
  rewardAsset1: number
  rewardAsset2: number | null
  rate1: bigint
  rate2: bigint
  start: number
  end: number
  kind: 'farm' | 'pool'
  creator: string
  createdRound: number
  createdTime: number
  updatedRound: number
}

/** The staking module (nothing to follow when the deployment has no staking app). */
export const stakingModule: ContractModule = {
  name: 'staking',
  appIds: (d) => (d.stakingAppId ? [d.stakingAppId] : []),
  decoders: eventDecoders(staking.STAKING_SPEC),
  begin: async (sql, ctx) => StakingBatch.load(sql, ctx),
}

class StakingBatch implements ModuleBatch {
  private readonly dirty = new Map<number, ProgramRow>()
  private readonly events: unknown[][] = []
  /** The latest stake of each (program, staker) this poll touched. */
  private readonly positions = new Map<string, [number, string, string, number]>()
  private readonly assets = new Set<number>()

  private constructor(
    private readonly sql: Sql,
    private readonly ctx: ModuleContext,
    private readonly programs: Map<number, ProgramRow>,
  ) {}

  static async load(sql: Sql, ctx: ModuleContext): Promise<StakingBatch> {
    const rows = await sql.query<Record<string, unknown>>('SELECT * FROM programs')
    const programs = new Map<number, ProgramRow>()
    for (const r of rows)
      programs.set(Number(r.id), {
        id: Number(r.id),
        stakeAsset: Number(r.stake_asset),
        rewardAsset1: Number(r.reward_asset1),
        rewardAsset2: r.reward_asset2 === null ? null : Number(r.reward_asset2),
        rate1: BigInt(String(r.rate1)),
        rate2: BigInt(String(r.rate2)),
        start: Number(r.start_time),
        end: Number(r.end_time),
        kind: r.kind as 'farm' | 'pool',
        creator: String(r.creator),
        createdRound: Number(r.created_round),
        createdTime: Number(r.created_time),
        updatedRound: Number(r.updated_round),
      })
    return new StakingBatch(sql, ctx, programs)
  }

  private program(id: bigint): ProgramRow {
    const p = this.programs.get(Number(id))
    if (!p) throw new Error(`The staking app logged an event of program ${id} before its ProgramCreated event.`)
    return p
  }

  private row(at: EventPosition, program: bigint, kind: string, account: string, v: { amount?: bigint; stake?: bigint; reward1?: bigint; reward2?: bigint }): void {
    const s = (x: bigint | undefined) => (x === undefined ? null : String(x))
    this.events.push([at.round, at.intra, at.logIndex, at.time, at.txnId, at.groupId, Number(program), kind, account, s(v.amount), s(v.stake), s(v.reward1), s(v.reward2)])
  }

  private position(program: bigint, staker: string, stake: bigint, at: EventPosition): void {
    this.positions.set(`${program}/${staker}`, [Number(program), staker, String(stake), at.round])
  }

  handle(event: DecodedEvent, at: EventPosition): void {
    const e = event as staking.StakingEvent
    switch (e.name) {
      case 'ProgramCreated': {
        const a = e.args
        const p: ProgramRow = {
          id: Number(a.program),
          stakeAsset: Number(a.stakeAsset),
          rewardAsset1: Number(a.rewardAsset1),
          rewardAsset2: a.rate2 > 0n ? Number(a.rewardAsset2) : null,
          rate1: a.rate1,
          rate2: a.rate2,
          start: Number(a.start),
          end: Number(a.end),
          kind: a.kind === 1n ? 'farm' : 'pool',
          creator: a.creator,
          createdRound: at.round,
          createdTime: at.time,
          updatedRound: at.round,
        }
        this.programs.set(p.id, p)
        this.dirty.set(p.id, p)
        for (const id of [p.stakeAsset, p.rewardAsset1, p.rewardAsset2]) if (id !== null) this.assets.add(id)
        const duration = a.end - a.start
        return this.row(at, a.program, 'create', a.creator, { reward1: a.rate1 * duration, reward2: a.rate2 * duration })
      }
      case 'Staked':
      case 'Unstaked':
      case 'Compounded': {
        const a = e.args as Args['Staked']
        this.position(a.program, a.staker, a.stake, at)
        return this.row(at, a.program, { Staked: 'stake', Unstaked: 'unstake', Compounded: 'compound' }[e.name], a.staker, { amount: a.amount, stake: a.stake })
      }
      case 'Claimed':
        return this.row(at, e.args.program, 'claim', e.args.staker, { reward1: e.args.amount1, reward2: e.args.amount2 })
      case 'EmergencyWithdrawn':
        this.position(e.args.program, e.args.staker, 0n, at)
        return this.row(at, e.args.program, 'emergency', e.args.staker, { amount: e.args.amount, stake: 0n, reward1: e.args.forfeited1, reward2: e.args.forfeited2 })
      case 'ToppedUp': {
        const p = this.program(e.args.program)
        const second = p.rewardAsset2 !== null && Number(e.args.rewardAsset) === p.rewardAsset2
        if (second) p.rate2 = e.args.rate
        else p.rate1 = e.args.rate
        this.touch(p, at)
        return this.row(at, e.args.program, 'topup', e.args.creator, second ? { reward2: e.args.deposit } : { reward1: e.args.deposit })
      }
      case 'Extended': {
        const p = this.program(e.args.program)
        p.end = Number(e.args.end)
        this.touch(p, at)
        return this.row(at, e.args.program, 'extend', e.args.creator, { reward1: e.args.deposit1, reward2: e.args.deposit2 })
      }
      case 'Reclaimed':
        return this.row(at, e.args.program, 'reclaim', e.args.creator, { reward1: e.args.amount1, reward2: e.args.amount2 })
    }
  }

  private touch(p: ProgramRow, at: EventPosition): void {
    p.updatedRound = at.round
    this.dirty.set(p.id, p)
  }

  async flush(): Promise<void> {
    await ensureAssets(this.sql, this.ctx, this.assets)
    await insertRows(
      this.sql,
      'programs',
      ['id', 'stake_asset', 'reward_asset1', 'reward_asset2', 'rate1', 'rate2', 'start_time', 'end_time', 'kind', 'creator', 'created_round', 'created_time', 'updated_round'],
      [...this.dirty.values()].map((p) => [p.id, p.stakeAsset, p.rewardAsset1, p.rewardAsset2, String(p.rate1), String(p.rate2), p.start, p.end, p.kind, p.creator, p.createdRound, p.createdTime, p.updatedRound]),
      'ON CONFLICT (id) DO UPDATE SET rate1 = excluded.rate1, rate2 = excluded.rate2, end_time = excluded.end_time, updated_round = excluded.updated_round',
    )
    await insertRows(this.sql, 'stake_positions', ['program_id', 'staker', 'stake', 'updated_round'], [...this.positions.values()], 'ON CONFLICT (program_id, staker) DO UPDATE SET stake = excluded.stake, updated_round = excluded.updated_round')
    await insertRows(this.sql, 'staking_events', ['round', 'intra', 'log_index', 'time', 'txn_id', 'group_id', 'program_id', 'kind', 'account', 'amount', 'stake', 'reward1', 'reward2'], this.events)
  }

  counts(): Record<string, number> {
    return { programs: this.dirty.size, positions: this.positions.size, events: this.events.length }
  }
}
