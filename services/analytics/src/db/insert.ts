// Multi-row INSERTs: one statement per chunk of rows instead of one per row (the ingest's hot path).
import type { Sql } from './database.ts'

/** PostgreSQL's bind-parameter limit is 65,535; chunks stay well below it. */
const MAX_PARAMS = 30_000

/** Inserts `rows` (values in `columns` order) into `table`, with an optional ON CONFLICT clause. */
export async function insertRows(sql: Sql, table: string, columns: string[], rows: unknown[][], conflict = ''): Promise<void> {
  const per = Math.max(1, Math.floor(MAX_PARAMS / columns.length))
  for (let start = 0; start < rows.length; start += per) {
    const chunk = rows.slice(start, start + per)
    const params: unknown[] = []
    const tuples = chunk.map((row) => {
      const marks = row.map((v) => {
        params.push(v)
        return `$${params.length}`
      })
      return `(${marks.join(',')})`
    })
    await sql.query(`INSERT INTO ${table} (${columns.join(',')}) VALUES ${tuples.join(',')} ${conflict}`, params)
  }
}
