import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS } from '../backends.ts'
import type { Database } from '../../src/db/database.ts'
import { migrate, readMigrations } from '../../src/db/migrate.ts'

describe.each(BACKENDS)('database on $name', (backend) => {
  let db: Database
  beforeAll(async () => {
    db = await backend.open()
  })
  afterAll(async () => {
    await db.close()
  })

  it('applies every numbered migration once and records it', async () => {
    const rows = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')
    expect(rows.map((r) => r.version)).toEqual(readMigrations().map((m) => m.version))
    expect(await migrate(db)).toEqual([])
  })

  it('has a down migration beside every up migration that undoes it: all down, newest first, leave no table; all up again, the same columns', async () => {
    const columns = () =>
      db.query<{ table_name: string; column_name: string }>(
        "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name <> 'schema_migrations' ORDER BY table_name, column_name",
      )
    const before = await columns()
    expect(before.length).toBeGreaterThan(0)
    for (const m of readMigrations().reverse()) await db.exec(m.down)
    expect(await columns()).toEqual([])
    await db.exec('DELETE FROM schema_migrations')
    await migrate(db)
    expect(await columns()).toEqual(before)
  })

  it('returns int8 as a number and numeric as an exact string', async () => {
    const [row] = await db.query<{ i: number; n: string }>("SELECT 9007199254740991::int8 AS i, '18446744073709551615'::numeric(20,0) AS n")
    expect(row).toEqual({ i: 9007199254740991, n: '18446744073709551615' })
  })

  it('rolls a transaction back whole when it throws', async () => {
    await expect(
      db.transaction(async (sql) => {
        await sql.query("INSERT INTO assets (id, unit_name, name, decimals) VALUES (99, 'X', 'X', 0)")
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    expect(await db.query('SELECT * FROM assets WHERE id = 99')).toEqual([])
  })
})
