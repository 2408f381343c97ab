import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPrivateKey, sign as cryptoSign } from 'node:crypto'
import algosdk from 'algosdk'
import { openNode, genesisAccounts } from '@grove/ledger'
const dataDir = mkdtempSync(join(tmpdir(), 'grove-r-'))
const node = openNode({ dataDir })
const [g0, g1] = genesisAccounts()
const key = createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), g0.secretKey.subarray(0, 32)]), format: 'der', type: 'pkcs8' })
const sp = node.suggestedParams()
const N = Number(process.env.N ?? 5000)
let t = performance.now()
for (let i = 0; i < N; i++) {
  const first = BigInt(i) - (BigInt(i) % 500n)
  const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: g0.address, receiver: g1.address, amount: 1, note: new TextEncoder().encode(`r${i}`), suggestedParams: { fee: 1000n, minFee: 1000n, flatFee: true, firstValid: first, lastValid: first + 1000n, genesisID: sp.genesisId, genesisHash: sp.genesisHash } })
  const sig = cryptoSign(null, txn.bytesToSign(), key)
  const d = node.submit(algosdk.encodeMsgpack(new algosdk.SignedTransaction({ txn, sig: new Uint8Array(sig) }))).durable
  if (i % 1000 === 999) await d
}
console.log('make', performance.now() - t)
t = performance.now(); await node.close(); console.log('close', performance.now() - t)
for (let k = 0; k < 2; k++) { t = performance.now(); const n2 = openNode({ dataDir }); console.log('open', performance.now() - t); await n2.close() }
console.log("log MB", (await import("node:fs")).statSync(join(dataDir, "ledger", "chain.log")).size / 1e6)
const fs = await import('node:fs')
fs.copyFileSync(join(dataDir, 'ledger', 'snapshot.bin'), '/tmp/h18/snapshot-100k.bin')
fs.rmSync(join(dataDir, 'ledger', 'snapshot.bin'))
t = performance.now(); const n3 = openNode({ dataDir }); console.log('full replay open', performance.now() - t)
console.log('dataDir', dataDir)
