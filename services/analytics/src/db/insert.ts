// Bulk INSERTs. On PGlite rows go in by COPY (CSV), PostgreSQL's fastest path; elsewhere, or with
// an ON CONFLICT clause, each chunk travels as one JSON parameter that PostgreSQL unpacks with
// json_populate_recordset (one statement and one bind value per chunk, whatever its width).
import type { Sql } from './database.ts'

/** Rows per statement. */
const CHUNK = 10_000

/** One CSV field: NULL is empty, strings are quoted (so '' stays ''), numbers as they are, objects as JSON. */
function csvField(v: unknown): string {
  if (v === null || v === undefined) return ''
  if (typeof v === 'number' || typeof v === 'bigint') return String(v)
  // an object is a jsonb value
  const text = typeof v === 'object' ? JSON.stringify(v) : String(v)
  return `"${text.replace(/"/g, '""')}"`
}

/** Inserts `rows` (values in `columns` order) into `table`, with an optional ON CONFLICT clause. */
export async function insertRows(sql: Sql, table: string, columns: string[], rows: unknown[][], conflict = ''): Promise<void> {
  if (rows.length === 0) return
  if (!conflict && sql.copyCsv) return sql.copyCsv(table, columns, rows.map((row) => row.map(csvField).join(',')).join('\n'))
  const list = columns.join(',')
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK).map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]])))
    await sql.query(`INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${table}, $1::json) ${conflict}`, [JSON.stringify(chunk)])
  }
}
