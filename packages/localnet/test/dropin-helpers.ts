// Shared setup for the drop-in tests: a localnet on random ports, algosdk and algokit-utils
// clients pointed at it, and small helpers that go through algod over HTTP like any tool would.
import algosdk from 'algosdk'
import { AlgorandClient } from '@algorandfoundation/algokit-utils'
import { genesisAccounts } from '@grove/ledger'
import { startLocalnet } from '../src/start-localnet.ts'
import type { Localnet } from '../src/start-localnet.ts'

/** A running localnet with clients over HTTP. */
export interface DropinNet {
  net: Localnet
  algod: algosdk.Algodv2
  kmd: algosdk.Kmd
  algorand: AlgorandClient
  /** algokit-utils client config (algodConfig and kmdConfig) for this localnet. */
  config: { algodConfig: { server: string; port: string; token: string }; kmdConfig: { server: string; port: string; token: string } }
  stop(): Promise<void>
}

function endpoint(url: string, token: string): { server: string; port: string; token: string } {
  const u = new URL(url)
  return { server: `${u.protocol}//${u.hostname}`, port: u.port, token }
}

/** Starts a localnet on free ports with algosdk and algokit-utils clients. */
export async function startDropinNet(): Promise<DropinNet> {
  const net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  const algodConfig = endpoint(net.algod.url, net.algod.token)
  const kmdConfig = endpoint(net.kmd.url, net.kmd.token)
  const algod = new algosdk.Algodv2(algodConfig.token, algodConfig.server, algodConfig.port)
  const kmd = new algosdk.Kmd(kmdConfig.token, kmdConfig.server, kmdConfig.port)
  const algorand = AlgorandClient.fromConfig({ algodConfig, kmdConfig })
  return { net, algod, kmd, algorand, config: { algodConfig, kmdConfig }, stop: () => net.stop() }
}

/** The first genesis account (funded, key known), as a signer-capable account. */
export function funder(): { addr: algosdk.Address; sk: Uint8Array } {
  const g = genesisAccounts()[0]!
  return { addr: algosdk.Address.fromString(g.address), sk: g.secretKey }
}

/** Suggested params with a flat fee (default 1000 µAlgo). */
export async function params(algod: algosdk.Algodv2, fee = 1000n): Promise<algosdk.SuggestedParams> {
  const sp = await algod.getTransactionParams().do()
  return { ...sp, fee, flatFee: true }
}

/** algod's answer to a raw POST /v2/transactions: status and parsed body. */
export interface RawAnswer {
  status: number
  body: { message?: string; txId?: string }
}

/** Posts signed transaction bytes as algosdk does, returning algod's status and body. */
export async function postRaw(net: Localnet, ...signed: Uint8Array[]): Promise<RawAnswer> {
  const body = new Uint8Array(signed.reduce((n, s) => n + s.length, 0))
  let at = 0
  for (const s of signed) {
    body.set(s, at)
    at += s.length
  }
  const res = await fetch(`${net.algod.url}/v2/transactions`, {
    method: 'POST',
    headers: { 'X-Algo-API-Token': net.algod.token, 'Content-Type': 'application/x-binary' },
    body,
  })
  return { status: res.status, body: (await res.json()) as RawAnswer['body'] }
}

/** Sends signed bytes with algosdk and waits for confirmation. */
export async function send(algod: algosdk.Algodv2, ...signed: Uint8Array[]): Promise<algosdk.modelsv2.PendingTransactionResponse> {
  const { txid } = await algod.sendRawTransaction(signed).do()
  return algosdk.waitForConfirmation(algod, txid, 4)
}

/** A new account funded with `amount` µAlgo from the genesis funder. */
export async function fundedAccount(algod: algosdk.Algodv2, amount = 10_000_000): Promise<algosdk.Account> {
  const acct = algosdk.generateAccount()
  const f = funder()
  const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: f.addr, receiver: acct.addr, amount, suggestedParams: await params(algod) })
  await send(algod, txn.signTxn(f.sk))
  return acct
}

/** Compiles TEAL through algod's /v2/teal/compile. */
export async function compile(algod: algosdk.Algodv2, source: string): Promise<Uint8Array> {
  const res = await algod.compile(source).do()
  return new Uint8Array(Buffer.from(res.result, 'base64'))
}

/** The µAlgo balance of an address. */
export async function balance(algod: algosdk.Algodv2, address: string | algosdk.Address): Promise<bigint> {
  return (await algod.accountInformation(address).do()).amount
}
