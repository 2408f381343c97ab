// The demo's use of Grove beyond the DEX, built with the SDK: farms and staking pools with stakers,
// token locks (liquidity, team vesting, a plain time lock), registry projects, and the sGROVE vault
// with stakers, protocol fees collected from the pools and TWAP-bounded buybacks. `planProtocol`
// returns dated actions that seed.ts runs in its 30-day timeline between the trades, so every
// program, lock and buyback has a history; no randomness, so the plan is the same on every run.
import { getApplicationAddress } from 'algosdk'
import { microAlgos, type AlgorandClient } from '@algorandfoundation/algokit-utils'
import type { DeployResult } from '@grove/contracts/deploy'
import {
  buildAcceptOwner,
  buildAddLiquidity,
  buildCollectFees,
  buildLock,
  buildProposeOwner,
  buildRegisterProject,
  buildSetProjectVerified,
  buildTransferProject,
  buildWithdraw,
  dexContract,
  GroupBuilder,
  locksContract,
  prepareVaultAction,
  stakeOut,
  staking,
  stakingContract,
  unstakeOut,
  vaultContract,
  vaultRate,
} from '@grove/sdk'
import { DAY } from './time.ts'
import type { SeedAccount } from './seed-account.ts'
import type { SeedChain } from './seed-chain.ts'

/** A farm or staking pool the demo made. */
export interface SeededProgram {
  id: bigint
  kind: 'farm' | 'pool'
  /** What the demo calls it (the app keeps no names). */
  label: string
  stakeAsset: bigint
  rewardAssets: bigint[]
  /** Unix seconds. */
  start: bigint
  end: bigint
}

/** A lock the demo made. */
export interface SeededLock {
  id: bigint
  kind: 'liquidity' | 'vesting' | 'time'
  asset: bigint
  /** The owner at the end of the seed. */
  owner: string
}

/** A registry project the demo registered. */
export interface SeededProject {
  asset: bigint
  name: string
  verified: boolean
  owner: string
}

/** The vault after the seed. */
export interface SeededVault {
  /** Addresses holding sGROVE. */
  stakers: string[]
  /** Buybacks made (each fee asset with something to sell, per round). */
  buybacks: number
  /** Unix seconds of each buyback round. */
  buybackRounds: number[]
  /** GROVE per whole sGROVE × 10^6 (the vault's `rate()`). */
  rate: bigint
}

/** What the protocol part of the seed made. */
export interface ProtocolResult {
  programs: SeededProgram[]
  locks: SeededLock[]
  projects: SeededProject[]
  vault: SeededVault
}

/** A step of the plan: run at Unix second `at` (seed.ts travels there first). */
export interface ProtocolAction {
  at: number
  label: string
  run: () => Promise<void>
}

/** What the plan needs from the seed. */
export interface ProtocolParams {
  algorand: AlgorandClient
  deployment: DeployResult
  admin: SeedAccount
  /** Two accounts besides the admin that stake, farm and hold sGROVE (the KMD wallet's, else traders). */
  members: [SeedAccount, SeedAccount]
  demo: SeedAccount
  /** Asset id by unit name (ALGO = 0). */
  asset: (unit: string) => bigint
  /** The seeded pool of two unit names. */
  pool: (x: string, y: string) => { a: bigint; b: bigint; lpAsset: bigint }
  /** Every seeded pool, for fee collection. */
  pools: { a: bigint; b: bigint }[]
  historyFrom: number
  /** Unix seconds of the seed's "now": upcoming and long-running programs are dated from it. */
  nowSec: number
  /** Dates the next blocks (seed.ts's travelTo). */
  travel: (unixSeconds: number) => Promise<void>
  /** The seed's contexts and sender (seed-chain.ts). */
  chain: SeedChain
}

/** Buyback paths to GROVE, by fee asset: one or two hops through deep pools (MOSS would need three: its fees wait). */
export const BUYBACK_PATHS: readonly { from: string; path: string[] }[] = [
  { from: 'ALGO', path: ['GROVE'] },
  { from: 'gUSD', path: ['GROVE'] },
  { from: 'ACORN', path: ['GROVE'] },
  { from: 'goETH', path: ['gUSD', 'GROVE'] },
  { from: 'FERN', path: ['ALGO', 'GROVE'] },
  { from: 'CNPY', path: ['ALGO', 'GROVE'] },
  // MOSS trades only against FERN: three hops (an off-chain router that stopped at two never bought its fees back)
  { from: 'MOSS', path: ['FERN', 'ALGO', 'GROVE'] },
]

/** Days (from the history's start) of the vault's fee collection and buyback rounds. */
export const BUYBACK_DAYS: readonly number[] = [7, 14, 21, 28]

/** Seconds between a round's observation and its buybacks: the vault's 10-minute minimum plus margin. */
const BUYBACK_WAIT = 900

const whole = (n: number, decimals = 6): bigint => BigInt(n) * 10n ** BigInt(decimals)

/** The plan (see the file comment) and, once it ran, what it made. */
export function planProtocol(p: ProtocolParams): { actions: ProtocolAction[]; result: () => Promise<ProtocolResult> } {
  const { algorand, deployment: d, admin, demo, asset } = p
  const [alice, bob] = p.members
  const algod = algorand.client.algod
  /** Reads through the contracts' modules. */
  const reader = { algod, ids: d }
  const enc = (s: string) => new TextEncoder().encode(s)
  // the SDK's context for `who` (a note keeps equal groups in one validity window apart), and its sender
  const { as, send: exec } = p.chain
  /** What `who` holds of an asset, undefined when not opted in. */
  const holding = (who: SeedAccount, assetId: bigint): Promise<bigint | undefined> =>
    algod.accountAssetInformation(who.addr, assetId).do().then(
      (info) => info.assetHolding?.amount,
      () => undefined,
    )
  const held = async (who: SeedAccount, assetId: bigint): Promise<bigint> => (await holding(who, assetId)) ?? 0n

  const programs: SeededProgram[] = []
  const lockList: SeededLock[] = []
  const projects: SeededProject[] = []
  const buybackRounds: number[] = []
  let buybacks = 0
  const program = (label: string): SeededProgram => programs.find((x) => x.label === label)!
  const ref = async (label: string): Promise<staking.ProgramRef> => (await stakingContract.readers.program(reader, program(label).id))!

  const day = (n: number): number => p.historyFrom + Math.round(n * DAY)
  const actions: ProtocolAction[] = []
  const at = (n: number, label: string, run: () => Promise<void>) => actions.push({ at: day(n), label, run })

  // ---- helpers, each one SDK group (or a few) ----

  /** Adds `share` of the pool's reserves (B at the pool ratio, rounded up: the excess comes back). */
  const addLiquidity = async (who: SeedAccount, x: string, y: string, share: number): Promise<void> => {
    const { a, b } = p.pool(x, y)
    const live = (await dexContract.readers.pool(reader, a, b))!
    const amountA = BigInt(Math.round(Number(live.reserveA) * share))
    await exec(buildAddLiquidity(as(who, `grove demo add ${x}/${y}`), live, amountA, (amountA * live.reserveB) / live.reserveA + 1n, 0n))
  }

  /** Creates a program whose whole reward (per reward asset, in whole tokens) is paid out evenly from `start` to `end`. */
  const create = async (label: string, stake: bigint, rewards: { asset: bigint; total: bigint }[], start: number, end: number, minStakeSeconds = 0n): Promise<void> => {
    const seconds = BigInt(end - start)
    const terms = { stakeAsset: stake, rewards: rewards.map((r) => ({ asset: r.asset, rate: r.total / seconds })), start: BigInt(start), end: BigInt(end), minStakeSeconds }
    const group = await staking.buildCreateProgram(as(admin, `grove demo program ${label}`), terms)
    await exec(group)
    // the app's own verdict: a farm stakes a Grove LP token
    const kind = (await stakingContract.readers.program(reader, group.program))!.kind === 1n ? 'farm' : 'pool'
    programs.push({ id: group.program, kind, label, stakeAsset: stake, rewardAssets: rewards.map((r) => r.asset), start: terms.start, end: terms.end })
  }

  /** Stakes `share` of what `who` holds of the program's stake asset. */
  const stakeShare = async (who: SeedAccount, label: string, share: number): Promise<void> => {
    const prog = await ref(label)
    const amount = BigInt(Math.floor(Number(await held(who, prog.stakeAsset)) * share))
    await exec(staking.buildStake(as(who, `grove demo stake ${label}`), prog, amount))
  }

  const claim = async (who: SeedAccount, label: string): Promise<void> => exec(staking.buildClaim(as(who, `grove demo claim ${label}`), await ref(label)))
  const compound = async (who: SeedAccount, label: string): Promise<void> => exec(staking.buildCompound(as(who, `grove demo compound ${label}`), await ref(label)))
  const unstakeShare = async (who: SeedAccount, label: string, share: number): Promise<void> => {
    const prog = await ref(label)
    const pos = (await stakingContract.readers.position(reader, prog.id, who.addr))!
    const amount = share >= 1 ? pos.stake : BigInt(Math.floor(Number(pos.stake) * share))
    await exec(staking.buildUnstake(as(who, `grove demo unstake ${label}`), prog, amount, pos))
  }

  const lock = async (who: SeedAccount, kind: SeededLock['kind'], assetId: bigint, amount: bigint, cliff: number, end: number): Promise<bigint> => {
    // a nonce per seeded lock: the same lock ids on every machine
    const group = await buildLock(as(who), { asset: assetId, amount, cliff: BigInt(cliff), end: BigInt(end), nonce: BigInt(lockList.length + 1) })
    await exec(group)
    lockList.push({ id: group.lockId!, kind, asset: assetId, owner: who.addr.toString() })
    return group.lockId!
  }

  const vaultStake = async (who: SeedAccount, groveWhole: number): Promise<void> => {
    if ((await holding(who, d.sGroveAssetId)) === undefined) await (await GroupBuilder.create({ algod, sender: who.addr, signer: who.signer })).addAssetOptIn(d.sGroveAssetId).send()
    const amount = whole(groveWhole)
    const out = stakeOut(await vaultContract.readers.totals(reader), amount)
    if (typeof out !== 'bigint') throw new Error(`the vault refuses a stake of ${groveWhole} GROVE: ${out}`)
    await exec(prepareVaultAction(as(who), { kind: 'stake', amount, minShares: out }))
  }

  /** Protocol fees to the vault, an observation of every buyback pool, and BUYBACK_WAIT later each buyback the TWAP allows. */
  const vaultRound = async (when: number, first: boolean): Promise<void> => {
    const keeper = as(admin)
    if (first) {
      // the vault takes every demo token's fees (ALGO and GROVE need no opt-in)
      for (const unit of ['gUSD', 'goETH', 'FERN', 'MOSS', 'ACORN', 'CNPY']) await exec(prepareVaultAction(keeper, { kind: 'opt-in', asset: asset(unit) }))
      // the registry's admin sets each fee asset's buyback path (a buyback takes no path from its caller)
      for (const { from, path } of BUYBACK_PATHS) await exec(prepareVaultAction(keeper, { kind: 'set-buyback-path', asset: asset(from), path: path.map(asset) }))
    }
    const observed = new Map<string, [bigint, bigint]>()
    for (const { from, path } of BUYBACK_PATHS) {
      const hops = [from, ...path].map(asset)
      for (let i = 0; i + 1 < hops.length; i++) {
        const [x, y] = hops[i]! < hops[i + 1]! ? [hops[i]!, hops[i + 1]!] : [hops[i + 1]!, hops[i]!]
        observed.set(`${x}-${y}`, [x, y])
      }
    }
    const keys = [...observed.values()]
    // a block at `when` first: an observation is dated by the previous block (LatestTimestamp), which
    // may be hours older, and a buyback takes only observations of the last hour
    await algorand.send.payment({ sender: admin.addr, signer: admin.signer, receiver: admin.addr, amount: microAlgos(0), note: enc(`grove demo clock ${when}`) })
    for (let i = 0; i < keys.length; i += 3) await exec(prepareVaultAction(keeper, { kind: 'observe', pools: keys.slice(i, i + 3) }))
    // the wait also makes the buybacks' LatestTimestamp (the previous block's) later than the observations
    await p.travel(when + BUYBACK_WAIT)
    const treasury = getApplicationAddress(d.vaultAppId)
    for (const [i, { a, b }] of p.pools.entries()) {
      const live = (await dexContract.readers.pool(reader, a, b))!
      if (live.protocolFeesA > 0n || live.protocolFeesB > 0n) await exec(buildCollectFees(as(admin, `grove demo fees ${when} ${i}`), live, treasury))
    }
    let bought = false
    for (const { from, path } of BUYBACK_PATHS) {
      const route = path.map(asset)
      const preview = await vaultContract.readers.previewBuyback(reader, asset(from), route)
      // nothing collected yet, or too little to buy a unit of GROVE: it waits for a later round
      if (preview.amount === 0n || typeof preview.minOut !== 'bigint') continue
      // the path named only for the call's references: the vault takes the admin's
      await exec(prepareVaultAction(keeper, { kind: 'buyback', asset: asset(from), path: route }))
      buybacks++
      bought = true
    }
    if (bought) buybackRounds.push(when + BUYBACK_WAIT)
  }

  // ---- the plan, by day of the history ----
  const grove = d.groveAssetId
  const lp = (x: string, y: string) => p.pool(x, y).lpAsset

  at(0.4, 'projects', async () => {
    // a project's link is its website (the tokens' own URLs point at their ARC-3 metadata)
    for (const [unit, name, site] of [
      ['FERN', 'Fern Protocol', 'https://fern.example'],
      ['CNPY', 'Canopy DAO', 'https://canopy.example/dao'],
      ['MOSS', 'Moss Finance', 'https://moss.example'],
      ['ACORN', 'Acorn Games', 'https://acorn.example/credit'],
    ] as const) {
      const assetId = asset(unit)
      await exec(buildRegisterProject(as(admin), assetId, name, site))
      projects.push({ asset: assetId, name, verified: false, owner: admin.addr.toString() })
    }
  })
  at(1, 'farm ALGO/gUSD', () => create('ALGO/gUSD farm', lp('ALGO', 'gUSD'), [{ asset: grove, total: whole(250_000) }], day(1) + 600, p.nowSec + 60 * DAY))
  at(1.05, 'demo liquidity', () => addLiquidity(demo, 'ALGO', 'gUSD', 0.0002))
  at(1.1, 'admin farms', () => stakeShare(admin, 'ALGO/gUSD farm', 0.1))
  at(1.2, 'demo farms', () => stakeShare(demo, 'ALGO/gUSD farm', 0.7))
  at(1.3, 'demo liquidity lock', async () => {
    await lock(demo, 'liquidity', lp('ALGO', 'gUSD'), await held(demo, lp('ALGO', 'gUSD')), p.nowSec + 14 * DAY, p.nowSec + 14 * DAY)
  })
  at(1.5, 'GROVE pool', () => create('GROVE pool', grove, [{ asset: grove, total: whole(300_000) }], day(1.5) + 600, p.nowSec + 90 * DAY))
  at(1.6, 'alice GROVE pool', async () => {
    const prog = await ref('GROVE pool')
    await exec(staking.buildStake(as(alice, 'grove demo stake GROVE pool'), prog, whole(15_000)))
  })
  at(2, 'ACORN liquidity lock', async () => {
    const held_ = await held(admin, lp('GROVE', 'ACORN'))
    await lock(admin, 'liquidity', lp('GROVE', 'ACORN'), held_ / 4n, p.nowSec + 365 * DAY, p.nowSec + 365 * DAY)
  })
  at(2.2, 'demo GROVE pool', async () => {
    await exec(staking.buildStake(as(demo, 'grove demo stake GROVE pool'), await ref('GROVE pool'), whole(4_000)))
  })
  at(2.5, 'vault stakes', async () => {
    await vaultStake(alice, 12_000)
    await vaultStake(demo, 5_000)
  })
  at(3, 'farm ALGO/GROVE', () =>
    create('ALGO/GROVE farm', lp('ALGO', 'GROVE'), [
      { asset: grove, total: whole(150_000) },
      { asset: asset('gUSD'), total: whole(40_000) },
    ], day(3) + 600, p.nowSec + 45 * DAY),
  )
  at(3.1, 'verify projects', async () => {
    for (const unit of ['FERN', 'CNPY']) {
      await exec(buildSetProjectVerified(as(admin), asset(unit), true))
      projects.find((x) => x.asset === asset(unit))!.verified = true
    }
  })
  at(3.2, 'alice farms ALGO/GROVE', async () => {
    await addLiquidity(alice, 'ALGO', 'GROVE', 0.02)
    await stakeShare(alice, 'ALGO/GROVE farm', 1)
  })
  at(4, 'FERN pool (ends)', () => create('FERN pool', asset('FERN'), [{ asset: asset('MOSS'), total: whole(20_000, 4) }], day(4) + 600, day(20)))
  at(4.2, 'admin farms ALGO/GROVE', () => stakeShare(admin, 'ALGO/GROVE farm', 0.05))
  at(5, 'FERN team vesting', async () => {
    const id = await lock(admin, 'vesting', asset('FERN'), whole(25_000_000), day(14), p.nowSec + 180 * DAY)
    await exec(buildProposeOwner(as(admin), id, demo.addr))
  })
  at(5.1, 'demo accepts the vesting lock', async () => {
    const id = lockList.find((l) => l.kind === 'vesting')!.id
    await exec(buildAcceptOwner(as(demo), (await locksContract.readers.lock(reader, id))!))
    lockList.find((l) => l.id === id)!.owner = demo.addr.toString()
  })
  at(6, 'farm ALGO/FERN', () => create('ALGO/FERN farm', lp('ALGO', 'FERN'), [{ asset: asset('FERN'), total: whole(1_000_000) }], day(6) + 600, p.nowSec + 30 * DAY, BigInt(DAY)))
  at(6.3, 'bob farms ALGO/FERN', async () => {
    await addLiquidity(bob, 'ALGO', 'FERN', 0.05)
    await stakeShare(bob, 'ALGO/FERN farm', 1)
  })
  at(7, 'vault round 1', () => vaultRound(day(7), true))
  at(7.3, 'demo farms ALGO/FERN', async () => {
    await addLiquidity(demo, 'ALGO', 'FERN', 0.003)
    await stakeShare(demo, 'ALGO/FERN farm', 1)
  })
  at(8, 'bob FERN pool', async () => {
    await exec(staking.buildStake(as(bob, 'grove demo stake FERN pool'), await ref('FERN pool'), whole(150_000)))
  })
  at(9, 'demo FERN pool', async () => {
    await exec(staking.buildStake(as(demo, 'grove demo stake FERN pool'), await ref('FERN pool'), whole(60_000)))
    await vaultStake(bob, 8_000)
  })
  at(10, 'CNPY time lock', () => lock(admin, 'time', asset('CNPY'), whole(1_000_000, 8), p.nowSec + 120 * DAY, p.nowSec + 120 * DAY).then(() => undefined))
  at(10.5, 'demo claims ALGO/gUSD farm', () => claim(demo, 'ALGO/gUSD farm'))
  at(11, 'ACORN project to demo', async () => {
    await exec(buildTransferProject(as(admin), asset('ACORN'), demo.addr))
    projects.find((x) => x.asset === asset('ACORN'))!.owner = demo.addr.toString()
  })
  at(12, 'alice compounds', () => compound(alice, 'GROVE pool'))
  at(14, 'vault round 2', () => vaultRound(day(14), false))
  at(15, 'bob farms ALGO/GROVE', async () => {
    await addLiquidity(bob, 'ALGO', 'GROVE', 0.01)
    await stakeShare(bob, 'ALGO/GROVE farm', 1)
  })
  at(15.5, 'bob GROVE pool', async () => {
    await exec(staking.buildStake(as(bob, 'grove demo stake GROVE pool'), await ref('GROVE pool'), whole(10_000)))
  })
  at(17, 'alice claims ALGO/GROVE farm', () => claim(alice, 'ALGO/GROVE farm'))
  at(18, 'demo vault top-up', () => vaultStake(demo, 2_000))
  at(20.5, 'demo unstakes some ALGO/FERN', () => unstakeShare(demo, 'ALGO/FERN farm', 0.4))
  at(21, 'vault round 3', () => vaultRound(day(21), false))
  at(21.5, 'FERN pool exits', async () => {
    await claim(demo, 'FERN pool')
    await unstakeShare(bob, 'FERN pool', 1)
    await claim(bob, 'FERN pool')
  })
  at(22, 'alice compounds again', () => compound(alice, 'GROVE pool'))
  at(24, 'bob takes some GROVE out of the vault', async () => {
    const shares = (await held(bob, d.sGroveAssetId)) / 4n
    const out = unstakeOut(await vaultContract.readers.totals(reader), shares)
    if (typeof out !== 'bigint') throw new Error(`the vault refuses an unstake: ${out}`)
    await exec(prepareVaultAction(as(bob), { kind: 'unstake', amount: shares, minGrove: out }))
  })
  at(25, 'demo withdraws vested FERN', async () => {
    const vesting = lockList.find((l) => l.kind === 'vesting')!
    await exec(buildWithdraw(as(demo), vesting))
  })
  at(26, 'CNPY pool (upcoming)', () => create('CNPY pool', asset('CNPY'), [{ asset: asset('CNPY'), total: whole(2_000, 8) }], p.nowSec + 3 * DAY, p.nowSec + 63 * DAY))
  at(28, 'vault round 4', () => vaultRound(day(28), false))
  at(28.5, 'demo compounds', () => compound(demo, 'GROVE pool'))
  at(29, 'bob claims ALGO/GROVE farm', () => claim(bob, 'ALGO/GROVE farm'))

  const result = async (): Promise<ProtocolResult> => {
    const stakers = [admin, alice, bob, demo]
    const holdings = await Promise.all(stakers.map((s) => held(s, d.sGroveAssetId)))
    return {
      programs,
      locks: lockList,
      projects,
      vault: {
        stakers: stakers.filter((_, i) => holdings[i]! > 0n).map((s) => s.addr.toString()),
        buybacks,
        buybackRounds,
        rate: vaultRate(await vaultContract.readers.totals(reader)),
      },
    }
  }
  return { actions, result }
}
