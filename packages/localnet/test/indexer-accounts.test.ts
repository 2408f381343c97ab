// The indexer's account holdings as the real indexer v2 keeps them, through algosdk's Indexer
// client over HTTP: each holding and local state keeps the round of its first opt-in and of its
// last close and a deleted flag (include-all shows closed ones), closed accounts and destroyed
// assets and apps leave the default answers, and `round` rewinds an account as AccountAtRound does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { compile, fundedAccount, params, send, startDropinNet, type DropinNet } from './dropin-helpers.ts'

let d: DropinNet
let indexer: algosdk.Indexer
let alice: algosdk.Account
let bob: algosdk.Account

const enc = (s: string): Uint8Array => new TextEncoder().encode(s)

// approves everything but a plain call, which opts the app into Assets[0] by an inner transfer,
// or with the arg "close" closes that holding to Accounts[1]
const APPROVAL = `#pragma version 10
txn ApplicationID
bz ok
txn OnCompletion
pushint 0
==
bz ok
itxn_begin
pushint 4
itxn_field TypeEnum
txna Assets 0
itxn_field XferAsset
global CurrentApplicationAddress
itxn_field AssetReceiver
pushint 0
itxn_field AssetAmount
txna ApplicationArgs 0
pushbytes "close"
==
bz submit
txna Accounts 1
itxn_field AssetCloseTo
submit:
pushint 0
itxn_field Fee
itxn_submit
ok:
pushint 1
`

async function raw(path: string): Promise<{ status: number; body: { message?: string } }> {
  const res = await fetch(d.net.indexer.url + path)
  return { status: res.status, body: (await res.json()) as { message?: string } }
}

/** Sends one signed transaction and returns its confirmed round (and created ids). */
async function run(txn: algosdk.Transaction, sk: Uint8Array): Promise<{ round: bigint; assetId?: bigint; appId?: bigint }> {
  const res = await send(d.algod, txn.signTxn(sk))
  return { round: res.confirmedRound!, assetId: res.assetIndex, appId: res.applicationIndex }
}

async function axfer(from: algosdk.Account, to: algosdk.Address, assetIndex: bigint, amount: number, closeRemainderTo?: algosdk.Address): Promise<bigint> {
  const txn = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender: from.addr, receiver: to, amount, assetIndex, closeRemainderTo, suggestedParams: await params(d.algod) })
  return (await run(txn, from.sk)).round
}

async function pay(from: algosdk.Account, to: algosdk.Address, amount: number, closeRemainderTo?: algosdk.Address): Promise<bigint> {
  const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: from.addr, receiver: to, amount, closeRemainderTo, suggestedParams: await params(d.algod) })
  return (await run(txn, from.sk)).round
}

async function createAsset(creator: algosdk.Account, name: string): Promise<bigint> {
  const txn = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({ sender: creator.addr, total: 1_000_000n, decimals: 0, defaultFrozen: false, unitName: name, assetName: name, manager: creator.addr, suggestedParams: await params(d.algod) })
  return (await run(txn, creator.sk)).assetId!
}

async function createApp(creator: algosdk.Account): Promise<bigint> {
  const txn = algosdk.makeApplicationCreateTxnFromObject({
    sender: creator.addr,
    approvalProgram: await compile(d.algod, APPROVAL),
    clearProgram: await compile(d.algod, '#pragma version 10\npushint 1'),
    numGlobalInts: 0,
    numGlobalByteSlices: 0,
    numLocalInts: 1,
    numLocalByteSlices: 0,
    onComplete: algosdk.OnApplicationComplete.NoOpOC,
    suggestedParams: await params(d.algod),
  })
  return (await run(txn, creator.sk)).appId!
}

async function appCall(from: algosdk.Account, appIndex: bigint, onComplete: algosdk.OnApplicationComplete, extra: { args?: string[]; assets?: bigint[]; accounts?: algosdk.Address[]; fee?: bigint } = {}): Promise<bigint> {
  const txn = algosdk.makeApplicationCallTxnFromObject({
    sender: from.addr,
    appIndex,
    onComplete,
    appArgs: (extra.args ?? []).map(enc),
    foreignAssets: extra.assets,
    accounts: extra.accounts,
    suggestedParams: await params(d.algod, extra.fee),
  })
  return (await run(txn, from.sk)).round
}

beforeAll(async () => {
  d = await startDropinNet()
  const u = new URL(d.net.indexer.url)
  indexer = new algosdk.Indexer(d.net.indexer.token, `${u.protocol}//${u.hostname}`, u.port)
  alice = await fundedAccount(d.algod, 50_000_000)
  bob = await fundedAccount(d.algod, 50_000_000)
}, 60_000)

afterAll(async () => {
  await d?.stop()
})

describe('an asset holding', () => {
  it('keeps its first opt-in round and its last close round, and include-all shows it closed', async () => {
    const asset = await createAsset(alice, 'HLD')
    const optedIn = await axfer(bob, bob.addr, asset, 0)
    await axfer(alice, bob.addr, asset, 100)
    await axfer(bob, alice.addr, asset, 30)
    const closed = await axfer(bob, alice.addr, asset, 0, alice.addr)

    // closed: gone from the default answers, there with its rounds under include-all
    expect((await indexer.lookupAccountByID(bob.addr).do()).account.assets).toBeUndefined()
    expect((await indexer.lookupAccountAssets(bob.addr).do()).assets).toEqual([])
    const all = (await indexer.lookupAccountAssets(bob.addr).includeAll(true).do()).assets
    expect(all).toHaveLength(1)
    expect(all[0]).toMatchObject({ assetId: asset, amount: 0n, isFrozen: false, deleted: true, optedInAtRound: optedIn, optedOutAtRound: closed })
    const inAccount = (await indexer.lookupAccountByID(bob.addr).includeAll(true).do()).account.assets!
    expect(inAccount.map((h) => [h.assetId, h.deleted, h.optedInAtRound, h.optedOutAtRound])).toEqual([[asset, true, optedIn, closed]])
    const holders = (await indexer.lookupAssetBalances(asset).do()).balances.map((b) => b.address)
    expect(holders).toEqual([alice.addr.toString()])
    const allHolders = (await indexer.lookupAssetBalances(asset).includeAll(true).do()).balances
    expect(allHolders.find((b) => b.address === bob.addr.toString())).toMatchObject({ amount: 0n, deleted: true, optedInAtRound: optedIn, optedOutAtRound: closed })
    expect(allHolders.find((b) => b.address === alice.addr.toString())).toMatchObject({ amount: 1_000_000n, deleted: false, optedOutAtRound: undefined })
    // the account search filters on holding rows, closed ones too, as the indexer's SQL does
    const searched = await indexer.searchAccounts().assetID(asset).currencyLessThan(1).do()
    expect(searched.accounts.map((a) => a.address)).toEqual([bob.addr.toString()])
    expect(searched.accounts[0]!.assets).toBeUndefined()

    // opted in again: the row is live, its first opt-in and last close rounds stay
    await axfer(bob, bob.addr, asset, 0)
    await axfer(alice, bob.addr, asset, 5)
    const again = (await indexer.lookupAccountAssets(bob.addr).do()).assets
    expect(again).toHaveLength(1)
    expect(again[0]).toMatchObject({ assetId: asset, amount: 5n, deleted: false, optedInAtRound: optedIn, optedOutAtRound: closed })
    const balance = (await indexer.lookupAssetBalances(asset).do()).balances.find((b) => b.address === bob.addr.toString())
    // the account table's keytype, and the created asset with default-frozen written
    const bobs = (await raw(`/v2/accounts/${bob.addr}`)).body as unknown as { account: Record<string, unknown> }
    expect(bobs.account['sig-type']).toBe('sig')
    const alices = (await raw(`/v2/accounts/${alice.addr}`)).body as unknown as { account: { 'created-assets': { index: number; params: Record<string, unknown> }[] } }
    expect(alices.account['created-assets'].find((a) => a.index === Number(asset))!.params['default-frozen']).toBe(false)
    expect(balance).toMatchObject({ amount: 5n, deleted: false, optedInAtRound: optedIn, optedOutAtRound: closed })
  })

  it("records an app account's opt-in and close made by inner transactions", async () => {
    const asset = await createAsset(alice, 'INR')
    const app = await createApp(alice)
    const appAddr = algosdk.getApplicationAddress(app)
    await pay(alice, appAddr, 1_000_000)
    const optedIn = await appCall(alice, app, algosdk.OnApplicationComplete.NoOpOC, { args: ['optin'], assets: [asset], fee: 2000n })
    expect(((await raw(`/v2/accounts/${appAddr}`)).body as unknown as { account: Record<string, unknown> }).account['sig-type']).toBeUndefined()
    const live = (await indexer.lookupAccountAssets(appAddr).do()).assets
    expect(live.map((h) => [h.assetId, h.deleted, h.optedInAtRound, h.optedOutAtRound])).toEqual([[asset, false, optedIn, undefined]])
    const closed = await appCall(alice, app, algosdk.OnApplicationComplete.NoOpOC, { args: ['close'], assets: [asset], accounts: [alice.addr], fee: 2000n })
    expect((await indexer.lookupAccountAssets(appAddr).do()).assets).toEqual([])
    const all = (await indexer.lookupAccountAssets(appAddr).includeAll(true).do()).assets
    expect(all.map((h) => [h.assetId, h.deleted, h.optedInAtRound, h.optedOutAtRound])).toEqual([[asset, true, optedIn, closed]])
  })
})

describe('an app local state', () => {
  it('keeps its opt-in and close-out rounds through a close-out and a new opt-in', async () => {
    const app = await createApp(alice)
    const optedIn = await appCall(bob, app, algosdk.OnApplicationComplete.OptInOC)
    const local = (await indexer.lookupAccountAppLocalStates(bob.addr).applicationID(app).do()).appsLocalStates
    expect(local).toHaveLength(1)
    expect(local[0]).toMatchObject({ id: app, deleted: false, optedInAtRound: optedIn, closedOutAtRound: undefined })

    const closedOut = await appCall(bob, app, algosdk.OnApplicationComplete.CloseOutOC)
    expect((await indexer.lookupAccountAppLocalStates(bob.addr).applicationID(app).do()).appsLocalStates).toEqual([])
    const all = (await indexer.lookupAccountAppLocalStates(bob.addr).applicationID(app).includeAll(true).do()).appsLocalStates
    expect(all[0]).toMatchObject({ id: app, deleted: true, optedInAtRound: optedIn, closedOutAtRound: closedOut })
    expect(all[0]!.schema).toMatchObject({ numUint: 0, numByteSlice: 0 })
    const inAccount = (await indexer.lookupAccountByID(bob.addr).includeAll(true).do()).account.appsLocalState!
    expect(inAccount.find((l) => l.id === app)).toMatchObject({ deleted: true, closedOutAtRound: closedOut })
    expect((await indexer.lookupAccountByID(bob.addr).do()).account.appsLocalState?.find((l) => l.id === app)).toBeUndefined()

    await appCall(bob, app, algosdk.OnApplicationComplete.OptInOC)
    const again = (await indexer.lookupAccountAppLocalStates(bob.addr).applicationID(app).do()).appsLocalStates
    expect(again[0]).toMatchObject({ id: app, deleted: false, optedInAtRound: optedIn, closedOutAtRound: closedOut })
  })
})

describe('a closed account', () => {
  it('is not found without include-all, and with it reads deleted with its closed-at-round until funded again', async () => {
    const carol = await fundedAccount(d.algod, 1_000_000)
    const created = (await indexer.lookupAccountByID(carol.addr).do()).account.createdAtRound
    const closed = await pay(carol, alice.addr, 0, alice.addr)
    const missing = await raw(`/v2/accounts/${carol.addr}`)
    expect(missing).toEqual({ status: 404, body: { message: `no accounts found for address: ${carol.addr}` } })
    const all = (await indexer.lookupAccountByID(carol.addr).includeAll(true).do()).account
    expect(all).toMatchObject({ amount: 0n, deleted: true, closedAtRound: closed, createdAtRound: created })
    const search = await indexer.searchAccounts().limit(1000).do()
    expect(search.accounts.map((a) => a.address)).not.toContain(carol.addr.toString())
    const searchAll = await indexer.searchAccounts().includeAll(true).limit(1000).do()
    expect(searchAll.accounts.find((a) => a.address === carol.addr.toString())?.deleted).toBe(true)

    await pay(alice, carol.addr, 500_000)
    const back = (await indexer.lookupAccountByID(carol.addr).do()).account
    expect(back).toMatchObject({ amount: 500_000n, deleted: false, closedAtRound: closed, createdAtRound: created })
  })
})

describe('the account table', () => {
  it("lists an address once a round wrote it: not an app's before it is funded, and one paid nothing as closed", async () => {
    const app = await createApp(alice)
    const appAddr = algosdk.getApplicationAddress(app)
    expect((await raw(`/v2/accounts/${appAddr}`)).status).toBe(404)
    const funded = await pay(alice, appAddr, 200_000)
    expect((await indexer.lookupAccountByID(appAddr).do()).account).toMatchObject({ createdAtRound: funded, deleted: false, amount: 200_000n })

    const nobody = algosdk.generateAccount().addr
    const touched = await pay(alice, nobody, 0)
    expect((await raw(`/v2/accounts/${nobody}`)).status).toBe(404)
    expect((await indexer.lookupAccountByID(nobody).includeAll(true).do()).account).toMatchObject({ createdAtRound: touched, closedAtRound: touched, deleted: true, amount: 0n })
  })
})

describe('a destroyed asset and a deleted app', () => {
  it('answer 404 without include-all and deleted with their rounds with it', async () => {
    const asset = await createAsset(alice, 'GONE')
    const zero = algosdk.ALGORAND_ZERO_ADDRESS_STRING
    // the asset table's params: default-frozen and every role written, unset roles as the zero address
    const live = (await raw(`/v2/assets/${asset}`)).body as unknown as { asset: Record<string, unknown> }
    expect(live.asset).toEqual({
      'created-at-round': expect.any(Number),
      deleted: false,
      index: Number(asset),
      params: { clawback: zero, creator: alice.addr.toString(), decimals: 0, 'default-frozen': false, freeze: zero, manager: alice.addr.toString(), name: 'GONE', 'name-b64': btoa('GONE'), reserve: zero, total: 1_000_000, 'unit-name': 'GONE', 'unit-name-b64': btoa('GONE') },
    })
    const destroy = algosdk.makeAssetDestroyTxnWithSuggestedParamsFromObject({ sender: alice.addr, assetIndex: asset, suggestedParams: await params(d.algod) })
    const destroyed = (await run(destroy, alice.sk)).round
    expect(await raw(`/v2/assets/${asset}`)).toEqual({ status: 404, body: { message: `no assets found for asset-id: ${asset}` } })
    expect((await indexer.lookupAssetByID(asset).includeAll(true).do()).asset).toMatchObject({ index: asset, deleted: true, destroyedAtRound: destroyed })
    const destroyedAsset = (await raw(`/v2/assets/${asset}?include-all=true`)).body as unknown as { asset: Record<string, unknown> }
    expect(destroyedAsset.asset.params).toEqual({ clawback: zero, creator: alice.addr.toString(), decimals: 0, 'default-frozen': false, freeze: zero, manager: zero, reserve: zero, total: 0 })
    expect((await indexer.lookupAccountCreatedAssets(alice.addr).do()).assets.map((a) => a.index)).not.toContain(asset)
    const created = (await indexer.lookupAccountCreatedAssets(alice.addr).includeAll(true).do()).assets.find((a) => a.index === asset)
    expect(created).toMatchObject({ deleted: true, destroyedAtRound: destroyed })
    // destroying removed the creator's holding
    const holding = (await indexer.lookupAccountAssets(alice.addr).assetId(asset).includeAll(true).do()).assets
    expect(holding.map((h) => [h.deleted, h.optedOutAtRound])).toEqual([[true, destroyed]])
    const account = (await indexer.lookupAccountByID(alice.addr).includeAll(true).do()).account
    expect(account.createdAssets!.find((a) => a.index === asset)).toMatchObject({ deleted: true, destroyedAtRound: destroyed, params: { total: 0n, creator: alice.addr.toString() } })
    expect((await indexer.lookupAccountByID(alice.addr).do()).account.createdAssets!.map((a) => a.index)).not.toContain(asset)

    const app = await createApp(alice)
    const deleted = await appCall(alice, app, algosdk.OnApplicationComplete.DeleteApplicationOC)
    expect(await raw(`/v2/applications/${app}`)).toEqual({ status: 404, body: { message: `no application found for application-id: ${app}` } })
    expect((await indexer.lookupApplications(app).includeAll(true).do()).application).toMatchObject({ id: app, deleted: true, deletedAtRound: deleted })
    const gone = (await raw(`/v2/applications/${app}?include-all=true`)).body as unknown as { application: Record<string, unknown> }
    const noSchema = { 'num-byte-slice': 0, 'num-uint': 0 }
    expect(gone.application.params).toEqual({ creator: alice.addr.toString(), 'global-state-schema': noSchema, 'local-state-schema': noSchema })
    expect((await indexer.lookupAccountCreatedApplications(alice.addr).do()).applications.map((a) => a.id)).not.toContain(app)
    const apps = (await indexer.lookupAccountByID(alice.addr).includeAll(true).do()).account.createdApps!
    expect(apps.find((a) => a.id === app)).toMatchObject({ deleted: true, deletedAtRound: deleted })
  })
})

describe('an account at a round', () => {
  it('is what the account held then, walked back through fees, payments, transfers and closes', async () => {
    const asset = await createAsset(alice, 'RWD')
    await axfer(bob, bob.addr, asset, 0)
    const dave = await fundedAccount(d.algod, 5_000_000)
    const seen: { round: bigint; amount: bigint; assets: Record<string, bigint> }[] = []
    const record = async (round: bigint) => {
      const info = await d.algod.accountInformation(dave.addr).do()
      seen.push({ round, amount: info.amount, assets: Object.fromEntries((info.assets ?? []).map((h) => [h.assetId.toString(), h.amount])) })
    }
    await record((await indexer.lookupAccountByID(dave.addr).do()).account.createdAtRound!)
    await record(await axfer(dave, dave.addr, asset, 0))
    await record(await axfer(alice, dave.addr, asset, 400))
    await record(await pay(dave, bob.addr, 1_000))
    await record(await axfer(dave, bob.addr, asset, 150))
    await record(await axfer(dave, alice.addr, asset, 0, alice.addr))
    await record(await pay(bob, dave.addr, 7_777))

    for (const then of seen) {
      const account = (await indexer.lookupAccountByID(dave.addr).round(then.round).do()).account
      expect(account.round).toBe(then.round)
      expect(account.amount).toBe(then.amount)
      expect(account.amountWithoutPendingRewards).toBe(then.amount)
      // a holding opted into later comes back with 0, as the indexer answers it
      const held = Object.fromEntries((account.assets ?? []).filter((h) => h.amount > 0n).map((h) => [h.assetId.toString(), h.amount]))
      expect(held).toEqual(Object.fromEntries(Object.entries(then.assets).filter(([, v]) => v > 0n)))
    }
    // the asset closed out since comes back with the amount and fields the walk knows
    const before = (await indexer.lookupAccountByID(dave.addr).round(seen[3]!.round).do()).account
    expect(before.assets).toEqual([new algosdk.indexerModels.AssetHolding({ amount: 400n, assetId: asset, isFrozen: false })])
    expect(Number(before.minBalance)).toBe(0)
    expect(Number(before.pendingRewards)).toBe(0)
  })

  it('is refused with the indexer texts past an app call, past an inner transaction, after the current round and for the fee sink (400 where the indexer answers 500)', async () => {
    const erin = await fundedAccount(d.algod, 5_000_000)
    const funded = (await indexer.lookupAccountByID(erin.addr).do()).account.createdAtRound!
    const app = await createApp(alice)
    const optIn = await appCall(erin, app, algosdk.OnApplicationComplete.OptInOC)
    const atFunding = await raw(`/v2/accounts/${erin.addr}?round=${funded}`)
    expect(atFunding.status).toBe(400)
    // the intra offset is the call's place in its round (0: each submit here makes a block)
    expect(atFunding.body.message).toBe(`failed while searching for account: error while rewinding account: ${erin.addr}[${optIn},0]: rewinding past txn type appl is not currently supported`)
    // the app account took part in an inner transfer: the walk stops there
    const asset = await createAsset(alice, 'INN')
    const innerApp = await createApp(alice)
    const appAddr = algosdk.getApplicationAddress(innerApp)
    const fundedApp = await pay(alice, appAddr, 1_000_000)
    await appCall(alice, innerApp, algosdk.OnApplicationComplete.NoOpOC, { args: ['optin'], assets: [asset], fee: 2000n })
    const inner = await raw(`/v2/accounts/${appAddr}?round=${fundedApp}`)
    expect(inner).toEqual({ status: 400, body: { message: 'failed while searching for account: error while rewinding account: rewinding past inner transactions is not supported' } })

    const current = (await indexer.makeHealthCheck().do()).round
    const ahead = await raw(`/v2/accounts/${erin.addr}?round=${current + 10n}`)
    expect(ahead).toEqual({ status: 400, body: { message: `failed while searching for account: error while rewinding account: the requested round ${current + 10n} > the current round ${current}` } })
    const block = await indexer.lookupBlock(1).do()
    const feeSink = await raw(`/v2/accounts/${block.rewards!.feeSink}?round=1`)
    expect(feeSink).toEqual({ status: 400, body: { message: 'failed while searching for account: error while rewinding account: unable to rewind the FeeSink' } })
  })
})
