import { sha512_256 } from '@noble/hashes/sha2.js'
import { describe, expect, it } from 'vitest'
import { sigHarnessEnv } from '../src/harness.ts'
import { HARNESS_PROTO } from '../src/proto.ts'
import { encodeTxn, groupId, makeTxn, txnId, wellFormed, zeroAssetParams, zeroTxn, type Txn } from '../src/txn.ts'
import { addr, b, contextFor, errorOf, op } from './state-helpers.ts'

const sig = (version = 14, lsv = 14) => contextFor(sigHarnessEnv({ logicSigVersion: lsv }), version)

describe('txn fields of the harness zero transaction', () => {
  const cases: [string, unknown][] = [
    ['txn Sender', new Uint8Array(32)],
    ['txn Fee', 0],
    ['txn FirstValid', 0],
    ['txn LastValid', 0],
    ['txn Note', new Uint8Array(0)],
    ['txn Lease', new Uint8Array(32)],
    ['txn Receiver', new Uint8Array(32)],
    ['txn Type', new Uint8Array(0)],
    ['txn TypeEnum', 0],
    ['txn GroupIndex', 0],
    ['txn NumAppArgs', 0],
    ['txn NumAccounts', 0],
    ['txna Accounts 0', new Uint8Array(32)],
    ['txna Applications 0', 0],
    ['txn StateProofPK', new Uint8Array(64)],
    ['txn NumApprovalProgramPages', 0],
    ['gtxn 0 Amount', 0],
  ]
  it.each(cases)('%s reads the zero value', (line, want) => {
    expect(op(sig(), line)).toEqual([want])
  })

  it('gtxns takes the group index from the stack', () => {
    expect(op(sig(), 'gtxns RekeyTo', [0])).toEqual([new Uint8Array(32)])
  })
})

describe('txn errors in signature mode', () => {
  const cases: [string, unknown[], string][] = [
    ['txna ApplicationArgs 0', [], 'invalid ApplicationArgs index 0'],
    ['txna Accounts 1', [], 'invalid Accounts index 1'],
    ['txnas Assets', [0], 'invalid Assets index 0'],
    ['gtxn 1 Fee', [], 'txn index 1, len(group) is 1'],
    ['gtxns Fee', [5], 'txn index 5, len(group) is 1'],
    ['txn NumLogs', [], 'txn[NumLogs] not allowed in current mode'],
    ['txn FirstValidTime', [], "round 18446744073709551615 is not available. It's outside [1-0]"],
    ['gaid 0', [], 'gaid is only for accessing creatable IDs of previous txns'],
  ]
  it.each(cases)('%s fails with go\'s text', (line, stack, msg) => {
    expect(errorOf(() => op(sig(), line, stack as never))).toContain(msg)
  })
})

describe('global fields in the harness', () => {
  const cases: [string, unknown][] = [
    ['global MinTxnFee', 1001],
    ['global MinBalance', 1001],
    ['global MaxTxnLife', 1500],
    ['global ZeroAddress', new Uint8Array(32)],
    ['global GroupSize', 1],
    ['global LogicSigVersion', 14],
    ['global GroupID', new Uint8Array(32)],
    ['global AssetCreateMinBalance', 1001],
    ['global AssetOptInMinBalance', 1001],
    ['global GenesisHash', new Uint8Array(32).fill(3)],
    ['global PayoutsEnabled', 1],
    ['global PayoutsGoOnlineFee', 3],
    ['global PayoutsPercent', 4],
    ['global PayoutsMinBalance', 5],
    ['global PayoutsMaxBalance', 6],
    ['global OpcodeBudget', 25_000],
  ]
  it.each(cases)('%s has the harness value', (line, want) => {
    expect(op(sig(), line)).toEqual([want])
  })

  it('LogicSigVersion follows the consensus version', () => {
    expect(op(sig(9, 11), 'global LogicSigVersion')).toEqual([11])
  })

  it.each(['Round', 'LatestTimestamp', 'CurrentApplicationID', 'CreatorAddress', 'CallerApplicationID'])(
    'app-only global %s fails in signature mode',
    (field) => {
      expect(errorOf(() => op(sig(), `global ${field}`))).toBe(`global[${field}] not allowed in current mode`)
    },
  )
})

describe('block headers in the harness', () => {
  it('has no round available for the zero transaction', () => {
    expect(errorOf(() => op(sig(), 'block BlkSeed', [0]))).toBe("round 0 is not available. It's outside [1-0]")
  })

  it('answers "no block header access" for an available round', () => {
    const env = sigHarnessEnv({ group: [makeTxn({ firstValid: 100, lastValid: 200 })] })
    expect(errorOf(() => op(contextFor(env), 'block BlkTimestamp', [50]))).toBe('no block header access')
  })

  it('bounds the window by LastValid - MaxTxnLife - 1 and FirstValid - 1', () => {
    const env = sigHarnessEnv({ group: [makeTxn({ firstValid: 2000, lastValid: 2000 })] })
    expect(errorOf(() => op(contextFor(env), 'block BlkSeed', [498]))).toBe("round 498 is not available. It's outside [499-1999]")
  })
})

describe('transaction ids', () => {
  it('hashes "TX" and the canonical encoding, omitting zero fields', () => {
    expect(encodeTxn(zeroTxn())).toEqual(Uint8Array.of(0x80))
    expect(txnId(zeroTxn())).toEqual(sha512_256(Uint8Array.of(0x54, 0x58, 0x80)))
  })

  it('encodes fields in sorted key order with msgpack sizes', () => {
    const tx = makeTxn({ type: 'pay', sender: addr(1), amount: 300, fee: 1000 })
    const enc = encodeTxn(tx)
    // map of 4: amt, fee, snd, type
    expect(enc[0]).toBe(0x84)
    expect(Array.from(enc.subarray(1, 5))).toEqual([0xa3, ...b('amt')])
    expect(Array.from(enc.subarray(5, 8))).toEqual([0xcd, 0x01, 0x2c])
  })

  it('gives inner transactions ids derived from parent and position', () => {
    const tx = makeTxn({ type: 'pay' })
    const parent = txnId(zeroTxn())
    expect(txnId(tx, parent, 0)).not.toEqual(txnId(tx, parent, 1))
    expect(groupId([txnId(tx), parent])).toHaveLength(32)
  })

  it('txn TxID reads the computed id', () => {
    expect(op(sig(), 'txn TxID')).toEqual([txnId(zeroTxn())])
  })
})

describe('wellFormed', () => {
  const S = addr(1)
  const cases: [string, Partial<Txn>, string | undefined][] = [
    ['a plain payment', { type: 'pay', sender: S }, undefined],
    ['a zero sender', { type: 'keyreg' }, 'transaction cannot have zero sender'],
    ['a reversed validity range', { type: 'pay', sender: S, firstValid: 10, lastValid: 9 }, 'transaction invalid range (10--9)'],
    ['an excessive window', { type: 'pay', sender: S, firstValid: 1, lastValid: 2000 }, 'transaction window size excessive (1--2000)'],
    ['a note over the absolute limit', { type: 'pay', sender: S, note: new Uint8Array(551) }, 'transaction note too big: 551 > 550'],
    ['closing to the sender', { type: 'pay', sender: S, closeRemainderTo: S }, 'transaction cannot close account to its sender'],
    ['a long asset name', { type: 'acfg', sender: S, assetParams: { ...zeroAssetParams(), assetName: new Uint8Array(13) } }, 'transaction asset name too big: 13 > 12'],
    ['an asset transfer of asset 0', { type: 'axfer', sender: S, assetAmount: 5 }, 'asset ID cannot be zero'],
    ['a freeze without account', { type: 'afrz', sender: S, freezeAsset: 3 }, 'freeze account cannot be empty'],
    ['programs on a plain call', { type: 'appl', sender: S, applicationId: 5, approvalProgram: Uint8Array.of(8) }, 'programs may only be specified during application creation or update'],
    ['too many references', { type: 'appl', sender: S, applicationId: 5, foreignApps: [1, 2, 3, 4], foreignAssets: [1, 2, 3, 4] }, 'tx references exceed MaxAppTotalTxnReferences = 7'],
    ['an unknown type', { type: 'zzz', sender: S }, 'unknown tx type zzz'],
  ]
  it.each(cases)('judges %s', (_name, fields, want) => {
    const msg = wellFormed(makeTxn(fields), HARNESS_PROTO)
    if (want === undefined) expect(msg).toBeUndefined()
    else expect(msg).toContain(want)
  })
})
