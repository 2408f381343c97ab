import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import algosdk from 'algosdk'
import nacl from 'tweetnacl'
import { expand } from '@noble/hashes/hkdf.js'
import { sha512_256 } from '@noble/hashes/sha2.js'
import { genesisAccounts } from '@grove/ledger'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startKmd, type KmdServer } from '../src/kmd/index.ts'
import { BLANK_PASSWORD_SCRYPT, DEFAULT_SCRYPT } from '../src/kmd/crypto.ts'

let clock = Date.now()
let server: KmdServer
let kmd: algosdk.Kmd
let dataDir: string

async function raw(method: string, p: string, body?: string, token = server.token) {
  const res = await fetch(server.url + p, { method, body, headers: { 'X-KMD-API-Token': token } })
  return { status: res.status, body: await res.text() }
}

async function defaultHandle(): Promise<string> {
  const { wallets } = await kmd.listWallets()
  const id = wallets.find((w: { name: string }) => w.name === 'unencrypted-default-wallet').id
  return (await kmd.initWalletHandle(id, '')).wallet_handle_token
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kmd-test-'))
  server = await startKmd({ dataDir, now: () => clock })
  kmd = new algosdk.Kmd(server.token, 'http://127.0.0.1', server.port)
})
afterAll(() => server.stop())

describe('kmd v1', () => {
  it('serves /versions without a token', async () => {
    expect(await raw('GET', '/versions', undefined, '')).toEqual({ status: 200, body: '{\n  "versions": [\n    "v1"\n  ]\n}' })
  })

  it('rejects a wrong API token with 401', async () => {
    const r = await raw('GET', '/v1/wallets', undefined, 'b'.repeat(64))
    expect(r.status).toBe(401)
    expect(JSON.parse(r.body)).toEqual({ error: true, message: 'invalid API token' })
  })

  it('holds the genesis accounts in the default wallet', async () => {
    const { addresses } = await kmd.listKeys(await defaultHandle())
    expect([...addresses].sort()).toEqual(genesisAccounts().map((a) => a.address).sort())
  })

  it.each([
    ['malformed JSON', '{"wallet_id":'],
    ['an unknown field', '{"wallet_id":"x","bogus":1}'],
    ['a wrongly typed field', '{"wallet_id":5}'],
  ])('answers 400 to %s', async (_name, body) => {
    const r = await raw('POST', '/v1/wallet/init', body)
    expect(r.status).toBe(400)
    expect(JSON.parse(r.body)).toEqual({ error: true, message: 'could not decode request body' })
  })

  it.each([
    ['an unknown wallet', 'nope', '', 400, 'wallet not found'],
    ['a wrong password', 'default', 'wrong', 401, 'error decrypting. wrong password?'],
  ])('refuses init with %s', async (_n, which, pw, status, message) => {
    const { wallets } = await kmd.listWallets()
    const id = which === 'default' ? wallets[0].id : which
    const r = await raw('POST', '/v1/wallet/init', JSON.stringify({ wallet_id: id, wallet_password: pw }))
    expect(r.status).toBe(status)
    expect(JSON.parse(r.body).message).toBe(message)
  })

  it.each([
    ['no dot', 'abc', 'wrong number of token parts'],
    ['a bad id', 'zz.' + 'a'.repeat(64), 'invalid wallet handle id'],
    ['an unknown handle', '0123456789abcdef.' + 'a'.repeat(64), 'handle does not exist'],
  ])('refuses a handle token with %s', async (_n, token, message) => {
    const r = await raw('POST', '/v1/key/list', JSON.stringify({ wallet_handle_token: token }))
    expect(r.status).toBe(401)
    expect(JSON.parse(r.body).message).toBe(message)
  })

  it('expires handles after the session lifetime, renews and releases them', async () => {
    const h = await defaultHandle()
    expect((await kmd.getWallet(h)).wallet_handle.expires_seconds).toBe(60)
    clock += 30_000
    expect((await kmd.renewWalletHandle(h)).wallet_handle.expires_seconds).toBe(60)
    clock += 61_000
    const r = await raw('POST', '/v1/wallet/info', JSON.stringify({ wallet_handle_token: h }))
    expect([r.status, JSON.parse(r.body).message]).toEqual([401, 'handle expired'])
    const h2 = await defaultHandle()
    await kmd.releaseWalletHandle(h2)
    const r2 = await raw('POST', '/v1/wallet/info', JSON.stringify({ wallet_handle_token: h2 }))
    expect(JSON.parse(r2.body).message).toBe('handle does not exist')
  })

  it('creates, renames and refuses duplicate wallets (a wrong password 401, as at init)', async () => {
    const { wallet } = await kmd.createWallet('w1', 'pw')
    expect(wallet).toMatchObject({ name: 'w1', driver_name: 'sqlite', driver_version: 1 })
    const dup = await raw('POST', '/v1/wallet', JSON.stringify({ wallet_name: 'w1', wallet_password: 'x' }))
    expect([dup.status, JSON.parse(dup.body).message]).toEqual([400, 'wallet with same name already exists'])
    const bad = await raw('POST', '/v1/wallet/rename', JSON.stringify({ wallet_id: wallet.id, wallet_password: 'no', wallet_name: 'w2' }))
    expect([bad.status, JSON.parse(bad.body).message]).toEqual([401, 'error decrypting. wrong password?'])
    expect((await kmd.renameWallet(wallet.id, 'pw', 'w2')).wallet.name).toBe('w2')
  })

  it('generates keys by kmd’s HKDF derivation from the master derivation key', async () => {
    const mdk = sha512_256(new TextEncoder().encode('mdk'))
    const { wallet } = await kmd.createWallet('derived', 'pw', mdk)
    const h = (await kmd.initWalletHandle(wallet.id, 'pw')).wallet_handle_token
    expect((await kmd.exportMasterDerivationKey(h, 'pw')).master_derivation_key).toEqual(mdk)
    for (const i of [1, 2]) {
      const seed = expand(sha512_256, mdk, new TextEncoder().encode(`AlgorandDeterministicKey-${i}`), 32)
      const expected = algosdk.encodeAddress(nacl.sign.keyPair.fromSeed(seed).publicKey)
      expect((await kmd.generateKey(h)).address).toBe(expected)
    }
  })

  it('imports, exports and deletes keys', async () => {
    const h = await defaultHandle()
    const acct = algosdk.generateAccount()
    expect((await kmd.importKey(h, acct.sk)).address).toBe(acct.addr.toString())
    const dup = await raw('POST', '/v1/key/import', JSON.stringify({ wallet_handle_token: h, private_key: Buffer.from(acct.sk).toString('base64') }))
    expect(JSON.parse(dup.body).message).toBe('key already exists in wallet')
    expect((await kmd.exportKey(h, '', acct.addr.toString())).private_key).toEqual(acct.sk)
    await kmd.deleteKey(h, '', acct.addr.toString())
    const gone = await raw('POST', '/v1/key/export', JSON.stringify({ wallet_handle_token: h, address: acct.addr.toString(), wallet_password: '' }))
    expect([gone.status, JSON.parse(gone.body).message]).toEqual([400, 'key does not exist in this wallet'])
  })

  it('signs transactions byte for byte as algosdk does, including rekeyed signers', async () => {
    const h = await defaultHandle()
    const [a, b] = genesisAccounts()
    const sp = { fee: 1000, firstValid: 1, lastValid: 1000, genesisHash: new Uint8Array(32), genesisID: 'dockernet-v1', minFee: 1000, flatFee: true }
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: a!.address, receiver: b!.address, amount: 5, suggestedParams: sp })
    expect(await kmd.signTransaction(h, '', txn)).toEqual(txn.signTxn(a!.secretKey))
    const pkB = algosdk.decodeAddress(b!.address).publicKey
    expect(await kmd.signTransactionWithSpecificPublicKey(h, '', txn, pkB)).toEqual(txn.signTxn(b!.secretKey))
  })

  it('imports multisig preimages, signs and merges partial signatures as algosdk does', async () => {
    const h = await defaultHandle()
    const accts = genesisAccounts()
    const addrs = accts.map((x) => x.address)
    const params = { version: 1, threshold: 2, addrs }
    const pks = addrs.map((x) => Buffer.from(algosdk.decodeAddress(x).publicKey).toString('base64'))
    const { address } = await kmd.importMultisig(h, 1, 2, pks)
    expect(address).toBe(algosdk.multisigAddress(params).toString())
    expect((await kmd.listMultisig(h)).addresses).toEqual([address])
    expect(await kmd.exportMultisig(h, address)).toEqual({ multisig_version: 1, threshold: 2, pks })
    const sp = { fee: 1000, firstValid: 1, lastValid: 1000, genesisHash: new Uint8Array(32), genesisID: 'dockernet-v1', minFee: 1000, flatFee: true }
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: address, receiver: addrs[0]!, amount: 1, suggestedParams: sp })
    const first = await kmd.signMultisigTransaction(h, '', txn, algosdk.decodeAddress(addrs[0]!).publicKey, undefined as never)
    const expected = algosdk.signMultisigTransaction(txn, params, accts[0]!.secretKey).blob
    const expectedMsig = algosdk.msgpackRawEncode((algosdk.msgpackRawDecode(expected) as { msig: object }).msig)
    expect(new Uint8Array(Buffer.from(first.multisig, 'base64'))).toEqual(expectedMsig)
    const partial = algosdk.msgpackRawDecode(Buffer.from(first.multisig, 'base64')) as { v: number; thr: number; subsig: { pk: Uint8Array; s?: Uint8Array }[] }
    const partialJson = { v: partial.v, thr: partial.thr, subsig: partial.subsig.map((x) => ({ pk: Buffer.from(x.pk).toString('base64'), ...(x.s ? { s: Buffer.from(x.s).toString('base64') } : {}) })) }
    const second = await kmd.signMultisigTransaction(h, '', txn, algosdk.decodeAddress(addrs[1]!).publicKey, partialJson as never)
    const merged = algosdk.appendSignMultisigTransaction(expected, params, accts[1]!.secretKey).blob
    expect(new Uint8Array(Buffer.from(second.multisig, 'base64'))).toEqual(algosdk.msgpackRawEncode((algosdk.msgpackRawDecode(merged) as { msig: object }).msig))
    await kmd.deleteMultisig(h, '', address)
    expect((await kmd.listMultisig(h)).addresses ?? []).toEqual([])
  })

  it('signs programs as a delegated logicsig', async () => {
    const h = await defaultHandle()
    const [a] = genesisAccounts()
    const program = Uint8Array.of(0x01, 0x20, 0x01, 0x01, 0x22)
    const r = await raw('POST', '/v1/program/sign', JSON.stringify({ wallet_handle_token: h, address: a!.address, data: Buffer.from(program).toString('base64'), wallet_password: '' }))
    const lsig = new algosdk.LogicSigAccount(program)
    lsig.sign(a!.secretKey)
    expect(Buffer.from(JSON.parse(r.body).sig, 'base64')).toEqual(Buffer.from(lsig.lsig.sig!))
  })

  it('stretches a blank password cheaply (it guards nothing) and a set one with kmd’s parameters; both open', async () => {
    const params = (name: string) => {
      const file = fs.readdirSync(path.join(dataDir, 'kmd')).find((f) => f.startsWith(`${name}.`))!
      const blob = algosdk.msgpackRawDecode(Buffer.from(JSON.parse(fs.readFileSync(path.join(dataDir, 'kmd', file), 'utf8')).mep_encrypted, 'base64')) as Record<string, unknown>
      return { N: Number(blob.scrypt_n), r: Number(blob.scrypt_r), p: Number(blob.scrypt_p) }
    }
    expect(params('unencrypted-default-wallet')).toEqual(BLANK_PASSWORD_SCRYPT)
    await kmd.createWallet('set-password', 'correct horse')
    expect(params('set-password')).toEqual(DEFAULT_SCRYPT)
    const id = (await kmd.listWallets()).wallets.find((w: { name: string }) => w.name === 'set-password').id
    await kmd.releaseWalletHandle((await kmd.initWalletHandle(id, 'correct horse')).wallet_handle_token)
    await expect(kmd.initWalletHandle(id, '')).rejects.toThrow(/wrong password|decrypt/i)
    await kmd.releaseWalletHandle(await defaultHandle())
  })

  it('keeps wallets encrypted on disk and restores them after a restart', async () => {
    const files = fs.readdirSync(path.join(dataDir, 'kmd'))
    const text = files.map((f) => fs.readFileSync(path.join(dataDir, 'kmd', f), 'utf8')).join('')
    expect(text).not.toContain(Buffer.from(genesisAccounts()[0]!.secretKey).toString('base64'))
    await server.stop()
    server = await startKmd({ dataDir, now: () => clock })
    kmd = new algosdk.Kmd(server.token, 'http://127.0.0.1', server.port)
    const names = (await kmd.listWallets()).wallets.map((w: { name: string }) => w.name).sort()
    expect(names).toEqual(['derived', 'set-password', 'unencrypted-default-wallet', 'w2'])
  })
})
