// The registry's project events: ProjectRegistered, ProjectEdited, ProjectTransferred,
// ProjectVerified and ProjectRemoved. Each is one row of project_events; the projects table holds
// the registered projects as their latest event leaves them (a removed project's row goes).
import { REGISTRY_SPEC, eventDecoders, type DecodedEvent, type ProjectEventArgs } from '@grove/sdk'
import type { Sql } from '../db/database.ts'
import { insertRows } from '../db/insert.ts'
import type { ContractModule, EventPosition, ModuleBatch, ModuleContext } from '../follower/module.ts'
import { ensureAssets } from './assets.ts'

interface ProjectRow {
  asset: number
  owner: string
  name: string
  url: string
  verified: boolean
  registeredRound: number
  registeredTime: number
  updatedRound: number
}

type ProjectEvent = { [K in keyof ProjectEventArgs]: { name: K; args: ProjectEventArgs[K] } }[keyof ProjectEventArgs]

/** The projects module: the registry's project events. */
export const projectsModule: ContractModule = {
  name: 'projects',
  appIds: (d) => (d.registryAppId ? [d.registryAppId] : []),
  decoders: eventDecoders(REGISTRY_SPEC),
  begin: async (sql, ctx) => new ProjectsBatch(sql, ctx),
}

class ProjectsBatch implements ModuleBatch {
  /** Each touched project as this poll leaves it; null when removed. */
  private readonly projects = new Map<number, ProjectRow | null>()
  private readonly events: unknown[][] = []

  constructor(
    private readonly sql: Sql,
    private readonly ctx: ModuleContext,
  ) {}

  private async project(asset: bigint): Promise<ProjectRow> {
    const id = Number(asset)
    const known = this.projects.get(id)
    if (known) return known
    const [r] = known === null ? [] : await this.sql.query<Record<string, unknown>>('SELECT * FROM projects WHERE asset = $1', [id])
    if (!r) throw new Error(`The registry logged an event of project ${asset} while it was not registered.`)
    const row: ProjectRow = {
      asset: id,
      owner: String(r.owner),
      name: String(r.name),
      url: String(r.url),
      verified: Boolean(r.verified),
      registeredRound: Number(r.registered_round),
      registeredTime: Number(r.registered_time),
      updatedRound: Number(r.updated_round),
    }
    this.projects.set(id, row)
    return row
  }

  private row(at: EventPosition, p: ProjectRow, kind: string): void {
    p.updatedRound = at.round
    this.events.push([at.round, at.intra, at.logIndex, at.time, at.txnId, at.groupId, p.asset, kind, at.sender, p.owner, p.name, p.url, p.verified])
  }

  async handle(event: DecodedEvent, at: EventPosition): Promise<void> {
    const e = event as ProjectEvent
    if (e.name === 'ProjectRegistered') {
      const p: ProjectRow = { asset: Number(e.args.asset), owner: String(e.args.owner), name: e.args.name, url: e.args.url, verified: false, registeredRound: at.round, registeredTime: at.time, updatedRound: at.round }
      this.projects.set(p.asset, p)
      return this.row(at, p, 'register')
    }
    const p = await this.project(e.args.asset)
    switch (e.name) {
      case 'ProjectEdited':
        p.name = e.args.name
        p.url = e.args.url
        return this.row(at, p, 'edit')
      case 'ProjectTransferred':
        p.owner = String(e.args.owner)
        return this.row(at, p, 'transfer')
      case 'ProjectVerified':
        p.verified = Boolean(e.args.verified)
        return this.row(at, p, p.verified ? 'verify' : 'unverify')
      case 'ProjectRemoved':
        this.row(at, p, 'remove')
        this.projects.set(p.asset, null)
    }
  }

  async flush(): Promise<void> {
    const kept = [...this.projects.values()].filter((p): p is ProjectRow => p !== null)
    const removed = [...this.projects].filter(([, p]) => p === null).map(([id]) => id)
    await ensureAssets(this.sql, this.ctx, kept.map((p) => p.asset))
    if (removed.length) await this.sql.query('DELETE FROM projects WHERE asset = ANY($1::bigint[])', [removed])
    await insertRows(
      this.sql,
      'projects',
      ['asset', 'owner', 'name', 'url', 'verified', 'registered_round', 'registered_time', 'updated_round'],
      kept.map((p) => [p.asset, p.owner, p.name, p.url, p.verified, p.registeredRound, p.registeredTime, p.updatedRound]),
      `ON CONFLICT (asset) DO UPDATE SET owner = excluded.owner, name = excluded.name, url = excluded.url, verified = excluded.verified,
         registered_round = excluded.registered_round, registered_time = excluded.registered_time, updated_round = excluded.updated_round`,
    )
    await insertRows(this.sql, 'project_events', ['round', 'intra', 'log_index', 'time', 'txn_id', 'group_id', 'asset', 'kind', 'account', 'owner', 'name', 'url', 'verified'], this.events)
  }

  counts(): Record<string, number> {
    return { projects: this.projects.size, events: this.events.length }
  }
}
