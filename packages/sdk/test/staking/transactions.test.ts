// The staking builders on the embedded localnet: a two-reward program created, staked in (with
// the opt-in to a reward asset the staker lacked), topped up, extended, claimed, unstaked and
// reclaimed, each amount what the SDK's math said; the creator-only and timing refusals in words; and
// claims of many programs prepared through the staking module, packed into groups of 16, landing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { microAlgo } from '@algorandfoundation/algokit-utils'
import type { Address, TransactionSigner } from 'algosdk'
import { groveContext } from '../../src/core/context.ts'
import { sendSignedGroups } from '../../src/core/simulate.ts'
import { CONTRACT_MODULES } from '../../src/modules.ts'
import { decodeStakingEvents } from '../../src/staking/events.ts'
import { pendingRewards, reclaimable } from '../../src/staking/math.ts'
import { stakingContract } from '../../src/staking/module.ts'
import { buildClaim, buildCreateProgram, buildExtend, buildReclaim, buildStake, buildTopUp, buildUnstake } from '../../src/staking/transactions.ts'
import { startStakingGrove } from './fixture.ts'
import type { StakingGrove } from './fixture.ts'

let g: StakingGrove
let staker: { addr: Address; signer: TransactionSigner }
let stakeToken: bigint
let reward: bigint
let program: bigint
let start: bigint

beforeAll(async () => {
  g = await startStakingGrove()
  ;[stakeToken, reward] = [g.assets[0]!, g.assets[3]!]
  staker = g.algorand.account.random()
  await g.algorand.send.payment({ sender: g.trader.addr, receiver: staker.addr, amount: microAlgo(100_000_000n) })
  await g.algorand.send.assetOptIn({ sender: staker.addr, assetId: stakeToken })
  await g.algorand.send.assetTransfer({ sender: g.trader.addr, receiver: staker.addr, assetId: stakeToken, amount: 10n ** 9n })
  const now = await g.freeze()
  start = now + 10n
}, 120_000)

afterAll(async () => {
  await g?.stop()
})

describe('staking builders', () => {
  it('creates a two-reward program (ALGO and a token) and lists it', async () => {
    const created = await buildCreateProgram(g.stakingCtx(), { stakeAsset: stakeToken, rewards: [{ asset: 0n, rate: 10n }, { asset: reward, rate: 3n }], start, end: start + 1000n, minStakeSeconds: 50n })
    const logs = await g.sendStaking(created)
    program = created.program
    expect(decodeStakingEvents(logs)[0]).toMatchObject({ name: 'ProgramCreated', args: { program, stakeAsset: stakeToken, rate1: 10n, rate2: 3n, kind: 0n } })
    expect((await stakingContract.readers.programs(g)).map((p) => p.id)).toEqual([program])
  })

  it('stakes, opting the staker into the reward token it lacks, for 2,000 µALGO plus the box payment', async () => {
    const p = (await stakingContract.readers.program(g, program))!
    const group = await buildStake(g.stakingCtx(staker), p, 1_000_000n)
    expect(group.optIns).toEqual([reward])
    // opt-in 1,000 + box payment 1,000 + input 1,000 + app call 1,000
    expect(group.fee).toBe(4000n)
    await g.sendStaking(group)
    expect(await stakingContract.readers.position(g, program, staker.addr)).toMatchObject({ stake: 1_000_000n })
  })

  it('refuses a stranger’s top-up and an early unstake, in words', async () => {
    const p = (await stakingContract.readers.program(g, program))!
    const strangerTopUp = await buildTopUp(g.stakingCtx(staker), p, 1, 20n)
    const e1 = await g.sendStaking(strangerTopUp).then(() => undefined, (e: unknown) => e)
    expect(stakingContract.explain(e1, { stakingAppId: g.stakingAppId })).toMatchObject({ code: 'ERR:NOT_CREATOR', message: 'Only the program’s creator can do this' })
    const early = await g.sendStaking(await buildUnstake(g.stakingCtx(staker), p, 1n)).then(() => undefined, (e: unknown) => e)
    expect(stakingContract.explain(early, { stakingAppId: g.stakingAppId })).toMatchObject({ code: 'ERR:MIN_STAKE_TIME', message: 'Your stake is still under the minimum stake time' })
  })

  it('tops up reward 1 and extends both by the deposits the math gives', async () => {
    await g.travel(start + 100n - (await g.latestTimestamp()))
    const p = (await stakingContract.readers.program(g, program))!
    const topUp = await buildTopUp(g.stakingCtx(), p, 1, 20n)
    expect(topUp.deposit).toBe(10n * (p.end - (await g.latestTimestamp())))
    await g.sendStaking(topUp)
    const q = (await stakingContract.readers.program(g, program))!
    const extend = await buildExtend(g.stakingCtx(), q, q.end + 500n)
    expect(extend.deposits).toEqual([20n * 500n, 3n * 500n])
    await g.sendStaking(extend)
    expect(await stakingContract.readers.program(g, program)).toMatchObject({ rate1: 20n, end: start + 1500n })
  })

  it('claims what the math says, unstakes, and after the end the creator reclaims what no one earned', async () => {
    await g.travel(200n)
    const now = await g.latestTimestamp()
    const p = (await stakingContract.readers.program(g, program))!
    const pos = (await stakingContract.readers.position(g, program, staker.addr))!
    const [p1, p2] = pendingRewards(p, pos, now)
    const claim = await buildClaim(g.stakingCtx(staker), p, pos)
    expect(claim.fee).toBe(3000n)
    const logs = await g.sendStaking(claim)
    expect(decodeStakingEvents(logs).find((e) => e.name === 'Claimed')?.args).toMatchObject({ amount1: p1, amount2: p2 })
    await g.sendStaking(await buildUnstake(g.stakingCtx(staker), (await stakingContract.readers.program(g, program))!, 1_000_000n))
    await g.travel(start + 1501n - (await g.latestTimestamp()))
    const ended = (await stakingContract.readers.program(g, program))!
    const [r1, r2] = reclaimable(ended, await g.latestTimestamp())
    const logs2 = await g.sendStaking(await buildReclaim(g.stakingCtx(), ended))
    expect(decodeStakingEvents(logs2).find((e) => e.name === 'Reclaimed')?.args).toMatchObject({ amount1: r1, amount2: r2 })
    // the staker keeps what it is owed: the reserve still covers it
    const after = (await stakingContract.readers.program(g, program))!
    expect(after.reserve1).toBe(after.owed1)
  })
})

describe('claims of many programs through the staking module', () => {
  it('packs 17 claims into a group of 16 and one of 1, at the fee of the 17 single claims, paying what the math says', { timeout: 120_000 }, async () => {
    const begin = (await g.latestTimestamp()) + 5n
    const ids: bigint[] = []
    for (let i = 0; i < 17; i++) {
      const created = await buildCreateProgram(g.stakingCtx(), { stakeAsset: stakeToken, rewards: [{ asset: reward, rate: BigInt(1 + i) }], start: begin, end: begin + 1000n, minStakeSeconds: 1n })
      await g.sendStaking(created)
      ids.push(created.program)
      await g.sendStaking(await buildStake(g.stakingCtx(staker), (await stakingContract.readers.program(g, created.program))!, 1_000n))
    }
    await g.travel(begin + 100n - (await g.latestTimestamp()))
    const now = await g.latestTimestamp()
    const programs = await Promise.all(ids.map(async (id) => (await stakingContract.readers.program(g, id))!))
    const positions = new Map(await Promise.all(ids.map(async (id) => [id, (await stakingContract.readers.position(g, id, staker.addr))!] as const)))
    const owed = programs.reduce((s, p) => s + pendingRewards(p, positions.get(p.id)!, now)[0]!, 0n)
    const singles = await Promise.all(programs.map((p) => buildClaim(g.stakingCtx(staker), p, positions.get(p.id))))

    const ctx = groveContext(
      { network: 'localnet', firstRound: 0n, registryAppId: g.registryAppId, dexAppId: g.dexAppId, lockAppId: 0n, stakingAppId: g.stakingAppId, vaultAppId: 0n, ordersAppId: 0n, stablePoolsAppId: 100000n, groveAssetId: 0n, sGroveAssetId: 0n },
      { algod: g.algod, sender: staker.addr, signer: staker.signer, heldAssets: [reward] },
    )
    const prepared = await CONTRACT_MODULES.Staking.prepare(ctx, { kind: 'claimMany', programs, positions })
    if (!('groups' in prepared)) throw new Error('claimMany gives groups')
    expect(prepared.groups.map((txns) => txns.length)).toEqual([16, 1])
    expect(prepared.claims).toBe(17)
    expect(prepared.optIns).toEqual([])
    expect(prepared.fee).toBe(singles.reduce((s, c) => s + c.fee, 0n))
    expect(owed).toBeGreaterThan(0n)

    const before = await g.balance(reward, staker.addr)
    const flat = prepared.groups.flat()
    const signed = await staker.signer(flat, flat.map((_, i) => i))
    let at = 0
    await sendSignedGroups(g.algod, prepared.groups.map((txns) => ({ signed: signed.slice(at, (at += txns.length)), lastTxId: txns[txns.length - 1]!.txID() })))
    expect((await g.balance(reward, staker.addr)) - before).toBe(owed)
  })
})
