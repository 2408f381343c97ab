// Shared setup for the ledger's unit tests: a LedgerState at round 1 whose genesis accounts hold
// 1,000 Algos each, the GroupContext applyGroup needs, and signing helpers.
import algosdk from 'algosdk'
import { assemble } from '@grove/avm'
import type { GroupContext } from '../src/apply.ts'
import { LedgerState } from '../src/state.ts'
import { genesisAccounts, genesisHash, GENESIS_ID, FEE_SINK } from '../src/genesis.ts'
import type { ConfirmedTxn } from '../src/node.ts'

/** µAlgos each genesis account holds in a fresh fixture. */
export const FIXTURE_BALANCE = 1_000_000_000

/** A fresh ledger state at round 1 and the context to apply groups to it (no txid or lease seen yet). */
export function setupLedger(): { state: LedgerState; ctx: GroupContext } {
  const state = new LedgerState({
    round: () => 1n,
    latestTimestamp: () => 0,
    blockHeader: () => {
      throw new Error('no block header access')
    },
    genesisHash: () => genesisHash(),
    feeSink: algosdk.decodeAddress(FEE_SINK).publicKey,
  })
  for (const a of genesisAccounts()) state.updateAccount(algosdk.decodeAddress(a.address).publicKey, (d) => (d.balance = FIXTURE_BALANCE))
  return { state, ctx: { round: 1n, genesisId: GENESIS_ID, genesisHash: genesisHash(), seenTxId: () => false, leaseUntil: () => undefined } }
}

/** Suggested params valid for rounds 1–100 of the dev network, with a flat 1,000 µAlgo fee. */
export const sp: algosdk.SuggestedParams = { fee: 1000n, minFee: 1000n, firstValid: 1n, lastValid: 100n, genesisID: GENESIS_ID, genesisHash: genesisHash(), flatFee: true }

/** The transaction signed by genesis account `i`, decoded as applyGroup takes it. */
export function sign(t: algosdk.Transaction, i = 0): algosdk.SignedTransaction {
  return algosdk.decodeSignedTransaction(t.signTxn(genesisAccounts()[i].secretKey))
}

/** The 32-byte public key of an address. */
export function pk(address: string): Uint8Array {
  return algosdk.decodeAddress(address).publicKey
}

/** Assembles TEAL with @grove/avm, throwing on an error. */
export function program(source: string): Uint8Array {
  const r = assemble(source)
  if (r.program === undefined) throw new Error(`assembly failed: ${JSON.stringify(r.errors)}`)
  return r.program
}

/** A view the Node returns (node.ts), as comparable text: bigints, bytes and maps spelled out; undefined stays undefined. */
export function viewText(x: unknown): string | undefined {
  if (x === undefined) return undefined
  return JSON.stringify(x, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v instanceof Map ? [...(v as Map<unknown, unknown>)] : v))
}

/** A confirmed transaction as comparable text: the signed transaction's msgpack, its apply data and round; undefined stays undefined. */
export function confirmedText(c: ConfirmedTxn | undefined): string | undefined {
  return c === undefined ? undefined : viewText({ stxn: algosdk.encodeMsgpack(c.stxn), applied: c.applied, round: c.round })
}
