// Every kind of transaction a dApp uses, through algosdk over HTTP against the embedded localnet,
// checked by what algod reports afterwards (accounts, apps, boxes, pending info, blocks).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { balance, compile, fundedAccount, funder, params, postRaw, send, startDropinNet, type DropinNet } from './dropin-helpers.ts'

let d: DropinNet
const REMEMBER = 'TransactionPool.Remember: '

beforeAll(async () => {
  d = await startDropinNet()
})

afterAll(async () => {
  await d.stop()
})

function pay(sender: algosdk.Address, receiver: algosdk.Address, amount: number | bigint, sp: algosdk.SuggestedParams, extra: { closeRemainderTo?: algosdk.Address; rekeyTo?: algosdk.Address; note?: Uint8Array } = {}): algosdk.Transaction {
  return algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender, receiver, amount, suggestedParams: sp, ...extra })
}

/** Creates an app from TEAL sources and returns its id. */
async function createApp(
  creator: algosdk.Account | { addr: algosdk.Address; sk: Uint8Array },
  approval: string,
  opts: { clear?: string; globalInts?: number; globalBytes?: number; localInts?: number; localBytes?: number; extraPages?: number; fee?: bigint } = {},
): Promise<bigint> {
  const txn = algosdk.makeApplicationCreateTxnFromObject({
    sender: creator.addr,
    approvalProgram: await compile(d.algod, approval),
    clearProgram: await compile(d.algod, opts.clear ?? '#pragma version 10\npushint 1'),
    numGlobalInts: opts.globalInts ?? 0,
    numGlobalByteSlices: opts.globalBytes ?? 0,
    numLocalInts: opts.localInts ?? 0,
    numLocalByteSlices: opts.localBytes ?? 0,
    extraPages: opts.extraPages,
    onComplete: algosdk.OnApplicationComplete.NoOpOC,
    suggestedParams: await params(d.algod, opts.fee ?? 1000n),
  })
  return (await send(d.algod, txn.signTxn(creator.sk))).applicationIndex!
}

describe('logicsigs', () => {
  it('pays from an escrow account whose program approves', async () => {
    const lsig = new algosdk.LogicSigAccount(await compile(d.algod, '#pragma version 10\ntxn Amount\npushint 5000\n<='))
    const f = funder()
    const sp = await params(d.algod)
    await send(d.algod, pay(f.addr, lsig.address(), 1_000_000, sp).signTxn(f.sk))
    const to = algosdk.generateAccount().addr
    await send(d.algod, algosdk.signLogicSigTransactionObject(pay(lsig.address(), to, 0, sp, { note: new Uint8Array([1]) }), lsig).blob)
    expect(await balance(d.algod, lsig.address())).toBe(999_000n)
    const tooMuch = pay(lsig.address(), f.addr, 5001, sp)
    const res = await postRaw(d.net, algosdk.signLogicSigTransactionObject(tooMuch, lsig).blob)
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(new RegExp(`transaction ${tooMuch.txID()}: rejected by logic$`))
  })

  it('lets an account delegate spending to a program it signed', async () => {
    const owner = await fundedAccount(d.algod, 1_000_000)
    const lsig = new algosdk.LogicSigAccount(await compile(d.algod, '#pragma version 10\ntxn Fee\npushint 1000\n=='))
    lsig.sign(owner.sk)
    const txn = pay(owner.addr, funder().addr, 100_000, await params(d.algod))
    const confirmed = await send(d.algod, algosdk.signLogicSigTransactionObject(txn, lsig).blob)
    expect(confirmed.confirmedRound).toBeGreaterThan(0n)
    expect(await balance(d.algod, owner.addr)).toBe(899_000n)
  })

  it('refuses a delegation signed by another key', async () => {
    const owner = await fundedAccount(d.algod, 1_000_000)
    const lsig = new algosdk.LogicSigAccount(await compile(d.algod, '#pragma version 10\npushint 1'))
    lsig.sign(algosdk.generateAccount().sk)
    const txn = pay(owner.addr, owner.addr, 0, await params(d.algod))
    // algosdk names the signer of the delegation as the authorizer; the evaluator sees it is not the owner's
    const res = await postRaw(d.net, algosdk.signLogicSigTransactionObject(txn, lsig).blob)
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/should have been authorized by|didn't pass verification/)
  })

  it('refuses a program over 1000 bytes', async () => {
    const big = new Uint8Array(1001).fill(0x80)
    big[0] = 10
    const lsig = new algosdk.LogicSigAccount(big)
    const txn = pay(lsig.address(), lsig.address(), 0, await params(d.algod))
    const res = await postRaw(d.net, algosdk.signLogicSigTransactionObject(txn, lsig).blob)
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/ invalid : LogicSig\.Logic too long\. max size is 1000 bytes$/)
  })

  it('stops a program that exceeds the 20,000 logicsig budget', async () => {
    const loop = '#pragma version 10\npushint 0\nloop:\npushint 1\n+\ndup\npushint 10000\n<\nbnz loop\npop\npushint 1'
    const lsig = new algosdk.LogicSigAccount(await compile(d.algod, loop))
    const txn = pay(lsig.address(), lsig.address(), 0, await params(d.algod))
    const res = await postRaw(d.net, algosdk.signLogicSigTransactionObject(txn, lsig).blob)
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/dynamic cost budget exceeded/)
  })
})

describe('multisig', () => {
  it('accepts a 2-of-3 payment merged from two signers', async () => {
    const keys = [algosdk.generateAccount(), algosdk.generateAccount(), algosdk.generateAccount()]
    const mparams = { version: 1, threshold: 2, addrs: keys.map((k) => k.addr) }
    const msig = algosdk.multisigAddress(mparams)
    const f = funder()
    const sp = await params(d.algod)
    await send(d.algod, pay(f.addr, msig, 1_000_000, sp).signTxn(f.sk))
    const txn = pay(msig, f.addr, 250_000, sp)
    const first = algosdk.signMultisigTransaction(txn, mparams, keys[0]!.sk).blob
    const both = algosdk.appendSignMultisigTransaction(first, mparams, keys[2]!.sk).blob
    await send(d.algod, both)
    expect(await balance(d.algod, msig)).toBe(749_000n)
  })
})

describe('rekeying', () => {
  it('rekeys an account, spends with the new key, and rekeys back', async () => {
    const acct = await fundedAccount(d.algod, 1_000_000)
    const auth = algosdk.generateAccount()
    const sp = await params(d.algod)
    await send(d.algod, pay(acct.addr, acct.addr, 0, sp, { rekeyTo: auth.addr }).signTxn(acct.sk))
    expect((await d.algod.accountInformation(acct.addr).do()).authAddr?.toString()).toBe(auth.addr.toString())

    // the new key signs for the account (algosdk sets sgnr)
    await send(d.algod, pay(acct.addr, funder().addr, 1000, sp, { note: new Uint8Array([1]) }).signTxn(auth.sk))
    expect(await balance(d.algod, acct.addr)).toBe(1_000_000n - 1000n - 1000n - 1000n)

    // rekeying to itself clears the auth address
    await send(d.algod, pay(acct.addr, acct.addr, 0, sp, { rekeyTo: acct.addr, note: new Uint8Array([2]) }).signTxn(auth.sk))
    expect((await d.algod.accountInformation(acct.addr).do()).authAddr).toBeUndefined()
    await send(d.algod, pay(acct.addr, acct.addr, 0, sp, { note: new Uint8Array([3]) }).signTxn(acct.sk))
  })

  it('rekeys before the effects: an app call rekeying its sender to the app may spend from it', async () => {
    // pays 1000 µAlgo from the caller (now controlled by the app) back to the caller's... funder
    const approval = `#pragma version 10\ntxn ApplicationID\nbz ok\nitxn_begin\npushint 1\nitxn_field TypeEnum\ntxn Sender\nitxn_field Sender\ntxna Accounts 1\nitxn_field Receiver\npushint 1000\nitxn_field Amount\npushint 0\nitxn_field Fee\nitxn_submit\nok:\npushint 1`
    const creator = await fundedAccount(d.algod, 1_000_000)
    const appId = await createApp(creator, approval)
    const user = await fundedAccount(d.algod, 1_000_000)
    const sp = await params(d.algod)
    const appAddr = algosdk.getApplicationAddress(appId)
    const call = algosdk.makeApplicationNoOpTxnFromObject({ sender: user.addr, appIndex: appId, accounts: [funder().addr], rekeyTo: appAddr, suggestedParams: { ...sp, fee: 2000n } })
    const res = await send(d.algod, call.signTxn(user.sk))
    expect(res.innerTxns?.[0]?.txn.txn.sender.toString()).toBe(user.addr.toString())
    expect(await balance(d.algod, user.addr)).toBe(1_000_000n - 2000n - 1000n)
    expect((await d.algod.accountInformation(user.addr).do()).authAddr?.toString()).toBe(appAddr.toString())
  })

  it('closes an account that rekeys in the same transaction, leaving no auth address behind', async () => {
    const acct = await fundedAccount(d.algod, 1_000_000)
    const sp = await params(d.algod)
    await send(d.algod, pay(acct.addr, funder().addr, 0, sp, { closeRemainderTo: funder().addr, rekeyTo: algosdk.generateAccount().addr }).signTxn(acct.sk))
    const info = await d.algod.accountInformation(acct.addr).do()
    expect(info.amount).toBe(0n)
    expect(info.authAddr).toBeUndefined()
  })
})

describe('accounts and assets', () => {
  it('closes an account to another, reporting the closing amount', async () => {
    const acct = await fundedAccount(d.algod, 1_000_000)
    const to = await fundedAccount(d.algod, 200_000)
    const sp = await params(d.algod)
    const res = await send(d.algod, pay(acct.addr, to.addr, 100, sp, { closeRemainderTo: to.addr }).signTxn(acct.sk))
    expect(res.closingAmount).toBe(1_000_000n - 1000n - 100n)
    expect(await balance(d.algod, acct.addr)).toBe(0n)
    expect(await balance(d.algod, to.addr)).toBe(200_000n + 999_000n)
  })

  it('freezes, claws back and closes out an asset holding', async () => {
    const issuer = await fundedAccount(d.algod, 2_000_000)
    const holder = await fundedAccount(d.algod, 1_000_000)
    const sp = await params(d.algod)
    const create = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({
      sender: issuer.addr,
      total: 1000n,
      decimals: 0,
      defaultFrozen: false,
      manager: issuer.addr,
      freeze: issuer.addr,
      clawback: issuer.addr,
      unitName: 'FRZ',
      assetName: 'Freezable',
      suggestedParams: sp,
    })
    const assetId = (await send(d.algod, create.signTxn(issuer.sk))).assetIndex!
    const xfer = (from: algosdk.Account, to: algosdk.Address, amount: number, extra: { assetSender?: algosdk.Address; closeRemainderTo?: algosdk.Address; note?: Uint8Array } = {}): algosdk.Transaction =>
      algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender: from.addr, receiver: to, amount, assetIndex: assetId, suggestedParams: sp, ...extra })
    await send(d.algod, xfer(holder, holder.addr, 0).signTxn(holder.sk))
    await send(d.algod, xfer(issuer, holder.addr, 100).signTxn(issuer.sk))
    expect((await d.algod.accountInformation(holder.addr).do()).minBalance).toBe(200_000n)

    const freeze = (frozen: boolean): algosdk.Transaction =>
      algosdk.makeAssetFreezeTxnWithSuggestedParamsFromObject({ sender: issuer.addr, freezeTarget: holder.addr, assetIndex: assetId, frozen, suggestedParams: sp })
    await send(d.algod, freeze(true).signTxn(issuer.sk))
    expect((await d.algod.accountAssetInformation(holder.addr, assetId).do()).assetHolding?.isFrozen).toBe(true)
    const blocked = xfer(holder, issuer.addr, 1)
    const res = await postRaw(d.net, blocked.signTxn(holder.sk))
    expect(res).toEqual({ status: 400, body: { message: `${REMEMBER}transaction ${blocked.txID()}: asset ${assetId} frozen in ${holder.addr}` } })

    // clawback ignores the freeze
    await send(d.algod, xfer(issuer, issuer.addr, 40, { assetSender: holder.addr }).signTxn(issuer.sk))
    expect((await d.algod.accountAssetInformation(holder.addr, assetId).do()).assetHolding?.amount).toBe(60n)

    await send(d.algod, freeze(false).signTxn(issuer.sk))
    const close = await send(d.algod, xfer(holder, issuer.addr, 10, { closeRemainderTo: issuer.addr }).signTxn(holder.sk))
    expect(close.assetClosingAmount).toBe(50n)
    await expect(d.algod.accountAssetInformation(holder.addr, assetId).do()).rejects.toMatchObject({ response: { status: 404 } })
    expect((await d.algod.accountInformation(holder.addr).do()).minBalance).toBe(100_000n)
  })

  it('lets a frozen holder close out to the creator, and zero transfers need no holding', async () => {
    const issuer = await fundedAccount(d.algod, 1_000_000)
    const holder = await fundedAccount(d.algod, 1_000_000)
    const sp = await params(d.algod)
    const create = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({ sender: issuer.addr, total: 10n, decimals: 0, defaultFrozen: false, freeze: issuer.addr, suggestedParams: sp })
    const assetId = (await send(d.algod, create.signTxn(issuer.sk))).assetIndex!
    const xfer = (from: algosdk.Account, to: algosdk.Address, amount: number, closeRemainderTo?: algosdk.Address): algosdk.Transaction =>
      algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender: from.addr, receiver: to, amount, assetIndex: assetId, closeRemainderTo, suggestedParams: sp })
    await send(d.algod, xfer(holder, holder.addr, 0).signTxn(holder.sk))
    await send(d.algod, xfer(issuer, holder.addr, 3).signTxn(issuer.sk))
    const freeze = algosdk.makeAssetFreezeTxnWithSuggestedParamsFromObject({ sender: issuer.addr, freezeTarget: holder.addr, assetIndex: assetId, frozen: true, suggestedParams: sp })
    await send(d.algod, freeze.signTxn(issuer.sk))
    // go moves nothing for a zero amount, so no holding is looked up on either side
    await send(d.algod, xfer(issuer, algosdk.generateAccount().addr, 0).signTxn(issuer.sk))
    const closed = await send(d.algod, xfer(holder, issuer.addr, 0, issuer.addr).signTxn(holder.sk))
    expect(closed.assetClosingAmount).toBe(3n)
    expect((await d.algod.accountAssetInformation(issuer.addr, assetId).do()).assetHolding?.amount).toBe(10n)
    await expect(d.algod.accountAssetInformation(holder.addr, assetId).do()).rejects.toMatchObject({ response: { status: 404 } })
  })

  it('refuses a clawback by an account that is not the clawback address', async () => {
    const issuer = await fundedAccount(d.algod, 1_000_000)
    const sp = await params(d.algod)
    const create = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({ sender: issuer.addr, total: 10n, decimals: 0, defaultFrozen: false, suggestedParams: sp })
    const assetId = (await send(d.algod, create.signTxn(issuer.sk))).assetIndex!
    const thief = await fundedAccount(d.algod, 1_000_000)
    const txn = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender: thief.addr, receiver: thief.addr, assetSender: issuer.addr, amount: 1, assetIndex: assetId, suggestedParams: sp })
    const res = await postRaw(d.net, txn.signTxn(thief.sk))
    expect(res).toEqual({ status: 400, body: { message: `${REMEMBER}transaction ${txn.txID()}: clawback not allowed: sender ${thief.addr}, clawback ${algosdk.Address.zeroAddress()}` } })
  })

  it('registers and deregisters participation keys with keyreg', async () => {
    const acct = await fundedAccount(d.algod, 1_000_000)
    const sp = await params(d.algod)
    const online = algosdk.makeKeyRegistrationTxnWithSuggestedParamsFromObject({
      sender: acct.addr,
      voteKey: new Uint8Array(32).fill(1),
      selectionKey: new Uint8Array(32).fill(2),
      stateProofKey: new Uint8Array(64).fill(3),
      voteFirst: 1n,
      voteLast: 100_000n,
      voteKeyDilution: 100n,
      suggestedParams: sp,
    })
    expect((await send(d.algod, online.signTxn(acct.sk))).confirmedRound).toBeGreaterThan(0n)
    const offline = algosdk.makeKeyRegistrationTxnWithSuggestedParamsFromObject({ sender: acct.addr, suggestedParams: sp })
    expect((await send(d.algod, offline.signTxn(acct.sk))).confirmedRound).toBeGreaterThan(0n)
    expect((await d.algod.accountInformation(acct.addr).do()).status).toBe('Offline')
  })
})

describe('app lifecycle', () => {
  // Counts calls in global "n" and per caller in local "m"; update and delete only by the creator.
  const APPROVAL = `#pragma version 10
txn ApplicationID
bz ok
txn OnCompletion
pushint 4
==
txn OnCompletion
pushint 5
==
||
bz call
txn Sender
global CreatorAddress
==
return
call:
txn OnCompletion
pushint 1
==
bnz optin
pushbytes "n"
dup
app_global_get
pushint 1
+
app_global_put
txn OnCompletion
pushint 0
==
bz ok
txn Sender
pushbytes "m"
dup2
app_local_get
pushint 1
+
app_local_put
b ok
optin:
txn Sender
pushbytes "m"
pushint 0
app_local_put
ok:
pushint 1
`

  it('opts in, calls, closes out, clears state, updates and deletes', async () => {
    const creator = await fundedAccount(d.algod, 5_000_000)
    const user = await fundedAccount(d.algod, 1_000_000)
    const appId = await createApp(creator, APPROVAL, { globalInts: 1, localInts: 1 })
    expect((await d.algod.accountInformation(creator.addr).do()).minBalance).toBe(100_000n + 100_000n + 28_500n)
    const sp = await params(d.algod)
    const call = (who: algosdk.Account, onComplete: algosdk.OnApplicationComplete, note = 0): algosdk.Transaction =>
      algosdk.makeApplicationCallTxnFromObject({ sender: who.addr, appIndex: appId, onComplete, suggestedParams: sp, note: new Uint8Array([note]) })

    await send(d.algod, call(user, algosdk.OnApplicationComplete.OptInOC).signTxn(user.sk))
    expect((await d.algod.accountInformation(user.addr).do()).minBalance).toBe(100_000n + 100_000n + 28_500n)
    const called = await send(d.algod, call(user, algosdk.OnApplicationComplete.NoOpOC).signTxn(user.sk))
    // the opt-in only created the local; this call counted once (algod's JSON keys are base64)
    expect(called.globalStateDelta?.map((kv) => [kv.key, kv.value.action, kv.value.uint])).toEqual([['bg==', 2, 1n]])
    expect(called.localStateDelta?.[0]?.address).toBe(user.addr.toString())
    const local = await d.algod.accountApplicationInformation(user.addr, appId).do()
    expect(local.appLocalState?.keyValue?.[0]?.value.uint).toBe(1n)

    await send(d.algod, call(user, algosdk.OnApplicationComplete.CloseOutOC).signTxn(user.sk))
    await expect(d.algod.accountApplicationInformation(user.addr, appId).do()).rejects.toMatchObject({ response: { status: 404 } })
    await send(d.algod, call(user, algosdk.OnApplicationComplete.OptInOC, 1).signTxn(user.sk))
    await send(d.algod, call(user, algosdk.OnApplicationComplete.ClearStateOC).signTxn(user.sk))
    expect((await d.algod.accountInformation(user.addr).do()).totalAppsOptedIn).toBe(0)

    // only the creator may update or delete
    const byUser = call(user, algosdk.OnApplicationComplete.DeleteApplicationOC)
    const refused = await postRaw(d.net, byUser.signTxn(user.sk))
    expect(refused).toEqual({ status: 400, body: { message: `${REMEMBER}transaction ${byUser.txID()}: transaction rejected by ApprovalProgram` } })
    const newApproval = await compile(d.algod, '#pragma version 10\npushint 1')
    const update = algosdk.makeApplicationUpdateTxnFromObject({ sender: creator.addr, appIndex: appId, approvalProgram: newApproval, clearProgram: await compile(d.algod, '#pragma version 10\npushint 1'), suggestedParams: sp })
    await send(d.algod, update.signTxn(creator.sk))
    expect((await d.algod.getApplicationByID(appId).do()).params?.approvalProgram).toEqual(newApproval)
    await send(d.algod, call(creator, algosdk.OnApplicationComplete.DeleteApplicationOC).signTxn(creator.sk))
    await expect(d.algod.getApplicationByID(appId).do()).rejects.toMatchObject({ response: { status: 404 } })
    expect((await d.algod.accountInformation(creator.addr).do()).minBalance).toBe(100_000n)
  })

  it('creates an app with an extra page and charges its minimum balance', async () => {
    const creator = await fundedAccount(d.algod, 2_000_000)
    // about 3,000 bytes of approval program, more than one page (2,048) allows; it returns before the padding
    const approval = `#pragma version 10\npushint 1\nreturn\n${'pushint 1\npop\n'.repeat(999)}pushint 1`
    const appId = await createApp(creator, approval, { extraPages: 1 })
    const app = await d.algod.getApplicationByID(appId).do()
    expect(app.params?.extraProgramPages).toBe(1)
    expect(app.params?.approvalProgram.length).toBeGreaterThan(2048)
    expect((await d.algod.accountInformation(creator.addr).do()).minBalance).toBe(100_000n + 100_000n + 100_000n)
  })
})

describe('boxes', () => {
  // arg 0: "create" | "put" | "del"; arg 1: box name; "create" sizes the box from arg 2 (itob'd).
  const APPROVAL = `#pragma version 10
txn ApplicationID
bz ok
txna ApplicationArgs 0
pushbytes "create"
==
bnz create
txna ApplicationArgs 0
pushbytes "put"
==
bnz put
txna ApplicationArgs 1
box_del
assert
b ok
create:
txna ApplicationArgs 1
txna ApplicationArgs 2
btoi
box_create
assert
b ok
put:
txna ApplicationArgs 1
pushbytes "hello"
box_put
ok:
pushint 1
`
  const enc = (s: string): Uint8Array => new TextEncoder().encode(s)

  it('creates, writes and deletes a box, charging and refunding its minimum balance', async () => {
    const creator = await fundedAccount(d.algod, 2_000_000)
    const appId = await createApp(creator, APPROVAL)
    const appAddr = algosdk.getApplicationAddress(appId)
    const f = funder()
    const sp = await params(d.algod)
    await send(d.algod, pay(f.addr, appAddr, 1_000_000, sp).signTxn(f.sk))
    const call = (args: Uint8Array[], boxes = [{ appIndex: 0, name: enc('b1') }], note = 0): algosdk.Transaction =>
      algosdk.makeApplicationNoOpTxnFromObject({ sender: creator.addr, appIndex: appId, appArgs: args, boxes, suggestedParams: sp, note: new Uint8Array([note]) })

    await send(d.algod, call([enc('create'), enc('b1'), algosdk.encodeUint64(5)]).signTxn(creator.sk))
    expect((await d.algod.accountInformation(appAddr).do()).minBalance).toBe(100_000n + 2500n + 400n * (2n + 5n))
    await send(d.algod, call([enc('put'), enc('b1')]).signTxn(creator.sk))
    const box = await d.algod.getApplicationBoxByName(appId, enc('b1')).do()
    expect(new TextDecoder().decode(box.value)).toBe('hello')
    expect((await d.algod.getApplicationBoxes(appId).do()).boxes.map((b) => new TextDecoder().decode(b.name))).toEqual(['b1'])

    await send(d.algod, call([enc('del'), enc('b1')]).signTxn(creator.sk))
    expect((await d.algod.accountInformation(appAddr).do()).minBalance).toBe(100_000n)
    await expect(d.algod.getApplicationBoxByName(appId, enc('b1')).do()).rejects.toMatchObject({ response: { status: 404 } })
  })

  it('refuses a box the transaction does not reference', async () => {
    const creator = await fundedAccount(d.algod, 2_000_000)
    const appId = await createApp(creator, APPROVAL)
    const f = funder()
    const sp = await params(d.algod)
    await send(d.algod, pay(f.addr, algosdk.getApplicationAddress(appId), 1_000_000, sp).signTxn(f.sk))
    const txn = algosdk.makeApplicationNoOpTxnFromObject({ sender: creator.addr, appIndex: appId, appArgs: [enc('create'), enc('nope'), algosdk.encodeUint64(1)], suggestedParams: sp })
    const res = await postRaw(d.net, txn.signTxn(creator.sk))
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(new RegExp(`^${REMEMBER}transaction ${txn.txID()}: logic eval error: invalid Box reference 0x6e6f7065\\. Details: app=${appId}, pc=\\d+, opcodes=txna ApplicationArgs 2; btoi; box_create$`))
  })

  it('needs one box reference per 2 KB written: 3,000 bytes need two', async () => {
    const creator = await fundedAccount(d.algod, 3_000_000)
    const appId = await createApp(creator, APPROVAL)
    const f = funder()
    const sp = await params(d.algod)
    await send(d.algod, pay(f.addr, algosdk.getApplicationAddress(appId), 2_000_000, sp).signTxn(f.sk))
    const create = (boxes: algosdk.BoxReference[]): algosdk.Transaction =>
      algosdk.makeApplicationNoOpTxnFromObject({ sender: creator.addr, appIndex: appId, appArgs: [enc('create'), enc('big'), algosdk.encodeUint64(3000)], boxes, suggestedParams: sp })
    const one = create([{ appIndex: 0, name: enc('big') }])
    const res = await postRaw(d.net, one.signTxn(creator.sk))
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(new RegExp(`^${REMEMBER}transaction ${one.txID()}: logic eval error: write budget exceeded \\(3000 > 2048\\) while creating box 0x626967\\. Details: app=${appId}, pc=\\d+, opcodes=txna ApplicationArgs 2; btoi; box_create$`))
    await send(d.algod, create([{ appIndex: 0, name: enc('big') }, { appIndex: 0, name: new Uint8Array() }]).signTxn(creator.sk))
    expect((await d.algod.getApplicationBoxByName(appId, enc('big')).do()).value.length).toBe(3000)
  })
})

describe('inner transactions', () => {
  it('lets an app create another app and pay from its account', async () => {
    const child = await compile(d.algod, '#pragma version 10\npushint 1')
    const approval = `#pragma version 10
txn ApplicationID
bz ok
itxn_begin
pushint 6
itxn_field TypeEnum
pushbytes 0x${Buffer.from(child).toString('hex')}
itxn_field ApprovalProgram
pushbytes 0x${Buffer.from(child).toString('hex')}
itxn_field ClearStateProgram
pushint 0
itxn_field Fee
itxn_next
pushint 1
itxn_field TypeEnum
txn Sender
itxn_field Receiver
pushint 5000
itxn_field Amount
pushint 0
itxn_field Fee
itxn_submit
ok:
pushint 1
`
    const creator = await fundedAccount(d.algod, 2_000_000)
    const appId = await createApp(creator, approval)
    const appAddr = algosdk.getApplicationAddress(appId)
    const f = funder()
    const sp = await params(d.algod)
    await send(d.algod, pay(f.addr, appAddr, 1_000_000, sp).signTxn(f.sk))
    const call = algosdk.makeApplicationNoOpTxnFromObject({ sender: creator.addr, appIndex: appId, suggestedParams: { ...sp, fee: 3000n } })
    const res = await send(d.algod, call.signTxn(creator.sk))
    expect(res.innerTxns).toHaveLength(2)
    const childId = res.innerTxns![0]!.applicationIndex!
    expect(childId).toBeGreaterThan(appId)
    expect((await d.algod.getApplicationByID(childId).do()).params?.creator.toString()).toBe(appAddr.toString())
    expect(res.innerTxns![1]!.txn.txn.payment?.amount).toBe(5000n)
    expect(await balance(d.algod, appAddr)).toBe(1_000_000n - 5000n)
  })

  it('refuses an inner transaction the group did not pay for', async () => {
    const approval = '#pragma version 10\ntxn ApplicationID\nbz ok\nitxn_begin\npushint 1\nitxn_field TypeEnum\ntxn Sender\nitxn_field Receiver\npushint 0\nitxn_field Fee\nitxn_submit\nok:\npushint 1'
    const creator = await fundedAccount(d.algod, 2_000_000)
    const appId = await createApp(creator, approval)
    const f = funder()
    const sp = await params(d.algod)
    await send(d.algod, pay(f.addr, algosdk.getApplicationAddress(appId), 1_000_000, sp).signTxn(f.sk))
    const call = algosdk.makeApplicationNoOpTxnFromObject({ sender: creator.addr, appIndex: appId, suggestedParams: sp })
    const res = await postRaw(d.net, call.signTxn(creator.sk))
    expect(res.status).toBe(400)
    // go appends a %#v dump of the inner transactions after its text
    expect(res.body.message).toMatch(new RegExp(`^${REMEMBER}transaction ${call.txID()}: logic eval error: group fee 0\\.0A too small \\(needs 1mA more\\)`))
  })

  it('allows 256 inner transactions per group and refuses the 257th', async () => {
    // each call submits arg0 inner zero-payments to itself, one at a time
    const approval = `#pragma version 10
txn ApplicationID
bz ok
pushint 0
loop:
dup
txna ApplicationArgs 0
btoi
<
bz done
itxn_begin
pushint 1
itxn_field TypeEnum
global CurrentApplicationAddress
itxn_field Receiver
pushint 0
itxn_field Fee
itxn_submit
pushint 1
+
b loop
done:
pop
ok:
pushint 1
`
    const creator = await fundedAccount(d.algod, 2_000_000)
    const appId = await createApp(creator, approval)
    const f = funder()
    const sp = await params(d.algod)
    await send(d.algod, pay(f.addr, algosdk.getApplicationAddress(appId), 1_000_000, sp).signTxn(f.sk))
    const group = (counts: number[]): algosdk.Transaction[] => {
      const txns = counts.map((n, i) =>
        algosdk.makeApplicationNoOpTxnFromObject({ sender: creator.addr, appIndex: appId, appArgs: [algosdk.encodeUint64(n)], note: new Uint8Array([i, n % 256]), suggestedParams: { ...sp, fee: BigInt(1000 * (n + 1)) } }),
      )
      return algosdk.assignGroupID(txns)
    }
    const ok = group([16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16])
    await send(d.algod, ...ok.map((t) => t.signTxn(creator.sk)))
    const over = group([16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 17])
    const res = await postRaw(d.net, ...over.map((t) => t.signTxn(creator.sk)))
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/too many inner transactions/)
  })
})

describe('inner app calls', () => {
  // With args: calls app btoi(arg 0) by inner transaction, passing arg 1 on as its arg 0.
  const CALLER = `#pragma version 10
txn ApplicationID
bz ok
txn NumAppArgs
bz ok
itxn_begin
pushint 6
itxn_field TypeEnum
txna ApplicationArgs 0
btoi
itxn_field ApplicationID
txn NumAppArgs
pushint 2
>=
bz send
txna ApplicationArgs 1
itxn_field ApplicationArgs
send:
pushint 0
itxn_field Fee
itxn_submit
ok:
pushint 1
`

  async function twoApps(): Promise<{ creator: algosdk.Account; a: bigint; b: bigint; sp: algosdk.SuggestedParams }> {
    const creator = await fundedAccount(d.algod, 3_000_000)
    const a = await createApp(creator, CALLER)
    const b = await createApp(creator, CALLER)
    const sp = await params(d.algod)
    return { creator, a, b, sp }
  }

  it('calls one app from another', async () => {
    const { creator, a, b, sp } = await twoApps()
    const call = algosdk.makeApplicationNoOpTxnFromObject({ sender: creator.addr, appIndex: a, appArgs: [algosdk.encodeUint64(b)], foreignApps: [b], suggestedParams: { ...sp, fee: 2000n } })
    const res = await send(d.algod, call.signTxn(creator.sk))
    expect(res.innerTxns?.[0]?.txn.txn.applicationCall?.appIndex).toBe(b)
  })

  it('refuses an app calling itself', async () => {
    const { creator, a, sp } = await twoApps()
    const call = algosdk.makeApplicationNoOpTxnFromObject({ sender: creator.addr, appIndex: a, appArgs: [algosdk.encodeUint64(a)], suggestedParams: { ...sp, fee: 2000n } })
    const res = await postRaw(d.net, call.signTxn(creator.sk))
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(new RegExp(`^${REMEMBER}transaction ${call.txID()}: logic eval error: attempt to self-call\\. Details: app=${a}, pc=\\d+, opcodes=pushint 0; itxn_field Fee; itxn_submit; label1:$`))
  })

  it('refuses an inner call back into an app still running', async () => {
    const { creator, a, b, sp } = await twoApps()
    const call = algosdk.makeApplicationNoOpTxnFromObject({ sender: creator.addr, appIndex: a, appArgs: [algosdk.encodeUint64(b), algosdk.encodeUint64(a)], foreignApps: [b], suggestedParams: { ...sp, fee: 3000n } })
    const res = await postRaw(d.net, call.signTxn(creator.sk))
    expect(res.status).toBe(400)
    expect(res.body.message).toContain(`attempt to re-enter ${a}`)
  })
})

describe('inner call depth', () => {
  // Calls app btoi(arg 0) passing on the rest of its args: a chain of apps, one level per arg.
  const CHAIN = `#pragma version 10
txn ApplicationID
bz ok
txn NumAppArgs
bz ok
itxn_begin
pushint 6
itxn_field TypeEnum
txna ApplicationArgs 0
btoi
itxn_field ApplicationID
pushint 1
loop:
dup
txn NumAppArgs
<
bz send
dup
txnas ApplicationArgs
itxn_field ApplicationArgs
pushint 1
+
b loop
send:
pop
pushint 0
itxn_field Fee
itxn_submit
ok:
pushint 1
`

  it('runs inner calls 8 apps deep and refuses a ninth level', async () => {
    const creator = await fundedAccount(d.algod, 10_000_000)
    const apps: bigint[] = []
    for (let i = 0; i < 10; i++) apps.push(await createApp(creator, CHAIN))
    const sp = await params(d.algod)
    const chain = (depth: number, note: number): algosdk.Transaction =>
      algosdk.makeApplicationNoOpTxnFromObject({
        sender: creator.addr,
        appIndex: apps[0]!,
        appArgs: apps.slice(1, depth + 1).map((a) => algosdk.encodeUint64(a)),
        foreignApps: apps.slice(1, Math.min(depth + 1, 9)),
        note: new Uint8Array([note]),
        suggestedParams: { ...sp, fee: BigInt(1000 * (depth + 1)) },
      })
    const ok = await send(d.algod, chain(8, 1).signTxn(creator.sk))
    let level = ok.innerTxns?.[0]
    let depth = 0
    while (level !== undefined) {
      depth++
      level = level.innerTxns?.[0]
    }
    expect(depth).toBe(8)
    // a second call in the group makes the tenth app available (groups share their references)
    const tooDeep = chain(9, 2)
    const sharer = algosdk.makeApplicationNoOpTxnFromObject({ sender: creator.addr, appIndex: apps[0]!, foreignApps: [apps[9]!], note: new Uint8Array([3]), suggestedParams: sp })
    algosdk.assignGroupID([tooDeep, sharer])
    const res = await postRaw(d.net, tooDeep.signTxn(creator.sk), sharer.signTxn(creator.sk))
    expect(res.status).toBe(400)
    expect(res.body.message).toContain('logic eval error: appl depth (8) exceeded. Details: app=')
  })
})

describe('time travel', () => {
  it('shifts block timestamps by the dev offset, as apps see them', async () => {
    const approval = '#pragma version 10\ntxn ApplicationID\nbz ok\nglobal LatestTimestamp\nitob\nlog\nok:\npushint 1'
    const creator = await fundedAccount(d.algod, 1_000_000)
    const appId = await createApp(creator, approval)
    const sp = await params(d.algod)
    const before = Math.floor(Date.now() / 1000)
    const res = await fetch(`${d.net.algod.url}/v2/devmode/blocks/offset/86400`, { method: 'POST', headers: { 'X-Algo-API-Token': d.net.algod.token } })
    expect(res.status).toBe(200)
    try {
      const call = await send(d.algod, algosdk.makeApplicationNoOpTxnFromObject({ sender: creator.addr, appIndex: appId, suggestedParams: sp }).signTxn(creator.sk))
      const block = await d.algod.block(call.confirmedRound!).do()
      // go's dev mode: the previous block's stamp plus the offset
      const prev = await d.algod.block(call.confirmedRound! - 1n).do()
      expect(block.block.header.timestamp).toBe(prev.block.header.timestamp + 86400n)
      expect(Number(block.block.header.timestamp)).toBeGreaterThanOrEqual(before + 86400 - 1)
      // LatestTimestamp is the previous block's, which the offset moved too once any block follows it
      const seen = algosdk.decodeUint64(call.logs![0]!, 'bigint')
      expect(seen).toBeLessThanOrEqual(block.block.header.timestamp)
    } finally {
      await fetch(`${d.net.algod.url}/v2/devmode/blocks/offset/0`, { method: 'POST', headers: { 'X-Algo-API-Token': d.net.algod.token } })
    }
  })
})
