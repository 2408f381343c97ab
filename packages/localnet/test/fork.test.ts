// `startLocalnet({ fork })` (grove-localnet start --fork): two localnets over HTTP, one playing the
// live network. State made on the remote is read on the fork at first touch and pinned; local
// writes win; the remote never sees the fork's transactions; a restarted fork keeps what it did; a
// remote gone away leaves touched state readable and makes a first touch fail naming the remote.
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { startLocalnet, type Localnet } from '../src/index.ts'
import { compile, fundedAccount, funder, params, send } from './dropin-helpers.ts'
import { base32Decode, proofRoot } from './txn-proof.ts'

// create: counter = 35; arg "box": box "b" = itob(7); no args: counter += btoi(box "b")
const APPROVAL = `#pragma version 10
txn ApplicationID
bz create
txn NumAppArgs
bnz mkbox
pushbytes "counter"
pushbytes "counter"
app_global_get
pushbytes "b"
box_get
assert
btoi
+
app_global_put
pushint 1
return
mkbox:
pushbytes "b"
pushint 7
itob
box_put
pushint 1
return
create:
pushbytes "counter"
pushint 35
app_global_put
pushint 1
`

const enc = (s: string): Uint8Array => new TextEncoder().encode(s)

function client(net: Localnet): algosdk.Algodv2 {
  const u = new URL(net.algod.url)
  return new algosdk.Algodv2(net.algod.token, `${u.protocol}//${u.hostname}`, u.port)
}

let remote: Localnet
let remoteAlgod: algosdk.Algodv2
let fork: Localnet
let forkAlgod: algosdk.Algodv2
let forkDir: string
let owner: algosdk.Account
let assetId: bigint
let appId: bigint
let note = 0
/** A remote block the fork served, to see it served again once the remote is gone. */
let pinned: { round: number; body: Uint8Array } | undefined

/** GET `path` of a localnet's algod: status and raw body. */
async function rawGet(net: Localnet, path: string): Promise<{ status: number; body: Uint8Array }> {
  const res = await fetch(`${net.algod.url}${path}`, { headers: { 'X-Algo-API-Token': net.algod.token } })
  return { status: res.status, body: new Uint8Array(await res.arrayBuffer()) }
}

async function startFork(): Promise<void> {
  fork = await startLocalnet({ algodPort: 0, kmdPort: 0, dataDir: forkDir, fork: { url: remote.algod.url, token: remote.algod.token } })
  forkAlgod = client(fork)
}

async function counter(algod: algosdk.Algodv2): Promise<bigint> {
  const app = await algod.getApplicationByID(appId).do()
  return app.params!.globalState!.find((kv) => Buffer.from(kv.key).toString() === 'counter')!.value.uint
}

async function bump(algod: algosdk.Algodv2, sender: { addr: algosdk.Address; sk: Uint8Array }): Promise<void> {
  const txn = algosdk.makeApplicationNoOpTxnFromObject({ sender: sender.addr, appIndex: appId, boxes: [{ appIndex: 0, name: enc('b') }], suggestedParams: await params(algod), note: enc(`n${note++}`) })
  await send(algod, txn.signTxn(sender.sk))
}

beforeAll(async () => {
  remote = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  remoteAlgod = client(remote)
  owner = await fundedAccount(remoteAlgod, 20_000_000)
  const sp = await params(remoteAlgod)
  const create = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({ sender: owner.addr, total: 1_000_000n, decimals: 2, defaultFrozen: false, unitName: 'FRK', assetName: 'Forkable', suggestedParams: sp })
  assetId = (await send(remoteAlgod, create.signTxn(owner.sk))).assetIndex!
  const app = algosdk.makeApplicationCreateTxnFromObject({
    sender: owner.addr,
    approvalProgram: await compile(remoteAlgod, APPROVAL),
    clearProgram: await compile(remoteAlgod, '#pragma version 10\npushint 1'),
    numGlobalInts: 1,
    numGlobalByteSlices: 0,
    numLocalInts: 0,
    numLocalByteSlices: 0,
    onComplete: algosdk.OnApplicationComplete.NoOpOC,
    suggestedParams: sp,
  })
  appId = (await send(remoteAlgod, app.signTxn(owner.sk))).applicationIndex!
  const fund = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: owner.addr, receiver: algosdk.getApplicationAddress(appId), amount: 1_000_000, suggestedParams: sp })
  await send(remoteAlgod, fund.signTxn(owner.sk))
  const mkbox = algosdk.makeApplicationNoOpTxnFromObject({ sender: owner.addr, appIndex: appId, appArgs: [enc('box')], boxes: [{ appIndex: 0, name: enc('b') }], suggestedParams: sp })
  await send(remoteAlgod, mkbox.signTxn(owner.sk))
  forkDir = await mkdtemp(join(tmpdir(), 'grove-fork-'))
  await startFork()
})

afterAll(async () => {
  await fork?.stop()
  await remote?.stop()
  if (forkDir !== undefined) await rm(forkDir, { recursive: true, force: true })
})

describe('a fork of a live network', () => {
  it('reads an account and an asset made on the remote', async () => {
    const [r, f] = await Promise.all([remoteAlgod.accountInformation(owner.addr).do(), forkAlgod.accountInformation(owner.addr).do()])
    expect(f.amount).toBe(r.amount)
    expect(Number(f.totalCreatedAssets)).toBe(1)
    expect(f.assets?.find((h) => h.assetId === assetId)?.amount).toBe(1_000_000n)
    const asset = await forkAlgod.getAssetByID(assetId).do()
    expect(asset.params!.name).toBe('Forkable')
    expect(asset.params!.creator).toBe(owner.addr.toString())
  })

  it("lists an app's remote boxes before any of them was read by name", async () => {
    const names = async (algod: algosdk.Algodv2) => (await algod.getApplicationBoxes(appId).do()).boxes.map((b) => Buffer.from(b.name).toString())
    expect(await names(remoteAlgod)).toEqual(['b'])
    expect(await names(forkAlgod)).toEqual(['b'])
  })

  it('answers 404 for an asset and a box the remote does not have, as the remote does', async () => {
    // base64 "+/8=": the box name must reach the remote URL-encoded to be read as absent, not refused
    const name = encodeURIComponent(`b64:${Buffer.from([0xfb, 0xff]).toString('base64')}`)
    for (const path of ['/v2/assets/1099511627776', `/v2/applications/${appId}/box?name=${name}`]) {
      const [r, f] = await Promise.all([rawGet(remote, path), rawGet(fork, path)])
      expect([path, r.status]).toEqual([path, 404])
      expect([path, f.status]).toEqual([path, 404])
    }
  })

  it('has its own genesis, continuing the remote from its latest round', async () => {
    const [r, f] = await Promise.all([remoteAlgod.getTransactionParams().do(), forkAlgod.getTransactionParams().do()])
    expect(f.genesisID).toBe(`${r.genesisID}-fork`)
    expect(Buffer.from(f.genesisHash!).equals(Buffer.from(r.genesisHash!))).toBe(false)
    expect(fork.fork?.round).toBeGreaterThan(0)
  })

  it("numbers its blocks on from the remote's latest round: the remote's blocks up to there, its first block the next and chained to the remote's last, /v2/status reporting them", async () => {
    const base = BigInt(fork.fork!.round)
    const last = (await forkAlgod.block(base).do()).block.header
    expect(last.round).toBe(base)
    expect(last.genesisID).toBe((await remoteAlgod.getTransactionParams().do()).genesisID)
    expect(last.timestamp).toBe((await remoteAlgod.block(base).headerOnly(true).do()).block.header.timestamp)
    await expect(forkAlgod.block(base + 1n).do()).rejects.toThrow()
    const before = (await forkAlgod.status().do()).lastRound
    expect(before).toBe(base)
    await fundedAccount(forkAlgod, 100_000)
    const status = await forkAlgod.status().do()
    expect(status.lastRound).toBe(before + 1n)
    const first = (await forkAlgod.block(base + 1n).do()).block.header
    expect(first.round).toBe(base + 1n)
    expect(first.genesisID).toBe(`${last.genesisID}-fork`)
    expect(first.timestamp).toBeGreaterThanOrEqual(last.timestamp)
    // its branch is the remote's header hash at the fork round: one chain, as a follower of the blocks checks
    const remoteHash = (await remoteAlgod.getBlockHash(base).do()).blockhash
    expect((await forkAlgod.getBlockHash(base).do()).blockhash).toBe(remoteHash)
    const remoteHeader = (await remoteAlgod.block(base).headerOnly(true).do()).block.header
    expect(Buffer.from(first.branch).equals(createHash('sha512-256').update('BH').update(algosdk.encodeMsgpack(remoteHeader)).digest())).toBe(true)
  })

  it("serves the remote's blocks below the fork point byte for byte (msgpack, JSON, header only), pinned in its data directory", async () => {
    const base = fork.fork!.round
    for (const round of [1, base - 1, base]) {
      for (const query of ['format=msgpack', 'format=json', 'format=msgpack&header-only=true']) {
        const [r, f] = await Promise.all([rawGet(remote, `/v2/blocks/${round}?${query}`), rawGet(fork, `/v2/blocks/${round}?${query}`)])
        expect(f.status).toBe(200)
        expect(Buffer.from(f.body).equals(Buffer.from(r.body))).toBe(true)
      }
      const [r, f] = await Promise.all([remoteAlgod.getBlockTxids(round).do(), forkAlgod.getBlockTxids(round).do()])
      expect(r.blocktxids.length).toBeGreaterThan(0)
      expect(f.blocktxids).toEqual(r.blocktxids)
    }
    expect(existsSync(join(forkDir, 'fork-blocks', `${base}.msgpack`))).toBe(true)
    pinned = { round: base - 1, body: (await rawGet(fork, `/v2/blocks/${base - 1}?format=msgpack`)).body }
  })

  it('keeps the consensus it was forked with across a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'grove-fork-future-'))
    try {
      const first = await startLocalnet({ algodPort: 0, kmdPort: 0, dataDir: dir, consensus: 'future', fork: { url: remote.algod.url, token: remote.algod.token } })
      await first.stop()
      const again = await startLocalnet({ algodPort: 0, kmdPort: 0, dataDir: dir, fork: { url: remote.algod.url, token: remote.algod.token } })
      expect(again.consensus).toBe('future')
      await again.stop()
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('has an indexer that says its history starts at the fork', async () => {
    const health = (await (await fetch(`${fork.indexer.url}/health`)).json()) as { data?: { fork?: { remote: string; 'remote-round': number; 'history-starts-at-round': number } } }
    expect(health.data?.fork).toEqual({ remote: remote.algod.url, 'remote-round': fork.fork!.round, 'history-starts-at-round': fork.fork!.round + 1 })
  })

  it('runs an app call against a remote app global state and box, leaving the remote unchanged', async () => {
    await bump(forkAlgod, funder())
    expect(await counter(forkAlgod)).toBe(42n)
    expect(await counter(remoteAlgod)).toBe(35n)
    const box = await forkAlgod.getApplicationBoxByName(appId, enc('b')).do()
    expect(algosdk.decodeUint64(box.value, 'bigint')).toBe(7n)
  })

  it('moves a remote asset to a local account, the remote holding untouched', async () => {
    const local = await fundedAccount(forkAlgod, 1_000_000)
    const sp = await params(forkAlgod)
    const optIn = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender: local.addr, receiver: local.addr, assetIndex: assetId, amount: 0, suggestedParams: sp })
    await send(forkAlgod, optIn.signTxn(local.sk))
    const give = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender: owner.addr, receiver: local.addr, assetIndex: assetId, amount: 2_500, suggestedParams: sp })
    await send(forkAlgod, give.signTxn(owner.sk))
    expect((await forkAlgod.accountAssetInformation(local.addr, assetId).do()).assetHolding?.amount).toBe(2_500n)
    expect((await forkAlgod.accountAssetInformation(owner.addr, assetId).do()).assetHolding?.amount).toBe(997_500n)
    expect((await remoteAlgod.accountAssetInformation(owner.addr, assetId).do()).assetHolding?.amount).toBe(1_000_000n)
  })

  it("lists a fork block's transaction ids and proves a transaction under the fork's own genesis id", async () => {
    const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: owner.addr, receiver: owner.addr, amount: 0, suggestedParams: await params(forkAlgod), note: enc('proof') })
    const round = (await send(forkAlgod, pay.signTxn(owner.sk))).confirmedRound!
    expect((await forkAlgod.getBlockTxids(round).do()).blocktxids).toContain(pay.txID())
    const proof = await forkAlgod.getTransactionProof(round, pay.txID()).do()
    expect(proof.idx).toBe(0)
    // a light client's check: the proof leads from the transaction to the root the fork's header commits to
    const header = (await forkAlgod.block(round).do()).block.header
    const root = header.txnCommitments.nativeSha512_256Commitment
    expect(Buffer.from(proofRoot(proof, base32Decode(pay.txID()), 'sha512-256')).toString('hex')).toBe(Buffer.from(root).toString('hex'))
    // and it proves no other transaction
    expect(Buffer.from(proofRoot(proof, new Uint8Array(32), 'sha512-256')).equals(root)).toBe(false)
  })

  it('creates ids above the remote ones', async () => {
    const sp = await params(forkAlgod)
    const create = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({ sender: owner.addr, total: 5n, decimals: 0, defaultFrozen: false, unitName: 'LOC', suggestedParams: sp })
    const local = (await send(forkAlgod, create.signTxn(owner.sk))).assetIndex!
    expect(local).toBeGreaterThan(appId)
  })

  it('refuses on the remote a transaction signed for the fork (genesis)', async () => {
    // valid from the fork's genesis round, which the remote has reached (the fork's rounds continue the remote's), so its genesis is what the remote refuses
    const suggestedParams = { ...(await params(forkAlgod)), firstValid: BigInt(fork.fork!.round), lastValid: BigInt(fork.fork!.round) + 1000n }
    const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: owner.addr, receiver: owner.addr, amount: 0, suggestedParams, note: enc('replay') })
    const res = await fetch(`${remote.algod.url}/v2/transactions`, { method: 'POST', headers: { 'X-Algo-API-Token': remote.algod.token, 'Content-Type': 'application/x-binary' }, body: pay.signTxn(owner.sk) })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { message: string }).message).toMatch(/GenesisID|GenesisHash/)
  })

  it('accepts an impersonated address without its signature, and only once asked', async () => {
    const whale = algosdk.generateAccount().addr
    const pay = async (algod: algosdk.Algodv2): Promise<Uint8Array> => {
      const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: owner.addr, receiver: whale, amount: 1_000_000, suggestedParams: await params(algod), note: enc(`imp${note++}`) })
      return algosdk.encodeMsgpack(new algosdk.SignedTransaction({ txn }))
    }
    const post = (net: Localnet, path: string, body?: Uint8Array): Promise<Response> =>
      fetch(`${net.algod.url}${path}`, { method: 'POST', headers: { 'X-Algo-API-Token': net.algod.token, 'Content-Type': 'application/x-binary' }, body })
    expect((await post(fork, '/v2/transactions', await pay(forkAlgod))).status).toBe(400)
    expect((await post(fork, `/grove/v1/impersonate/${owner.addr}`)).status).toBe(200)
    const sent = await post(fork, '/v2/transactions', await pay(forkAlgod))
    expect(sent.status).toBe(200)
    await algosdk.waitForConfirmation(forkAlgod, ((await sent.json()) as { txId: string }).txId, 4)
    expect((await forkAlgod.accountInformation(whale).do()).amount).toBe(1_000_000n)
    // a plain localnet refuses to impersonate
    const refused = await post(remote, `/grove/v1/impersonate/${owner.addr}`)
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { message: string }).message).toMatch(/impersonation is off/)
    expect((await post(remote, '/v2/transactions', await pay(remoteAlgod))).status).toBe(400)
  })

  it('keeps its local changes across a restart', async () => {
    const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: owner.addr, receiver: funder().addr, amount: 3_000_000, suggestedParams: await params(forkAlgod), note: enc('local') })
    await send(forkAlgod, pay.signTxn(owner.sk))
    const before = (await forkAlgod.accountInformation(owner.addr).do()).amount
    const remoteAmount = (await remoteAlgod.accountInformation(owner.addr).do()).amount
    expect(before).toBeLessThan(remoteAmount - 3_000_000n)
    await fork.stop()
    await startFork()
    expect((await forkAlgod.accountInformation(owner.addr).do()).amount).toBe(before)
    expect(await counter(forkAlgod)).toBe(42n)
  })

  it('serves touched state when the remote is gone, and names the remote on a first touch', async () => {
    const url = remote.algod.url
    await remote.stop()
    expect(await counter(forkAlgod)).toBe(42n)
    const stranger = algosdk.generateAccount().addr.toString()
    const res = await fetch(`${fork.algod.url}/v2/accounts/${stranger}`, { headers: { 'X-Algo-API-Token': fork.algod.token } })
    expect(res.status).toBe(502)
    expect(((await res.json()) as { message: string }).message).toContain(url)
  })

  it("serves the remote's blocks it pinned once the remote is gone and after a restart, and names the remote for one it never read", async () => {
    const url = remote.algod.url
    await fork.stop()
    await startFork()
    const again = await rawGet(fork, `/v2/blocks/${pinned!.round}?format=msgpack`)
    expect(again.status).toBe(200)
    expect(Buffer.from(again.body).equals(Buffer.from(pinned!.body))).toBe(true)
    const unread = await fetch(`${fork.algod.url}/v2/blocks/2`, { headers: { 'X-Algo-API-Token': fork.algod.token } })
    expect(unread.status).toBe(502)
    expect(((await unread.json()) as { message: string }).message).toContain(url)
  })
})
