// The committed artifacts and clients are what the sources build to: rebuild into a temporary
// directory and compare byte for byte, so a contract change without `npm run build` fails here.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PACKAGE_DIR, build } from '../scripts/build.ts'

let out: string

beforeAll(async () => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'grove-contracts-build-'))
  await build(out)
  // TEALScript takes about a minute for every contract alone, and twice that beside the suite's other worker
}, 300_000)

afterAll(() => {
  fs.rmSync(out, { recursive: true, force: true })
})

describe('committed build output', () => {
  for (const dir of ['artifacts', 'clients']) {
    it(`matches a fresh build in ${dir}/ (run npm run build -w @grove/contracts if not)`, () => {
      const built = fs.readdirSync(path.join(out, dir)).sort()
      expect(fs.readdirSync(path.join(PACKAGE_DIR, dir)).sort()).toEqual(built)
      for (const file of built) {
        const committed = fs.readFileSync(path.join(PACKAGE_DIR, dir, file), 'utf8')
        expect(committed, `${dir}/${file} is stale`).toBe(fs.readFileSync(path.join(out, dir, file), 'utf8'))
      }
    })
  }

  it('carries assembled bytecode and pc-mapped error messages in each ARC-56 spec', () => {
    for (const name of ['Dex', 'Registry']) {
      const spec = JSON.parse(fs.readFileSync(path.join(PACKAGE_DIR, 'artifacts', `${name}.arc56.json`), 'utf8'))
      expect(Buffer.from(spec.byteCode.approval, 'base64').length).toBeGreaterThan(0)
      const messages = spec.sourceInfo.approval.sourceInfo.map((s: { errorMessage: string }) => s.errorMessage)
      expect(messages).toContain(name === 'Dex' ? 'ERR:SLIPPAGE' : 'ERR:NOT_ADMIN')
    }
  })
})
