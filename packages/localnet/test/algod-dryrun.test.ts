// POST /v2/teal/dryrun (algod 4.x's developer endpoint) over HTTP. algosdk 3 has no dryrun client,
// so requests are built here as go's DryrunRequest and sent as msgpack or JSON.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { assemble } from '@grove/avm'
import { PROTOCOL, genesisAccounts } from '@grove/ledger'
import { startLocalnet } from '../src/start-localnet.ts'
import type { Localnet } from '../src/start-localnet.ts'

let net: Localnet
let params: algosdk.SuggestedParams
let algod: algosdk.Algodv2

const alice = algosdk.generateAccount()
const funder = genesisAccounts()[0] as { address: string; secretKey: Uint8Array }
const APP_ID = 1234n
const b64 = (s: string): string => Buffer.from(s).toString('base64')

function program(source: string): Uint8Array {
  const r = assemble(source)
  if (!r.ok || !r.program) throw new Error(JSON.stringify(r.errors))
  return r.program
}

beforeAll(async () => {
  net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  const url = new URL(net.algod.url)
  algod = new algosdk.Algodv2(net.algod.token, `${url.protocol}//${url.hostname}`, url.port)
  params = await algod.getTransactionParams().do()
})

afterAll(async () => {
  await net.stop()
})

interface TealValue {
  bytes: string
  type: number
  uint: number
}
interface DryrunState {
  line: number
  pc: number
  stack: TealValue[]
  scratch?: TealValue[]
  error?: string
}
interface TxnResult {
  disassembly: string[] | null
  'app-call-messages'?: string[]
  'app-call-trace'?: DryrunState[]
  'logic-sig-messages'?: string[]
  'logic-sig-trace'?: DryrunState[]
  'logic-sig-disassembly'?: string[]
  'global-delta'?: { key: string; value: { action: number; bytes?: string; uint?: number } }[]
  'local-deltas'?: { address: string; delta: { key: string; value: { action: number; bytes?: string; uint?: number } }[] }[]
  logs?: string[]
  'budget-added'?: number
  'budget-consumed'?: number
}
interface DryrunResponse {
  error: string
  'protocol-version': string
  txns: TxnResult[] | null
}

async function post(body: Uint8Array | string, contentType = 'application/msgpack'): Promise<Response> {
  return fetch(`${net.algod.url}/v2/teal/dryrun`, { method: 'POST', headers: { 'X-Algo-API-Token': net.algod.token, 'Content-Type': contentType }, body })
}

/** Sends a request object (SignedTransactions in `txns`) as msgpack and returns the 200 body. */
async function dryrun(req: Record<string, unknown>): Promise<DryrunResponse> {
  const map = new Map<string, unknown>()
  for (const [k, v] of Object.entries(req)) {
    map.set(k, k === 'txns' ? (v as algosdk.SignedTransaction[]).map((t) => algosdk.msgpackRawDecodeAsMap(algosdk.encodeMsgpack(t))) : v)
  }
  const res = await post(algosdk.msgpackRawEncode(map))
  expect(res.status).toBe(200)
  const text = await res.text()
  // go's generated model writes its fields in this order
  expect(text).toMatch(/^\{"error":".*","protocol-version":".*","txns":/)
  return JSON.parse(text) as DryrunResponse
}

function appCall(onComplete = algosdk.OnApplicationComplete.NoOpOC, appIndex = APP_ID): algosdk.SignedTransaction {
  const txn = algosdk.makeApplicationCallTxnFromObject({ sender: alice.addr, appIndex, onComplete, suggestedParams: params })
  return algosdk.decodeSignedTransaction(txn.signTxn(alice.sk))
}

function app(approval: Uint8Array, extra: Record<string, unknown> = {}): Map<string, unknown> {
  return new Map<string, unknown>([
    ['id', APP_ID],
    ['params', new Map<string, unknown>([['creator', alice.addr.toString()], ['approval-program', approval], ['clear-state-program', program('#pragma version 8\npushint 1')], ...Object.entries(extra)])],
  ])
}

function lsigPay(source: string): algosdk.SignedTransaction {
  const lsig = new algosdk.LogicSigAccount(program(source))
  const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: lsig.address(), receiver: alice.addr, amount: 1, suggestedParams: params })
  return algosdk.decodeSignedTransaction(algosdk.signLogicSigTransactionObject(txn, lsig).blob)
}

describe('POST /v2/teal/dryrun', () => {
  it('passes an approval program that leaves 1, with its disassembly, trace and cost', async () => {
    const r = await dryrun({ txns: [appCall()], apps: [app(program('#pragma version 8\npushint 1'))] })
    expect(r.error).toBe('')
    expect(r['protocol-version']).toBe(PROTOCOL)
    const t = r.txns![0]
    expect(t['app-call-messages']).toEqual(['ApprovalProgram', 'PASS'])
    expect(t.disassembly).toEqual(['#pragma version 8', 'pushint 1', ''])
    expect(t['app-call-trace']).toEqual([
      { line: 1, pc: 1, stack: [] },
      { line: 2, pc: 3, stack: [{ bytes: '', type: 2, uint: 1 }] },
    ])
    expect(t['budget-consumed']).toBe(1)
    expect(t['budget-added']).toBe(0)
    expect(t['logic-sig-messages']).toBeUndefined()
  })

  it('rejects an approval program that leaves 0, with no error text', async () => {
    const r = await dryrun({ txns: [appCall()], apps: [app(program('#pragma version 8\npushint 0'))] })
    expect(r.txns![0]['app-call-messages']).toEqual(['ApprovalProgram', 'REJECT'])
  })

  it('rejects an approval program that fails, with algod\'s error text in the messages and the evaluator\'s in the last trace state', async () => {
    const r = await dryrun({ txns: [appCall()], apps: [app(program('#pragma version 8\npushint 1\nerr'))] })
    const t = r.txns![0]
    const text = `logic eval error: err opcode executed. Details: app=${APP_ID}, pc=3`
    expect(t['app-call-messages']).toEqual(['ApprovalProgram', 'REJECT', text])
    expect(t['app-call-trace']!.at(-1)).toEqual({ error: 'err opcode executed', line: 2, pc: 3, stack: [{ bytes: '', type: 2, uint: 1 }] })
  })

  it('runs the clear state program for a ClearState call', async () => {
    const r = await dryrun({ txns: [appCall(algosdk.OnApplicationComplete.ClearStateOC)], apps: [app(program('#pragma version 8\nerr'))] })
    expect(r.txns![0]['app-call-messages']).toEqual(['ClearStateProgram', 'PASS'])
  })

  it('says so when the uploaded state lacks the called app', async () => {
    const r = await dryrun({ txns: [appCall(algosdk.OnApplicationComplete.NoOpOC, 77n)] })
    expect(r.txns![0]['app-call-messages']).toEqual(['uploaded state did not include app id 77 referenced in txn[0]'])
  })

  it('passes and rejects LogicSigs, with their disassembly and trace', async () => {
    const r = await dryrun({ txns: [lsigPay('#pragma version 8\npushint 1'), lsigPay('#pragma version 8\npushint 0'), lsigPay('#pragma version 8\nerr')] })
    const [pass, zero, fail] = r.txns!
    expect(pass['logic-sig-messages']).toEqual(['PASS'])
    expect(pass['logic-sig-disassembly']).toEqual(['#pragma version 8', 'pushint 1', ''])
    expect(pass.disassembly).toEqual(pass['logic-sig-disassembly'])
    expect(pass['logic-sig-trace']).toHaveLength(2)
    expect(pass['app-call-messages']).toBeUndefined()
    expect(zero['logic-sig-messages']).toEqual(['REJECT'])
    expect(fail['logic-sig-messages']).toEqual(['REJECT', 'rejected by logic err=err opcode executed. Details: pc=1'])
  })

  it('traces the stack and the scratch slots in use, unused slots before the last typed 0', async () => {
    const r = await dryrun({ txns: [lsigPay('#pragma version 8\npushint 7\nstore 2\npushbytes "hi"\nload 2\npop\npop\npushint 1')] })
    const trace = r.txns![0]['logic-sig-trace']!
    expect(trace.map((s) => s.pc)).toEqual([1, 3, 5, 9, 11, 12, 13, 15])
    expect(trace.map((s) => s.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(trace[1]).toEqual({ line: 2, pc: 3, stack: [{ bytes: '', type: 2, uint: 7 }] })
    expect(trace[4]).toEqual({
      line: 5,
      pc: 11,
      scratch: [
        { bytes: '', type: 0, uint: 0 },
        { bytes: '', type: 0, uint: 0 },
        { bytes: '', type: 2, uint: 7 },
      ],
      stack: [
        { bytes: b64('hi'), type: 1, uint: 0 },
        { bytes: '', type: 2, uint: 7 },
      ],
    })
  })

  it('reports global and local deltas and logs of an opt-in, opting the uploaded sender in first', async () => {
    const approval = program(`#pragma version 8
pushbytes "g"
pushint 5
app_global_put
pushbytes "old"
app_global_del
txn Sender
pushbytes "l"
pushbytes "v"
app_local_put
pushbytes "hello"
log
pushint 1`)
    const schema = (n: number, b: number): Map<string, number> => new Map([['num-uint', n], ['num-byte-slice', b]])
    const r = await dryrun({
      txns: [appCall(algosdk.OnApplicationComplete.OptInOC)],
      apps: [app(approval, { 'global-state-schema': schema(1, 1), 'local-state-schema': schema(0, 1), 'global-state': [new Map<string, unknown>([['key', new TextEncoder().encode('old')], ['value', new Map<string, unknown>([['type', 1], ['bytes', new TextEncoder().encode('x')]])]])] })],
      accounts: [new Map<string, unknown>([['address', alice.addr.toString()], ['amount', 1_000_000], ['amount-without-pending-rewards', 1_000_000]])],
    })
    const t = r.txns![0]
    expect(t['app-call-messages']).toEqual(['ApprovalProgram', 'PASS'])
    expect(t['global-delta']).toEqual([
      { key: b64('g'), value: { action: 2, uint: 5 } },
      { key: b64('old'), value: { action: 3 } },
    ])
    expect(t['local-deltas']).toEqual([{ address: alice.addr.toString(), delta: [{ key: b64('l'), value: { action: 1, bytes: b64('v') } }] }])
    expect(t.logs).toEqual([b64('hello')])
  })

  it('counts every inner transaction as added budget, as go does, and consumed as cost plus that', async () => {
    const approval = program('#pragma version 8\nitxn_begin\npushint 1\nitxn_field TypeEnum\ntxn Sender\nitxn_field Receiver\nitxn_submit\npushint 1')
    const appAccount = algosdk.getApplicationAddress(APP_ID).toString()
    const r = await dryrun({
      txns: [appCall()],
      apps: [app(approval)],
      accounts: [new Map<string, unknown>([['address', appAccount], ['amount', 1_000_000], ['amount-without-pending-rewards', 1_000_000]])],
    })
    const t = r.txns![0]
    expect(t['app-call-messages']).toEqual(['ApprovalProgram', 'PASS'])
    expect(t['budget-added']).toBe(700)
    expect(t['budget-consumed']).toBe(7 + 700)
  })

  it('rejects a passing program that costs more than the group\'s app calls would have had', async () => {
    const approval = program(`#pragma version 8\npushbytes ""\n${'sha256\n'.repeat(21)}pop\npushint 1`)
    const r = await dryrun({ txns: [appCall()], apps: [app(approval)] })
    expect(r.txns![0]['app-call-messages']).toEqual(['ApprovalProgram', 'REJECT', 'cost budget exceeded: budget is 700 but program cost was 738'])
    expect(r.txns![0]['budget-consumed']).toBe(738)
  })

  it('pools the budget of the group\'s app calls, so a first call may use more than 700', async () => {
    const approval = program(`#pragma version 8\npushbytes ""\n${'sha256\n'.repeat(21)}pop\npushint 1`)
    const r = await dryrun({ txns: [appCall(), appCall(algosdk.OnApplicationComplete.ClearStateOC)], apps: [app(approval)] })
    expect(r.txns!.map((t) => t['app-call-messages'])).toEqual([
      ['ApprovalProgram', 'PASS'],
      ['ClearStateProgram', 'PASS'],
    ])
    expect(r.txns!.map((t) => t['budget-consumed'])).toEqual([738, 1])
  })

  it('runs at the round after the latest block and its timestamp unless the request names them', async () => {
    const approval = program('#pragma version 8\nglobal Round\nglobal LatestTimestamp\npop\npop\npushint 1')
    const seen = (r: DryrunResponse): number[] => r.txns![0]['app-call-trace']![2].stack.map((v) => v.uint)
    // a block with a real timestamp to read
    const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: funder.address, receiver: alice.addr, amount: 100_000, suggestedParams: params })
    await algod.sendRawTransaction(pay.signTxn(funder.secretKey)).do()
    const last = (await algod.status().do()).lastRound
    expect(last).toBeGreaterThan(0n)
    const block = await algod.block(last).do()
    expect(block.block.header.timestamp).toBeGreaterThan(0n)
    expect(seen(await dryrun({ txns: [appCall()], apps: [app(approval)] }))).toEqual([Number(last) + 1, Number(block.block.header.timestamp)])
    expect(seen(await dryrun({ txns: [appCall()], apps: [app(approval)], round: 77, 'latest-timestamp': 1234 }))).toEqual([77, 1234])
  })

  it('compiles sources into an app without params and into a LogicSig', async () => {
    const r = await dryrun({
      txns: [appCall(), lsigPay('#pragma version 8\npushint 0')],
      apps: [new Map<string, unknown>([['id', APP_ID]])],
      sources: [
        new Map<string, unknown>([['field-name', 'approv'], ['source', '#pragma version 8\npushint 2'], ['txn-index', 0], ['app-index', APP_ID]]),
        new Map<string, unknown>([['field-name', 'lsig'], ['source', '#pragma version 8\npushint 3'], ['txn-index', 1], ['app-index', 0]]),
      ],
    })
    expect(r.error).toBe('')
    expect(r.txns![0]['app-call-messages']).toEqual(['ApprovalProgram', 'PASS'])
    expect(r.txns![0].disassembly).toEqual(['#pragma version 8', 'pushint 2', ''])
    expect(r.txns![1]['logic-sig-messages']).toEqual(['PASS'])
  })

  it.each([
    ['a bad field name', { 'field-name': 'approval', source: '#pragma version 8\npushint 1', 'txn-index': 0 }, 'dryrun Source[0]: bad field name "approval"'],
    ['a txn index out of range', { 'field-name': 'lsig', source: '#pragma version 8\npushint 1', 'txn-index': 5 }, 'dryrun Source[0]: runtime error: index out of range [5] with length 1'],
    ['one assembly error', { 'field-name': 'lsig', source: '#pragma version 8\nfake_opcode', 'txn-index': 0 }, 'dryrun Source[0]: 1 error: 2: unknown opcode: fake_opcode'],
    ['two assembly errors', { 'field-name': 'lsig', source: '#pragma version 8\nfake_opcode\nint not_an_int', 'txn-index': 0 }, 'dryrun Source[0]: 2 errors\n2: unknown opcode: fake_opcode\n3:4: unable to parse "not_an_int" as integer\n'],
  ])('answers go\'s error for a source with %s, and no txns', async (_name, source, text) => {
    const r = await dryrun({ txns: [appCall()], apps: [app(program('#pragma version 8\npushint 1'))], sources: [new Map(Object.entries(source))] })
    expect(r).toEqual({ error: text, 'protocol-version': PROTOCOL, txns: null })
  })

  it('refuses an app without params and no source for it', async () => {
    const r = await dryrun({ txns: [appCall()], apps: [new Map<string, unknown>([['id', 1007]])] })
    expect(r.error).toBe('application 1007 does not have params set')
  })

  it.each([
    ['not base 32', 'not-an-address', 'failed to decode address not-an-address from base 32'],
    ['too short', 'AAAAAAAA', 'decoded bad addr: AAAAAAAA'],
    ['a bad checksum', 'A'.repeat(58), `address ${'A'.repeat(58)} is malformed, checksum verification failed`],
  ])('answers go\'s error for an uploaded account whose address is %s', async (_name, address, text) => {
    const r = await dryrun({ txns: [appCall()], apps: [app(program('#pragma version 8\npushint 1'))], accounts: [new Map([['address', address]])] })
    expect(r).toEqual({ error: text, 'protocol-version': PROTOCOL, txns: null })
  })

  it('takes a JSON request', async () => {
    const txn = algosdk.parseJSON(algosdk.encodeJSON(appCall()), { intDecoding: algosdk.IntDecoding.MIXED }) as unknown
    const body = algosdk.stringifyJSON({
      txns: [txn],
      apps: [{ id: Number(APP_ID), params: { creator: alice.addr.toString(), 'approval-program': algosdk.bytesToBase64(program('#pragma version 8\npushint 1')), 'clear-state-program': '' } }],
    })
    const res = await post(body, 'application/json')
    expect(res.status).toBe(200)
    const r = (await res.json()) as DryrunResponse
    expect(r.txns![0]['app-call-messages']).toEqual(['ApprovalProgram', 'PASS'])
  })

  it('answers 400 with the msgpack decoder\'s text for a body that is neither JSON nor a msgpack map', async () => {
    const res = await post('not a request', 'application/json')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: 'msgpack decode error [pos 1]: only encoded map or array can be decoded into a struct' })
  })

  it('answers 400 with the same text for JSON with a field DryrunRequest does not have, as go\'s strict decoder does', async () => {
    const res = await post(JSON.stringify({ txns: [], extra: 1 }), 'application/json')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: 'msgpack decode error [pos 1]: only encoded map or array can be decoded into a struct' })
  })

  it('escapes <, > and & in the JSON as go\'s encoder does', async () => {
    const stxn = lsigPay('#pragma version 8\npushbytes "<a&b>"\npop\npushint 1')
    const res = await post(algosdk.msgpackRawEncode(new Map([['txns', [algosdk.msgpackRawDecodeAsMap(algosdk.encodeMsgpack(stxn))]]])))
    const text = await res.text()
    expect(text).toContain('pushbytes 0x3c6126623e // \\"\\u003ca\\u0026b\\u003e\\"')
    expect((JSON.parse(text) as DryrunResponse).txns![0]['logic-sig-disassembly']![1]).toBe('pushbytes 0x3c6126623e // "<a&b>"')
  })

  it('answers 400 for a protocol version it does not run', async () => {
    const res = await post(algosdk.msgpackRawEncode(new Map([['protocol-version', 'v1']])))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: 'unsupported protocol version' })
  })
})
