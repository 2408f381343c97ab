// The consensus protocol over HTTP, as algosdk sees it: go-algorand's current version by default
// (as AlgoKit LocalNet runs), vFuture on request, one protocol everywhere the node names it, and
// the AVM versions it accepts are the ones that protocol allows.
import { afterEach, describe, expect, it } from 'vitest'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import algosdk from 'algosdk'
import { CONSENSUS_VERSIONS, genesisAccounts, type Consensus } from '@grove/ledger'
import { startLocalnet, type Localnet } from '../src/index.ts'

/** go-algorand's ConsensusCurrentVersion (protocol/consensus.go: ConsensusV42). */
const V42 = 'https://github.com/algorandfoundation/specs/tree/268b63433a907455d439995bf916f6b296018f4f'
const [wallet1] = genesisAccounts()
const running: Localnet[] = []
const dirs: string[] = []

afterEach(async () => {
  for (const net of running.splice(0)) await net.stop()
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

async function start(options: { consensus?: Consensus; dataDir?: string } = {}): Promise<{ net: Localnet; algod: algosdk.Algodv2 }> {
  const net = await startLocalnet({ algodPort: 0, kmdPort: 0, ...options })
  running.push(net)
  return { net, algod: new algosdk.Algodv2(net.algod.token, net.algod.url) }
}

/** Every place algod names the protocol: status, suggested params, the genesis block's header, /genesis. */
async function protocolsSeen(net: Localnet, algod: algosdk.Algodv2): Promise<string[]> {
  const status = await algod.status().do()
  const params = await algod.getTransactionParams().do()
  const block = await algod.block(0).do()
  const genesis = (await (await fetch(`${net.algod.url}/genesis`)).json()) as { proto: string }
  return [status.lastVersion, status.nextVersion, params.consensusVersion, block.block.header.upgradeState.currentProtocol, genesis.proto]
}

/** Creates an app whose approval program is `#pragma version <v>`, `int 1`; the confirmed app id, or algod's refusal. */
async function createApp(algod: algosdk.Algodv2, version: number): Promise<bigint | string> {
  const compile = async (src: string): Promise<Uint8Array> => algosdk.base64ToBytes((await algod.compile(src).do()).result)
  const txn = algosdk.makeApplicationCreateTxnFromObject({
    sender: wallet1.address,
    approvalProgram: await compile(`#pragma version ${version}\nint 1\n`),
    clearProgram: await compile(`#pragma version ${version}\nint 1\n`),
    onComplete: algosdk.OnApplicationComplete.NoOpOC,
    suggestedParams: await algod.getTransactionParams().do(),
  })
  try {
    const { txid } = await algod.sendRawTransaction(txn.signTxn(wallet1.secretKey)).do()
    return (await algosdk.waitForConfirmation(algod, txid, 4)).applicationIndex!
  } catch (e) {
    return e instanceof Error ? e.message : String(e)
  }
}

describe('consensus protocol', () => {
  it("runs go-algorand's current protocol by default, and says so everywhere", async () => {
    const { net, algod } = await start()
    expect(CONSENSUS_VERSIONS.current).toBe(V42)
    expect(net.consensus).toBe('current')
    expect(await protocolsSeen(net, algod)).toEqual([V42, V42, V42, V42, V42])
  })

  it('accepts AVM v13 programs and refuses v14 under the current protocol, as its LogicSigVersion 13 does', async () => {
    const { algod } = await start()
    expect(typeof (await createApp(algod, 13))).toBe('bigint')
    expect(await createApp(algod, 14)).toMatch(/program version 14 greater than protocol supported version 13/)
  })

  it('runs vFuture on request: "future" everywhere, another genesis hash, and v14 programs accepted', async () => {
    const current = await start()
    const future = await start({ consensus: 'future' })
    expect(future.net.consensus).toBe('future')
    expect(await protocolsSeen(future.net, future.algod)).toEqual(['future', 'future', 'future', 'future', 'future'])
    const hash = async (a: algosdk.Algodv2): Promise<string> => algosdk.bytesToBase64((await a.getTransactionParams().do()).genesisHash!)
    expect(await hash(future.algod)).not.toBe(await hash(current.algod))
    expect(typeof (await createApp(future.algod, 14))).toBe('bigint')
  })

  it("keeps a data directory's protocol on restart, and refuses to open it under the other one", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grove-consensus-'))
    dirs.push(dataDir)
    const first = await start({ consensus: 'future', dataDir })
    const appId = await createApp(first.algod, 14)
    await running.pop()!.stop()
    const again = await start({ dataDir })
    expect(again.net.consensus).toBe('future')
    expect((await again.algod.getApplicationByID(appId as bigint).do()).id).toBe(appId)
    await running.pop()!.stop()
    await expect(start({ consensus: 'current', dataDir })).rejects.toThrow(/holds a chain of the future consensus, not current \(start with --reset to begin afresh\)/)
  })
})
