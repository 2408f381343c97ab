// Attacks on the staking app, each rejected with nothing moved: the attacker's, the victim's, the
// creator's and the app's balances of every asset involved, every program box and every position
// box are the same after the rejection.
import { beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { PAUSE } from '../src/pool.ts'
import { expectRejected, useGrove, type User } from './fixture.ts'
import { POSITION_MBR, StakingKit, positionBoxName, programBoxName } from './staking.ts'

const grove = useGrove()
let kit: StakingKit
let creator: User
let alice: User
let mallory: User
let stakeToken: bigint
let rewardA: bigint
let rewardB: bigint
let clawable: bigint
/** Active: stake token, reward A at 1,000/s, 60 s minimum stake. */
let farm: bigint
/** Active: stake token paid in stake token and reward B (compounds). */
let compounding: bigint
/** Active: clawable token staked (its clawback is mallory). */
let clawProgram: bigint
let start: bigint

const assets = () => [0n, stakeToken, rewardA, rewardB, clawable]
const programs = () => [farm, compounding, clawProgram]

/** Runs `attack` and asserts it is rejected with `code` and that nothing moved. */
async function rejectedUnmoved(attack: () => Promise<unknown>, code: string | RegExp): Promise<void> {
  const watched = [mallory.addr, alice.addr, creator.addr, kit.address]
  const before = await kit.snapshot(watched, assets(), programs(), [alice, mallory, creator])
  await expectRejected(attack(), code)
  expect(await kit.snapshot(watched, assets(), programs(), [alice, mallory, creator])).toEqual(before)
}

beforeAll(async () => {
  const g = grove()
  kit = new StakingKit(g)
  creator = await g.user(1000)
  alice = await g.user(100)
  mallory = await g.user(100)
  stakeToken = await g.asset(creator, { unitName: 'STK' })
  rewardA = await g.asset(creator, { unitName: 'RWA' })
  rewardB = await g.asset(creator, { unitName: 'RWB' })
  const created = await g.algorand.send.assetCreate({ sender: creator.addr, total: 10n ** 12n, decimals: 0, unitName: 'CLAW', clawback: mallory.addr, note: g.note(), suppressLog: true })
  clawable = created.assetId
  for (const u of [alice, mallory]) {
    await g.optIn(u, stakeToken, rewardA, rewardB, clawable)
    await g.transfer(creator, u, stakeToken, 10n ** 12n)
  }
  // mallory holds some of every token, so her attacks fail in the app and not in the ledger
  for (const t of [rewardA, rewardB]) await g.transfer(creator, mallory, t, 10n ** 9n)
  await g.transfer(creator, alice, clawable, 10n ** 6n)
  await kit.freeze()
  start = (await kit.now()) + 10n
  const end = start + 30n * 86_400n
  farm = (await kit.createProgram(creator, { stakeAsset: stakeToken, rewards: [{ asset: rewardA, rate: 1000n }], start, end, minStakeSeconds: 60n })).value
  compounding = (await kit.createProgram(creator, { stakeAsset: stakeToken, rewards: [{ asset: stakeToken, rate: 50n }, { asset: rewardB, rate: 3n }], start, end })).value
  clawProgram = (await kit.createProgram(creator, { stakeAsset: clawable, rewards: [{ asset: rewardA, rate: 1n }], start, end })).value
  await kit.travelTo(start + 1n)
  await kit.stake(alice, farm, 1_000_000n)
  await kit.stake(alice, compounding, 1_000_000n)
  await kit.stake(alice, clawProgram, 1_000n)
  await kit.travel(100n)
})

describe("someone else's position", () => {
  it('cannot be unstaked or claimed by another account: the call works on the caller’s own (missing) box', async () => {
    const g = grove()
    const refs = { boxReferences: [programBoxName(farm), positionBoxName(farm, alice.addr), positionBoxName(farm, mallory.addr)], assetReferences: [stakeToken, rewardA], appReferences: [g.ids.registryAppId] }
    await rejectedUnmoved(() => kit.client.send.unstake({ sender: mallory.addr, args: { program: farm, amount: 1n }, ...refs, ...kit.fee(1) }), 'ERR:NO_POSITION')
    await rejectedUnmoved(() => kit.client.send.claim({ sender: mallory.addr, args: { program: farm }, ...refs, ...kit.fee(1) }), 'ERR:NO_POSITION')
    await rejectedUnmoved(() => kit.client.send.emergencyWithdraw({ sender: mallory.addr, args: { program: farm }, ...refs, ...kit.fee(2) }), 'ERR:NO_POSITION')
  })
})

describe('incoming transfers', () => {
  it('refuses staking the wrong asset', async () => {
    await rejectedUnmoved(() => kit.stake(mallory, farm, 1000n, { asset: rewardB }), 'ERR:BAD_INPUT_ASSET')
  })

  it('refuses an ALGO payment where an asset is staked', async () => {
    await rejectedUnmoved(() => kit.stake(mallory, farm, 1000n, { asset: 0n }), 'ERR:BAD_INPUT_TYPE')
  })

  it('refuses an input to another receiver, from another sender, with a rekey or a close-to', async () => {
    await rejectedUnmoved(() => kit.stake(mallory, farm, 1000n, { receiver: alice.addr }), 'ERR:BAD_RECEIVER')
    // after a rekey in the input the ledger wants the app call signed by the new key; the contract then refuses
    await rejectedUnmoved(() => kit.stake(mallory, farm, 1000n, { rekeyTo: alice.addr, callSigner: alice }), 'ERR:REKEY')
    await rejectedUnmoved(() => kit.stake(mallory, farm, 1000n, { closeTo: kit.address }), 'ERR:CLOSE_TO')
    await rejectedUnmoved(() => kit.stake(mallory, farm, 1000n, { sender: alice }), 'ERR:BAD_SENDER')
  })

  it('refuses a clawback-style input (AssetSender set), even from the clawback itself', async () => {
    await rejectedUnmoved(() => kit.stake(mallory, clawProgram, 1000n, { assetSender: alice.addr }), 'ERR:CLAWBACK')
  })

  it('refuses a zero stake', async () => {
    await rejectedUnmoved(() => kit.stake(mallory, farm, 0n), 'ERR:ZERO_AMOUNT')
  })

  it('refuses a first stake without the position box payment, or with too little', async () => {
    // stake adds to an existing position only: a first stake is stakeNew, which takes the payment as an argument
    await rejectedUnmoved(() => kit.stake(mallory, farm, 1000n, { mbr: null }), 'ERR:NO_POSITION')
    await rejectedUnmoved(() => kit.stake(mallory, farm, 1000n, { mbr: POSITION_MBR - 1n }), 'ERR:MBR')
  })

  it('refuses a second app call that reuses an input (its input slot holds the first call)', async () => {
    const g = grove()
    const input = await kit.input(mallory, stakeToken, 1000n)
    const mbr = await kit.input(mallory, 0n, POSITION_MBR)
    const refs = await kit.refs(farm, mallory.addr)
    const second = algosdk.makeApplicationNoOpTxnFromObject({
      sender: mallory.addr,
      appIndex: kit.appId,
      appArgs: [kit.client.appClient.getABIMethod('stake').getSelector(), algosdk.encodeUint64(farm)],
      boxes: refs.boxReferences.map((name) => ({ appIndex: 0, name })),
      foreignAssets: refs.assetReferences,
      foreignApps: refs.appReferences,
      suggestedParams: { ...(await g.algorand.getSuggestedParams()), flatFee: true, fee: 1000n },
      note: g.note(),
    })
    await rejectedUnmoved(() => kit.run(mallory, (group) => group.stakeNew({ sender: mallory.addr, args: { mbr, input, program: farm }, ...refs, ...kit.fee(0) }), [], [second]), 'ERR:BAD_INPUT_TYPE')
  })
})

describe('creator actions', () => {
  it('refuses a top-up by a stranger, and one whose deposit is not the rate difference × remaining time', async () => {
    await rejectedUnmoved(() => kit.topUp(mallory, farm, 1n, 2000n, 1n), 'ERR:NOT_CREATOR')
    await rejectedUnmoved(() => kit.topUp(creator, farm, 1n, 2000n, 1n), 'ERR:BAD_DEPOSIT')
    await rejectedUnmoved(() => kit.topUp(creator, farm, 1n, 999n, 0n + 1n), 'ERR:BAD_RATE')
  })

  it('refuses an extension by a stranger, and one with a short deposit', async () => {
    const p = await kit.program(farm)
    await rejectedUnmoved(() => kit.extend(mallory, farm, p.end + 100n), 'ERR:NOT_CREATOR')
    await rejectedUnmoved(() => kit.extend(creator, farm, p.end + 100n, [1000n * 100n - 1n]), 'ERR:BAD_DEPOSIT')
  })

  it('refuses a reclaim before the end, and one by a stranger', async () => {
    await rejectedUnmoved(() => kit.reclaim(creator, farm), 'ERR:NOT_ENDED')
    await rejectedUnmoved(() => kit.reclaim(mallory, farm), 'ERR:NOT_CREATOR')
  })

  it('refuses a program whose deposit is not rate × duration', async () => {
    const now = await kit.now()
    const terms = { stakeAsset: stakeToken, rewards: [{ asset: rewardA, rate: 10n }], start: now + 5n, end: now + 105n }
    await rejectedUnmoved(() => kit.createProgram(creator, terms, { deposits: [999n] }), 'ERR:BAD_DEPOSIT')
    await rejectedUnmoved(() => kit.createProgram(creator, terms, { deposits: [1001n] }), 'ERR:BAD_DEPOSIT')
  })

  it('refuses creating a program while new staking is paused, and staking too; emergency withdraw still works', async () => {
    const g = grove()
    // bob stakes before the pause, so there is a stake to take back during it
    const bob = await g.user(10)
    await g.optIn(bob, stakeToken, rewardA)
    await g.transfer(creator, bob, stakeToken, 10n)
    await kit.stake(bob, farm, 10n)
    await g.registry.send.setPaused({ args: { flags: PAUSE.staking }, note: g.note() })
    try {
      const now = await kit.now()
      await rejectedUnmoved(() => kit.createProgram(creator, { stakeAsset: stakeToken, rewards: [{ asset: rewardA, rate: 1n }], start: now + 5n, end: now + 105n }), 'ERR:PAUSED')
      await rejectedUnmoved(() => kit.stake(alice, farm, 10n), 'ERR:PAUSED')
      // within the minimum stake time too
      await kit.emergencyWithdraw(bob, farm)
      expect(await g.balance(bob, stakeToken)).toBe(10n)
      expect((await kit.position(farm, bob))?.stake ?? 0n).toBe(0n)
    } finally {
      await g.registry.send.setPaused({ args: { flags: 0n }, note: g.note() })
    }
  })
})

describe('staker rules', () => {
  it('refuses unstaking before the minimum stake time, even after a top-up stake restarts it', async () => {
    await kit.stake(mallory, farm, 1000n)
    await rejectedUnmoved(() => kit.unstake(mallory, farm, 1000n), 'ERR:MIN_STAKE_TIME')
    await kit.travel(61n)
    // another stake restarts the clock: a tiny early stake cannot unlock a large later one
    await kit.stake(mallory, farm, 10n ** 9n)
    await rejectedUnmoved(() => kit.unstake(mallory, farm, 10n ** 9n), 'ERR:MIN_STAKE_TIME')
  })

  it('refuses unstaking more than staked', async () => {
    await kit.travel(61n)
    await rejectedUnmoved(() => kit.unstake(alice, farm, 1_000_001n), 'ERR:INSUFFICIENT_STAKE')
  })

  it('refuses compounding when no reward is the stake asset', async () => {
    await rejectedUnmoved(() => kit.compound(alice, farm), 'ERR:NOT_COMPOUNDABLE')
  })

  it('compounds the stake-asset reward only, leaving the other owed', async () => {
    const before = await kit.position(compounding, alice)
    const [pending1, pending2] = await kit.pending(compounding, alice)
    await kit.compound(alice, compounding)
    const after = await kit.position(compounding, alice)
    expect(after!.stake - before!.stake).toBe(pending1)
    expect(after!.owed2).toBe(pending2)
    expect(after!.owed1).toBe(0n)
  })
})

describe('reward drain by many tiny stakes', () => {
  it('pays tiny stakes nothing more than their share: 20 one-unit stakers against a million earn ≤ their exact share each', async () => {
    const g = grove()
    const p = await kit.program(farm)
    const total = p.totalStaked
    const tiny: User[] = []
    for (let i = 0; i < 5; i++) {
      const u = await g.user(2)
      await g.optIn(u, stakeToken, rewardA)
      await g.transfer(creator, u, stakeToken, 10n)
      await kit.stake(u, farm, 1n)
      tiny.push(u)
    }
    await kit.travel(61n)
    for (const u of tiny) {
      const [pending] = await kit.pending(farm, u)
      // 61 s × 1,000/s × 1 / (total + 5), rounded down: 0 for a 1-unit stake
      expect(pending).toBeLessThanOrEqual((61n * 1000n) / (total + 5n))
      await expectRejected(kit.claim(u, farm), 'ERR:NOTHING_TO_CLAIM')
    }
  })
})

describe('one transfer offered to two calls (the review’s double credit)', () => {
  /** A raw app call of `method` with its non-transaction arguments ABI-encoded: it takes as its txn arguments whatever precedes it. */
  async function rawCall(sender: User, method: string, args: (bigint | string)[], program: bigint): Promise<algosdk.Transaction> {
    const g = grove()
    const abi = kit.client.appClient.getABIMethod(method)
    const values = abi.args.filter((a) => !algosdk.abiTypeIsTransaction(a.type))
    const refs = await kit.refs(program, sender.addr)
    return algosdk.makeApplicationNoOpTxnFromObject({
      sender: sender.addr,
      appIndex: kit.appId,
      appArgs: [abi.getSelector(), ...values.map((a, i) => (a.type as algosdk.ABIType).encode(args[i]!))],
      boxes: [...refs.boxReferences, programBoxName((await kit.client.state.global.programCount())! + 1n)].map((name) => ({ appIndex: 0, name })),
      foreignAssets: [stakeToken, rewardA],
      foreignApps: refs.appReferences,
      suggestedParams: { ...(await g.algorand.getSuggestedParams()), flatFee: true, fee: 3000n },
      note: g.note(),
    })
  }

  let algoProgram: bigint
  /** Mallory's own program, paying ALGO: her top-ups and extensions deposit ALGO. */
  let own: bigint
  beforeAll(async () => {
    // Alice's 30 ALGO staked in an ALGO program: what a double credit would pay out of
    const now = await kit.now()
    algoProgram = (await kit.createProgram(creator, { stakeAsset: 0n, rewards: [{ asset: rewardA, rate: 1n }], start: now + 5n, end: now + 86_400n })).value
    await kit.travel(6n)
    await kit.stake(alice, algoProgram, 30_000_000n)
    // Mallory has a position and a program of her own, so her calls pass every check but the input's
    await kit.stake(mallory, algoProgram, 1_000_000n)
    own = (await kit.createProgram(mallory, { stakeAsset: stakeToken, rewards: [{ asset: 0n, rate: 1n }], start: now + 10n, end: now + 86_400n })).value
  })

  /** Mallory's createProgram paying its reward in ALGO (10 ALGO), followed in the same group by `follower`. */
  async function createThen(follower: (t: algosdk.Transaction[]) => Promise<algosdk.Transaction>): Promise<unknown> {
    const now = await kit.now()
    const mbr = await kit.input(mallory, 0n, 108_500n)
    const deposit = await kit.input(mallory, 0n, 10_000_000n)
    const box = programBoxName((await kit.client.state.global.programCount())! + 1n)
    return kit.run(
      mallory,
      (group) =>
        group.createProgram({
          sender: mallory.addr,
          args: { mbr, deposit1: deposit, stakeAsset: stakeToken, rewardAsset1: 0n, rate1: 10_000_000n / 1000n, start: now + 10n, end: now + 1010n, minStakeSeconds: 0n },
          ...kit.fee(0),
          boxReferences: [box],
          assetReferences: [stakeToken],
          appReferences: [grove().ids.registryAppId],
        }),
      [],
      [await follower([mbr, deposit])],
    )
  }

  const watched = () => [mallory.addr, alice.addr, creator.addr, kit.address]
  async function refusedUnmoved(attack: () => Promise<unknown>, code: string | RegExp = 'ERR:BAD_INPUT_TYPE'): Promise<void> {
    const before = await kit.snapshot(watched(), [0n, stakeToken, rewardA], [algoProgram, own], [alice, mallory])
    await expectRejected(attack(), code)
    expect(await kit.snapshot(watched(), [0n, stakeToken, rewardA], [algoProgram, own], [alice, mallory])).toEqual(before)
  }

  it('as the next createProgram’s minimum-balance payment (refunded at once): refused, Alice can still unstake her 30 ALGO', async () => {
    const now = await kit.now()
    await refusedUnmoved(() => createThen(() => rawCall(mallory, 'createProgram', [stakeToken, rewardA, 1n, now + 10n, now + 1010n, 0n], 0n)))
  })

  it('as the input of a stake into someone else’s program: refused', async () => {
    await refusedUnmoved(() => createThen(() => rawCall(mallory, 'stake', [algoProgram], algoProgram)))
    // stakeNew's payment slot would be the deposit (not the position box's 44,500), its input slot the call
    await refusedUnmoved(() => createThen(() => rawCall(mallory, 'stakeNew', [algoProgram], algoProgram)), /ERR:MBR|ERR:BAD_INPUT_TYPE/)
  })

  it('as the attacker’s own top-up or extension deposit: refused', async () => {
    const p = await kit.program(own)
    await refusedUnmoved(() => createThen(() => rawCall(mallory, 'topUp', [own, 1n, 2n], own)))
    await refusedUnmoved(() => createThen(() => rawCall(mallory, 'extend', [own, p.end + 100n], own)))
  })

  it('leaves Alice able to unstake her whole stake', async () => {
    const before = await grove().balance(alice, 0n)
    await kit.unstake(alice, algoProgram, 30_000_000n)
    // the stake and the position box's minimum balance back, less the fee of the call and its two inner payments
    expect((await grove().balance(alice, 0n)) - before).toBe(30_000_000n + POSITION_MBR - 3000n)
  })
})

describe('assets whose issuer keeps powers', () => {
  it('refuses a program of an asset whose holdings start frozen, nothing moves', async () => {
    const g = grove()
    const dfz = await g.asset(creator, { unitName: 'DFZ', freeze: creator.addr, defaultFrozen: true })
    const now = await kit.now()
    await rejectedUnmoved(() => kit.createProgram(creator, { stakeAsset: dfz, rewards: [{ asset: rewardA, rate: 1n }], start: now + 5n, end: now + 105n }), 'ERR:DEFAULT_FROZEN')
  })

  it('a frozen app holding: emergencyWithdraw fails with ERR:FROZEN, nothing moves, and works once unfrozen', async () => {
    const g = grove()
    const frz = await g.asset(creator, { unitName: 'FRZ', freeze: creator.addr })
    await g.optIn(alice, frz)
    await g.transfer(creator, alice, frz, 1000n)
    const now = await kit.now()
    const program = (await kit.createProgram(creator, { stakeAsset: frz, rewards: [{ asset: rewardA, rate: 1n }], start: now + 5n, end: now + 105n })).value
    await kit.travel(6n)
    await kit.stake(alice, program, 1000n)
    const freeze = (frozen: boolean) => g.algorand.send.assetFreeze({ sender: creator.addr, assetId: frz, account: kit.address, frozen, note: g.note(), suppressLog: true })
    await freeze(true)
    const before = await kit.snapshot([alice.addr, kit.address], [0n, frz], [program], [alice])
    await expectRejected(kit.emergencyWithdraw(alice, program), 'ERR:FROZEN')
    expect(await kit.snapshot([alice.addr, kit.address], [0n, frz], [program], [alice])).toEqual(before)
    await freeze(false)
    await kit.emergencyWithdraw(alice, program)
    expect(await g.balance(alice, frz)).toBe(1000n)
  })
})
