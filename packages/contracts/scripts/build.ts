// TEALScript → TEAL → bytecode (@grove/avm, the bytes algod's /v2/teal/compile gives) → ARC-56 with
// byteCode and pc-based sourceInfo → typed clients (algokitgen) → src/index.ts's per-contract exports
// (scripts/index-source.ts). `tsx scripts/build.ts [outRoot]`.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { generate, loadApplicationJson, writeDocumentPartsToString } from '@algorandfoundation/algokit-client-generator'
import { assemble, formatAssemblyError } from '@grove/avm'
import { CONTRACTS } from '../src/deployment.ts'
import { VENUE_CONTRACTS } from '../src/venues.ts'
import { writeIndex } from './index-source.ts'
import { assertNoGroupReads } from './teal-check.ts'

const require = createRequire(import.meta.url)

/** The package root (sources are compiled relative to it, so source maps read `programs/x.algo.ts:N`). */
export const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

interface TealscriptSourceInfo {
  teal: number
  source?: string
  errorMessage?: string
}

interface PcSourceInfo {
  pc: number[]
  errorMessage: string
}

/** Assembles TEAL with @grove/avm; returns the bytecode and, per 1-based TEAL line, its pcs. */
function assembleTeal(teal: string, what: string): { program: Uint8Array; lineToPcs: Map<number, number[]> } {
  const result = assemble(teal)
  if (!result.ok || !result.program) {
    throw new Error(`${what} does not assemble:\n${result.errors.map(formatAssemblyError).join('\n')}`)
  }
  const lineToPcs = new Map<number, number[]>()
  for (const [pc, line] of result.pcToLine) {
    const pcs = lineToPcs.get(line) ?? []
    pcs.push(pc)
    lineToPcs.set(line, pcs)
  }
  return { program: result.program, lineToPcs }
}

/** TEALScript's own messages that the interface names differently (README.md lists the codes). */
const MESSAGE_ALIASES: Record<string, string> = {
  // reading a pool's box is how the DEX finds out that the pool does not exist
  'box value does not exist: this.pools(key).value': 'ERR:NO_POOL',
  // the staking app finds missing programs and positions the same way
  'box value does not exist: this.programs(program).value': 'ERR:NO_PROGRAM',
  'box value does not exist: this.positions({ program: program, staker: this.txn.sender }).value': 'ERR:NO_POSITION',
  'box value does not exist: this.positions({ program: program, staker: staker }).value': 'ERR:NO_POSITION',
  'box value does not exist: this.positions(key).value': 'ERR:NO_POSITION',
}

/** ARC-56 error entries: for each assert message, every pc that fails with it (what algokit-utils reads). */
function pcSourceInfo(entries: TealscriptSourceInfo[], lineToPcs: Map<number, number[]>): PcSourceInfo[] {
  const byMessage = new Map<string, number[]>()
  for (const e of entries) {
    const pcs = lineToPcs.get(e.teal)
    if (!pcs || !e.errorMessage) continue
    const message = MESSAGE_ALIASES[e.errorMessage] ?? e.errorMessage
    byMessage.set(message, [...(byMessage.get(message) ?? []), ...pcs])
  }
  return [...byMessage].map(([errorMessage, pc]) => ({ pc, errorMessage }))
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

const ON_COMPLETE: Record<string, string> = {
  no_op: 'NoOp',
  opt_in: 'OptIn',
  close_out: 'CloseOut',
  update_application: 'UpdateApplication',
  delete_application: 'DeleteApplication',
}

/** ARC-56 bareActions from the ARC-32 bare_call_config (TEALScript leaves ARC-56's empty). */
function bareActions(arc32: { bare_call_config?: Record<string, string> }): { create: string[]; call: string[] } {
  const actions = { create: [] as string[], call: [] as string[] }
  for (const [key, when] of Object.entries(arc32.bare_call_config ?? {})) {
    if (when === 'CALL' || when === 'ALL') actions.call.push(ON_COMPLETE[key]!)
    if (when === 'CREATE' || when === 'ALL') actions.create.push(ON_COMPLETE[key]!)
  }
  return actions
}

/**
 * algokitgen imports types as values, which breaks under verbatimModuleSyntax (esbuild keeps the
 * import and the ESM module has no such export). Marks every imported name that the module does not
 * export at runtime as `type`, and turns off type checking of the generated file (unused imports).
 */
async function fixClientImports(source: string): Promise<string> {
  const importRe = /import\s*\{([^}]*)\}\s*from\s*'([^']+)'/g
  const modules = new Map<string, Record<string, unknown>>()
  for (const m of source.matchAll(importRe)) {
    if (!modules.has(m[2]!)) modules.set(m[2]!, (await import(m[2]!)) as Record<string, unknown>)
  }
  const fixed = source.replace(importRe, (_all, names: string, from: string) => {
    const mod = modules.get(from)!
    const list = names
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean)
      .map((n) => {
        if (n.startsWith('type ')) return n
        const original = n.split(/\s+as\s+/)[0]!
        return original in mod ? n : `type ${n}`
      })
    return `import { ${list.join(', ')} } from '${from}'`
  })
  // after the generator's own `/* eslint-disable */` line, so lint accepts the directive
  return fixed.replace('/* eslint-disable */\n', '/* eslint-disable */\n// @ts-nocheck generated code: its types are still exported and checked where used\n')
}

/** A contract to build: its class name and TEALScript source (relative to the package). */
export interface ContractSource {
  name: string
  source: string
  /** Reads of the transactions this many places before a call that its protocol fixes (venues only; scripts/teal-check.ts). */
  precedingGroupReads?: number
}

/** What `npm run build` compiles: Grove's contracts and the venue contracts. */
export const BUILT_CONTRACTS: readonly ContractSource[] = [...CONTRACTS, ...VENUE_CONTRACTS]

/** Builds every contract (default: `BUILT_CONTRACTS`) into `<outRoot>/artifacts` and `<outRoot>/clients` (default: the package itself). */
export async function build(outRoot: string = PACKAGE_DIR, contracts: readonly ContractSource[] = BUILT_CONTRACTS): Promise<void> {
  const artifactsDir = path.join(outRoot, 'artifacts')
  const clientsDir = path.join(outRoot, 'clients')
  fs.mkdirSync(artifactsDir, { recursive: true })
  fs.mkdirSync(clientsDir, { recursive: true })
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'grove-tealscript-'))
  try {
    const tealscript = require.resolve('@algorandfoundation/tealscript/dist/bin/tealscript.js')
    execFileSync(process.execPath, [tealscript, ...contracts.map((c) => c.source), work, '--skip-algod', '--disable-warnings'], {
      cwd: PACKAGE_DIR,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    for (const { name, precedingGroupReads } of contracts) {
      const read = (suffix: string) => fs.readFileSync(path.join(work, `${name}.${suffix}`), 'utf8')
      const approvalTeal = read('approval.teal')
      const clearTeal = read('clear.teal')
      // every transaction a call credits is one of its ABI arguments (docs/security.md)
      assertNoGroupReads(name, approvalTeal, { precedingReads: precedingGroupReads })
      const approval = assembleTeal(approvalTeal, `${name}.approval.teal`)
      const clear = assembleTeal(clearTeal, `${name}.clear.teal`)
      const srcMap = JSON.parse(read('src_map.json')) as TealscriptSourceInfo[]
      const arc56 = JSON.parse(read('arc56.json')) as Record<string, unknown>
      arc56.bareActions = bareActions(JSON.parse(read('arc32.json')))
      arc56.byteCode = { approval: b64(approval.program), clear: b64(clear.program) }
      arc56.sourceInfo = {
        approval: { sourceInfo: pcSourceInfo(srcMap, approval.lineToPcs), pcOffsetMethod: 'none' },
        clear: { sourceInfo: [], pcOffsetMethod: 'none' },
      }
      arc56.compilerInfo = {
        compiler: 'algod',
        compilerVersion: { major: 0, minor: 107, patch: 2, commitHash: 'tealscript+grove-avm' },
      }
      fs.writeFileSync(path.join(artifactsDir, `${name}.approval.teal`), approvalTeal)
      fs.writeFileSync(path.join(artifactsDir, `${name}.clear.teal`), clearTeal)
      const specPath = path.join(artifactsDir, `${name}.arc56.json`)
      fs.writeFileSync(specPath, JSON.stringify(arc56, null, 2) + '\n')
      // algokitgen's own functions in this process: a CLI process per contract cost a second or more each
      const client = writeDocumentPartsToString(generate(await loadApplicationJson(specPath), { preserveNames: false, mode: 'full' }))
      fs.writeFileSync(path.join(clientsDir, `${name}Client.ts`), await fixClientImports(client))
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outRoot = process.argv[2] ? path.resolve(process.argv[2]) : PACKAGE_DIR
  await build(outRoot)
  fs.mkdirSync(path.join(outRoot, 'src'), { recursive: true })
  writeIndex(outRoot)
}
