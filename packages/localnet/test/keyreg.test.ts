// keyreg over algod's HTTP API, as go's apply.Keyreg applies it: going online registers the
// keys and voting window (and, paying the 2 ALGO go-online fee, incentive eligibility), going
// offline clears them, nonparticipation is for good. /v2/accounts, /genesis, /v2/ledger/supply
// and /v2/deltas report the status as algod does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { FEE_SINK, REWARDS_POOL, genesisAccounts, genesisParticipation } from '@grove/ledger'
import { fundedAccount, params, postRaw, send, startDropinNet, type DropinNet } from './dropin-helpers.ts'

let d: DropinNet
const REMEMBER = 'TransactionPool.Remember: '
const GO_ONLINE_FEE = 2_000_000n

beforeAll(async () => {
  d = await startDropinNet()
})

afterAll(async () => {
  await d.stop()
})

/** Distinct non-zero key bytes. */
function key(size: number, fill: number): Uint8Array {
  return new Uint8Array(size).fill(fill)
}

const KEYS = { voteKey: key(32, 1), selectionKey: key(32, 2), stateProofKey: key(64, 3) }

async function lastRound(): Promise<bigint> {
  return (await d.algod.status().do()).lastRound
}

/** An online keyreg voting from the next round for 1000 rounds. */
async function online(acct: algosdk.Account, fee = 1000n, window: { voteFirst?: bigint; voteLast?: bigint } = {}): Promise<algosdk.Transaction> {
  const next = (await lastRound()) + 1n
  return algosdk.makeKeyRegistrationTxnWithSuggestedParamsFromObject({
    sender: acct.addr,
    ...KEYS,
    voteFirst: window.voteFirst ?? next,
    voteLast: window.voteLast ?? next + 1000n,
    voteKeyDilution: 100n,
    suggestedParams: await params(d.algod, fee),
  })
}

async function offline(acct: algosdk.Account, nonParticipation = false): Promise<algosdk.Transaction> {
  return algosdk.makeKeyRegistrationTxnWithSuggestedParamsFromObject({ sender: acct.addr, nonParticipation, suggestedParams: await params(d.algod) })
}

/** GET /v2/accounts/{addr} as raw JSON (algod's field names). */
async function accountJSON(address: string | algosdk.Address): Promise<Record<string, unknown>> {
  const res = await fetch(`${d.net.algod.url}/v2/accounts/${String(address)}`, { headers: { 'X-Algo-API-Token': d.net.algod.token } })
  expect(res.status).toBe(200)
  return (await res.json()) as Record<string, unknown>
}

async function supply(): Promise<{ 'online-money': number; 'total-money': number; 'online-stake': number }> {
  const res = await fetch(`${d.net.algod.url}/v2/ledger/supply`, { headers: { 'X-Algo-API-Token': d.net.algod.token } })
  return (await res.json()) as { 'online-money': number; 'total-money': number; 'online-stake': number }
}

const b64 = (b: Uint8Array): string => Buffer.from(b).toString('base64')

describe('genesis participation', () => {
  it('reports the fee sink and rewards pool as not participating, the wallets online with keys as AlgoKit LocalNet\'s template makes them', async () => {
    expect((await accountJSON(FEE_SINK)).status).toBe('Not Participating')
    expect((await accountJSON(REWARDS_POOL)).status).toBe('Not Participating')
    for (const a of genesisAccounts()) {
      const funded = await accountJSON(a.address)
      expect(funded.status).toBe('Online')
      const p = genesisParticipation(a.address)!
      expect(funded.participation).toEqual({
        'selection-participation-key': b64(p.selectionId),
        'state-proof-key': b64(p.stateProofId),
        'vote-first-valid': 0,
        'vote-key-dilution': 10000,
        'vote-last-valid': 30000,
        'vote-participation-key': b64(p.voteId),
      })
    }
  })

  it('serves the same statuses and keys in /genesis (onl 2 for the sinks, 1 for the wallets), with stakes 40/40/20', async () => {
    const res = await fetch(`${d.net.algod.url}/genesis`)
    const genesis = (await res.json()) as { alloc: { addr: string; comment: string; state: { algo: number; onl?: number; vote?: string; voteLst?: number; voteKD?: number } }[] }
    const byAddr = new Map(genesis.alloc.map((a) => [a.addr, a]))
    expect(byAddr.get(FEE_SINK)?.state.onl).toBe(2)
    expect(byAddr.get(REWARDS_POOL)?.state.onl).toBe(2)
    expect(genesisAccounts().map((a) => byAddr.get(a.address)!.comment)).toEqual(['Wallet1', 'Wallet2', 'Wallet3'])
    expect(genesisAccounts().map((a) => byAddr.get(a.address)!.state.algo)).toEqual([4e15, 4e15, 2e15])
    for (const a of genesisAccounts()) {
      expect(byAddr.get(a.address)?.state).toMatchObject({ onl: 1, vote: b64(genesisParticipation(a.address)!.voteId), voteKD: 10000, voteLst: 30000 })
    }
  })

  it('counts the funded genesis money as participating and the wallets\' money as online', async () => {
    const s = await supply()
    const sinks = (await d.algod.accountInformation(FEE_SINK).do()).amount + (await d.algod.accountInformation(REWARDS_POOL).do()).amount
    const total = genesisAccounts().reduce((n, a) => n + a.balance, 0n)
    expect(total).toBe(10_000_000_000_000_000n)
    expect(BigInt(s['total-money'])).toBe(total + 225_000n - sinks)
    let wallets = 0n
    for (const a of genesisAccounts()) wallets += (await d.algod.accountInformation(a.address).do()).amount
    expect(BigInt(s['online-money'])).toBe(wallets)
  })
})

describe('going online', () => {
  it('registers the keys and voting window and reports them as algod does', async () => {
    const acct = await fundedAccount(d.algod)
    const txn = await online(acct)
    const confirmed = await send(d.algod, txn.signTxn(acct.sk))
    const json = await accountJSON(acct.addr)
    expect(json.status).toBe('Online')
    expect(json.participation).toEqual({
      'selection-participation-key': b64(KEYS.selectionKey),
      'state-proof-key': b64(KEYS.stateProofKey),
      'vote-first-valid': Number(txn.keyreg!.voteFirst),
      'vote-key-dilution': 100,
      'vote-last-valid': Number(txn.keyreg!.voteLast),
      'vote-participation-key': b64(KEYS.voteKey),
    })
    // payouts are on: going online schedules the first heartbeat a balance lookback ahead
    expect(json['last-heartbeat']).toBe(Number(confirmed.confirmedRound!) + 320)
    // a 1000 µAlgo fee does not pay the go-online fee
    expect(json['incentive-eligible']).toBeUndefined()
  })

  it('makes an account paying the 2 ALGO go-online fee incentive eligible', async () => {
    const acct = await fundedAccount(d.algod)
    await send(d.algod, (await online(acct, GO_ONLINE_FEE)).signTxn(acct.sk))
    const info = await d.algod.accountInformation(acct.addr).do()
    expect(info.status).toBe('Online')
    expect(info.incentiveEligible).toBe(true)
    expect(info.participation?.voteParticipationKey).toEqual(KEYS.voteKey)
  })

  it('moves the account\'s money into the online supply', async () => {
    // funded first: the funder is an online genesis wallet, so funding itself moves online money
    const acct = await fundedAccount(d.algod)
    const before = BigInt((await supply())['online-money'])
    await send(d.algod, (await online(acct)).signTxn(acct.sk))
    const bal = (await d.algod.accountInformation(acct.addr).do()).amount
    expect(BigInt((await supply())['online-money'])).toBe(before + bal)
  })

  it('records the status and keys in the round\'s state delta', async () => {
    const acct = await fundedAccount(d.algod)
    const confirmed = await send(d.algod, (await online(acct)).signTxn(acct.sk))
    const res = await fetch(`${d.net.algod.url}/v2/deltas/${confirmed.confirmedRound}?format=msgpack`, { headers: { 'X-Algo-API-Token': d.net.algod.token } })
    const delta = algosdk.msgpackRawDecodeAsMap(new Uint8Array(await res.arrayBuffer())) as Map<string, unknown>
    const accts = (delta.get('Accts') as Map<string, unknown>).get('Accts') as Map<string, unknown>[]
    const mine = accts.find((a) => algosdk.encodeAddress(a.get('Addr') as Uint8Array) === acct.addr.toString())!
    expect(mine.get('Status')).toBe(1n)
    expect(mine.get('VoteID')).toEqual(KEYS.voteKey)
    expect(mine.get('StateProofID')).toEqual(KEYS.stateProofKey)
    expect(mine.get('VoteKeyDilution')).toBe(100n)
    const totals = delta.get('Totals') as Map<string, Map<string, unknown>>
    expect(totals.get('online')?.get('mon')).toBe(BigInt((await supply())['online-money']))
  })

  it('rejects a voting window that ended with go\'s text', async () => {
    const acct = await fundedAccount(d.algod)
    const now = await lastRound()
    const txn = await online(acct, 1000n, { voteFirst: 1n, voteLast: now + 1n })
    const res = await postRaw(d.net, txn.signTxn(acct.sk))
    expect(res).toEqual({ status: 400, body: { message: `${REMEMBER}transaction ${txn.txID()}: transaction tries to mark an account as online with last voting round in the past` } })
  })

  it('rejects a voting window that starts after the next round with go\'s text', async () => {
    const acct = await fundedAccount(d.algod)
    const now = await lastRound()
    const txn = await online(acct, 1000n, { voteFirst: now + 3n, voteLast: now + 100n })
    const res = await postRaw(d.net, txn.signTxn(acct.sk))
    expect(res).toEqual({ status: 400, body: { message: `${REMEMBER}transaction ${txn.txID()}: transaction tries to mark an account as online with first voting round beyond the next voting round` } })
  })
})

describe('going offline', () => {
  it('clears the keys and window but keeps incentive eligibility', async () => {
    const acct = await fundedAccount(d.algod)
    await send(d.algod, (await online(acct, GO_ONLINE_FEE)).signTxn(acct.sk))
    const onlineMoney = BigInt((await supply())['online-money'])
    const bal = (await d.algod.accountInformation(acct.addr).do()).amount
    await send(d.algod, (await offline(acct)).signTxn(acct.sk))
    const json = await accountJSON(acct.addr)
    expect(json.status).toBe('Offline')
    expect(json.participation).toBeUndefined()
    expect(json['incentive-eligible']).toBe(true)
    expect(BigInt((await supply())['online-money'])).toBe(onlineMoney - bal)
  })

  it('closing an online account wipes its participation', async () => {
    const acct = await fundedAccount(d.algod)
    await send(d.algod, (await online(acct, GO_ONLINE_FEE)).signTxn(acct.sk))
    const close = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: acct.addr, receiver: acct.addr, amount: 0, closeRemainderTo: genesisAccounts()[0].address, suggestedParams: await params(d.algod) })
    await send(d.algod, close.signTxn(acct.sk))
    const json = await accountJSON(acct.addr)
    expect(json.status).toBe('Offline')
    expect(json.amount).toBe(0)
    expect(json.participation).toBeUndefined()
    expect(json['incentive-eligible']).toBeUndefined()
    expect(json['last-heartbeat']).toBeUndefined()
  })
})

describe('expired participation', () => {
  it('takes an account offline in the first block that touches it after its voting window, listing it in the header', async () => {
    const acct = await fundedAccount(d.algod)
    const next = (await lastRound()) + 1n
    await send(d.algod, (await online(acct, GO_ONLINE_FEE, { voteFirst: next, voteLast: next + 1n })).signTxn(acct.sk))
    // the window's last round passes; the account is still online until a block touches it
    const f = genesisAccounts()[0]
    const tick = async (receiver: string | algosdk.Address, amount: number): Promise<bigint> => {
      const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: f.address, receiver, amount, note: new TextEncoder().encode(`tick ${Math.random()}`), suggestedParams: await params(d.algod) })
      return (await send(d.algod, pay.signTxn(f.secretKey))).confirmedRound!
    }
    await tick(f.address, 0)
    expect((await accountJSON(acct.addr)).status).toBe('Online')
    const round = await tick(acct.addr, 1)
    const json = await accountJSON(acct.addr)
    expect(json.status).toBe('Offline')
    expect(json.participation).toBeUndefined()
    // go's ClearOnlineState keeps incentive eligibility
    expect(json['incentive-eligible']).toBe(true)
    const block = await d.algod.block(round).do()
    expect(block.block.header.participationUpdates.expiredParticipationAccounts.map(String)).toEqual([acct.addr.toString()])
  })
})

describe('agreement lookback', () => {
  /** What a program sees of `acct` (voter_params_get) and of online stake, in a committed app call. */
  async function voterView(appId: bigint, acct: algosdk.Address): Promise<{ balance: bigint; eligible: bigint; exists: bigint; onlineStake: bigint }> {
    const f = genesisAccounts()[0]
    const call = algosdk.makeApplicationNoOpTxnFromObject({ sender: f.address, appIndex: appId, accounts: [acct], note: new TextEncoder().encode(`view ${Math.random()}`), suggestedParams: await params(d.algod) })
    const logs = (await send(d.algod, call.signTxn(f.secretKey))).logs!.map((l) => algosdk.bytesToBigInt(l))
    return { balance: logs[0], exists: logs[1], eligible: logs[2], onlineStake: logs[3] }
  }

  it('shows programs an account\'s online stake only 320 rounds after it went online, as agreement weighs it', async () => {
    const f = genesisAccounts()[0]
    const compile = async (src: string): Promise<Uint8Array> => new Uint8Array(Buffer.from((await d.algod.compile(src).do()).result, 'base64'))
    const source = [
      '#pragma version 11',
      'txn ApplicationID', 'bz done',
      'txna Accounts 1', 'voter_params_get VoterBalance', 'swap', 'itob', 'log', 'itob', 'log',
      'txna Accounts 1', 'voter_params_get VoterIncentiveEligible', 'pop', 'itob', 'log',
      'online_stake', 'itob', 'log', 'done:', 'pushint 1',
    ].join('\n')
    const create = algosdk.makeApplicationCreateTxnFromObject({
      sender: f.address, approvalProgram: await compile(source), clearProgram: await compile('#pragma version 11\npushint 1'),
      numGlobalInts: 0, numGlobalByteSlices: 0, numLocalInts: 0, numLocalByteSlices: 0, onComplete: algosdk.OnApplicationComplete.NoOpOC, suggestedParams: await params(d.algod),
    })
    const appId = (await send(d.algod, create.signTxn(f.secretKey))).applicationIndex!
    const acct = await fundedAccount(d.algod)
    await send(d.algod, (await online(acct, GO_ONLINE_FEE)).signTxn(acct.sk))
    const stake = (await d.algod.accountInformation(acct.addr).do()).amount
    // every account in this file went online well under 320 rounds after genesis: agreement still weighs genesis (the wallets' 10 billion Algos)
    expect(await voterView(appId, acct.addr)).toEqual({ balance: 0n, exists: 0n, eligible: 0n, onlineStake: 10_000_000_000_000_000n })
    expect(BigInt((await supply())['online-stake'])).toBe(10_000_000_000_000_000n)
    for (let i = 0; i < 320; i++) {
      const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: f.address, receiver: f.address, amount: 0, note: new TextEncoder().encode(`lookback ${i}`), suggestedParams: await params(d.algod) })
      await d.algod.sendRawTransaction(pay.signTxn(f.secretKey)).do()
    }
    const view = await voterView(appId, acct.addr)
    expect(view).toMatchObject({ balance: stake, exists: 1n, eligible: 1n })
    expect(view.onlineStake).toBeGreaterThanOrEqual(stake)
    expect(BigInt((await supply())['online-stake'])).toBeGreaterThanOrEqual(stake)
  })
})

describe('nonparticipation', () => {
  it('marks the account not participating', async () => {
    const acct = await fundedAccount(d.algod)
    await send(d.algod, (await offline(acct, true)).signTxn(acct.sk))
    expect((await accountJSON(acct.addr)).status).toBe('Not Participating')
  })

  it('cannot be undone: going online or offline afterwards is refused with go\'s text', async () => {
    const acct = await fundedAccount(d.algod)
    await send(d.algod, (await offline(acct, true)).signTxn(acct.sk))
    for (const txn of [await online(acct), await offline(acct)]) {
      const res = await postRaw(d.net, txn.signTxn(acct.sk))
      expect(res).toEqual({
        status: 400,
        body: { message: `${REMEMBER}transaction ${txn.txID()}: cannot change online/offline status of non-participating account ${acct.addr.toString()}` },
      })
    }
    expect((await accountJSON(acct.addr)).status).toBe('Not Participating')
  })

  it('takes the account\'s money out of the participating supply', async () => {
    const acct = await fundedAccount(d.algod)
    await send(d.algod, (await offline(acct, true)).signTxn(acct.sk))
    const total = BigInt((await supply())['total-money'])
    // a payment to it now moves money out of the participating total (fees go to the fee sink, also outside it)
    const f = genesisAccounts()[0]
    const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: f.address, receiver: acct.addr, amount: 5_000_000, suggestedParams: await params(d.algod) })
    await send(d.algod, pay.signTxn(f.secretKey))
    expect(BigInt((await supply())['total-money'])).toBe(total - 5_000_000n - 1000n)
  })
})
