import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import algosdk from 'algosdk'
import { Store } from '@tanstack/store'
import { DEFAULT_STATE, KmdWallet, WalletId } from '@txnlab/use-wallet'
import { genesisAccounts } from '@grove/ledger'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startKmd, type KmdServer } from '../src/kmd/index.ts'

let server: KmdServer

beforeAll(async () => {
  server = await startKmd({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'kmd-uw-')) })
})
afterAll(() => server.stop())

function wallet(name?: string): KmdWallet {
  const store = new Store({ ...DEFAULT_STATE })
  return new KmdWallet({
    id: WalletId.KMD,
    store: store as never,
    subscribe: () => () => {},
    getAlgodClient: () => new algosdk.Algodv2('', 'http://127.0.0.1', 1),
    options: { port: server.port, promptForPassword: () => Promise.resolve(''), ...(name ? { wallet: name } : {}) },
  } as never)
}

describe("use-wallet's KMD wallet against kmd", () => {
  it('connects to the default wallet and lists its accounts', async () => {
    const accounts = await wallet().connect()
    expect(accounts.map((a) => a.address).sort()).toEqual(genesisAccounts().map((a) => a.address).sort())
  })

  it('signs a transaction for a wallet account', async () => {
    const w = wallet()
    await w.connect()
    const [a] = genesisAccounts()
    const sp = { fee: 1000, firstValid: 1, lastValid: 1000, genesisHash: new Uint8Array(32), genesisID: 'dockernet-v1', minFee: 1000, flatFee: true }
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: a!.address, receiver: a!.address, amount: 0, suggestedParams: sp })
    expect(await w.signTransactions([txn])).toEqual([txn.signTxn(a!.secretKey)])
  })

  it('reports a missing wallet by name', async () => {
    await expect(wallet('missing').connect()).rejects.toThrow('Wallet "missing" not found!')
  })
})
