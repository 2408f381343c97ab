// The minimal state the apply tests run over (as go's ledger/apply tests run over mock balances):
// the fixture's three funded genesis accounts plus fresh accounts funded on demand, and one call
// to sign, group and apply transactions.
import algosdk from 'algosdk'
import nacl from 'tweetnacl'
import { applyGroup, type AppliedGroup } from '../../src/apply.ts'
import { genesisAccounts } from '../../src/genesis.ts'
import { pk, setupLedger, sp } from '../fixture.ts'

/** An account the test can sign for. */
export interface Acct {
  addr: string
  sk: Uint8Array
  /** The 32-byte public key (the state's account key). */
  key: Uint8Array
}

/** Transaction and the key that signs it (the sender's, or its authorizer's after a rekey). */
export type Signed = [algosdk.Transaction, Acct]

/** A fresh ledger with alice, bob and carol (1,000 Algos each) and helpers over it. */
export function world() {
  const { state, ctx } = setupLedger()
  const [alice, bob, carol] = genesisAccounts().map((a) => ({ addr: a.address, sk: a.secretKey, key: pk(a.address) }))

  /** Signs, groups (when more than one) and applies; throws algod's text on a refusal. */
  function submit(...txns: Signed[]): AppliedGroup {
    if (txns.length > 1) algosdk.assignGroupID(txns.map(([t]) => t))
    return applyGroup(state, txns.map(([t, a]) => signed(t, a)), ctx)
  }

  /** Applies transactions as signed (a test that tampers with signatures). */
  function submitSigned(stxns: algosdk.SignedTransaction[]): AppliedGroup {
    return applyGroup(state, stxns, ctx)
  }

  /** A new account funded by alice with `amount` µAlgos. */
  function fresh(amount = 1_000_000): Acct {
    const a = algosdk.generateAccount()
    const acct = { addr: a.addr.toString(), sk: a.sk, key: a.addr.publicKey }
    if (amount > 0) submit([pay(alice, acct, amount), alice])
    return acct
  }

  return {
    state,
    ctx,
    alice,
    bob,
    carol,
    submit,
    submitSigned,
    fresh,
    balance: (a: Acct) => BigInt(state.accountData(a.key).balance),
    account: (a: Acct) => state.accountData(a.key),
    holding: (a: Acct, asset: bigint) => state.assetHolding(a.key, Number(asset)),
  }
}

/** Fields a test may set on a payment beside the amount. */
export interface PayExtra {
  closeRemainderTo?: string
  rekeyTo?: string
  note?: Uint8Array
  lease?: Uint8Array
  suggestedParams?: algosdk.SuggestedParams
}

/** A payment of `amount` µAlgos with the fixture's params; `extra` overrides any field. */
export function pay(from: Acct, to: Acct, amount: number | bigint, extra: PayExtra = {}): algosdk.Transaction {
  return algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: from.addr, receiver: to.addr, amount, suggestedParams: sp, ...extra })
}

/** The zero address as algod prints a cleared one. */
export const ZERO_ADDRESS = algosdk.encodeAddress(new Uint8Array(32))

/**
 * `t` signed by `by`, built directly rather than decoded from signTxn's bytes: algosdk's decoder
 * refuses the malformed transactions the well-formedness tests need the ledger to refuse.
 */
export function signed(t: algosdk.Transaction, by: Acct): algosdk.SignedTransaction {
  const sig = nacl.sign.detached(t.bytesToSign(), by.sk)
  return new algosdk.SignedTransaction({ txn: t, sig, sgnr: by.addr === t.sender.toString() ? undefined : algosdk.Address.fromString(by.addr) })
}
