// Where go-algorand's conformance data lives: `../shared/conformance` beside the repository
// (override with GROVE_CONFORMANCE_DIR). Read at run time, never copied into the project.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')

/** Absolute path of the shared conformance folder. */
export const CONFORMANCE_DIR = process.env.GROVE_CONFORMANCE_DIR ?? path.join(repoRoot, '..', 'shared', 'conformance')

/** Parses a JSON file of the shared conformance folder. */
export function readConformance(name: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(CONFORMANCE_DIR, name), 'utf8'))
}
