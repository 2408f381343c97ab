// The chain's history on disk: blocks beyond the ledger's bounded cache are read back from the data
// directory by algod and the indexer, across a restart too; --keep-rounds drops older rounds from
// memory and disk, and both APIs answer them as rounds they do not have.
import { afterEach, describe, expect, it } from 'vitest'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import algosdk from 'algosdk'
import { GENESIS_ACCOUNT_BALANCE, genesisAccounts } from '@grove/ledger'
import { startLocalnet, type Localnet, type StartLocalnetOptions } from '../src/start-localnet.ts'
import { createHash } from 'node:crypto'
import { dumpState, loadState, mine, revert, snapshot } from '../src/cheats.ts'

const [alice, bob] = genesisAccounts()
const cleanup: (() => Promise<void> | void)[] = []

afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f()
})

function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'grove-history-'))
  cleanup.push(() => fs.rmSync(d, { recursive: true, force: true }))
  return d
}

interface Net {
  net: Localnet
  algod: algosdk.Algodv2
  indexer: algosdk.Indexer
}

async function start(options: StartLocalnetOptions): Promise<Net> {
  const net = await startLocalnet({ algodPort: 0, kmdPort: 0, ...options })
  cleanup.push(() => net.stop())
  const a = new URL(net.algod.url)
  const i = new URL(net.indexer.url)
  return { net, algod: new algosdk.Algodv2(net.algod.token, `${a.protocol}//${a.hostname}`, a.port), indexer: new algosdk.Indexer('', `${i.protocol}//${i.hostname}`, i.port) }
}

/** A payment noted `note`, each in a block of its own; returns its txid. */
async function pay(n: Net, note: string): Promise<string> {
  const suggestedParams = await n.algod.getTransactionParams().do()
  const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver: bob.address, amount: 1, note: new TextEncoder().encode(note), suggestedParams })
  await n.algod.sendRawTransaction(txn.signTxn(alice.secretKey)).do()
  return txn.txID()
}

async function get(url: string, token?: string): Promise<{ status: number; text: string; bytes: Buffer }> {
  const res = await fetch(url, { headers: token === undefined ? {} : { 'X-Algo-API-Token': token } })
  const bytes = Buffer.from(await res.arrayBuffer())
  return { status: res.status, text: bytes.toString('utf8'), bytes }
}

const blockMsgpack = async (n: Net, round: number): Promise<string> => (await get(`${n.net.algod.url}/v2/blocks/${round}?format=msgpack`, n.net.algod.token)).bytes.toString('hex')
const noteOf = (i: number): string => `grove-history-${String(i).padStart(2, '0')}`

describe('blocks beyond the cache', () => {
  it('serves the oldest blocks and transactions by round and by id from disk, with at most the cache in memory, and again after a restart', async () => {
    const dataDir = tempDir()
    const first = await start({ dataDir, blockCache: 4 })
    const txids: string[] = []
    const sealed: string[] = []
    for (let i = 1; i <= 12; i++) {
      txids.push(await pay(first, noteOf(i)))
      sealed.push(await blockMsgpack(first, i))
    }
    expect(first.net.blocksInMemory()).toBeLessThanOrEqual(4)

    const check = async (n: Net): Promise<void> => {
      // every block as it was sealed, though only the last 4 read stay in memory
      for (let i = 1; i <= 12; i++) expect(await blockMsgpack(n, i)).toBe(sealed[i - 1])
      const oldest = await n.algod.block(1).do()
      expect(oldest.block.header.round).toBe(1n)
      expect((await n.algod.getBlockTxids(1).do()).blocktxids).toEqual([txids[0]])
      expect((await n.algod.pendingTransactionInformation(txids[0]!).do()).confirmedRound).toBe(1n)
      const found = await n.indexer.lookupTransactionByID(txids[0]!).do()
      expect(found.transaction.confirmedRound).toBe(1n)
      expect(new TextDecoder().decode(found.transaction.note)).toBe(noteOf(1))
      expect((await n.indexer.lookupBlock(2).do()).transactions!.map((t) => t.id)).toEqual([txids[1]])
      const all = await n.indexer.searchForTransactions().notePrefix(new TextEncoder().encode('grove-history-')).do()
      expect(all.transactions.map((t) => t.id)).toEqual(txids)
      expect(n.net.blocksInMemory()).toBeLessThanOrEqual(4)
    }
    await check(first)
    await first.net.stop()
    await check(await start({ dataDir, blockCache: 4 }))
  })
})

describe('--keep-rounds', () => {
  it('drops older rounds from memory and disk; algod answers them as go does a round it does not have, the indexer with a 404 naming the kept rounds', async () => {
    const dataDir = tempDir()
    const n = await start({ dataDir, keepRounds: 5, blockCache: 2 })
    const txids: string[] = []
    for (let i = 1; i <= 12; i++) txids.push(await pay(n, noteOf(i)))
    const algodGet = (p: string) => get(`${n.net.algod.url}${p}`, n.net.algod.token)

    const dropped = await algodGet('/v2/blocks/3')
    expect(dropped.status).toBe(404)
    expect(JSON.parse(dropped.text)).toEqual({ message: 'failed to retrieve information from the ledger' })
    // the same answer as a round past the tip: the node does not have it
    expect((await algodGet('/v2/blocks/99')).text).toBe(dropped.text)
    expect((await algodGet('/v2/blocks/7/hash')).status).toBe(404)
    expect((await algodGet('/v2/blocks/8')).status).toBe(200)

    const block = await get(`${n.net.indexer.url}/v2/blocks/3`)
    expect(block.status).toBe(404)
    expect(JSON.parse(block.text).message).toBe("error while looking up block for round '3': round 3 was dropped: --keep-rounds keeps rounds 8 to 12")
    await expect(n.indexer.lookupTransactionByID(txids[0]!).do()).rejects.toMatchObject({ response: { status: 404 } })
    expect((await n.indexer.lookupTransactionByID(txids[7]!).do()).transaction.confirmedRound).toBe(8n)
    const kept = await n.indexer.searchForTransactions().do()
    expect(kept.transactions.map((t) => t.id)).toEqual(txids.slice(7))
    const rewound = await get(`${n.net.indexer.url}/v2/accounts/${bob.address}?round=2`)
    expect(rewound.status).toBe(400)
    expect(JSON.parse(rewound.text).message).toMatch(/round 3 was dropped: --keep-rounds keeps rounds 8 to 12$/)

    // a clean stop leaves the log without the dropped rounds' records
    await n.net.stop()
    const log = fs.readFileSync(path.join(dataDir, 'ledger', 'chain.log'))
    expect([1, 7].map((i) => log.includes(noteOf(i)))).toEqual([false, false])
    expect([8, 12].map((i) => log.includes(noteOf(i)))).toEqual([true, true])

    const again = await start({ dataDir, keepRounds: 5 })
    expect((await get(`${again.net.algod.url}/v2/blocks/7`, again.net.algod.token)).status).toBe(404)
    expect((await again.indexer.lookupTransactionByID(txids[11]!).do()).transaction.confirmedRound).toBe(12n)
    expect((await again.algod.accountInformation(bob.address).do()).amount).toBe(BigInt(GENESIS_ACCOUNT_BALANCE) + 12n)
    // the chain goes on from the kept rounds
    const next = await pay(again, noteOf(13))
    expect((await again.indexer.lookupTransactionByID(next).do()).transaction.confirmedRound).toBe(13n)
    expect((await get(`${again.net.algod.url}/v2/blocks/8`, again.net.algod.token)).status).toBe(404)
  })

  it('refuses a revert to a snapshot whose round it dropped, reverts to one it kept, and refuses to dump a log that lost rounds', async () => {
    const n = await start({ keepRounds: 3 })
    const early = await snapshot(n.net.algod)
    await mine(n.net.algod, 5)
    await expect(revert(n.net.algod, early.id)).rejects.toThrow(`snapshot ${early.id} is at round 0, which --keep-rounds has dropped (the chain keeps rounds 3 to 5): it can no longer be reverted to`)
    const late = await snapshot(n.net.algod)
    await mine(n.net.algod, 2)
    expect(await revert(n.net.algod, late.id)).toMatchObject({ round: 5 })
    await mine(n.net.algod, 3)
    await expect(dumpState(n.net.algod)).rejects.toThrow('--keep-rounds has dropped rounds 1 to 5 from the log, and a state file replays every block from genesis: nothing to dump')
  })

  it('keeps a chain it rewrote when a state file loaded over it does not replay', async () => {
    const n = await start({ keepRounds: 3 })
    await mine(n.net.algod, 8)
    const kept = await blockMsgpack(n, 8)
    // a state file of this genesis whose one block after genesis is not a block: intact framing, so only its replay fails
    const other = await start({})
    const file = await dumpState(other.net.algod)
    const payload = Buffer.concat([Buffer.from([1, 0, 0, 0, 0]), Buffer.from([0x81, 0xa3, 0x72, 0x6e, 0x64, 0x01])])
    const length = Buffer.alloc(4)
    length.writeUInt32LE(payload.length)
    const sum = createHash('sha512-256').update(length).update(payload).digest()
    await expect(loadState(n.net.algod, Buffer.concat([file, Buffer.from('GREC'), length, payload, sum]))).rejects.toThrow(/the state file does not replay/)
    expect((await n.algod.status().do()).lastRound).toBe(8n)
    expect(await blockMsgpack(n, 8)).toBe(kept)
    expect((await get(`${n.net.algod.url}/v2/blocks/5`, n.net.algod.token)).status).toBe(404)
  })
})
