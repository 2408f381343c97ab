// `npm run bench:load -w @grove/localnet`: 50 concurrent clients at algod's
// `/v2/transactions/params` for 30 s (BENCH_LOAD_SECONDS) against the grove-localnet CLI in its
// own process, while one writer keeps submitting payments. Prints one JSON object: requests per
// second, p50/p99, every status seen (anything but 200 and 429 is a failure), and whether every
// payment the node acknowledged during the load is in the ledger afterwards (asked of the indexer:
// algod's pending-transaction lookup sees only the last 1,000 rounds, and the writer makes more).
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import algosdk from 'algosdk'
import { genesisAccounts } from '@grove/ledger'
import { loadTest } from '../src/load-test.ts'

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30)
const CLIENTS = 50
const root = resolve(import.meta.dirname, '..')

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'grove-load-'))
  const child = spawn(process.execPath, [join(root, 'bin/grove-localnet.mjs'), 'start', '--algod-port', '0', '--kmd-port', '0', '--indexer-port', '0', '--data', dataDir, '--reset'], { stdio: ['ignore', 'pipe', 'inherit'] })
  try {
    const { url, token, indexerUrl } = await new Promise<{ url: string; token: string; indexerUrl: string }>((ok, fail) => {
      let out = ''
      child.once('exit', (code) => fail(new Error(`grove-localnet exited with ${code}: ${out}`)))
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const algod = /algod\s+(\S+)\s+token\s+(\S+)/.exec(out)
        const indexer = /indexer\s+(\S+)/.exec(out)
        if (algod && indexer && /ready in/.test(out)) ok({ url: algod[1]!, token: algod[2]!, indexerUrl: indexer[1]! })
      })
    })
    const u = new URL(url)
    const algod = new algosdk.Algodv2(token, `${u.protocol}//${u.hostname}`, u.port)
    const [funder] = genesisAccounts()
    const sender = algosdk.mnemonicToSecretKey(algosdk.secretKeyToMnemonic(funder!.secretKey))
    const receiver = algosdk.generateAccount().addr

    // The writer: one payment after another until the load ends; each acknowledged id is checked later.
    let writing = true
    const acknowledged: string[] = []
    let refused = 0
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const suggestedParams = await algod.getTransactionParams().do()
        const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: sender.addr, receiver, amount: 100_000 + i, suggestedParams, note: new TextEncoder().encode(`load ${i}`) })
        try {
          const { txid } = await algod.sendRawTransaction(txn.signTxn(sender.sk)).do()
          acknowledged.push(txid)
        } catch {
          refused++
        }
      }
    })()
    const params = await loadTest({ url: `${url}/v2/transactions/params`, headers: { 'X-Algo-API-Token': token }, clients: CLIENTS, seconds: SECONDS })
    writing = false
    await writer
    // the indexer is never behind algod by more than the block being committed: wait for the tip
    const tip = (await algod.status().do()).lastRound
    while (BigInt(((await (await fetch(`${indexerUrl}/health`)).json()) as { round: number }).round) < tip) await new Promise((r) => setTimeout(r, 50))
    let lost = 0
    for (const txid of acknowledged) if ((await fetch(`${indexerUrl}/v2/transactions/${txid}`)).status !== 200) lost++
    const unexpected = Object.entries(params.statuses).filter(([s]) => s !== '200' && s !== '429')
    console.log(JSON.stringify({ algodParams: { clients: CLIENTS, seconds: SECONDS, ...params }, writer: { committedDuringLoad: acknowledged.length, refused, lost }, ok: unexpected.length === 0 && lost === 0 && refused === 0 }, null, 2))
    if (unexpected.length || lost || refused) process.exitCode = 1
  } finally {
    child.kill('SIGTERM')
    await new Promise((ok) => child.once('exit', ok))
    await rm(dataDir, { recursive: true, force: true })
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e)
  process.exit(1)
})
