// Grove's AVM beside algo-builder's runtime (@algo-builder/runtime, a plain-JavaScript TEAL
// interpreter), in one process, on the same TEAL v8 programs (algo-builder stops at v8).
//
// Rows: the LogicSig loops (simple ops, keccak256, sha256 of 32 bytes, byte ops) run one long
// loop per evaluation so both interpreters spend their time executing opcodes, not setting up:
// algo-builder's LogicSig cap (20,000) is lifted in its constants module for the run, Grove's by
// its harness budget. App calls and payments are whole application-call transactions, one per
// evaluation: Grove through runAppCall over a MemoryLedger (what the ledger calls for an app
// call), algo-builder through Runtime.executeTx; the payment is an inner `pay` from the app.
// Each figure is opcodes executed per second of CPU time (program opcodes for the loops,
// transactions for app calls and payments), the best of several runs taking turns (measureRow).
import { createRequire } from 'node:module'
import v8 from 'node:v8'
import vm from 'node:vm'
import { assemble } from '../src/assembler/index.ts'
import { evalProgram } from '../src/eval/eval.ts'
import { sigHarnessEnv } from '../src/harness.ts'
import { MemoryLedger } from '../src/memory-ledger.ts'
import { CURRENT_PROTO } from '../src/proto.ts'
import { makeTxn } from '../src/txn.ts'
import { appAddress, decodeAddress } from '../src/eval/ops/state/common.ts'
import { runAppCall } from '../src/eval/ops/state/inner-app.ts'

const VERSION = 8

/** One row: the same TEAL for both, and how many units (opcodes or transactions) one evaluation does. */
export interface Row {
  name: string
  unit: 'ops' | 'txns'
  grove: () => number
  peer: () => number
}

function program(source: string): Uint8Array {
  const r = assemble(`#pragma version ${VERSION}\n${source}`)
  if (!r.ok || !r.program) throw new Error(r.errors.map((e) => `${e.line}: ${e.message}`).join('\n'))
  return r.program
}

/** A loop of `iter` iterations over `body` (which must leave the stack as it found it, the counter on top). */
function loop(setup: string, body: string, iter: number, finish: string): { source: string; opsPerIter: number } {
  const bodyOps = body.trim() === '' ? 0 : body.trim().split('\n').length
  const source = `${setup}
int 0
loop:
${body.trim() === '' ? '' : `${body.trim()}\n`}int 1
+
dup
int ${iter}
<
bnz loop
${finish}`
  // body + `int 1; +; dup; int N; <; bnz`
  return { source, opsPerIter: bodyOps + 6 }
}

// ---- algo-builder -------------------------------------------------------------------------

/* eslint-disable @typescript-eslint/no-explicit-any -- algo-builder ships CommonJS typed against algosdk 1 */
const requireCjs = createRequire(import.meta.url)
let ab: { Runtime: any; AccountStore: any; types: any } | undefined
function algoBuilder(): { Runtime: any; AccountStore: any; types: any } {
  if (ab) return ab
  const constants = requireCjs('@algo-builder/runtime/build/lib/constants.js') as { LOGIC_SIG_MAX_COST: number }
  constants.LOGIC_SIG_MAX_COST = Number.MAX_SAFE_INTEGER
  const runtime = requireCjs('@algo-builder/runtime') as { Runtime: any; AccountStore: any }
  // Its transaction and signing enums live in @algo-builder/web, its own dependency.
  const web = createRequire(requireCjs.resolve('@algo-builder/runtime'))('@algo-builder/web') as { types: any }
  ab = { Runtime: runtime.Runtime, AccountStore: runtime.AccountStore, types: web.types }
  return ab
}

/** An algo-builder runtime with a funded master account; `lsig(source)` runs a LogicSig-signed payment of 0. */
function peerLsigRunner(source: string): () => void {
  const { Runtime, AccountStore, types } = algoBuilder()
  const master = new AccountStore(1e15)
  const other = new AccountStore(1e9)
  const runtime = new Runtime([master, other])
  const lsig = runtime.createLsigAccount(`#pragma version ${VERSION}\n${source}`, [])
  runtime.fundLsig(master.account, lsig.address(), 1e12)
  let note = 0
  return () => {
    runtime.executeTx([
      {
        type: types.TransactionType.TransferAlgo,
        sign: types.SignType.LogicSignature,
        lsig,
        fromAccountAddr: lsig.address(),
        toAccountAddr: other.address,
        amountMicroAlgos: 0,
        payFlags: { totalFee: 1000, note: `n${note++}` },
      },
    ])
  }
}

function peerAppRunner(approval: string, fundApp: boolean): () => void {
  const { Runtime, AccountStore, types } = algoBuilder()
  const master = new AccountStore(1e15)
  const runtime = new Runtime([master])
  const info = runtime.deployApp(
    master.account,
    {
      appName: 'bench',
      metaType: types.MetaType.SOURCE_CODE,
      approvalProgramCode: `#pragma version ${VERSION}\n${approval}`,
      clearProgramCode: `#pragma version ${VERSION}\nint 1`,
      globalInts: 1,
      globalBytes: 0,
      localInts: 0,
      localBytes: 0,
    },
    {},
  )
  if (fundApp) {
    runtime.executeTx([
      {
        type: types.TransactionType.TransferAlgo,
        sign: types.SignType.SecretKey,
        fromAccount: master.account,
        toAccountAddr: info.applicationAccount,
        amountMicroAlgos: 1e12,
        payFlags: { totalFee: 1000 },
      },
    ])
  }
  let note = 0
  return () => {
    runtime.executeTx([
      {
        type: types.TransactionType.CallApp,
        sign: types.SignType.SecretKey,
        fromAccount: master.account,
        appID: info.appID,
        accounts: [master.address],
        payFlags: { totalFee: 1000, note: `n${note++}` },
      },
    ])
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any */

// ---- Grove --------------------------------------------------------------------------------

function groveLsigRunner(source: string): () => void {
  const prog = program(source)
  return () => {
    const r = evalProgram(prog, sigHarnessEnv({ budget: 1e9 }))
    if (!r.pass) throw new Error(r.error?.message ?? 'rejected')
  }
}

const SENDER = decodeAddress('47YPQTIGQEO7T4Y4RWDYWEKV6RTR2UNBQXBABEEGM72ESWDQNCQ52OPASU')
const APP = 1001

function groveAppRunner(approval: string, fundApp: boolean): () => void {
  const prog = program(approval)
  const ledger = new MemoryLedger()
  ledger.fund(SENDER, 1e15)
  ledger.createApp(APP, SENDER, { approvalProgram: prog, globalStateSchema: { numUint: 1, numByteSlice: 0 } })
  if (fundApp) ledger.fund(appAddress(APP), 1e12)
  const proto = CURRENT_PROTO
  let note = 0
  return () => {
    const tx = makeTxn({ type: 'appl', sender: SENDER, fee: 1000, applicationId: APP, accounts: [SENDER], note: new TextEncoder().encode(`n${note++}`) })
    const r = runAppCall({ program: prog, group: [tx], gi: 0, appId: APP, ledger, proto, budget: { remaining: proto.maxAppProgramCost }, pastScratch: [] })
    if (!r.pass) throw new Error(r.errorText ?? 'rejected')
  }
}

// ---- rows ---------------------------------------------------------------------------------

function lsigRow(name: string, l: { source: string; opsPerIter: number }, iter: number): Row {
  const g = groveLsigRunner(l.source)
  const p = peerLsigRunner(l.source)
  const ops = l.opsPerIter * iter
  return {
    name,
    unit: 'ops',
    grove: () => (g(), ops),
    peer: () => (p(), ops),
  }
}

function appRow(name: string, body: string, fundApp: boolean, calls: number, peerCalls: number): Row {
  // Creation (algo-builder's deployApp runs the approval program) approves at once.
  const approval = `txn ApplicationID\nbnz main\nint 1\nreturn\nmain:\n${body}`
  const g = groveAppRunner(approval, fundApp)
  const p = peerAppRunner(approval, fundApp)
  return {
    name,
    unit: 'txns',
    grove: () => {
      for (let i = 0; i < calls; i++) g()
      return calls
    },
    peer: () => {
      for (let i = 0; i < peerCalls; i++) p()
      return peerCalls
    },
  }
}

const HASH_INPUT = 'byte 0x0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20'

export function rows(scale = 1): Row[] {
  const n = (x: number): number => Math.max(1, Math.round(x * scale))
  return [
    lsigRow('simple ops', loop('', '', n(200_000), `int ${n(200_000)}\n==`), n(200_000)),
    lsigRow('keccak256 (32 B)', loop(HASH_INPUT, 'swap\nkeccak256\nswap', n(20_000), 'pop\nlen\nint 32\n=='), n(20_000)),
    lsigRow('sha256 (32 B)', loop(HASH_INPUT, 'swap\nsha256\nswap', n(50_000), 'pop\nlen\nint 32\n=='), n(50_000)),
    lsigRow(
      'byte ops (concat, substring, extract)',
      loop('byte 0x000102030405060708090a0b0c0d0e0f', 'swap\ndup\nconcat\nsubstring 4 28\nextract 2 16\nswap', n(100_000), 'pop\nlen\nint 16\n=='),
      n(100_000),
    ),
    appRow(
      'app calls (global counter)',
      `byte "n"
byte "n"
app_global_get
int 1
+
app_global_put
txn Sender
global CreatorAddress
==
assert
int 1`,
      false,
      n(2_000),
      n(40),
    ),
    appRow(
      'payments (inner pay from an app)',
      `itxn_begin
int pay
itxn_field TypeEnum
txn Sender
itxn_field Receiver
int 1000
itxn_field Amount
int 1000
itxn_field Fee
itxn_submit
int 1`,
      true,
      n(1_000),
      n(20),
    ),
  ]
}

// A full collection before each timed run, so neither side pays for the other's garbage (the
// two share one heap, and algo-builder leaves plenty).
v8.setFlagsFromString('--expose-gc')
const collect = vm.runInNewContext('gc') as () => void

/** Units per second of CPU time this process spent in one call of `f`. */
function cpuRate(f: () => number): number {
  collect()
  const c0 = process.cpuUsage()
  const units = f()
  const c = process.cpuUsage(c0)
  return (units / (c.user + c.system)) * 1e6
}

/**
 * Best units per second of CPU time of Grove and of algo-builder over `runs` runs each, after one
 * warm-up each, the two taking turns: on a machine shared with other work, CPU time and turns
 * keep both sides measured under the same conditions (wall time counts the time others ran).
 */
export function measureRow(row: Row, runs: number): { grove: number; peer: number } {
  row.grove()
  row.peer()
  let grove = 0
  let peer = 0
  for (let i = 0; i < runs; i++) {
    grove = Math.max(grove, cpuRate(row.grove))
    peer = Math.max(peer, cpuRate(row.peer))
  }
  return { grove: Math.round(grove), peer: Math.round(peer) }
}
