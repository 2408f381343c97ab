// The two SQL backends every database test runs against: PGlite in memory and the suite's
// PostgreSQL server. Booting PGlite (WASM) takes seconds, so each test file boots one instance and
// `open()` hands it out emptied (schema dropped, migrations run again); the server gets one
// database per file, emptied the same way.
import { randomBytes } from 'node:crypto'
import { inject } from 'vitest'
import { openDatabase, type Database } from '../src/db/database.ts'
import { migrate } from '../src/db/migrate.ts'

/** A backend: how to get an empty, migrated database on it. */
export interface Backend {
  name: 'pglite' | 'postgres'
  /** An empty, migrated database (the same connection each time in a file: emptied again). */
  open(): Promise<Database>
}

/** A database of this file on the server, dropped when the worker exits. */
async function serverDatabase(): Promise<Database> {
  const url = inject('postgresUrl')
  const name = `t_${randomBytes(6).toString('hex')}`
  const admin = await openDatabase(url)
  await admin.exec(`CREATE DATABASE ${name}`)
  await admin.close()
  return openDatabase(url.replace(/\/postgres$/, `/${name}`))
}

const shared = new Map<string, Promise<Database>>()

/** The file's connection on a backend, emptied and migrated; close() keeps it for the next open(). */
async function emptied(name: string, boot: () => Promise<Database>): Promise<Database> {
  let db = shared.get(name)
  if (!db) shared.set(name, (db = boot()))
  const d = await db
  await d.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;')
  await migrate(d)
  return { ...d, kind: d.kind, close: async () => {} }
}

/** PGlite and PostgreSQL, each opening an empty migrated database. */
export const BACKENDS: Backend[] = [
  { name: 'pglite', open: () => emptied('pglite', () => openDatabase('memory://')) },
  { name: 'postgres', open: () => emptied('postgres', serverDatabase) },
]
