// POST /v2/transactions/simulate through algosdk 3 and algokit-utils 9 over HTTP.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import algosdk from 'algosdk'
import { AlgorandClient } from '@algorandfoundation/algokit-utils'
import { assemble } from '@grove/avm'
import { genesisAccounts, openNode } from '@grove/ledger'
import type * as Ledger from '@grove/ledger'
import { startLocalnet } from '../src/start-localnet.ts'
import type { Localnet } from '../src/start-localnet.ts'
import { recording, submitSimulated, type Recorded } from './simulated-groups.ts'

// every group this file submits or cleanly simulates, in order (checked by the last test)
const recorded = vi.hoisted((): Recorded[] => [])
vi.mock('@grove/ledger', async (importOriginal) => {
  const ledger = await importOriginal<typeof Ledger>()
  return { ...ledger, openNode: (o?: Parameters<typeof ledger.openNode>[0]) => recording(ledger.openNode(o), recorded) }
})

let net: Localnet
let algod: algosdk.Algodv2
let algorand: AlgorandClient

const funder = genesisAccounts()[0] as { address: string; secretKey: Uint8Array }
const signer = algosdk.makeBasicAccountTransactionSigner({ addr: algosdk.Address.fromString(funder.address), sk: funder.secretKey })

function program(source: string): Uint8Array {
  const r = assemble(source)
  if (!r.ok || !r.program) throw new Error(JSON.stringify(r.errors))
  return r.program
}

const CLEAR = program('#pragma version 10\nint 1')
/** Loops ApplicationArgs[0] times (about 10 opcodes per turn) on calls after creation. */
const LOOP = program(`#pragma version 10
txn ApplicationID
bz ok
txna ApplicationArgs 0
btoi
store 1
int 0
store 2
loop:
load 2
int 1
+
dup
store 2
load 1
<
bnz loop
ok:
int 1`)
/** Reads the balance of the account given as ApplicationArgs[0], without naming it. */
const BALANCE = program(`#pragma version 10
txn ApplicationID
bz ok
txna ApplicationArgs 0
balance
pop
ok:
int 1`)
/** Writes scratch 0 and global "k", then pays its caller 0 in an inner transaction. */
const TRACED = program(`#pragma version 10
pushint 5
store 0
pushbytes "k"
pushint 7
app_global_put
txn ApplicationID
bz ok
itxn_begin
pushint 1
itxn_field TypeEnum
txn Sender
itxn_field Receiver
pushint 0
itxn_field Fee
itxn_submit
ok:
pushint 1`)
/** Writes 3,000 bytes (two 2,048-byte references of quota) to the box named by ApplicationArgs[0], without naming it. */
const BOXER = program(`#pragma version 10
txn ApplicationID
bz ok
txna ApplicationArgs 0
pushint 3000
box_create
pop
ok:
pushint 1`)
/** TEALScript's op-up: an inner call creating an app with OnCompletion DeleteApplication, so it exists neither before nor after. */
const OPUP = program(`#pragma version 10
txn ApplicationID
bz ok
itxn_begin
int appl
itxn_field TypeEnum
int DeleteApplication
itxn_field OnCompletion
byte 0x0a8101
itxn_field ApprovalProgram
byte 0x0a8101
itxn_field ClearStateProgram
int 0
itxn_field Fee
itxn_submit
ok:
int 1`)
/** Logs 40 times (over the 32 a block allows). */
const LOGGER = program(`#pragma version 10
txn ApplicationID
bz ok
int 0
store 0
loop:
byte "x"
log
load 0
int 1
+
dup
store 0
int 40
<
bnz loop
ok:
int 1`)

async function sp(): Promise<algosdk.SuggestedParams> {
  return algod.getTransactionParams().do()
}

async function createApp(approval: Uint8Array, globalInts = 0): Promise<bigint> {
  const txn = algosdk.makeApplicationCreateTxnFromObject({
    sender: funder.address,
    approvalProgram: approval,
    clearProgram: CLEAR,
    numGlobalInts: globalInts,
    numGlobalByteSlices: 0,
    numLocalInts: 0,
    numLocalByteSlices: 0,
    onComplete: algosdk.OnApplicationComplete.NoOpOC,
    suggestedParams: await sp(),
  })
  const { txid } = await algod.sendRawTransaction(txn.signTxn(funder.secretKey)).do()
  const info = await algosdk.waitForConfirmation(algod, txid, 2)
  return info.applicationIndex as bigint
}

async function call(appId: bigint, args: Uint8Array[] = [], fee?: number): Promise<algosdk.Transaction> {
  const params = await sp()
  if (fee !== undefined) {
    params.flatFee = true
    params.fee = BigInt(fee)
  }
  return algosdk.makeApplicationNoOpTxnFromObject({ sender: funder.address, appIndex: appId, appArgs: args, suggestedParams: params })
}

function simulate(txns: algosdk.Transaction[], options: Partial<ConstructorParameters<typeof algosdk.modelsv2.SimulateRequest>[0]> = {}, sign = true): Promise<algosdk.modelsv2.SimulateResponse> {
  if (txns.length > 1) algosdk.assignGroupID(txns)
  const stxns = txns.map((t) => (sign ? algosdk.decodeSignedTransaction(t.signTxn(funder.secretKey)) : new algosdk.SignedTransaction({ txn: t })))
  const request = new algosdk.modelsv2.SimulateRequest({ txnGroups: [new algosdk.modelsv2.SimulateRequestTransactionGroup({ txns: stxns })], ...options })
  return algod.simulateTransactions(request).do()
}

async function postSimulate(body: unknown): Promise<{ status: number; json: { message?: string } }> {
  const res = await fetch(`${net.algod.url}/v2/transactions/simulate`, {
    method: 'POST',
    headers: { 'X-Algo-API-Token': net.algod.token, 'Content-Type': 'application/msgpack' },
    body: algosdk.msgpackRawEncode(body),
  })
  return { status: res.status, json: (await res.json()) as { message?: string } }
}

let loopApp: bigint
let balanceApp: bigint
let tracedApp: bigint
let loggerApp: bigint
let boxerApp: bigint

beforeAll(async () => {
  net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  const url = new URL(net.algod.url)
  algod = new algosdk.Algodv2(net.algod.token, `${url.protocol}//${url.hostname}`, url.port)
  algorand = AlgorandClient.fromClients({ algod })
  algorand.setSigner(funder.address, signer)
  loopApp = await createApp(LOOP)
  balanceApp = await createApp(BALANCE)
  tracedApp = await createApp(TRACED, 1)
  loggerApp = await createApp(LOGGER)
  boxerApp = await createApp(BOXER)
  await algorand.send.payment({ sender: funder.address, receiver: algosdk.getApplicationAddress(boxerApp), amount: (2).algo() })
  await algorand.send.payment({ sender: funder.address, receiver: algosdk.getApplicationAddress(tracedApp), amount: (1).algo() })
})

afterAll(async () => {
  await net.stop()
})

describe('signatures', () => {
  it('simulates an unsigned payment when allow-empty-signatures is set', async () => {
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: funder.address, receiver: funder.address, amount: 1, suggestedParams: await sp() })
    const res = await simulate([txn], { allowEmptySignatures: true }, false)
    expect(res.txnGroups[0].failureMessage).toBeUndefined()
    expect(res.evalOverrides?.allowEmptySignatures).toBe(true)
    expect(res.txnGroups[0].txnResults[0].txnResult.txn.txn.txID()).toBe(txn.txID())
  })

  it('reports a missing signature as the group failure at its index without allow-empty-signatures', async () => {
    const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: funder.address, receiver: funder.address, amount: 1, suggestedParams: await sp() })
    const res = await simulate([pay], {}, false)
    expect(res.txnGroups[0].failureMessage).toBe('signedtxn has no sig')
    expect(res.txnGroups[0].failedAt).toEqual([0])
    expect(res.evalOverrides).toBeUndefined()
  })

  it('reports fees below the group minimum as the failure of its last transaction', async () => {
    const params = { ...(await sp()), flatFee: true, fee: 0n }
    const txns = [1, 2].map((amount) => algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: funder.address, receiver: funder.address, amount, suggestedParams: params }))
    const res = await simulate(txns)
    expect(res.txnGroups[0].failureMessage).toBe('txgroup with 0.0A fees is less than 2mA (usage=2.000000 * base=1mA)')
    expect(res.txnGroups[0].failedAt).toEqual([1])
  })

  it('simulates an algokit-utils group with skipSignatures', async () => {
    const result = await algorand.newGroup().addPayment({ sender: funder.address, receiver: funder.address, amount: (1).microAlgo() }).simulate({ skipSignatures: true })
    expect(result.simulateResponse.txnGroups[0].failureMessage).toBeUndefined()
    expect(result.simulateResponse.evalOverrides?.fixSigners).toBe(true)
  })
})

describe('fix signers', () => {
  it('authorizes an unsigned txn of a rekeyed account by its auth address and reports it as fixed-signer', async () => {
    const rekeyed = algosdk.generateAccount()
    await algorand.send.payment({ sender: funder.address, receiver: rekeyed.addr, amount: (1).algo() })
    const rekey = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: rekeyed.addr, receiver: rekeyed.addr, amount: 0, rekeyTo: funder.address, suggestedParams: await sp() })
    await algosdk.waitForConfirmation(algod, (await algod.sendRawTransaction(rekey.signTxn(rekeyed.sk)).do()).txid, 2)
    const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: rekeyed.addr, receiver: funder.address, amount: 1, suggestedParams: await sp() })
    const strict = await simulate([pay], { allowEmptySignatures: true }, false)
    expect(strict.txnGroups[0].failureMessage).toContain(`should have been authorized by ${funder.address}`)
    const fixed = await simulate([pay], { allowEmptySignatures: true, fixSigners: true }, false)
    expect(fixed.txnGroups[0].failureMessage).toBeUndefined()
    expect(fixed.txnGroups[0].txnResults[0].fixedSigner?.toString()).toBe(funder.address)
    expect(fixed.evalOverrides?.fixSigners).toBe(true)
  })
})

describe('budgets', () => {
  it('reports app-budget-added and app-budget-consumed for an app call', async () => {
    const res = await simulate([await call(loopApp, [algosdk.encodeUint64(10)])])
    const group = res.txnGroups[0]
    expect(group.failureMessage).toBeUndefined()
    expect(group.appBudgetAdded).toBe(700)
    expect(group.txnResults[0].appBudgetConsumed).toBeGreaterThan(50)
    expect(group.appBudgetConsumed).toBe(group.txnResults[0].appBudgetConsumed)
  })

  it('reports group usage and fees paid, counting inner transactions', async () => {
    const res = await simulate([await call(tracedApp, [], 2000)])
    const group = res.txnGroups[0]
    expect(group.groupUsage).toBe(2_000_000)
    expect(group.groupFeesPaid).toBe(2000)
    expect(group.txnResults[0].feesPaid).toBe(2000)
  })

  it('fails a call that needs more than 700 without extra-opcode-budget', async () => {
    const res = await simulate([await call(loopApp, [algosdk.encodeUint64(200)])])
    expect(res.txnGroups[0].failureMessage).toMatch(/^transaction [A-Z2-7]{52}: logic eval error: dynamic cost budget exceeded/)
    expect(res.txnGroups[0].failedAt).toEqual([0])
  })

  it('adds extra-opcode-budget to the pooled budget', async () => {
    const res = await simulate([await call(loopApp, [algosdk.encodeUint64(200)])], { extraOpcodeBudget: 2000 })
    const group = res.txnGroups[0]
    expect(group.failureMessage).toBeUndefined()
    expect(group.appBudgetAdded).toBe(2700)
    expect(group.txnResults[0].appBudgetConsumed).toBeGreaterThan(700)
    expect(res.evalOverrides?.extraOpcodeBudget).toBe(2000)
  })

  it('refuses extra-opcode-budget beyond 320000 with 400', async () => {
    const txn = await call(loopApp)
    const err = await simulate([txn], { extraOpcodeBudget: 320001 }).catch((e: unknown) => e)
    expect(err).toMatchObject({ response: { status: 400 } })
    expect((err as Error).message).toContain('extra budget 320001 > simulation extra budget limit 320000')
  })

  it('reports logic-sig-budget-consumed for a logicsig', async () => {
    const lsig = new algosdk.LogicSigAccount(program('#pragma version 10\nint 1\nint 2\n+\npop\nint 1'))
    await algorand.send.payment({ sender: funder.address, receiver: lsig.address(), amount: (1).algo() })
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: lsig.address(), receiver: funder.address, amount: 0, suggestedParams: await sp() })
    const stxn = algosdk.decodeSignedTransaction(algosdk.signLogicSigTransactionObject(txn, lsig).blob)
    const res = await algod.simulateTransactions(new algosdk.modelsv2.SimulateRequest({ txnGroups: [new algosdk.modelsv2.SimulateRequestTransactionGroup({ txns: [stxn] })] })).do()
    expect(res.txnGroups[0].failureMessage).toBeUndefined()
    expect(res.txnGroups[0].txnResults[0].logicSigBudgetConsumed).toBe(6)
  })
})

describe('logging', () => {
  it('fails 40 logs by default and passes with allow-more-logging', async () => {
    const strict = await simulate([await call(loggerApp)])
    expect(strict.txnGroups[0].failureMessage).toContain('too many log calls in program. up to 32 is allowed')
    const relaxed = await simulate([await call(loggerApp)], { allowMoreLogging: true })
    expect(relaxed.txnGroups[0].failureMessage).toBeUndefined()
    expect(relaxed.txnGroups[0].txnResults[0].txnResult.logs).toHaveLength(40)
    expect(relaxed.evalOverrides).toMatchObject({ maxLogCalls: 2048, maxLogSize: 65536 })
  })
})

describe('unnamed resources', () => {
  const other = algosdk.generateAccount().addr

  it('fails an unnamed account read without allow-unnamed-resources', async () => {
    const res = await simulate([await call(balanceApp, [other.publicKey])])
    expect(res.txnGroups[0].failureMessage).toContain(`unavailable Account ${other.toString()}`)
  })

  it('reports the unnamed account group-wide for a v10 program', async () => {
    const res = await simulate([await call(balanceApp, [other.publicKey])], { allowUnnamedResources: true })
    const group = res.txnGroups[0]
    expect(group.failureMessage).toBeUndefined()
    expect(group.unnamedResourcesAccessed?.accounts?.map(String)).toEqual([other.toString()])
    expect(res.evalOverrides?.allowUnnamedResources).toBe(true)
  })

  it('reports an unnamed box and the extra reference its 3,000 bytes need', async () => {
    const res = await simulate([await call(boxerApp, [new TextEncoder().encode('b1')])], { allowUnnamedResources: true })
    const unnamed = res.txnGroups[0].unnamedResourcesAccessed
    expect(res.txnGroups[0].failureMessage).toBeUndefined()
    expect(unnamed?.boxes).toMatchObject([{ app: boxerApp, name: new TextEncoder().encode('b1') }])
    expect(unnamed?.extraBoxRefs).toBe(1)
  })

  it('reports a box a pre-v9 program touches at group level, as go keeps every box group-wide', async () => {
    const v8Boxer = await createApp(program('#pragma version 8\ntxn ApplicationID\nbz ok\ntxna ApplicationArgs 0\npushint 8\nbox_create\npop\nok:\nint 1'))
    await algorand.send.payment({ sender: funder.address, receiver: algosdk.getApplicationAddress(v8Boxer), amount: (1).algo() })
    const res = await simulate([await call(v8Boxer, [new TextEncoder().encode('v8')])], { allowUnnamedResources: true })
    expect(res.txnGroups[0].failureMessage).toBeUndefined()
    expect(res.txnGroups[0].unnamedResourcesAccessed?.boxes).toMatchObject([{ app: v8Boxer, name: new TextEncoder().encode('v8') }])
    expect(res.txnGroups[0].txnResults[0].unnamedResourcesAccessed?.boxes).toBeUndefined()
  })

  it('reports an account a v8 and a v10 program both read once, for the v8 transaction', async () => {
    const v8Balance = await createApp(program('#pragma version 8\ntxn ApplicationID\nbz ok\ntxna ApplicationArgs 0\nbalance\npop\nok:\nint 1'))
    const other = algosdk.generateAccount().addr
    for (const order of [[balanceApp, v8Balance], [v8Balance, balanceApp]]) {
      const res = await simulate([await call(order[0], [other.publicKey]), await call(order[1], [other.publicKey])], { allowUnnamedResources: true })
      expect(res.txnGroups[0].failureMessage).toBeUndefined()
      const v8At = order.indexOf(v8Balance)
      expect(res.txnGroups[0].txnResults[v8At].unnamedResourcesAccessed?.accounts).toEqual([other])
      expect(res.txnGroups[0].unnamedResourcesAccessed?.accounts).toBeUndefined()
    }
  })

  it('counts a box of an app the group creates as an extra box reference, not a named box', async () => {
    const source = '#pragma version 10\ntxn ApplicationID\nbz ok\npushbytes "nb"\npushint 8\nbox_create\npop\nok:\nint 1'
    const last = (await algod.status().do()).lastRound
    const next = (await algod.block(last).do()).block.header.txnCounter + 1n
    const params = await sp()
    const create = algosdk.makeApplicationCreateTxnFromObject({
      sender: funder.address, approvalProgram: program(source), clearProgram: CLEAR, numGlobalInts: 0, numGlobalByteSlices: 0, numLocalInts: 0, numLocalByteSlices: 0,
      onComplete: algosdk.OnApplicationComplete.NoOpOC, suggestedParams: params,
    })
    const fund = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: funder.address, receiver: algosdk.getApplicationAddress(next), amount: 1_000_000, suggestedParams: params })
    const use = algosdk.makeApplicationNoOpTxnFromObject({ sender: funder.address, appIndex: next, suggestedParams: params })
    const res = await simulate([create, fund, use], { allowUnnamedResources: true })
    expect(res.txnGroups[0].failureMessage).toBeUndefined()
    expect(res.txnGroups[0].txnResults[0].txnResult.applicationIndex).toBe(next)
    expect(res.txnGroups[0].unnamedResourcesAccessed?.boxes).toBeUndefined()
    expect(res.txnGroups[0].unnamedResourcesAccessed?.extraBoxRefs).toBe(1)
  })

  it('lets algokit-utils populate an unnamed box and send the call', async () => {
    const result = await algorand.send.appCall({ sender: funder.address, appId: boxerApp, args: [new TextEncoder().encode('b2')], populateAppCallResources: true })
    expect(result.confirmation.confirmedRound).toBeGreaterThan(0n)
    expect((await algod.getApplicationBoxByName(boxerApp, new TextEncoder().encode('b2')).do()).value).toHaveLength(3000)
  })

  it('reports an unnamed holding with its account and asset', async () => {
    const create = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({ sender: funder.address, total: 10, decimals: 0, defaultFrozen: false, suggestedParams: await sp() })
    const assetId = (await algosdk.waitForConfirmation(algod, (await algod.sendRawTransaction(create.signTxn(funder.secretKey)).do()).txid, 2)).assetIndex as bigint
    const appId = await createApp(program('#pragma version 10\ntxn ApplicationID\nbz ok\ntxna ApplicationArgs 0\ntxna ApplicationArgs 1\nbtoi\nasset_holding_get AssetBalance\npop\npop\nok:\npushint 1'))
    const res = await simulate([await call(appId, [other.publicKey, algosdk.encodeUint64(assetId)])], { allowUnnamedResources: true })
    const unnamed = res.txnGroups[0].unnamedResourcesAccessed
    expect(res.txnGroups[0].failureMessage).toBeUndefined()
    expect(unnamed?.accounts?.map(String)).toEqual([other.toString()])
    expect(unnamed?.assets).toEqual([assetId])
    expect(unnamed?.assetHoldings).toMatchObject([{ asset: assetId }])
    expect(unnamed?.assetHoldings?.[0].account.toString()).toBe(other.toString())
  })

  it('still reads a small number as a foreign-apps slot, never as an unnamed app id', async () => {
    const appId = await createApp(program('#pragma version 10\ntxn ApplicationID\nbz ok\npushint 1\napp_params_get AppCreator\nassert\npop\nok:\npushint 1'))
    const txn = algosdk.makeApplicationNoOpTxnFromObject({ sender: funder.address, appIndex: appId, foreignApps: [tracedApp], suggestedParams: await sp() })
    const res = await simulate([txn], { allowUnnamedResources: true })
    expect(res.txnGroups[0].failureMessage).toBeUndefined()
    expect(res.txnGroups[0].unnamedResourcesAccessed).toBeUndefined()
  })

  it('lets algokit-utils populate the resources and send the call', async () => {
    const result = await algorand.send.appCall({ sender: funder.address, appId: balanceApp, args: [other.publicKey], populateAppCallResources: true })
    expect(result.confirmation.confirmedRound).toBeGreaterThan(0n)
    expect(result.transaction.applicationCall?.accounts.map(String)).toContain(other.toString())
  })
})

describe('exec trace', () => {
  it('traces pcs, stack, scratch, state and the inner payment of an app call', async () => {
    const res = await simulate([await call(tracedApp, [], 2000)], {
      execTraceConfig: new algosdk.modelsv2.SimulateTraceConfig({ enable: true, stackChange: true, scratchChange: true, stateChange: true }),
    })
    const group = res.txnGroups[0]
    expect(group.failureMessage).toBeUndefined()
    const trace = group.txnResults[0].execTrace!
    const units = trace.approvalProgramTrace!
    expect(units[0]).toMatchObject({ pc: 1, stackAdditions: [{ type: 2, uint: 5n }] })
    expect(units[1]).toMatchObject({ pc: 3, stackPopCount: 1, scratchChanges: [{ slot: 0, newValue: { type: 2, uint: 5n } }] })
    const put = units.find((u) => u.stateChanges !== undefined)!
    expect(put.stackPopCount).toBe(2)
    expect(put.stateChanges![0]).toMatchObject({ appStateType: 'g', operation: 'w', key: new TextEncoder().encode('k'), newValue: { type: 2, uint: 7n } })
    const submit = units.find((u) => u.spawnedInners !== undefined)!
    expect(submit.spawnedInners).toEqual([0])
    expect(trace.innerTrace).toHaveLength(1)
    expect(trace.approvalProgramHash).toEqual(new algosdk.LogicSigAccount(TRACED).address().publicKey)
    expect(units.at(-1)).toMatchObject({ stackAdditions: [{ type: 2, uint: 1n }] })
    expect(res.execTraceConfig?.enable).toBe(true)
  })

  it('traces a failing clear-state program and marks its effects rolled back', async () => {
    const create = algosdk.makeApplicationCreateTxnFromObject({
      sender: funder.address,
      approvalProgram: program('#pragma version 10\npushint 1'),
      clearProgram: program('#pragma version 10\nerr'),
      numGlobalInts: 0,
      numGlobalByteSlices: 0,
      numLocalInts: 0,
      numLocalByteSlices: 0,
      onComplete: algosdk.OnApplicationComplete.NoOpOC,
      suggestedParams: await sp(),
    })
    const appId = (await algosdk.waitForConfirmation(algod, (await algod.sendRawTransaction(create.signTxn(funder.secretKey)).do()).txid, 2)).applicationIndex as bigint
    const optIn = algosdk.makeApplicationOptInTxnFromObject({ sender: funder.address, appIndex: appId, suggestedParams: await sp() })
    await algosdk.waitForConfirmation(algod, (await algod.sendRawTransaction(optIn.signTxn(funder.secretKey)).do()).txid, 2)
    const clear = algosdk.makeApplicationClearStateTxnFromObject({ sender: funder.address, appIndex: appId, suggestedParams: await sp() })
    const res = await simulate([clear], { execTraceConfig: new algosdk.modelsv2.SimulateTraceConfig({ enable: true }) })
    expect(res.txnGroups[0].failureMessage).toBeUndefined()
    const trace = res.txnGroups[0].txnResults[0].execTrace!
    expect(trace.clearStateProgramTrace).toMatchObject([{ pc: 1 }])
    expect(trace.approvalProgramTrace).toBeUndefined()
    expect(trace.clearStateRollback).toBe(true)
    expect(trace.clearStateRollbackError).toContain('err opcode executed')
  })

  it('records only pcs when stack, scratch and state changes are off', async () => {
    const res = await simulate([await call(tracedApp, [], 2000)], { execTraceConfig: new algosdk.modelsv2.SimulateTraceConfig({ enable: true }) })
    const units = res.txnGroups[0].txnResults[0].execTrace!.approvalProgramTrace!
    expect(units.every((u) => u.stackAdditions === undefined && u.scratchChanges === undefined && u.stateChanges === undefined)).toBe(true)
    expect(units.map((u) => u.pc)).toEqual([...units.map((u) => u.pc)].sort((a, b) => a - b))
  })
})

describe('initial states and partial results', () => {
  it('reports the initial value of each app state key a state-traced call touched', async () => {
    const res = await simulate([await call(tracedApp, [], 2000)], {
      execTraceConfig: new algosdk.modelsv2.SimulateTraceConfig({ enable: true, stackChange: true, scratchChange: true, stateChange: true }),
    })
    const states = res.initialStates?.appInitialStates
    expect(states).toHaveLength(1)
    expect(states![0].id).toBe(tracedApp)
    expect(states![0].appGlobals?.kvs).toMatchObject([{ key: new TextEncoder().encode('k'), value: { type: 2, uint: 7n } }])
  })

  it('reports no initial states without state-change tracing', async () => {
    const res = await simulate([await call(tracedApp, [], 2000)], { execTraceConfig: new algosdk.modelsv2.SimulateTraceConfig({ enable: true }) })
    expect(res.initialStates).toBeUndefined()
  })

  it('keeps the apply data of the transactions before the one that failed', async () => {
    const res = await simulate([await call(tracedApp, [], 2000), await call(loopApp, [algosdk.encodeUint64(500)])])
    const group = res.txnGroups[0]
    expect(group.failedAt).toEqual([1])
    expect(group.txnResults[0].txnResult.innerTxns).toHaveLength(1)
    expect(group.txnResults[1].txnResult.innerTxns).toBeUndefined()
  })

  it('traces a logicsig with its program hash', async () => {
    const program = assemble('#pragma version 10\npushint 1').program as Uint8Array
    const lsig = new algosdk.LogicSigAccount(program)
    await algorand.send.payment({ sender: funder.address, receiver: lsig.address(), amount: (1).algo() })
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: lsig.address(), receiver: funder.address, amount: 0, suggestedParams: await sp() })
    const stxn = algosdk.decodeSignedTransaction(algosdk.signLogicSigTransactionObject(txn, lsig).blob)
    const request = new algosdk.modelsv2.SimulateRequest({
      txnGroups: [new algosdk.modelsv2.SimulateRequestTransactionGroup({ txns: [stxn] })],
      execTraceConfig: new algosdk.modelsv2.SimulateTraceConfig({ enable: true, stackChange: true }),
    })
    const trace = (await algod.simulateTransactions(request).do()).txnGroups[0].txnResults[0].execTrace!
    expect(trace.logicSigHash).toEqual(lsig.address().publicKey)
    expect(trace.logicSigTrace).toMatchObject([{ pc: 1, stackAdditions: [{ type: 2, uint: 1n }] }])
  })
})

describe('failed-at', () => {
  const pay = (amount: number): string => `itxn_begin\npushint 1\nitxn_field TypeEnum\ntxn Sender\nitxn_field Receiver\npushint ${amount}\nitxn_field Amount\npushint 0\nitxn_field Fee\nitxn_submit`

  it('points at the inner payment that failed, counting the inner transactions before it', async () => {
    const appId = await createApp(program(`#pragma version 10\ntxn ApplicationID\nbz ok\n${pay(0)}\n${pay(999_999_999_999)}\nok:\npushint 1`))
    await algorand.send.payment({ sender: funder.address, receiver: algosdk.getApplicationAddress(appId), amount: (1).algo() })
    const first = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: funder.address, receiver: funder.address, amount: 1, suggestedParams: await sp() })
    const res = await simulate([first, await call(appId, [], 3000)])
    expect(res.txnGroups[0].failureMessage).toContain('inner tx 0 failed')
    expect(res.txnGroups[0].failedAt).toEqual([1, 1])
  })

  it('points into an inner app call whose program failed', async () => {
    const failing = await createApp(program('#pragma version 10\ntxn ApplicationID\nbz ok\nerr\nok:\npushint 1'))
    const caller = await createApp(program(`#pragma version 10\ntxn ApplicationID\nbz ok\nitxn_begin\npushint 6\nitxn_field TypeEnum\npushint ${failing}\nitxn_field ApplicationID\npushint 0\nitxn_field Fee\nitxn_submit\nok:\npushint 1`))
    await algorand.send.payment({ sender: funder.address, receiver: algosdk.getApplicationAddress(caller), amount: (1).algo() })
    const params = { ...(await sp()), flatFee: true, fee: 2000n }
    const outer = algosdk.makeApplicationNoOpTxnFromObject({ sender: funder.address, appIndex: caller, foreignApps: [failing], suggestedParams: params })
    const res = await simulate([outer])
    expect(res.txnGroups[0].failureMessage).toContain('err opcode executed')
    expect(res.txnGroups[0].failedAt).toEqual([0, 0])
  })
})

describe('request validation', () => {
  it('refuses two groups with 400', async () => {
    const stxn = algosdk.decodeObj(algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: funder.address, receiver: funder.address, amount: 1, suggestedParams: await sp() }).signTxn(funder.secretKey))
    const res = await postSimulate({ 'txn-groups': [{ txns: [stxn] }, { txns: [stxn] }] })
    expect(res).toEqual({ status: 400, json: { message: 'expected 1 transaction group, got 2' } })
  })

  it('refuses a body over 1,000,000 bytes with 400', async () => {
    const res = await fetch(`${net.algod.url}/v2/transactions/simulate`, { method: 'POST', headers: { 'X-Algo-API-Token': net.algod.token }, body: new Uint8Array(1_000_001) })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: 'http: request body too large' })
  })

  it('simulates after the latest round when asked by number, and answers a future round with 400 (algod: 500)', async () => {
    const last = (await algod.status().do()).lastRound
    const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: funder.address, receiver: funder.address, amount: 1, suggestedParams: await sp() })
    expect((await simulate([pay], { round: last })).txnGroups[0].failureMessage).toBeUndefined()
    const err = await simulate([pay], { round: last + 10n }).catch((e: unknown) => e)
    expect(err).toMatchObject({ response: { status: 400 } })
    expect((err as Error).message).toContain(`ledger does not have entry ${last + 10n} (latest ${last}, committed ${last})`)
  })

  it('refuses stack-change without enable with 400', async () => {
    const stxn = algosdk.decodeObj(algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: funder.address, receiver: funder.address, amount: 1, suggestedParams: await sp() }).signTxn(funder.secretKey))
    const res = await postSimulate({ 'txn-groups': [{ txns: [stxn] }], 'exec-trace-config': { 'stack-change': true } })
    expect(res).toEqual({ status: 400, json: { message: 'basic trace must be enabled when enabling stack tracing' } })
  })

  it('simulates the op-up pattern (an inner app created with OnCompletion DeleteApplication)', async () => {
    const opUp = await createApp(OPUP)
    await algorand.send.payment({ sender: funder.address, receiver: algosdk.getApplicationAddress(opUp), amount: (1).algo() })
    const res = await simulate([await call(opUp, [], 2000)])
    expect(res.txnGroups[0].failureMessage).toBeUndefined()
    expect(res.txnGroups[0].txnResults[0].txnResult.innerTxns?.[0].applicationIndex).toBeGreaterThan(0n)
  })

  // last: the groups above that simulated cleanly commit on a node in the same state
  it('commits every group that simulated cleanly, on a node replayed to the round it was simulated after', () => {
    const fresh = (o?: Parameters<typeof openNode>[0]): ReturnType<typeof openNode> => openNode(o)
    const checked = submitSimulated(recorded.splice(0), fresh, Date.now)
    expect(checked).toBeGreaterThanOrEqual(10)
  })
})
