// Bulk INSERTs: each chunk of rows travels as one JSON parameter that PostgreSQL unpacks with
// json_populate_recordset (one statement and one bind value per chunk, whatever its width),
// which beats a VALUES list of thousands of parameters on both PGlite and a server.
import type { Sql } from './database.ts'

/** Rows per statement. */
const CHUNK = 10_000

/** Inserts `rows` (values in `columns` order) into `table`, with an optional ON CONFLICT clause. */
export async function insertRows(sql: Sql, table: string, columns: string[], rows: unknown[][], conflict = ''): Promise<void> {
  const list = columns.join(',')
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK).map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]])))
    await sql.query(`INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${table}, $1::json) ${conflict}`, [JSON.stringify(chunk)])
  }
}
