// Signing by node's ed25519 for accounts a dev chain's tools hold keys of (kmd's dispenser, a demo's
// traders, a test's accounts): the same signatures algosdk's tweetnacl makes (ed25519 is
// deterministic), in tens of microseconds instead of milliseconds; a demo seed or a contract suite
// signs thousands of times.
import algosdk, { type Address, type TransactionSigner } from 'algosdk'
import { signDetached } from './kmd/crypto.ts'

/** A signer for the 64-byte secret key `sk` (seed ‖ public key), as algosdk's makeBasicAccountTransactionSigner but by node's crypto. */
export function fastSigner(sk: Readonly<Uint8Array>): TransactionSigner {
  const secret = new Uint8Array(sk)
  const signerKey = new algosdk.Address(secret.slice(32, 64))
  return async (group, indexes) =>
    indexes.map((i) => {
      const txn = group[i]!
      const sig = signDetached(txn.bytesToSign(), secret)
      // a rekeyed sender names its signer (sgnr), as algosdk's signTxn does
      const sgnr = txn.sender.equals(signerKey) ? undefined : signerKey
      return algosdk.encodeMsgpack(new algosdk.SignedTransaction({ txn, sig, sgnr }))
    })
}

/** `account` (an algokit-utils account: random(), fromMnemonic(), the dispenser) with a node-crypto signer, registered with `algorand` for its address so algokit's sends use it too. */
export function withFastSigner<A extends { addr: Readonly<Address>; account: { sk: Readonly<Uint8Array> } }>(
  algorand: { account: { setSigner(sender: Address, signer: TransactionSigner): unknown } },
  account: A,
): A & { signer: TransactionSigner } {
  const signer = fastSigner(account.account.sk)
  algorand.account.setSigner(account.addr, signer)
  return Object.assign(account, { signer })
}
