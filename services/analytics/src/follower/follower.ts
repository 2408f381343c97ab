// The chain follower, algokit-subscriber's poll made transactional: read the watermark → fetch the
// next rounds' Grove app calls (inner ones included) → decode their ARC-28 events with the SDK →
// each module turns them into rows → save the watermark, all rows and the watermark in one SQL
// transaction. A crash at any point leaves either the whole poll or none of it.
import { getSubscribedTransactions } from '@algorandfoundation/algokit-subscriber'
import type { SubscribedTransaction } from '@algorandfoundation/algokit-subscriber/types/subscription'
import type { Algodv2 } from 'algosdk'
import { decodeEvent } from '@grove/sdk'
import { CONTRACTS, type ContractName } from '@grove/contracts/deployment'
import type { Database, Sql } from '../db/database.ts'
import type { Deployment } from '../config.ts'
import type { ContractModule, ModuleBatch } from './module.ts'
import { dexModule } from '../modules/dex.ts'
import { stakingModule } from '../modules/staking.ts'
import { locksModule } from '../modules/locks.ts'
import { projectsModule } from '../modules/projects.ts'
import { adminModule } from '../modules/admin.ts'
import { vaultModule } from '../modules/vault.ts'
import { ordersModule } from '../modules/orders.ts'
import { tinymanModule } from '../modules/tinyman.ts'
import { stableModule } from '../modules/stable.ts'

/** Each contract's modules by its name in `CONTRACTS` (a contract without an entry fails to compile; [] when it logs nothing to follow). */
export const CONTRACT_MODULES: Record<ContractName, readonly ContractModule[]> = {
  Registry: [projectsModule],
  Dex: [dexModule],
  Locks: [locksModule],
  Staking: [stakingModule],
  Vault: [vaultModule],
  Orders: [ordersModule],
  Stable: [stableModule],
}

/** The venues followed beside Grove's contracts (not in `CONTRACTS`): their pools share the DEX's tables. */
export const VENUE_MODULES: readonly ContractModule[] = [tinymanModule]

/**
 * Every module the service knows, flushed in this order: each contract's in the order of
 * `CONTRACTS`, the venues', then the admin log, which reads several contracts' admin calls and
 * updates rows (a pool's fee) their modules wrote in the same poll.
 */
export const MODULES: readonly ContractModule[] = [...CONTRACTS.flatMap((c) => CONTRACT_MODULES[c.name]), ...VENUE_MODULES, adminModule]

/** The chain behind algod is not the one the database followed. */
export class ChainMismatchError extends Error {
  override name = 'ChainMismatchError'
}

/** Options of a follower. */
export interface FollowerOptions {
  db: Database
  algod: Algodv2
  deployment: Deployment
  modules?: readonly ContractModule[]
  /** Most rounds one poll (one SQL transaction) covers (default 500). */
  maxRoundsPerPoll?: number
  /** Longest pause between polls once caught up, in ms (default 1000); a new block ends it sooner. */
  idleMs?: number
  /** Test hook: runs after a poll's rows are written, before its watermark is saved and committed. */
  beforeCommit?: (poll: { from: bigint; to: bigint }) => void | Promise<void>
  /** Where problems are reported while running (default console.error). */
  log?: (message: string) => void
  /** Told each poll start() made, once committed: a host shows progress with it (npm start, how far the index is). */
  onPoll?: (poll: PollResult) => void
}

/** What one poll did. */
export interface PollResult {
  from: bigint
  to: bigint
  /** The chain's last round at the time of the poll. */
  tip: bigint
  events: number
  rows: Record<string, number>
}

/** The follower's watermark row. */
export interface Watermark {
  round: bigint
  blockHash: string | null
  time: number | null
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

/** RFC 4648 base32 without padding: how algod writes a block hash (crypto.Digest.String). */
function base32(bytes: Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let out = ''
  let bits = 0
  let value = 0
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31]
  return out
}

/** The uints an app call set in local state, by account and key (algod's local deltas: action 2 sets a uint). */
function localUints(t: SubscribedTransaction): Map<string, Map<string, bigint>> {
  const out = new Map<string, Map<string, bigint>>()
  for (const account of t.localStateDelta ?? []) {
    const keys = new Map<string, bigint>()
    for (const kv of account.delta) if (kv.value.action === 2) keys.set(Buffer.from(kv.key, 'base64').toString('latin1'), BigInt(kv.value.uint ?? 0))
    out.set(String(account.address), keys)
  }
  return out
}

/** Reads the watermark (undefined before the follower first ran on this database). */
export async function readWatermark(sql: Sql, lock = false): Promise<Watermark | undefined> {
  const [row] = await sql.query<{ round: number; block_hash: string | null; time: number | null }>(`SELECT round, block_hash, time FROM watermark${lock ? ' FOR UPDATE' : ''}`)
  return row && { round: BigInt(row.round), blockHash: row.block_hash, time: row.time }
}

/** Follows algod into the database; `pollOnce` for one step, `start` to keep following. */
export class Follower {
  private readonly modules: readonly ContractModule[]
  /** The modules that read each app's calls and events (the DEX's admin method is the admin module's too). */
  private readonly byApp = new Map<bigint, ContractModule[]>()
  private running?: Promise<void>
  private stopping = false
  private wake?: () => void
  /** The chain's last round as of the latest poll. */
  tip = 0n
  /** Set when following stopped on an error it cannot get past (a chain mismatch). */
  fatal?: Error

  constructor(private readonly options: FollowerOptions) {
    this.modules = options.modules ?? MODULES
    for (const m of this.modules) for (const id of m.appIds(options.deployment)) this.byApp.set(id, [...(this.byApp.get(id) ?? []), m])
  }

  /**
   * Checks that algod serves the chain this database followed (genesis hash, and the watermark
   * round's block hash) and records the chain on first use. Throws ChainMismatchError with a
   * sentence saying what differs.
   */
  async verifyChain(): Promise<void> {
    const { db, algod, deployment } = this.options
    const versions = await algod.versionsCheck().do()
    const genesisHash = b64(versions.genesisHashB64)
    const genesisId = versions.genesisId
    await db.transaction(async (sql) => {
      const [chain] = await sql.query<{ genesis_id: string; genesis_hash: string; first_round: number }>('SELECT genesis_id, genesis_hash, first_round FROM chain')
      if (!chain) {
        await sql.query('INSERT INTO chain (genesis_id, genesis_hash, first_round) VALUES ($1, $2, $3)', [genesisId, genesisHash, Number(deployment.firstRound)])
        await sql.query('INSERT INTO watermark (round) VALUES ($1)', [Math.max(Number(deployment.firstRound), 1) - 1])
        return
      }
      if (chain.genesis_hash !== genesisHash)
        throw new ChainMismatchError(
          `This database followed the chain ${chain.genesis_id} (genesis hash ${chain.genesis_hash}), but algod serves ${genesisId} (genesis hash ${genesisHash}); refusing to mix chains: use another database, or empty this one to index the new chain.`,
        )
      const watermark = await readWatermark(sql)
      if (!watermark?.blockHash) return
      let hash: string | undefined
      try {
        hash = (await algod.getBlockHash(watermark.round).do()).blockhash
      } catch {
        hash = undefined
      }
      if (hash !== watermark.blockHash)
        throw new ChainMismatchError(
          hash === undefined
            ? `This database followed ${genesisId} up to round ${watermark.round}, but algod has no block ${watermark.round}: it is not the chain the database followed (was the localnet reset?); use another database, or empty this one to index again.`
            : `Block ${watermark.round} on algod has hash ${hash}, but the database followed a block ${watermark.round} with hash ${watermark.blockHash}: it is not the chain the database followed (was the localnet reset?); use another database, or empty this one to index again.`,
        )
    })
  }

  /** One poll: the next rounds (up to maxRoundsPerPoll) into the database in one transaction. */
  async pollOnce(): Promise<PollResult> {
    const { db, algod, deployment } = this.options
    const watermark = await readWatermark(db)
    if (!watermark) throw new Error('The follower has not verified the chain yet: call verifyChain() first.')
    const appIds = [...this.byApp.keys()]
    const result = await getSubscribedTransactions(
      {
        filters: [{ name: 'grove', filter: { appId: appIds } }],
        watermark: watermark.round,
        maxRoundsToSync: this.options.maxRoundsPerPoll ?? 500,
        syncBehaviour: 'sync-oldest',
      },
      algod,
    )
    this.tip = result.currentRound
    const from = watermark.round + 1n
    const to = result.newWatermark
    const empty = { from, to: watermark.round, tip: result.currentRound, events: 0, rows: {} }
    if (to <= watermark.round) return empty
    const blocks = result.blockMetadata ?? []
    const first = blocks.find((b) => b.round === from)
    // the subscriber gives the previous block's hash in base64, algod (and the watermark) in base32
    if (watermark.blockHash && first?.previousBlockHash && base32(Buffer.from(first.previousBlockHash, 'base64')) !== watermark.blockHash)
      throw new ChainMismatchError(`Block ${from} on algod does not follow the block ${watermark.round} the database followed: the chain changed under the follower; refusing to mix chains.`)
    const last = blocks.find((b) => b.round === to)
    const blockHash = (await algod.getBlockHash(to).do()).blockhash
    const time = last?.timestamp ?? Number((await algod.block(to).do()).block.header.timestamp)

    const ctx = { algod, deployment }
    const seen = new Set<string>()
    const txns = result.subscribedTransactions
      .filter((t) => !seen.has(t.id) && Boolean(seen.add(t.id)))
      .sort((x, y) => Number((x.confirmedRound ?? 0n) - (y.confirmedRound ?? 0n)) || (x.intraRoundOffset ?? 0) - (y.intraRoundOffset ?? 0))
    let events = 0
    const rows: Record<string, number> = {}
    await db.transaction(async (sql) => {
      // a second follower on this database would have moved the watermark: then this poll is stale
      const locked = await readWatermark(sql, true)
      if (locked?.round !== watermark.round) throw new Error(`The watermark moved from ${watermark.round} to ${locked?.round} during the poll: is another follower writing to this database?`)
      const batches = new Map<ContractModule, ModuleBatch>()
      for (const m of this.modules) batches.set(m, await m.begin(sql, ctx))
      for (const t of txns) events += await this.handleTransaction(t, batches)
      for (const [m, batch] of batches) {
        await batch.flush()
        for (const [table, n] of Object.entries(batch.counts())) rows[`${m.name}.${table}`] = n
      }
      await this.options.beforeCommit?.({ from, to })
      await sql.query('UPDATE watermark SET round = $1, block_hash = $2, time = $3', [Number(to), blockHash, time])
    })
    return { from, to, tip: result.currentRound, events, rows }
  }

  private async handleTransaction(t: SubscribedTransaction, batches: Map<ContractModule, ModuleBatch>): Promise<number> {
    const appId = t.applicationTransaction?.applicationId ?? t.createdApplicationIndex
    const modules = appId === undefined ? undefined : this.byApp.get(appId)
    if (!modules) return 0
    const at = {
      round: Number(t.confirmedRound ?? 0n),
      time: t.roundTime ?? 0,
      intra: t.intraRoundOffset ?? 0,
      logIndex: -1,
      txnId: t.id,
      groupId: t.group ? b64(t.group) : null,
      sender: t.sender,
      appId: appId!,
    }
    let n = 0
    for (const module of modules) {
      const batch = batches.get(module)!
      const logs = t.logs ?? []
      if (batch.call) await batch.call({ args: t.applicationTransaction?.applicationArgs ?? [], accounts: (t.applicationTransaction?.accounts ?? []).map(String), logs, localState: localUints(t) }, at)
      for (let i = 0; i < logs.length; i++) {
        const event = decodeEvent(logs[i]!, module.decoders)
        if (!event) continue
        n++
        await batch.handle(event, { ...at, logIndex: i })
      }
    }
    return n
  }

  /** Follows until stop(): polls back to back while behind, every idleMs once caught up; transient errors are retried. */
  start(): Promise<void> {
    this.running ??= (async () => {
      const log = this.options.log ?? ((m: string) => console.error(m))
      let backoff = 500
      while (!this.stopping) {
        try {
          const r = await this.pollOnce()
          backoff = 500
          this.options.onPoll?.(r)
          // caught up: wake at algod's next block (wait-for-block-after), or after idleMs at the latest
          if (r.to >= r.tip) await Promise.race([this.options.algod.statusAfterBlock(r.tip).do().catch(() => undefined), this.sleep(this.options.idleMs ?? 1000)])
        } catch (e) {
          if (e instanceof ChainMismatchError) {
            this.fatal = e
            log(e.message)
            return
          }
          log(`analytics follower: ${(e as Error).message}; retrying in ${backoff} ms`)
          await this.sleep(backoff)
          backoff = Math.min(backoff * 2, 10_000)
        }
      }
    })()
    return this.running
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms)
      this.wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })
  }

  /** Stops following after the poll under way (whose transaction commits or rolls back whole). */
  async stop(): Promise<void> {
    this.stopping = true
    this.wake?.()
    await this.running
  }
}
