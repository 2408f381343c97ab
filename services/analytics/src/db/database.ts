// One SQL dialect, PostgreSQL, behind two drivers: PGlite (WASM PostgreSQL in-process, a data
// directory or memory://) and node-postgres for a server (postgres://…). Both parse int8 as a
// JS number (rounds, ids, unix seconds stay far below 2^53) and numeric as a string (amounts).
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

/** A row as the drivers return it. */
export type Row = Record<string, unknown>

/** Something that runs SQL: the database itself or one transaction. */
export interface Sql {
  /** Runs one statement with `$1…` parameters and returns its rows. */
  query<T = Row>(text: string, params?: unknown[]): Promise<T[]>
  /** Runs a script of statements without parameters (migrations). */
  exec(text: string): Promise<void>
  /** `COPY table (columns) FROM` CSV text, where the driver can (PGlite); bulk inserts fall back to INSERT without it. */
  copyCsv?(table: string, columns: string[], csv: string): Promise<void>
}

/** An open database. */
export interface Database extends Sql {
  /** Which driver: the embedded PGlite or a PostgreSQL server. */
  readonly kind: 'pglite' | 'postgres'
  /** Runs `fn` in one SQL transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (sql: Sql) => Promise<T>): Promise<T>
  close(): Promise<void>
}

const INT8 = 20
const NUMERIC = 1700

/** Opens `target`: a postgres:// URL (node-postgres), memory:// (PGlite in memory) or a PGlite data directory. */
export async function openDatabase(target: string): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(target)) return openServer(target)
  return openPglite(target)
}

async function openPglite(target: string): Promise<Database> {
  const db = new PGlite(target === 'memory://' ? undefined : target, {
    parsers: { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => v },
    serializers: { [INT8]: (v: unknown) => String(v) },
  })
  await db.waitReady
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Sql => ({
    query: async <T>(text: string, params?: unknown[]) => (await q.query<T>(text, params)).rows,
    exec: async (text: string) => void (await q.exec(text)),
    copyCsv: async (table, columns, csv) => void (await q.query(`COPY ${table} (${columns.join(',')}) FROM '/dev/blob' WITH (FORMAT csv)`, [], { blob: new Blob([csv]) })),
  })
  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: () => db.close(),
  }
}

async function openServer(url: string): Promise<Database> {
  const parsers: Record<number, (v: string) => unknown> = { [INT8]: Number, [NUMERIC]: (v) => v }
  const pool = new pg.Pool({
    connectionString: url,
    max: 8,
    types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => parsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser },
  })
  const wrap = (q: pg.Pool | pg.PoolClient): Sql => ({
    query: async <T>(text: string, params?: unknown[]) => (await q.query(text, params)).rows as T[],
    exec: async (text: string) => void (await q.query(text)),
  })
  // fail now with the server's words rather than at the first query
  const probe = await pool.connect()
  probe.release()
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn(wrap(client))
        await client.query('COMMIT')
        return result
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {})
        throw e
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}
