// Where go-algorand's conformance data lives: the package's own `conformance/` folder, brought in
// once with its provenance (conformance/README.md). GROVE_CONFORMANCE_DIR points elsewhere, e.g.
// at a newer extraction, without touching the checked-in copy.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** Absolute path of the conformance data folder. */
export const CONFORMANCE_DIR = process.env.GROVE_CONFORMANCE_DIR ?? path.join(packageRoot, 'conformance')

/** Parses a JSON file of the conformance data folder. */
export function readConformance(name: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(CONFORMANCE_DIR, name), 'utf8'))
}
