import { describe, expect, it } from 'vitest'
import { appAddress, decodeAddress, encodeAddress } from '../src/eval/ops/state/common.ts'
import { HARNESS_APP_CREATOR, MemoryLedger, appHarnessEnv } from '../src/harness.ts'
import { CURRENT_PROTO, HARNESS_PROTO, type ConsensusParams } from '../src/proto.ts'
import { beginAppCall, chargeProgramWrites } from '../src/eval/ops/state/app-call.ts'
import { makeTxn, zeroAssetParams, type Txn } from '../src/txn.ts'
import { addr, b, contextFor, errorOf, op } from './state-helpers.ts'

const CREATOR = decodeAddress(HARNESS_APP_CREATOR)
const SENDER = new Uint8Array(32)

/** A context running app 888 over `ledger` as the only (or `gi`th) app call of `group`. */
function app(opts: { ledger?: MemoryLedger; txn?: Partial<Txn>; group?: Txn[]; gi?: number; version?: number; proto?: ConsensusParams } = {}) {
  const ledger = opts.ledger ?? new MemoryLedger()
  if (ledger.appParams(888) === undefined) {
    ledger.createApp(888, CREATOR, { globalStateSchema: { numUint: 2, numByteSlice: 2 }, localStateSchema: { numUint: 1, numByteSlice: 1 } })
  }
  const group = opts.group ?? [makeTxn({ type: 'appl', applicationId: 888, ...opts.txn })]
  const cx = contextFor(appHarnessEnv({ ledger, group, groupIndex: opts.gi ?? 0, proto: opts.proto }), opts.version ?? 14)
  return { cx, ledger }
}

describe('global state', () => {
  it('reads back what app_global_put wrote', () => {
    const { cx } = app()
    op(cx, 'app_global_put', [b('k'), 7])
    expect(op(cx, 'app_global_get', [b('k')])).toEqual([7])
    expect(op(cx, 'app_global_get_ex', [0, b('k')])).toEqual([7, 1])
    expect(op(cx, 'app_global_get_ex', [0, b('missing')])).toEqual([0, 0])
  })

  it('deletes with app_global_del', () => {
    const { cx } = app()
    op(cx, 'app_global_put', [b('k'), b('v')])
    op(cx, 'app_global_del', [b('k')])
    expect(op(cx, 'app_global_get', [b('k')])).toEqual([0])
  })

  it('reads another app only when the txn makes it available', () => {
    const ledger = new MemoryLedger().createApp(999, addr(9), { globalStateSchema: { numUint: 1, numByteSlice: 0 } })
    ledger.setGlobal(999, b('x'), 5)
    expect(errorOf(() => op(app({ ledger }).cx, 'app_global_get_ex', [999, b('x')]))).toBe('unavailable App 999')
    expect(op(app({ ledger, txn: { foreignApps: [999] } }).cx, 'app_global_get_ex', [999, b('x')])).toEqual([5, 1])
    // v3 programs still address foreign apps by slot
    expect(op(app({ ledger, txn: { foreignApps: [999] }, version: 3 }).cx, 'app_global_get_ex', [1, b('x')])).toEqual([5, 1])
  })

  const limits: [string, unknown[], string][] = [
    ['key too long', [new Uint8Array(65), 1], 'key too long: length was 65, maximum is 64'],
    ['value too long', [b('k'), new Uint8Array(65)], 'value too long for key 0x6b: length was 65'],
  ]
  it.each(limits)('rejects a put whose %s', (_name, stack, msg) => {
    expect(errorOf(() => op(app().cx, 'app_global_put', stack as never))).toContain(msg)
  })

  it('rejects a key and value longer than MaxAppSumKeyValueLens together', () => {
    const { cx } = app({ proto: CURRENT_PROTO })
    expect(errorOf(() => op(cx, 'app_global_put', [b('0123456789'), new Uint8Array(120)]))).toBe(
      'key/value total too long for key 0x30313233343536373839: sum was 130',
    )
  })

  it('enforces the global schema', () => {
    const { cx } = app()
    op(cx, 'app_global_put', [b('a'), 1])
    op(cx, 'app_global_put', [b('b'), 2])
    expect(() => op(cx, 'app_global_put', [b('c'), 3])).toThrow('app 888 global schema')
  })
})

describe('local state', () => {
  it('reads and writes the opted-in sender by slot 0 or address', () => {
    const ledger = new MemoryLedger()
    const { cx } = app({ ledger })
    ledger.optIn(SENDER, 888)
    expect(op(cx, 'app_opted_in', [0, 888])).toEqual([1])
    op(cx, 'app_local_put', [0, b('n'), 42])
    expect(op(cx, 'app_local_get', [SENDER, b('n')])).toEqual([42])
    expect(op(cx, 'app_local_get_ex', [0, 888, b('n')])).toEqual([42, 1])
    op(cx, 'app_local_del', [0, b('n')])
    expect(op(cx, 'app_local_get_ex', [0, 0, b('n')])).toEqual([0, 0])
  })

  it('fails for an account that is not opted in', () => {
    const ledger = new MemoryLedger().fund(SENDER, 1)
    expect(() => op(app({ ledger }).cx, 'app_local_put', [0, b('n'), 1])).toThrow(`account ${encodeAddress(SENDER)} is not opted into 888`)
  })

  it('names the unavailable account and local state from v9', () => {
    const other = addr(7)
    expect(errorOf(() => op(app().cx, 'app_local_get', [other, b('n')]))).toBe(
      `unavailable Account ${encodeAddress(other)}, unavailable Local State 888+${encodeAddress(other)}`,
    )
  })
})

describe('accounts, assets and apps', () => {
  it('reads balances and min balance of available accounts', () => {
    const ledger = new MemoryLedger().fund(SENDER, 5000)
    ledger.createAsset(10, addr(3), zeroAssetParams())
    ledger.setHolding(SENDER, 10, { amount: 1, frozen: false })
    const { cx } = app({ ledger })
    expect(op(cx, 'balance', [0])).toEqual([5000])
    // harness MinBalance 1001 for the account plus 1001 for its one asset
    expect(op(cx, 'min_balance', [SENDER])).toEqual([2002])
    expect(op(cx, 'acct_params_get AcctBalance', [0])).toEqual([5000, 1])
    expect(op(cx, 'acct_params_get AcctTotalAssets', [0])).toEqual([1, 1])
  })

  it('rejects an account the transaction does not name', () => {
    expect(errorOf(() => op(app().cx, 'balance', [addr(5)]))).toBe(`unavailable Account ${encodeAddress(addr(5))}`)
    expect(errorOf(() => op(app().cx, 'balance', [2]))).toBe('invalid Account reference 2 exceeds length of tx.Accounts 0')
  })

  it('makes app accounts of foreign apps available from v7', () => {
    const ledger = new MemoryLedger().createApp(999, addr(9)).fund(appAddress(999), 77)
    expect(op(app({ ledger, txn: { foreignApps: [999] } }).cx, 'balance', [appAddress(999)])).toEqual([77])
  })

  it('reads holdings and asset params of foreign assets', () => {
    const ledger = new MemoryLedger()
    ledger.createAsset(10, addr(3), { ...zeroAssetParams(), total: 1000, unitName: b('GRV') })
    ledger.setHolding(SENDER, 10, { amount: 12, frozen: true })
    const { cx } = app({ ledger, txn: { foreignAssets: [10] } })
    expect(op(cx, 'asset_holding_get AssetBalance', [0, 10])).toEqual([12, 1])
    expect(op(cx, 'asset_holding_get AssetFrozen', [SENDER, 10])).toEqual([1, 1])
    expect(op(cx, 'asset_params_get AssetTotal', [10])).toEqual([1000, 1])
    expect(op(cx, 'asset_params_get AssetUnitName', [10])).toEqual([b('GRV'), 1])
    expect(op(cx, 'asset_params_get AssetCreator', [10])).toEqual([addr(3), 1])
    expect(errorOf(() => op(cx, 'asset_params_get AssetTotal', [11]))).toBe('unavailable Asset 11')
  })

  it('reads app params and the running app identity', () => {
    const { cx } = app()
    expect(op(cx, 'app_params_get AppCreator', [888])).toEqual([CREATOR, 1])
    expect(op(cx, 'app_params_get AppAddress', [888])).toEqual([appAddress(888), 1])
    expect(op(cx, 'app_params_get AppGlobalNumUint', [888])).toEqual([2, 1])
    expect(op(cx, 'global CreatorAddress')).toEqual([CREATOR])
    expect(op(cx, 'global CurrentApplicationID')).toEqual([888])
    expect(op(cx, 'global CurrentApplicationAddress')).toEqual([appAddress(888)])
    expect(op(cx, 'global CallerApplicationID')).toEqual([0])
    expect(op(cx, 'global Round')).toEqual([2 ** 32 + 5])
  })

  it('sets v13 box sharing flags with app_params_set', () => {
    const { cx, ledger } = app()
    op(cx, 'app_params_set AppForeignBoxReads', [1])
    expect(ledger.appParams(888)?.params.foreignBoxReads).toBe(true)
    expect(op(cx, 'app_params_get AppForeignBoxReads', [888])).toEqual([1, 1])
  })
})

describe('boxes', () => {
  const withBox = (name: string, ledger?: MemoryLedger) =>
    app({ ledger, txn: { boxes: [{ index: 0, name: b(name) }] } })

  it('creates, writes, reads, resizes and deletes a referenced box', () => {
    const { cx } = withBox('b')
    expect(op(cx, 'box_create', [b('b'), 4])).toEqual([1])
    expect(op(cx, 'box_create', [b('b'), 4])).toEqual([0])
    op(cx, 'box_replace', [b('b'), 1, b('xy')])
    expect(op(cx, 'box_get', [b('b')])).toEqual([Uint8Array.of(0, 120, 121, 0), 1])
    expect(op(cx, 'box_extract', [b('b'), 1, 2])).toEqual([b('xy')])
    op(cx, 'box_splice', [b('b'), 0, 1, b('zz')])
    expect(op(cx, 'box_get', [b('b')])).toEqual([Uint8Array.of(122, 122, 120, 121), 1])
    op(cx, 'box_resize', [b('b'), 6])
    expect(op(cx, 'box_len', [b('b')])).toEqual([6, 1])
    expect(op(cx, 'box_del', [b('b')])).toEqual([1])
    expect(op(cx, 'box_len', [b('b')])).toEqual([0, 0])
  })

  const errors: [string, string, unknown[], string][] = [
    ['an unreferenced box', 'box_create', [b('other'), 1], 'invalid Box reference 0x6f74686572'],
    ['an empty name', 'box_get', [new Uint8Array(0)], 'box names may not be zero length'],
    ['a box larger than MaxBoxSize', 'box_create', [b('b'), 1001], 'box size too large: 1001, maximum is 1000'],
    ['writes beyond the I/O budget', 'box_create', [b('b'), 101], 'write budget exceeded (101 > 100) while creating box 0x62'],
    ['a missing box', 'box_extract', [b('b'), 0, 1], 'no such box 0x62'],
  ]
  it.each(errors)('rejects %s', (_name, line, stack, msg) => {
    expect(errorOf(() => op(withBox('b').cx, line, stack as never))).toBe(msg)
  })

  it('rejects box_put of a different size', () => {
    const { cx } = withBox('b')
    op(cx, 'box_put', [b('b'), b('abc')])
    expect(errorOf(() => op(cx, 'box_put', [b('b'), b('ab')]))).toBe('attempt to box_put wrong size 3 != 2')
  })

  it('refuses box access from a ClearState program', () => {
    const { cx } = app({ txn: { boxes: [{ index: 0, name: b('b') }], onCompletion: 3 } })
    expect(errorOf(() => op(cx, 'box_len', [b('b')]))).toBe('boxes may not be accessed from ClearState program')
  })

  it('reads another app\'s box only with its ForeignBoxReads set', () => {
    const ledger = new MemoryLedger().createApp(999, addr(9))
    ledger.newBox(999, b('k'), b('hello'), appAddress(999))
    const { cx } = app({ ledger, txn: { foreignApps: [999], boxes: [{ index: 1, name: b('k') }] } })
    expect(errorOf(() => op(cx, 'app_box_get', [999, b('k')]))).toBe('foreign app 888 may not read box of 999')
    ledger.setForeignBoxReads(999, true)
    expect(op(cx, 'app_box_get', [999, b('k')])).toEqual([b('hello'), 1])
    expect(errorOf(() => op(cx, 'app_box_put', [999, b('k'), b('world')]))).toBe('foreign app 888 may not write box of 999')
  })

  it('checks the read budget before the first app call', () => {
    const ledger = new MemoryLedger()
    ledger.createApp(888, CREATOR)
    ledger.newBox(888, b('big'), new Uint8Array(150), appAddress(888))
    expect(() => app({ ledger, txn: { boxes: [{ index: 0, name: b('big') }] } })).toThrow('read budget exceeded (150 > 100)')
  })
})

describe('voting data and blocks', () => {
  it('reads voter params and online stake', () => {
    const ledger = new MemoryLedger().setVoter(SENDER, { balance: 700, incentiveEligible: true })
    ledger.totalOnlineStake = 10_000
    const { cx } = app({ ledger })
    expect(op(cx, 'voter_params_get VoterBalance', [0])).toEqual([700, 1])
    expect(op(cx, 'voter_params_get VoterIncentiveEligible', [SENDER])).toEqual([1, 1])
    expect(op(cx, 'online_stake')).toEqual([10_000])
  })

  it('reads block headers inside the transaction\'s window', () => {
    const ledger = new MemoryLedger()
    ledger.addHeader({
      round: 99, seed: addr(4), timestamp: 1_700_000_000, proposer: addr(5), feesCollected: 3, bonus: 4,
      branch: addr(6), branch512: new Uint8Array(64), feeSink: addr(7), protocol: 'future', txnCounter: 12,
      proposerPayout: 2, sha512_256TxnCommitment: addr(8), sha256TxnCommitment: addr(9), sha512TxnCommitment: new Uint8Array(64),
    })
    const { cx } = app({ ledger, txn: { firstValid: 100, lastValid: 200 } })
    expect(op(cx, 'block BlkTimestamp', [99])).toEqual([1_700_000_000])
    expect(op(cx, 'block BlkProtocol', [99])).toEqual([b('future')])
    expect(op(cx, 'txn FirstValidTime')).toEqual([1_700_000_000])
    expect(errorOf(() => op(cx, 'block BlkSeed', [100]))).toBe("round 100 is not available. It's outside [1-99]")
  })
})

describe('v13 access lists', () => {
  it('makes named accounts, assets, apps and holdings available', () => {
    const ledger = new MemoryLedger().fund(addr(6), 40).createApp(999, addr(9))
    ledger.createAsset(10, addr(3), zeroAssetParams()).setHolding(addr(6), 10, { amount: 8, frozen: false })
    const access = [{ address: addr(6) }, { asset: 10 }, { holding: { address: 1, asset: 2 } }, { app: 999 }]
    const { cx } = app({ ledger, txn: { access } })
    expect(op(cx, 'balance', [1])).toEqual([40])
    expect(op(cx, 'asset_holding_get AssetBalance', [addr(6), 10])).toEqual([8, 1])
    expect(op(cx, 'app_params_get AppCreator', [999])).toEqual([addr(9), 1])
    expect(errorOf(() => op(cx, 'balance', [2]))).toBe('address reference 2 is not an Address in tx.Access')
  })

  it('does not make a holding available without its cross-product entry', () => {
    const ledger = new MemoryLedger().fund(addr(6), 40)
    ledger.createAsset(10, addr(3), zeroAssetParams()).setHolding(addr(6), 10, { amount: 8, frozen: false })
    const { cx } = app({ ledger, txn: { access: [{ address: addr(6) }, { asset: 10 }] } })
    expect(errorOf(() => op(cx, 'asset_holding_get AssetBalance', [addr(6), 10]))).toBe(
      `unavailable Holding 10+${encodeAddress(addr(6))}`,
    )
  })
})

describe('program writes', () => {
  it('charges program bytes beyond the free size against the write budget', () => {
    const group = [makeTxn({ type: 'appl', approvalProgram: new Uint8Array(3700) })]
    const ledger = new MemoryLedger()
    const gs = beginAppCall(group, 0, 888, ledger, HARNESS_PROTO)
    expect(() => chargeProgramWrites(gs, group[0], 888, HARNESS_PROTO)).toThrow('write budget exceeded (100 > 0) while creating app 888')
  })

  it('charges nothing for programs within the free size', () => {
    const group = [makeTxn({ type: 'appl', approvalProgram: new Uint8Array(3600), boxes: [{ index: 0, name: new Uint8Array(0) }] })]
    const gs = beginAppCall(group, 0, 888, new MemoryLedger(), HARNESS_PROTO)
    chargeProgramWrites(gs, group[0], 888, HARNESS_PROTO)
    expect(gs.dirtyBytes).toBe(0)
    expect(gs.ioBudget).toBe(100)
  })
})

describe('group access', () => {
  const group = (): Txn[] => [
    makeTxn({ type: 'acfg', createdAssetId: 1234, logs: [] }),
    makeTxn({ type: 'appl', applicationId: 777, logs: [b('hi')], createdApplicationId: 0 }),
    makeTxn({ type: 'appl', applicationId: 888 }),
  ]

  it('reads creatable ids of earlier transactions with gaid', () => {
    const { cx } = app({ group: group(), gi: 2 })
    expect(op(cx, 'gaid 0')).toEqual([1234])
    expect(errorOf(() => op(cx, 'gaids', [1]))).toBe('gaids: index 1 did not create anything')
  })

  it('reads effects of earlier transactions only', () => {
    const { cx } = app({ group: group(), gi: 2 })
    expect(op(cx, 'gtxn 1 NumLogs')).toEqual([1])
    expect(op(cx, 'gtxna 1 Logs 0')).toEqual([b('hi')])
    expect(op(cx, 'gtxn 1 LastLog')).toEqual([b('hi')])
    const first = app({ group: group(), gi: 1 }).cx
    expect(errorOf(() => op(first, 'gtxn 2 NumLogs'))).toBe('txn effects can only be read from past txns 2 1')
  })

  it('loads scratch of earlier app calls with gload', () => {
    const { cx } = app({ group: group(), gi: 2 })
    cx.pastScratch[1] = new Array(256).fill(0)
    cx.pastScratch[1][5] = 99
    expect(op(cx, 'gload 1 5')).toEqual([99])
    expect(errorOf(() => op(cx, 'gload 0 5'))).toBe("can't use gload on non-app call txn with index 0")
    expect(errorOf(() => op(cx, 'gloads 5', [2]))).toBe("can't use gloads on self, use load instead")
  })

  it('shares accounts named by other transactions from v9, not before', () => {
    const g: Txn[] = [makeTxn({ type: 'pay', sender: addr(1), receiver: addr(2) }), makeTxn({ type: 'appl', applicationId: 888 })]
    const ledger = new MemoryLedger().fund(addr(2), 10)
    expect(op(app({ ledger, group: g, gi: 1 }).cx, 'balance', [addr(2)])).toEqual([10])
    const g8: Txn[] = [makeTxn({ type: 'pay', sender: addr(1), receiver: addr(2) }), makeTxn({ type: 'appl', applicationId: 888 })]
    expect(errorOf(() => op(app({ ledger, group: g8, gi: 1, version: 8 }).cx, 'balance', [addr(2)]))).toBe(
      `unavailable Account ${encodeAddress(addr(2))}`,
    )
  })
})
