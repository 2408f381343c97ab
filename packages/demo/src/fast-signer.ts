// Signing by node's ed25519 for the accounts a stack signs for itself (kmd's dispenser, the demo's
// holders and traders): the same signatures algosdk's tweetnacl makes (ed25519 is deterministic), in
// tens of microseconds instead of milliseconds; a fresh start's demo seed signs a few thousand times.
import { createPrivateKey, sign } from 'node:crypto'
import algosdk, { type Address, type TransactionSigner } from 'algosdk'
import type { AlgorandClient } from '@algorandfoundation/algokit-utils'

/** PKCS#8 DER header of an ed25519 private key; the 32-byte seed follows it. */
const ED25519_PKCS8 = Buffer.from('302e020100300506032b657004220420', 'hex')

/** A signer for the 64-byte secret key `sk` (seed ‖ public key), as algosdk's makeBasicAccountTransactionSigner but by node's crypto. */
export function fastSigner(sk: Readonly<Uint8Array>): TransactionSigner {
  const key = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8, sk.subarray(0, 32)]), format: 'der', type: 'pkcs8' })
  const signerKey = new algosdk.Address(sk.slice(32, 64))
  return async (group, indexes) =>
    indexes.map((i) => {
      const txn = group[i]!
      const sig = new Uint8Array(sign(null, txn.bytesToSign(), key))
      // a rekeyed sender names its signer (sgnr), as algosdk's signTxn does
      const sgnr = txn.sender.equals(signerKey) ? undefined : signerKey
      return algosdk.encodeMsgpack(new algosdk.SignedTransaction({ txn, sig, sgnr }))
    })
}

/** `account` with a node-crypto signer, registered with `algorand` for its address (algokit's sends use it too). */
export function withFastSigner<A extends { addr: Readonly<Address>; account: { sk: Readonly<Uint8Array> } }>(algorand: AlgorandClient, account: A): A & { signer: TransactionSigner } {
  const signer = fastSigner(account.account.sk)
  algorand.account.setSigner(account.addr, signer)
  return Object.assign(account, { signer })
}
