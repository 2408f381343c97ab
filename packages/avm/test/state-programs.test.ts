import { describe, expect, it } from 'vitest'
import { assemble } from '../src/assembler/index.ts'
import type { EvalEnv } from '../src/eval/context.ts'
import { evalProgram } from '../src/eval/eval.ts'
import { appAddress, decodeAddress } from '../src/eval/ops/state/common.ts'
import { appliedTxn } from '../src/eval/ops/state/app-call.ts'
import { recordApplied, runAppCall } from '../src/eval/ops/state/inner-app.ts'
import { HARNESS_PROTO } from '../src/proto.ts'
import { zeroAssetParams } from '../src/txn.ts'
import { readConformance } from '../src/conformance/data.ts'
import { HARNESS_APP_CREATOR, MemoryLedger, appHarnessEnv, vectorEnv } from '../src/harness.ts'
import { makeTxn, txnId, type Txn } from '../src/txn.ts'
import { addr } from './state-helpers.ts'

interface Vector {
  id: string
  source: string
  version: number
  versions: number[]
  version_range: string
  mode: string
  expect: string
  error_substring?: string
}

function program(source: string, version = 14): Uint8Array {
  const asm = assemble(source, { version })
  if (!asm.ok || asm.program === undefined) throw new Error(`assembly failed: ${JSON.stringify(asm.errors)}`)
  return asm.program
}

/** Evaluates and returns pass, go's error text (if any) and the applied transaction. */
function run(source: string, env: EvalEnv, version = 14): { pass: boolean; error?: string; txn?: Txn } {
  const r = evalProgram(program(source, version), env)
  return { pass: r.pass, error: r.error?.message, txn: r.cx === undefined ? undefined : appliedTxn(r.cx) }
}

const vectors = (readConformance('eval-vectors.json') as { vectors: Vector[] }).vectors
const touchesState = /\b(txn|txna|gtxn|gtxns|global|gload|gaid|block|log)\b/

describe('application-mode conformance vectors', () => {
  const appVectors = vectors.filter((v) => v.mode === 'application')
  it('has the 4 vectors the README lists', () => expect(appVectors).toHaveLength(4))
  it.each(appVectors.map((v) => [v.id, v] as const))('%s fails as go-algorand asserts', (_id, v) => {
    const r = run(v.source, vectorEnv(v))
    expect(r.pass).toBe(false)
    expect(r.error).toContain(v.error_substring)
  })
})

describe('signature-mode conformance vectors that read txn or global fields', () => {
  const sigVectors = vectors.filter((v) => v.mode === 'signature' && v.version_range === 'from' && touchesState.test(v.source))
  it.each(sigVectors.map((v) => [v.id, v] as const))('%s evaluates as go-algorand asserts at every version', (_id, v) => {
    for (let av = v.version; av <= 14; av++) {
      const r = run(v.source, vectorEnv(v, 14), av)
      if (v.expect === 'accept') expect(r.error, `v${av}`).toBeUndefined()
      expect(r.pass, `v${av}`).toBe(v.expect === 'accept')
      if (v.error_substring) expect(r.error).toContain(v.error_substring)
    }
  })
})

const CREATOR = decodeAddress(HARNESS_APP_CREATOR)
const APP = appAddress(888)

function appEnv(ledger = new MemoryLedger(), txn: Partial<Txn> = {}): EvalEnv & { ledger: MemoryLedger } {
  if (ledger.appParams(888) === undefined) ledger.createApp(888, CREATOR)
  ledger.fund(APP, 1_000_000)
  return appHarnessEnv({ ledger, group: [makeTxn({ type: 'appl', applicationId: 888, fee: 1001, ...txn })] })
}

describe('state deltas', () => {
  it('records only changes that differ from what was stored, as algod reports them', () => {
    const ledger = new MemoryLedger()
    ledger.createApp(888, CREATOR, { globalStateSchema: { numUint: 3, numByteSlice: 1 }, localStateSchema: { numUint: 1, numByteSlice: 0 } })
    ledger.setGlobal(888, new TextEncoder().encode('same'), 1)
    ledger.fund(new Uint8Array(32), 1).optIn(new Uint8Array(32), 888)
    const r = run(
      `byte "same"; int 1; app_global_put
       byte "new"; byte "v"; app_global_put
       byte "gone"; app_global_del
       int 0; byte "n"; int 9; app_local_put
       int 1`,
      appEnv(ledger),
    )
    expect(r.error).toBeUndefined()
    const d = r.txn!.evalDelta!
    expect([...d.globalDelta.values()].map((k) => [new TextDecoder().decode(k.key), k.delta])).toEqual([
      ['new', { action: 1, bytes: new TextEncoder().encode('v') }],
    ])
    expect([...d.localDeltas.get(0)!.values()].map((k) => k.delta)).toEqual([{ action: 2, uint: 9 }])
  })

  it('gives accounts reached by group sharing slots after Accounts', () => {
    const ledger = new MemoryLedger()
    ledger.createApp(888, CREATOR, { localStateSchema: { numUint: 1, numByteSlice: 0 } })
    const other = addr(4)
    ledger.fund(other, 1).optIn(other, 888)
    // an earlier call of the same app by `other` shares its local state with the group
    const group = [makeTxn({ type: 'appl', sender: other, applicationId: 888 }), makeTxn({ type: 'appl', applicationId: 888, accounts: [addr(5)] })]
    const env = appHarnessEnv({ ledger, group, groupIndex: 1 })
    const r = run('txn Sender; pop; gtxn 0 Sender; byte "n"; int 1; app_local_put; int 1', env)
    expect(r.error).toBeUndefined()
    expect(r.txn?.evalDelta?.sharedAccounts).toEqual([other])
    expect(r.txn?.evalDelta?.localDeltas.has(2)).toBe(true)
  })
})

describe('log', () => {
  it('records logs on the applied transaction', () => {
    const r = run('byte "hello"; log; byte "world"; log; int 1', appEnv())
    expect(r.error).toBeUndefined()
    expect(r.txn?.logs.map((l) => new TextDecoder().decode(l))).toEqual(['hello', 'world'])
  })

  it('allows at most 32 log calls', () => {
    const r = run('int 33; loop: byte "x"; log; int 1; -; dup; bnz loop; pop; int 1', appEnv())
    expect(r.error).toContain('too many log calls in program. up to 32 is allowed')
  })

  it('allows at most 1024 bytes of logs', () => {
    const r = run('int 1000; bzero; log; int 30; bzero; log; int 1', appEnv())
    expect(r.error).toContain('program logs too large. 1030 bytes >  1024 bytes limit')
  })
})

describe('inner transactions', () => {
  it('lets an app create an asset and read its id', () => {
    const env = appEnv()
    const r = run(
      `itxn_begin
       int acfg; itxn_field TypeEnum
       int 1000000; itxn_field ConfigAssetTotal
       byte "GRV"; itxn_field ConfigAssetUnitName
       itxn_submit
       itxn CreatedAssetID`,
      env,
    )
    expect(r.error).toBeUndefined()
    expect(r.pass).toBe(true)
    const id = env.ledger.counter()
    const asset = env.ledger.assetParams(id)
    expect(asset?.creator).toEqual(APP)
    expect(asset?.params.unitName).toEqual(new TextEncoder().encode('GRV'))
    expect(env.ledger.assetHolding(APP, id)?.amount).toBe(1_000_000)
    expect(r.txn?.innerTxns[0].createdAssetId).toBe(id)
    // the default fee was the minimum, paid from the app account
    expect(env.ledger.accountData(APP).balance).toBe(1_000_000 - 1001)
  })

  it('pays from the app account to an available account', () => {
    const env = appEnv()
    const r = run(
      `itxn_begin; int pay; itxn_field TypeEnum; txn Sender; itxn_field Receiver; int 5000; itxn_field Amount; itxn_submit
       itxn Amount; int 5000; ==`,
      env,
    )
    expect(r.error).toBeUndefined()
    expect(env.ledger.accountData(new Uint8Array(32)).balance).toBe(5000)
  })

  it('derives inner transaction ids from the parent id and position', () => {
    const env = appEnv()
    const r = run(
      `itxn_begin; int pay; itxn_field TypeEnum; txn Sender; itxn_field Receiver; itxn_submit
       itxn_begin; int pay; itxn_field TypeEnum; txn Sender; itxn_field Receiver; itxn_submit
       itxn TxID; log; int 1`,
      env,
    )
    expect(r.error).toBeUndefined()
    const outer = (env.txnGroup as Txn[])[0]
    const second = r.txn!.innerTxns[1]
    expect(r.txn?.logs[0]).toEqual(txnId(second, txnId(outer), 1))
  })

  it('pools fees across an inner group and the outer overpayment', () => {
    const env = appEnv(new MemoryLedger(), { fee: 3003 })
    const r = run(
      `itxn_begin; int pay; itxn_field TypeEnum; txn Sender; itxn_field Receiver; int 0; itxn_field Fee
       itxn_next; int pay; itxn_field TypeEnum; txn Sender; itxn_field Receiver; int 0; itxn_field Fee
       itxn_submit; gitxn 1 Fee; int 0; ==`,
      env,
    )
    expect(r.error).toBeUndefined()
    expect(r.pass).toBe(true)
  })

  it('rejects an inner group that pays too little', () => {
    const r = run('itxn_begin; int pay; itxn_field TypeEnum; int 0; itxn_field Fee; itxn_submit; int 1', appEnv())
    expect(r.error).toContain('group fee 0.0A too small (needs 1.001mA more)')
  })

  const misuse: [string, string, string][] = [
    ['submit without begin', 'itxn_submit; int 1', 'itxn_submit without itxn_begin'],
    ['field without begin', 'int 1; itxn_field Amount; int 1', 'itxn_field without itxn_begin'],
    ['next without begin', 'itxn_next; int 1', 'itxn_next without itxn_begin'],
    ['a type that cannot be inner', 'itxn_begin; byte "stpf"; itxn_field Type; int 1', 'stpf is not a valid Type for itxn_field'],
    ['a non-boolean boolean', '#pragma typetrack false\nitxn_begin; int 2; itxn_field FreezeAssetFrozen; int 1', 'boolean is neither 1 nor 0: 2'],
    ['an unavailable receiver', 'itxn_begin; global ZeroAddress; int 0; int 1; setbyte; itxn_field Receiver; int 1', 'unavailable Account'],
    ['too many inner transactions', 'itxn_begin' + '; itxn_next'.repeat(8) + '; int 1', 'too many inner transactions 8 with 32 left'],
  ]
  it.each(misuse)('fails on %s', (_name, source, msg) => {
    expect(run(source, appEnv()).error).toContain(msg)
  })

  it('runs an inner app call in the caller\'s environment', () => {
    const ledger = new MemoryLedger()
    const callee = program('global CallerApplicationID; itob; log; global OpcodeBudget; itob; log; int 1', 8)
    ledger.createApp(999, CREATOR, { approvalProgram: callee, clearStateProgram: program('int 1', 8) })
    const env = appEnv(ledger, { foreignApps: [999] })
    const r = run(
      `itxn_begin; int appl; itxn_field TypeEnum; int 999; itxn_field ApplicationID; itxn_submit
       itxn NumLogs; int 2; ==; assert
       gitxna 0 Logs 0; btoi; int 888; ==`,
      env,
    )
    expect(r.error).toBeUndefined()
    expect(r.pass).toBe(true)
  })

  const callApp999 = 'itxn_begin; int appl; itxn_field TypeEnum; int 999; itxn_field ApplicationID; itxn_submit'

  it('reports a failing inner app call with algod\'s text', () => {
    const ledger = new MemoryLedger()
    ledger.createApp(999, CREATOR, { approvalProgram: program('int 1; err', 8), clearStateProgram: program('int 1', 8) })
    const r = run(`${callApp999}; int 1`, appEnv(ledger, { foreignApps: [999] }))
    expect(r.error).toContain('inner tx 0 failed: logic eval error: err opcode executed. Details: app=999, pc=')
  })

  it('adds MaxAppProgramCost to the pooled budget for each inner app call', () => {
    const ledger = new MemoryLedger()
    ledger.createApp(999, CREATOR, { approvalProgram: program('int 1', 8), clearStateProgram: program('int 1', 8) })
    const r = run(`global OpcodeBudget; store 0; ${callApp999}; global OpcodeBudget; load 0; -; int 690; >`, appEnv(ledger, { foreignApps: [999] }))
    expect(r.error).toBeUndefined()
    expect(r.pass).toBe(true)
  })

  it('refuses re-entry through another app', () => {
    const ledger = new MemoryLedger().fund(appAddress(999), 100_000)
    const callBack = program('itxn_begin; int appl; itxn_field TypeEnum; int 888; itxn_field ApplicationID; itxn_submit; int 1', 9)
    ledger.createApp(999, CREATOR, { approvalProgram: callBack, clearStateProgram: program('int 1', 9) })
    ledger.createApp(888, CREATOR, { approvalProgram: program('int 1', 9) })
    const r = run(`${callApp999}; int 1`, appEnv(ledger, { foreignApps: [999] }))
    expect(r.error).toContain('attempt to re-enter 888')
  })

  it('refuses inner calls to programs older than v4', () => {
    const ledger = new MemoryLedger()
    ledger.createApp(999, CREATOR, { approvalProgram: program('int 1', 3), clearStateProgram: program('int 1', 3) })
    expect(run(`${callApp999}; int 1`, appEnv(ledger, { foreignApps: [999] })).error).toContain('inner app call with version v3 < v4')
  })

  it('refuses calls back into an app on the call stack', () => {
    const ledger = new MemoryLedger()
    const env = appEnv(ledger, { foreignApps: [888] })
    expect(run('itxn_begin; int appl; itxn_field TypeEnum; int 888; itxn_field ApplicationID; itxn_submit; int 1', env).error).toContain(
      'attempt to self-call',
    )
  })

  it('refuses a sender the app does not control', () => {
    const other = new Uint8Array(32).fill(5)
    const env = appEnv(new MemoryLedger(), { accounts: [other] })
    const r = run('itxn_begin; int pay; itxn_field TypeEnum; txna Accounts 1; itxn_field Sender; itxn_submit; int 1', env)
    expect(r.error).toContain('unauthorized')
  })
})

describe('top-level app calls through runAppCall', () => {
  const params = (ledger: MemoryLedger, group: Txn[], gi: number, source: string, budget = { remaining: 1400 }, pastScratch: (never[] | undefined)[] = []) => ({
    program: program(source), group, gi, appId: 888, ledger, proto: HARNESS_PROTO, budget, pastScratch,
  })

  it('sees assets created earlier in the group once recorded', () => {
    const ledger = new MemoryLedger().createApp(888, CREATOR)
    ledger.createAsset(50, addr(1), { ...zeroAssetParams(), total: 7 })
    const src = 'gaid 0; asset_params_get AssetTotal; assert; int 7; =='
    const fresh = (): Txn[] => [makeTxn({ type: 'acfg', createdAssetId: 50 }), makeTxn({ type: 'appl', applicationId: 888 })]
    const unrecorded = fresh()
    expect(runAppCall(params(ledger, unrecorded, 1, src)).error?.message).toBe('unavailable Asset 50')
    const recorded = fresh()
    recordApplied(recorded, HARNESS_PROTO, recorded[0])
    expect(runAppCall(params(ledger, recorded, 1, src)).pass).toBe(true)
  })

  it('shares scratch and the pooled budget between the group\'s app calls', () => {
    const ledger = new MemoryLedger().createApp(888, CREATOR)
    const group = [makeTxn({ type: 'appl', applicationId: 888 }), makeTxn({ type: 'appl', applicationId: 888 })]
    const budget = { remaining: 1400 }
    const scratch: never[][] = []
    const first = runAppCall(params(ledger, group, 0, 'int 5; store 3; byte "a"; log; int 1', budget, scratch))
    expect(first.pass).toBe(true)
    expect(first.txn.logs).toEqual([new TextEncoder().encode('a')])
    group[0] = first.txn
    const second = runAppCall(params(ledger, group, 1, 'gload 0 3; int 5; ==; gtxn 0 NumLogs; &&', budget, scratch))
    expect(second.error).toBeUndefined()
    expect(second.pass).toBe(true)
    expect(budget.remaining).toBe(1400 - first.cost - second.cost)
  })

  it('refuses a ClearState program a full budget', () => {
    const ledger = new MemoryLedger().createApp(888, CREATOR)
    const group = [makeTxn({ type: 'appl', applicationId: 888, onCompletion: 3 })]
    const r = runAppCall(params(ledger, group, 0, 'int 1', { remaining: 699 }))
    expect(r.error?.message).toBe('attempted ClearState execution with low OpcodeBudget 699')
  })
})
