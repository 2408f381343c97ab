// `npm run bench -w @grove/avm`: evaluator and assembler throughput, printed as one JSON object,
// and each row of the comparison with algo-builder's runtime (bench/peer.ts) beside the figures
// recorded before the AVM's hot paths were optimised (bench/baseline.json), as a table on stderr.
// Each figure is the best of several timed runs on one core, after a warm-up.
// `-- --record-baseline` writes this run's Grove figures to bench/baseline.json.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { assemble } from '../src/assembler/index.ts'
import { evalProgram } from '../src/eval/eval.ts'
import { sigHarnessEnv } from '../src/harness.ts'
import { readConformance } from '../src/conformance/data.ts'
import { measureRow, rows } from './peer.ts'

const BUDGET = 1_000_000_000

function program(source: string, version = 13): Uint8Array {
  const r = assemble(`#pragma version ${version}\n${source}`)
  if (!r.ok || !r.program) throw new Error(r.errors.map((e) => `${e.line}: ${e.message}`).join('\n'))
  return r.program
}

/** Runs `prog` under a huge LogicSig budget; returns opcodes executed (all ops here cost 1, or the cost given) per second. */
function opsPerSecond(prog: Uint8Array, runs = 5): { opsPerSec: number; cost: number; ms: number } {
  let best = Infinity
  let cost = 0
  for (let i = 0; i < runs + 1; i++) {
    const env = sigHarnessEnv({ budget: BUDGET })
    const t0 = performance.now()
    const r = evalProgram(prog, env)
    const ms = performance.now() - t0
    if (r.error) throw new Error(r.error.message)
    cost = r.cost
    if (i > 0) best = Math.min(best, ms) // first run warms up the JIT
  }
  return { opsPerSec: Math.round((cost / best) * 1000), cost, ms: Math.round(best * 10) / 10 }
}

// Arithmetic loop: 7 opcodes per iteration, each costing 1.
const ITER = 1_000_000
const arithmetic = program(`int 0
loop:
int 1
+
dup
int ${ITER}
<
bnz loop
int ${ITER}
==`)

// sha256 over a 32-byte value, chained; 35 cost units per hash.
const HASHES = 100_000
const sha = program(`byte 0x0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20
int 0
loop:
swap
sha256
swap
int 1
+
dup
int ${HASHES}
<
bnz loop
pop
len
int 32
==`)

// Byte ops without boxes: concat, extract, replace, b+ on 64-byte values.
const BYTE_ITER = 200_000
const bytes = program(`byte 0x00000000000000000000000000000000
int 0
loop:
swap
dup
concat
extract 0 16
byte 0x01
replace2 3
swap
int 1
+
dup
int ${BYTE_ITER}
<
bnz loop
pop
len
int 16
==`)

function assemblerThroughput(): { programsPerSec: number; bytesPerSec: number; msPerProgram: number; sourceLines: number } {
  const file = readConformance('assembler-vectors.json') as { vectors: { kind?: string; version?: number; source: string }[] }
  const nonsense = file.vectors.find((v) => v.kind === 'nonsense' && v.version === 13)
  if (!nonsense) throw new Error('no v13 nonsense program in assembler-vectors.json')
  const size = assemble(nonsense.source, { version: 13 }).program?.length ?? 0
  for (let i = 0; i < 200; i++) assemble(nonsense.source, { version: 13 })
  const n = 2000
  const t0 = performance.now()
  for (let i = 0; i < n; i++) assemble(nonsense.source, { version: 13 })
  const ms = performance.now() - t0
  return {
    programsPerSec: Math.round((n / ms) * 1000),
    bytesPerSec: Math.round(((n * size) / ms) * 1000),
    msPerProgram: Math.round((ms / n) * 1000) / 1000,
    sourceLines: nonsense.source.split('\n').length,
  }
}

// bench/run.mjs runs this file built into node_modules/.cache and says where bench/ is.
const BASELINE = path.join(process.env.GROVE_AVM_BENCH_DIR ?? path.dirname(fileURLToPath(import.meta.url)), 'baseline.json')
interface Baseline {
  note: string
  rows: Record<string, number>
}
const baseline = JSON.parse(fs.readFileSync(BASELINE, 'utf8')) as Baseline

const RUNS = 7
const peer = rows().map((r) => {
  const { grove, peer: algoBuilder } = measureRow(r, RUNS)
  const base = baseline.rows[r.name]
  return {
    row: r.name,
    unit: `${r.unit}/s`,
    grove,
    baseline: base ?? null,
    vsBaseline: base === undefined ? null : Math.round((grove / base) * 100) / 100,
    algoBuilder,
    ratio: Math.round((grove / algoBuilder) * 100) / 100,
  }
})

const pad = (x: unknown, n: number): string => String(x ?? '—').padStart(n)
process.stderr.write(
  `Per second of CPU time, best of ${RUNS} runs taking turns with algo-builder; baseline: bench/baseline.json\n` +
  `${'row'.padEnd(40)}${pad('unit', 8)}${pad('Grove', 12)}${pad('baseline', 12)}${pad('×base', 8)}${pad('algo-builder', 14)}${pad('ratio', 8)}\n` +
    peer.map((p) => `${p.row.padEnd(40)}${pad(p.unit, 8)}${pad(p.grove, 12)}${pad(p.baseline, 12)}${pad(p.vsBaseline, 8)}${pad(p.algoBuilder, 14)}${pad(`${p.ratio}×`, 8)}\n`).join(''),
)
if (process.argv.includes('--record-baseline')) {
  const recorded: Baseline = { note: baseline.note, rows: Object.fromEntries(peer.map((p) => [p.row, p.grove])) }
  fs.writeFileSync(BASELINE, `${JSON.stringify(recorded, null, 2)}\n`)
}

const a = opsPerSecond(arithmetic)
const s = opsPerSecond(sha, 3)
const b = opsPerSecond(bytes, 3)
console.log(
  JSON.stringify(
    {
      simpleOpsPerSec: a.opsPerSec,
      simpleOpsGoal: 20_000_000,
      arithmeticLoop: { iterations: ITER, opcodes: a.cost, ms: a.ms },
      sha256: { hashesPerSec: Math.round((HASHES / s.ms) * 1000), costUnitsPerSec: s.opsPerSec, ms: s.ms },
      byteOps: { iterationsPerSec: Math.round((BYTE_ITER / b.ms) * 1000), costUnitsPerSec: b.opsPerSec, ms: b.ms },
      assembler: assemblerThroughput(),
      peer,
    },
    null,
    2,
  ),
)
