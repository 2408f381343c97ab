// The vault's events: Staked and Unstaked (GROVE ⇄ sGROVE), Buyback (fees swapped to GROVE) and
// Observed (the TWAP readings buybacks are bounded by). Stakes, unstakes and buybacks are rows of
// vault_events, each with the vault's totals after it, so the rate's history (GROVE per sGROVE)
// is those rows; observations go to vault_observations.
import { VAULT_SPEC, eventDecoders, type DecodedEvent, type VaultEvent } from '@grove/sdk'
import type { Sql } from '../db/database.ts'
import { insertRows } from '../db/insert.ts'
import type { ContractModule, EventPosition, ModuleBatch, ModuleContext } from '../follower/module.ts'
import { ensureAssets } from './assets.ts'

/** The vault module (nothing to follow when the deployment has no vault). */
export const vaultModule: ContractModule = {
  name: 'vault',
  appIds: (d) => (d.vaultAppId ? [d.vaultAppId] : []),
  decoders: eventDecoders(VAULT_SPEC),
  begin: async (sql, ctx) => new VaultBatch(sql, ctx),
}

class VaultBatch implements ModuleBatch {
  private readonly events: unknown[][] = []
  private readonly observations: unknown[][] = []
  private readonly assets = new Set<number>()

  constructor(
    private readonly sql: Sql,
    private readonly ctx: ModuleContext,
  ) {}

  handle(event: DecodedEvent, at: EventPosition): void {
    const e = event as VaultEvent
    const pos = [at.round, at.intra, at.logIndex, at.time, at.txnId, at.groupId]
    switch (e.name) {
      case 'Staked':
      case 'Unstaked': {
        const a = e.args
        return void this.events.push([...pos, e.name === 'Staked' ? 'stake' : 'unstake', a.staker, String(a.grove), String(a.sGrove), null, null, null, String(a.totalGrove), String(a.totalShares)])
      }
      case 'Buyback': {
        const a = e.args
        this.assets.add(Number(a.asset))
        return void this.events.push([...pos, 'buyback', a.caller, String(a.groveOut), null, Number(a.asset), String(a.amountIn), String(a.minOut), String(a.totalGrove), String(a.totalShares)])
      }
      case 'Observed': {
        const a = e.args
        return void this.observations.push([...pos, Number(a.a), Number(a.b), String(a.cumulativePriceA), String(a.cumulativePriceB), Number(a.timestamp)])
      }
    }
  }

  async flush(): Promise<void> {
    await ensureAssets(this.sql, this.ctx, this.assets)
    await insertRows(this.sql, 'vault_events', ['round', 'intra', 'log_index', 'time', 'txn_id', 'group_id', 'kind', 'account', 'grove', 'sgrove', 'asset', 'amount_in', 'min_out', 'total_grove', 'total_shares'], this.events)
    await insertRows(this.sql, 'vault_observations', ['round', 'intra', 'log_index', 'time', 'txn_id', 'group_id', 'a', 'b', 'cumulative_a', 'cumulative_b', 'timestamp'], this.observations)
  }

  counts(): Record<string, number> {
    return { events: this.events.length, observations: this.observations.length }
  }
}
