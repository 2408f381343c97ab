// Every refusal of POST /v2/transactions answers 400 with go-algorand's message, byte for byte
// where go's text is reproducible: verification failures as verify.TxnGroup words them,
// evaluation failures behind the transaction pool's `TransactionPool.Remember: ` prefix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { LogicError } from '@algorandfoundation/algokit-utils/types/logic-error'
import { startDropinNet, compile, funder, fundedAccount, params, postRaw, send, type DropinNet } from './dropin-helpers.ts'

let d: DropinNet
const REMEMBER = 'TransactionPool.Remember: '
const ZERO_ADDR = algosdk.Address.zeroAddress().toString()

beforeAll(async () => {
  d = await startDropinNet()
})

afterAll(async () => {
  await d.stop()
})

/** go's crypto.Digest.String() (base32, no padding), as a txid is written: the txid of raw bytes. */
function digest(b: Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const x of b) bits += x.toString(2).padStart(8, '0')
  let out = ''
  for (let i = 0; i < bits.length; i += 5) out += alphabet[parseInt(bits.slice(i, i + 5).padEnd(5, '0'), 2)]
  return out
}

/** go's MicroAlgos.String(). */
function algosText(raw: bigint): string {
  if (raw === 0n) return '0.0A'
  if (raw < 1000n) return `${raw}uA`
  if (raw < 1_000_000n) return raw % 1000n === 0n ? `${raw / 1000n}mA` : `${raw / 1000n}.${String(raw % 1000n).padStart(3, '0')}mA`
  return raw % 1_000_000n === 0n ? `${raw / 1_000_000n}A` : `${raw / 1_000_000n}.${String(raw % 1_000_000n).padStart(6, '0')}A`
}

function payment(sender: algosdk.Address, receiver: algosdk.Address, amount: number | bigint, sp: algosdk.SuggestedParams, extra: { note?: Uint8Array; lease?: Uint8Array; rekeyTo?: algosdk.Address; closeRemainderTo?: algosdk.Address } = {}): algosdk.Transaction {
  return algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender, receiver, amount, suggestedParams: sp, ...extra })
}

async function lastRound(): Promise<bigint> {
  return (await d.algod.status().do()).lastRound
}

describe('signature rejections', () => {
  it('rejects a corrupted signature with the batch verifier\'s text', async () => {
    const f = funder()
    const txn = payment(f.addr, f.addr, 0, await params(d.algod))
    const signed = algosdk.decodeSignedTransaction(txn.signTxn(f.sk))
    const sig = signed.sig!.slice()
    sig[0] ^= 1
    const res = await postRaw(d.net, algosdk.encodeMsgpack(new algosdk.SignedTransaction({ txn, sig })))
    expect(res).toEqual({ status: 400, body: { message: 'At least one signature didn\'t pass verification' } })
  })

  it('rejects a signature by a key the sender was never rekeyed to', async () => {
    const f = funder()
    const other = algosdk.generateAccount()
    const txn = payment(f.addr, f.addr, 0, await params(d.algod))
    // algosdk names the other key as the authorizer (sgnr), so the signature verifies and the evaluator refuses it
    const res = await postRaw(d.net, txn.signTxn(other.sk))
    expect(res).toEqual({ status: 400, body: { message: `${REMEMBER}transaction ${txn.txID()}: should have been authorized by ${f.addr} but was actually authorized by ${other.addr}` } })
  })

  it('rejects a transaction signed by the sender after it was rekeyed away', async () => {
    const acct = await fundedAccount(d.algod, 1_000_000)
    const auth = algosdk.generateAccount()
    const sp = await params(d.algod)
    await send(d.algod, payment(acct.addr, acct.addr, 0, sp, { rekeyTo: auth.addr }).signTxn(acct.sk))
    const txn = payment(acct.addr, acct.addr, 0, { ...sp, firstValid: BigInt(sp.firstValid) + 1n })
    const res = await postRaw(d.net, txn.signTxn(acct.sk))
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(`${REMEMBER}transaction ${txn.txID()}: should have been authorized by ${auth.addr} but was actually authorized by ${acct.addr}`)
  })

  it('rejects a multisig below its threshold', async () => {
    const keys = [algosdk.generateAccount(), algosdk.generateAccount(), algosdk.generateAccount()]
    const mparams = { version: 1, threshold: 2, addrs: keys.map((k) => k.addr) }
    const msigAddr = algosdk.multisigAddress(mparams)
    const f = funder()
    await send(d.algod, payment(f.addr, msigAddr, 1_000_000, await params(d.algod)).signTxn(f.sk))
    const txn = payment(msigAddr, f.addr, 1, await params(d.algod))
    const one = algosdk.signMultisigTransaction(txn, mparams, keys[0]!.sk).blob
    const res = await postRaw(d.net, one)
    // go prefixes the %+v dump of the signed transaction; the reason after `invalid : ` is its text
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/ invalid : multisig validation failed: Invalid number of signatures$/)
  })

  it('rejects a multisig whose subsignature is forged', async () => {
    const keys = [algosdk.generateAccount(), algosdk.generateAccount()]
    const mparams = { version: 1, threshold: 1, addrs: keys.map((k) => k.addr) }
    const msigAddr = algosdk.multisigAddress(mparams)
    const txn = payment(msigAddr, msigAddr, 0, await params(d.algod))
    const signed = algosdk.decodeSignedTransaction(algosdk.signMultisigTransaction(txn, mparams, keys[0]!.sk).blob)
    const forged = algosdk.encodeMsgpack(
      new algosdk.SignedTransaction({
        txn,
        msig: { ...signed.msig!, subsig: signed.msig!.subsig.map((s, i) => (i === 0 ? { ...s, s: new Uint8Array(64).fill(7) } : s)) },
      }),
    )
    const res = await postRaw(d.net, forged)
    expect(res).toEqual({ status: 400, body: { message: 'At least one signature didn\'t pass verification' } })
  })
})

describe('balance rejections', () => {
  it('rejects an overspend with go\'s account dump', async () => {
    const acct = await fundedAccount(d.algod, 1_000_000)
    const txn = payment(acct.addr, funder().addr, 5_000_000, await params(d.algod))
    const res = await postRaw(d.net, txn.signTxn(acct.sk))
    const zeros = (n: number): string => `[${Array.from({ length: n }, () => '0').join(' ')}]`
    const data =
      `{AccountBaseData:{Status:Offline MicroAlgos:${algosText(999_000n)} RewardsBase:0 RewardedMicroAlgos:0.0A AuthAddr:${ZERO_ADDR} IncentiveEligible:false ` +
      'TotalAppSchema:{NumUint:0 NumByteSlice:0} TotalExtraAppPages:0 TotalAppParams:0 TotalAppLocalStates:0 TotalAssetParams:0 TotalAssets:0 TotalBoxes:0 TotalBoxBytes:0 ' +
      `LastProposed:0 LastHeartbeat:0} VotingData:{VoteID:${zeros(32)} SelectionID:${zeros(32)} StateProofID:${zeros(64)} VoteFirstValid:0 VoteLastValid:0 VoteKeyDilution:0}}`
    expect(res).toEqual({
      status: 400,
      body: { message: `${REMEMBER}transaction ${txn.txID()}: overspend (account ${acct.addr}, data ${data}, tried to spend ${algosText(5_000_000n)})` },
    })
  })

  it('rejects a payment that leaves the receiver below the minimum balance', async () => {
    const f = funder()
    const receiver = algosdk.generateAccount().addr
    const txn = payment(f.addr, receiver, 99_999, await params(d.algod))
    const res = await postRaw(d.net, txn.signTxn(f.sk))
    expect(res).toEqual({ status: 400, body: { message: `${REMEMBER}transaction ${txn.txID()}: account ${receiver} balance 99999 below min 100000 (0 assets)` } })
  })

  it('rejects a fee below the minimum, pooled over the group', async () => {
    const f = funder()
    const sp = await params(d.algod, 500n)
    const t1 = payment(f.addr, f.addr, 0, sp)
    const t2 = payment(f.addr, f.addr, 1, sp)
    algosdk.assignGroupID([t1, t2])
    const res = await postRaw(d.net, t1.signTxn(f.sk), t2.signTxn(f.sk))
    expect(res).toEqual({ status: 400, body: { message: `${REMEMBER}txgroup with 1mA fees is less than 2mA (usage=2.000000 * base=1mA)` } })
  })
})

describe('validity rejections', () => {
  it('rejects a group of 17 transactions', async () => {
    const f = funder()
    const sp = await params(d.algod)
    const txns = Array.from({ length: 17 }, (_, i) => payment(f.addr, f.addr, i, sp))
    algosdk.assignGroupID(txns.slice(0, 16))
    const res = await postRaw(d.net, ...txns.map((t) => t.signTxn(f.sk)))
    expect(res).toEqual({ status: 400, body: { message: 'max group size is 16' } })
  })

  it('accepts a group of exactly 16 transactions', async () => {
    const f = funder()
    const sp = await params(d.algod)
    const txns = algosdk.assignGroupID(Array.from({ length: 16 }, (_, i) => payment(f.addr, f.addr, i, sp, { note: new Uint8Array([16]) })))
    const res = await postRaw(d.net, ...txns.map((t) => t.signTxn(f.sk)))
    expect(res).toEqual({ status: 200, body: { txId: txns[0]!.txID() } })
  })

  it('rejects a group whose members carry no group id', async () => {
    const f = funder()
    const sp = await params(d.algod)
    const res = await postRaw(d.net, payment(f.addr, f.addr, 1, sp).signTxn(f.sk), payment(f.addr, f.addr, 2, sp).signTxn(f.sk))
    expect(res).toEqual({ status: 400, body: { message: 'transactionGroup: [0] had zero Group but was submitted in a group of 2' } })
  })

  it('writes digests as txids are written', () => {
    const txn = payment(funder().addr, funder().addr, 0, { fee: 1000n, flatFee: true, firstValid: 1n, lastValid: 2n, genesisHash: new Uint8Array(32), minFee: 1000n })
    expect(digest(txn.rawTxID())).toBe(txn.txID())
  })

  it('rejects a group submitted without all its members', async () => {
    const f = funder()
    const sp = await params(d.algod)
    const alone = payment(f.addr, f.addr, 1, sp)
    const idAlone = alone.txID()
    const [t1] = algosdk.assignGroupID([alone, payment(f.addr, f.addr, 2, sp)])
    const computed = digest(algosdk.computeGroupID([payment(f.addr, f.addr, 1, sp)]))
    const res = await postRaw(d.net, t1!.signTxn(f.sk))
    expect(res).toEqual({ status: 400, body: { message: `transactionGroup: incomplete group: ${digest(t1!.group!)} != ${computed} ({{} [${idAlone}]})` } })
  })

  it('rejects a duplicate with `transaction already in ledger`', async () => {
    const f = funder()
    const signed = payment(f.addr, f.addr, 0, await params(d.algod), { note: new TextEncoder().encode('dup') }).signTxn(f.sk)
    const first = await postRaw(d.net, signed)
    expect(first.status).toBe(200)
    const again = await postRaw(d.net, signed)
    expect(again).toEqual({ status: 400, body: { message: `${REMEMBER}transaction already in ledger: ${first.body.txId}` } })
  })

  it('rejects an expired transaction as dead', async () => {
    const f = funder()
    const sp = await params(d.algod)
    const txn = payment(f.addr, f.addr, 0, { ...sp, firstValid: 1n, lastValid: 1n })
    const round = (await lastRound()) + 1n
    const res = await postRaw(d.net, txn.signTxn(f.sk))
    expect(res).toEqual({ status: 400, body: { message: `${REMEMBER}txn dead: round ${round} outside of 1--1` } })
  })

  it('rejects a transaction not yet valid as dead', async () => {
    const f = funder()
    const sp = await params(d.algod)
    const round = (await lastRound()) + 1n
    const txn = payment(f.addr, f.addr, 0, { ...sp, firstValid: round + 10n, lastValid: round + 20n })
    const res = await postRaw(d.net, txn.signTxn(f.sk))
    expect(res).toEqual({ status: 400, body: { message: `${REMEMBER}txn dead: round ${round} outside of ${round + 10n}--${round + 20n}` } })
  })

  it('rejects a transaction for another genesis id', async () => {
    const f = funder()
    const txn = payment(f.addr, f.addr, 0, { ...(await params(d.algod)), genesisID: 'testnet-v1.0' })
    const res = await postRaw(d.net, txn.signTxn(f.sk))
    expect(res).toEqual({ status: 400, body: { message: `${REMEMBER}tx.GenesisID <testnet-v1.0> does not match expected <dockernet-v1>` } })
  })

  it('rejects a transaction for another genesis hash', async () => {
    const f = funder()
    const sp = await params(d.algod)
    const other = new Uint8Array(32).fill(9)
    const txn = payment(f.addr, f.addr, 0, { ...sp, genesisHash: other })
    const res = await postRaw(d.net, txn.signTxn(f.sk))
    expect(res).toEqual({ status: 400, body: { message: `${REMEMBER}tx.GenesisHash <${digest(other)}> does not match expected <${digest(sp.genesisHash!)}>` } })
  })

  it('rejects a second transaction holding the same lease', async () => {
    const f = funder()
    const sp = await params(d.algod)
    const lease = new Uint8Array(32).fill(3)
    await send(d.algod, payment(f.addr, f.addr, 0, sp, { lease }).signTxn(f.sk))
    const txn = payment(f.addr, f.addr, 1, sp, { lease })
    const res = await postRaw(d.net, txn.signTxn(f.sk))
    expect(res).toEqual({ status: 400, body: { message: `${REMEMBER}transaction ${txn.txID()} using an overlapping lease (sender, lease):(${f.addr}, ${algosdk.encodeAddress(lease)})` } })
  })

  it('rejects an approval program longer than its pages allow', async () => {
    const f = funder()
    const approval = new Uint8Array(2049).fill(0x81)
    approval[0] = 10
    const txn = algosdk.makeApplicationCreateTxnFromObject({
      sender: f.addr,
      approvalProgram: approval,
      clearProgram: await compile(d.algod, '#pragma version 10\nint 1'),
      numGlobalByteSlices: 0,
      numGlobalInts: 0,
      numLocalByteSlices: 0,
      numLocalInts: 0,
      onComplete: algosdk.OnApplicationComplete.NoOpOC,
      suggestedParams: await params(d.algod),
    })
    const res = await postRaw(d.net, txn.signTxn(f.sk))
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/ invalid : approval program too long\. \(2049 > 2048\)$/)
  })
})

describe('well-formedness rejections', () => {
  // go words each as `transaction {%+v dump} invalid : <reason>`; the reason is its text byte for byte.
  // (Transactions algosdk itself refuses to decode, such as a keyreg with half its keys, cannot reach the ledger.)
  const cases: { name: string; build: (sp: algosdk.SuggestedParams) => algosdk.Transaction; reason: string }[] = [
    {
      name: 'a payment closing the account to its own sender',
      build: (sp) => payment(funder().addr, funder().addr, 0, sp, { closeRemainderTo: funder().addr }),
      reason: `transaction cannot close account to its sender ${funder().addr}`,
    },
    {
      name: 'an online keyreg without a state proof key',
      build: (sp) =>
        algosdk.makeKeyRegistrationTxnWithSuggestedParamsFromObject({
          sender: funder().addr,
          voteKey: new Uint8Array(32).fill(1),
          selectionKey: new Uint8Array(32).fill(2),
          voteFirst: 1n,
          voteLast: 100n,
          voteKeyDilution: 10n,
          suggestedParams: sp,
        }),
      reason: 'online keyreg transaction cannot have empty field StateProofPK',
    },
    {
      // the AVM refuses the same inner transaction with the same text: top level and inner share one check
      name: 'an app call with 17 tx.Access entries',
      build: (sp) =>
        algosdk.makeApplicationNoOpTxnFromObject({ sender: funder().addr, appIndex: 1n, access: Array.from({ length: 17 }, (_, i) => ({ appIndex: BigInt(i + 2) })), suggestedParams: sp }),
      reason: 'tx.Access too long, max number of references is 16',
    },
    {
      name: 'an app call naming a box whose name is longer than a key may be',
      build: (sp) => algosdk.makeApplicationNoOpTxnFromObject({ sender: funder().addr, appIndex: 1n, boxes: [{ appIndex: 0n, name: new Uint8Array(65) }], suggestedParams: sp }),
      reason: 'tx.Boxes[0].Name too long, max len 64 bytes',
    },
    {
      name: 'an app call with programs but neither creating nor updating',
      build: (sp) =>
        algosdk.makeApplicationCallTxnFromObject({ sender: funder().addr, appIndex: 1n, onComplete: algosdk.OnApplicationComplete.NoOpOC, approvalProgram: new Uint8Array([10, 0x81, 1]), clearProgram: new Uint8Array([10, 0x81, 1]), suggestedParams: sp }),
      reason: 'programs may only be specified during application creation or update',
    },
  ]
  for (const c of cases) {
    it(`rejects ${c.name}`, async () => {
      const txn = c.build(await params(d.algod))
      const res = await postRaw(d.net, txn.signTxn(funder().sk))
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(`transaction ${txn.txID()} invalid : ${c.reason}`)
    })
  }
})

describe('program rejections', () => {
  async function createApp(approvalSource: string): Promise<{ res: Awaited<ReturnType<typeof postRaw>>; txn: algosdk.Transaction }> {
    const f = funder()
    const txn = algosdk.makeApplicationCreateTxnFromObject({
      sender: f.addr,
      approvalProgram: await compile(d.algod, approvalSource),
      clearProgram: await compile(d.algod, '#pragma version 10\nint 1'),
      numGlobalByteSlices: 0,
      numGlobalInts: 0,
      numLocalByteSlices: 0,
      numLocalInts: 0,
      onComplete: algosdk.OnApplicationComplete.NoOpOC,
      suggestedParams: await params(d.algod),
    })
    return { res: await postRaw(d.net, txn.signTxn(f.sk)), txn }
  }

  it('answers a failing assert with `logic eval error: ... pc=N` that algokit-utils parses', async () => {
    const { res, txn } = await createApp('#pragma version 10\npushint 1\npushint 2\n==\nassert\npushint 1')
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(new RegExp(`^${REMEMBER}transaction ${txn.txID()}: logic eval error: assert failed pc=6\\. Details: app=\\d+, pc=6, opcodes=pushint 2; ==; assert$`))
    const parsed = LogicError.parseLogicError(new Error(res.body.message))
    expect(parsed).toMatchObject({ txId: txn.txID(), pc: 6, msg: 'assert failed pc=6' })
  })

  it('answers an approval program that returns 0', async () => {
    const { res, txn } = await createApp('#pragma version 10\nint 0')
    expect(res).toEqual({ status: 400, body: { message: `${REMEMBER}transaction ${txn.txID()}: transaction rejected by ApprovalProgram` } })
  })

  it('answers a logicsig that rejects', async () => {
    const f = funder()
    const lsig = new algosdk.LogicSigAccount(await compile(d.algod, '#pragma version 10\nint 0'))
    const sp = await params(d.algod)
    await send(d.algod, payment(f.addr, lsig.address(), 1_000_000, sp).signTxn(f.sk))
    const txn = payment(lsig.address(), f.addr, 1, sp)
    const res = await postRaw(d.net, algosdk.signLogicSigTransactionObject(txn, lsig).blob)
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(new RegExp(`transaction ${txn.txID()}: rejected by logic$`))
  })
})

describe('malformed bodies', () => {
  it('answers undecodable msgpack with 400', async () => {
    const res = await fetch(`${d.net.algod.url}/v2/transactions`, { method: 'POST', headers: { 'X-Algo-API-Token': d.net.algod.token }, body: new Uint8Array([0x82, 0xa3, 0x73, 0x69]) })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { message: string }).message).toMatch(/^msgpack decode error/)
  })

  it('answers an empty body with `empty txgroup`', async () => {
    const res = await fetch(`${d.net.algod.url}/v2/transactions`, { method: 'POST', headers: { 'X-Algo-API-Token': d.net.algod.token }, body: new Uint8Array() })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: 'empty txgroup' })
  })

  it('leaves no block behind a rejection', async () => {
    const before = await lastRound()
    const f = funder()
    await postRaw(d.net, payment(f.addr, f.addr, 0, await params(d.algod, 0n)).signTxn(f.sk))
    expect(await lastRound()).toBe(before)
  })
})
