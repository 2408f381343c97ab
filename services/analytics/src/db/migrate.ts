// Numbered migrations (`migrations/NNN_name.up.sql`, with a `.down.sql` beside each), run at start,
// each in its own transaction with its row in schema_migrations.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Database } from './database.ts'

/** Where the migration files are. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url))

/** One migration file pair. */
export interface Migration {
  version: number
  name: string
  up: string
  down: string
}

/** The migrations in order, read from `dir`. */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const files = readdirSync(dir)
  return files
    .map((f) => /^(\d+)_(.+)\.up\.sql$/.exec(f))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({
      version: Number(m[1]),
      name: m[2]!,
      up: readFileSync(dir + m[0], 'utf8'),
      down: readFileSync(dir + m[0].replace('.up.sql', '.down.sql'), 'utf8'),
    }))
    .sort((x, y) => x.version - y.version)
}

/** Applies the migrations the database lacks; returns the versions applied. */
export async function migrate(db: Database, migrations = readMigrations()): Promise<number[]> {
  await db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version int PRIMARY KEY, name text NOT NULL)')
  const done = new Set((await db.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version))
  const applied: number[] = []
  for (const m of migrations) {
    if (done.has(m.version)) continue
    await db.transaction(async (sql) => {
      await sql.exec(m.up)
      await sql.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name])
    })
    applied.push(m.version)
  }
  return applied
}
