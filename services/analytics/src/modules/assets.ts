// Asset rows (unit name, name, decimals) for the assets a module's events name, read from algod
// once per asset; the DEX module keeps its own cache, and every writer inserts ON CONFLICT DO NOTHING.
import type { Sql } from '../db/database.ts'
import type { ModuleContext } from '../follower/module.ts'
import { insertRows } from '../db/insert.ts'

/** Adds the rows of `ids` the assets table lacks. */
export async function ensureAssets(sql: Sql, ctx: ModuleContext, ids: Iterable<number>): Promise<void> {
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return
  const known = new Set((await sql.query<{ id: number }>('SELECT id FROM assets WHERE id = ANY($1::bigint[])', [wanted])).map((r) => Number(r.id)))
  const rows: unknown[][] = []
  for (const id of wanted) {
    if (known.has(id)) continue
    if (id === 0) {
      rows.push([0, 'ALGO', 'Algo', 6])
      continue
    }
    try {
      const p = (await ctx.algod.getAssetByID(id).do()).params
      rows.push([id, p?.unitName ?? null, p?.name ?? null, p?.decimals ?? 0])
    } catch {
      // a destroyed asset: amounts stay raw
      rows.push([id, null, null, 0])
    }
  }
  await insertRows(sql, 'assets', ['id', 'unit_name', 'name', 'decimals'], rows, 'ON CONFLICT (id) DO NOTHING')
}
