import { beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { AlgoAmount } from '@algorandfoundation/algokit-utils/types/amount'
import { locksSpec } from '../src/index.ts'
import { expectRejected, sorted, useGrove, type User } from './fixture.ts'
import { ASSET_MBR, assetIndexName, LOCK_BOXES_MBR, Locks, lockBoxName, lockIdOf, ownerIndexName, vestedAt } from './locks.ts'
import { decodeEvents } from './events.ts'

const grove = useGrove()
let locks: Locks
let alice: User
let bob: User
let mallory: User
let token: bigint
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')

beforeAll(async () => {
  const g = grove()
  locks = new Locks(g)
  alice = await g.user(1000)
  bob = await g.user(100)
  mallory = await g.user(100)
  token = await g.asset(alice, { unitName: 'TEAM' })
  await g.optIn(bob, token)
  await g.optIn(mallory, token)
  await g.transfer(alice, mallory, token, 1_000_000n)
}, 120_000)

describe('lock', () => {
  it('locks an ASA: the lock box, both index boxes, the Locked event, exactly the minimum balance paid', async () => {
    const now = await locks.now()
    const id = lockIdOf(alice.addr, 1_000n)
    const before = await grove().algorand.account.getInformation(locks.address)
    const sent = await locks.create(alice, token, 1_000_000n, now + 100n, now + 1100n, { nonce: 1_000n })
    expect(sent.value).toBe(id)
    // the first lock of this asset opts the app in: two payments, the deposit, the opt-in call with its inner, the lock call
    expect(sent.fees).toBe(1000n + 2000n + 1000n + 1000n + 1000n)
    const after = await grove().algorand.account.getInformation(locks.address)
    expect(after.minBalance.microAlgo - before.minBalance.microAlgo).toBe(LOCK_BOXES_MBR + ASSET_MBR)
    const lock = await locks.lock(id)
    expect(lock).toMatchObject({ owner: alice.addr.toString(), asset: token, amount: 1_000_000n, withdrawn: 0n, cliff: now + 100n, end: now + 1100n, anchor: now + 100n, base: 0n, liquidity: 0n })
    expect(lock!.start).toBe(now)
    const names = await locks.boxNames()
    for (const n of [lockBoxName(id), assetIndexName(token, id), ownerIndexName(alice.addr, id)]) expect(names).toContain(hex(n))
    expect(decodeEvents(locksSpec, sent.logs, 'Locked')).toEqual([{ id, owner: alice.addr.toString(), asset: token, amount: 1_000_000n, cliff: now + 100n, end: now + 1100n, liquidity: false }])
    expect(await grove().balance(locks.address, token)).toBe(1_000_000n)
  })

  it('locks ALGO: the minimum-balance payment, the deposit and the call, 3,000 µALGO', async () => {
    const now = await locks.now()
    const sent = await locks.create(alice, 0n, 5_000_000n, now + 10n, now + 10n)
    expect(sent.fees).toBe(3000n)
    expect(await locks.lock(sent.value)).toMatchObject({ asset: 0n, amount: 5_000_000n, cliff: now + 10n, end: now + 10n })
  })

  it('refuses a Grove LP token through lock (ERR:LIQUIDITY_LOCK): lockLiquidity makes liquidity locks, with the pool level the fees need', async () => {
    const g = grove()
    const [a, b] = sorted(0n, token)
    const { value: lp } = await g.createPool(alice, a, b)
    await g.optIn(alice, lp)
    await g.addLiquidity(alice, a, b, 10_000_000n, 10_000_000n)
    const now = await locks.now()
    await expectRejected(locks.create(alice, lp, 1_000_000n, now + 50n, now + 50n), 'ERR:LIQUIDITY_LOCK')
    const sent = await locks.createLiquidity(alice, { a, b, lp }, 1_000_000n, now + 50n, now + 50n)
    expect((await locks.lock(sent.value))!.liquidity).toBe(1n)
    expect(decodeEvents(locksSpec, sent.logs, 'Locked')[0]).toMatchObject({ liquidity: true })
  })

  const bad: [string, (now: bigint) => [bigint, bigint], string][] = [
    ['an end in milliseconds', (now) => [now, now * 1000n], 'ERR:MILLISECONDS'],
    ['an end more than 10 years away', (now) => [now, now + 315_576_001n], 'ERR:TOO_LONG'],
    ['an end that has passed', (now) => [now - 10n, now - 1n], 'ERR:END_PASSED'],
    ['a cliff after the end', (now) => [now + 20n, now + 10n], 'ERR:CLIFF_AFTER_END'],
    ['a cliff that has passed', (now) => [now - 1n, now + 10n], 'ERR:CLIFF_PASSED'],
  ]
  for (const [what, times, code] of bad) {
    it(`refuses ${what}, moving nothing`, async () => {
      const before = await locks.snapshot([alice], [0n, token])
      const [cliff, end] = times(await locks.now())
      await expectRejected(locks.create(alice, token, 1000n, cliff, end), code)
      expect(await locks.snapshot([alice], [0n, token])).toEqual(before)
    })
  }

  it('accepts an end exactly 10 years away', async () => {
    const now = await locks.now()
    await locks.create(alice, token, 1000n, now, now + 315_576_000n)
  })

  // after a rekey in the deposit the lock call must be signed by the new key (the ledger checks each
  // transaction's authorizer as it applies it); a closed account pays no fee, so its deposit pays the call's
  const badInputs: [string, () => Promise<[User, Promise<algosdk.Transaction>, { signer?: User; callFee?: bigint }]>, string][] = [
    ['a deposit to another account', async () => [alice, locks.input(alice, token, 1000n, { receiver: bob.addr }), {}], 'ERR:BAD_RECEIVER'],
    ['a deposit from another account', async () => [alice, locks.input(alice, token, 1000n, { sender: mallory }), {}], 'ERR:BAD_SENDER'],
    ['an ALGO deposit that rekeys', async () => [alice, locks.input(alice, 0n, 1000n, { rekeyTo: bob.addr }), { signer: bob }], 'ERR:REKEY'],
    ['an asset deposit that rekeys', async () => [alice, locks.input(alice, token, 1000n, { rekeyTo: bob.addr }), { signer: bob }], 'ERR:REKEY'],
    [
      'a deposit that closes the account',
      async () => {
        const eve = await grove().user(1)
        const deposit = grove().algorand.createTransaction.payment({ sender: eve.addr, receiver: locks.address, amount: AlgoAmount.MicroAlgo(1000n), closeRemainderTo: bob.addr, staticFee: AlgoAmount.MicroAlgo(2000n), note: grove().note() })
        return [eve, deposit, { callFee: 0n }]
      },
      'ERR:CLOSE_TO',
    ],
    ['a deposit that closes the holding', async () => [mallory, locks.input(mallory, token, 1000n, { closeTo: bob.addr }), {}], 'ERR:CLOSE_TO'],
    ['a deposit of 0', async () => [alice, locks.input(alice, token, 0n), {}], 'ERR:ZERO_AMOUNT'],
  ]
  for (const [what, make, code] of badInputs) {
    it(`refuses ${what}, moving nothing`, async () => {
      const before = await locks.snapshot([alice, bob, mallory], [0n, token])
      const now = await locks.now()
      const [owner, deposit, o] = await make()
      await expectRejected(locks.create(owner, token, 1000n, now + 10n, now + 20n, { deposit, ...o }), code)
      expect(await locks.snapshot([alice, bob, mallory], [0n, token])).toEqual(before)
    })
  }

  it('refuses a clawback-style deposit (AssetSender set), moving nothing', async () => {
    const g = grove()
    // an asset whose clawback is mallory: she could pull alice's tokens into a lock of her own
    const clawed = (
      await g.algorand.send.assetCreate({ sender: alice.addr, total: 1000n, decimals: 0, unitName: 'CLW', clawback: mallory.addr, note: g.note(), suppressLog: true })
    ).assetId
    const now = await locks.now()
    // the app opts in first through an honest lock
    await locks.create(alice, clawed, 10n, now + 10n, now + 20n)
    const before = await locks.snapshot([alice, mallory], [0n, clawed])
    const deposit = locks.input(mallory, clawed, 100n, { assetSender: alice.addr })
    await expectRejected(locks.create(mallory, clawed, 100n, now + 10n, now + 20n, { deposit }), 'ERR:CLAWBACK')
    expect(await locks.snapshot([alice, mallory], [0n, clawed])).toEqual(before)
  })

  for (const mbr of [LOCK_BOXES_MBR - 1n, LOCK_BOXES_MBR + 1n]) {
    it(`refuses a minimum-balance payment of ${mbr} instead of ${LOCK_BOXES_MBR}`, async () => {
      const now = await locks.now()
      await expectRejected(locks.create(alice, token, 1000n, now + 10n, now + 20n, { mbr }), 'ERR:MBR')
    })
  }
})

describe('withdraw, extend, top up', () => {
  it('vests nothing before the cliff, linearly to the end, everything after; each withdrawal costs 2,000 µALGO', async () => {
    const now = await locks.now()
    const { value: id } = await locks.create(alice, token, 1_000_000n, now + 100n, now + 1100n)
    await expectRejected(locks.withdraw(alice, id), 'ERR:NOTHING_VESTED')
    let t = await locks.travel(600n)
    let lock = (await locks.lock(id))!
    const first = await locks.withdraw(alice, id)
    expect(first.value).toBe(vestedAt(lock, t))
    expect(first.value).toBeGreaterThan(0n)
    expect(first.fees).toBe(2000n)
    expect(decodeEvents(locksSpec, first.logs, 'Withdrawn')).toEqual([{ id, owner: alice.addr.toString(), amount: first.value }])
    t = await locks.travel(1000n)
    lock = (await locks.lock(id))!
    const rest = await locks.withdraw(alice, id)
    expect(rest.value).toBe(1_000_000n - first.value)
    expect((await locks.lock(id))!.withdrawn).toBe(1_000_000n)
    expect(t).toBeGreaterThanOrEqual(lock.end)
    await expectRejected(locks.withdraw(alice, id), 'ERR:NOTHING_VESTED')
  })

  it('keeps a time lock shut until its end, and its cliff moves with an extension', async () => {
    const now = await locks.now()
    const { value: id } = await locks.create(alice, 0n, 2_000_000n, now + 300n, now + 300n)
    const ext = await locks.extend(alice, id, now + 900n)
    expect(decodeEvents(locksSpec, ext.logs, 'Extended')).toEqual([{ id, cliff: now + 900n, end: now + 900n }])
    await locks.travel(400n)
    await expectRejected(locks.withdraw(alice, id), 'ERR:NOTHING_VESTED')
    await locks.travel(600n)
    const before = await grove().balance(alice, 0n)
    const sent = await locks.withdraw(alice, id)
    expect(sent.value).toBe(2_000_000n)
    expect(await grove().balance(alice, 0n)).toBe(before + 2_000_000n - 2000n)
  })

  it('an extension after the cliff keeps what has vested and spreads the rest to the new end', async () => {
    const now = await locks.now()
    const { value: id } = await locks.create(alice, token, 1_000_000n, now, now + 1000n)
    const t = await locks.travel(500n)
    const old = (await locks.lock(id))!
    await locks.extend(alice, id, old.end + 1000n)
    const lock = (await locks.lock(id))!
    expect(lock).toMatchObject({ anchor: t, base: vestedAt(old, t), end: old.end + 1000n, cliff: old.cliff })
  })

  it('refuses an extension to an earlier or equal end, or after the end', async () => {
    const now = await locks.now()
    const { value: id } = await locks.create(alice, token, 1000n, now + 100n, now + 200n)
    for (const end of [now + 200n, now + 150n]) {
      const before = await locks.snapshot([alice], [token])
      await expectRejected(locks.extend(alice, id, end), 'ERR:NOT_LATER')
      expect(await locks.snapshot([alice], [token])).toEqual(before)
    }
    await locks.travel(300n)
    await expectRejected(locks.extend(alice, id, now + 10_000n), 'ERR:ENDED')
  })

  it('tops up before the cliff on the same schedule, after the cliff from now to the end', async () => {
    const now = await locks.now()
    const { value: id } = await locks.create(alice, token, 1_000_000n, now + 200n, now + 1200n)
    const up = await locks.topUp(alice, id, 500_000n)
    expect(up.fees).toBe(2000n)
    expect(decodeEvents(locksSpec, up.logs, 'ToppedUp')).toEqual([{ id, amount: 500_000n, total: 1_500_000n }])
    expect(await locks.lock(id)).toMatchObject({ amount: 1_500_000n, anchor: now + 200n, base: 0n })
    const t = await locks.travel(700n)
    const old = (await locks.lock(id))!
    await locks.topUp(alice, id, 1_000_000n)
    const lock = (await locks.lock(id))!
    // nothing more is withdrawable now than before the top-up
    expect(vestedAt(lock, t)).toBe(vestedAt(old, t))
    expect(lock).toMatchObject({ amount: 2_500_000n, anchor: t, base: vestedAt(old, t) })
    expect(await grove().balance(locks.address, token)).toBeGreaterThanOrEqual(2_500_000n)
  })

  it('refuses a top-up of another asset or after the end', async () => {
    const now = await locks.now()
    const { value: id } = await locks.create(alice, token, 1000n, now + 50n, now + 100n)
    await expectRejected(locks.topUp(alice, id, 1000n, { asset: 0n }), 'ERR:BAD_INPUT_TYPE')
    await locks.travel(200n)
    await expectRejected(locks.topUp(alice, id, 1000n), 'ERR:ENDED')
  })
})

describe('ownership', () => {
  it('moves in two steps; the owner index box moves with it', async () => {
    const now = await locks.now()
    const { value: id } = await locks.create(alice, token, 1000n, now + 10n, now + 20n)
    const proposed = await locks.propose(alice, id, bob.addr)
    expect(decodeEvents(locksSpec, proposed.logs, 'OwnershipProposed')).toEqual([{ id, owner: alice.addr.toString(), pendingOwner: bob.addr.toString() }])
    expect((await locks.lock(id))!.owner).toBe(alice.addr.toString())
    const accepted = await locks.accept(bob, id, alice.addr)
    expect(decodeEvents(locksSpec, accepted.logs, 'OwnershipAccepted')).toEqual([{ id, previousOwner: alice.addr.toString(), owner: bob.addr.toString() }])
    expect(await locks.lock(id)).toMatchObject({ owner: bob.addr.toString(), pendingOwner: algosdk.ALGORAND_ZERO_ADDRESS_STRING })
    const names = await locks.boxNames()
    expect(names).toContain(hex(ownerIndexName(bob.addr, id)))
    expect(names).not.toContain(hex(ownerIndexName(alice.addr, id)))
    await locks.travel(30n)
    await expectRejected(locks.withdraw(alice, id), 'ERR:NOT_OWNER')
    expect((await locks.withdraw(bob, id)).value).toBe(1000n)
  })

  it('lets the owner cancel a proposal, after which the proposed account cannot accept', async () => {
    const now = await locks.now()
    const { value: id } = await locks.create(alice, token, 1000n, now + 10n, now + 20n)
    await locks.propose(alice, id, bob.addr)
    const cancelled = await locks.cancel(alice, id)
    expect(decodeEvents(locksSpec, cancelled.logs, 'OwnershipProposed')).toEqual([{ id, owner: alice.addr.toString(), pendingOwner: algosdk.ALGORAND_ZERO_ADDRESS_STRING }])
    await expectRejected(locks.accept(bob, id, alice.addr), 'ERR:NOT_PENDING_OWNER')
  })
})

describe('adversarial: each attempt moves nothing', () => {
  let id: bigint
  beforeAll(async () => {
    const now = await locks.now()
    id = (await locks.create(alice, token, 1_000_000n, now + 100n, now + 100_000n)).value
  })
  const everything = () => locks.snapshot([alice, bob, mallory], [0n, token])

  it("withdrawing someone else's lock", async () => {
    await locks.travel(1000n)
    const before = await everything()
    await expectRejected(locks.withdraw(mallory, id), 'ERR:NOT_OWNER')
    expect(await everything()).toEqual(before)
  })

  it('withdrawing before the cliff', async () => {
    const now = await locks.now()
    const { value: early } = await locks.create(alice, token, 1000n, now + 10_000n, now + 20_000n)
    const before = await everything()
    await expectRejected(locks.withdraw(alice, early), 'ERR:NOTHING_VESTED')
    expect(await everything()).toEqual(before)
  })

  it('withdrawing more than vested: a second withdrawal in the same second gets nothing', async () => {
    await locks.withdraw(alice, id)
    // the next block is in the same second only sometimes; the withdrawal then takes exactly what vested since
    const lock = (await locks.lock(id))!
    const now = await locks.now()
    const again = await locks.withdraw(alice, id).then(
      (s) => s.value,
      () => 0n,
    )
    expect(again).toBe(vestedAt(lock, now) - lock.withdrawn)
  })

  it('hijacking a pending transfer: a stranger accepts, or proposes on the owner’s behalf', async () => {
    await locks.propose(alice, id, bob.addr)
    const before = await everything()
    await expectRejected(locks.accept(mallory, id, alice.addr), 'ERR:NOT_PENDING_OWNER')
    await expectRejected(locks.propose(mallory, id, mallory.addr), 'ERR:NOT_OWNER')
    await expectRejected(locks.cancel(mallory, id), 'ERR:NOT_OWNER')
    expect(await everything()).toEqual(before)
    await locks.cancel(alice, id)
  })

  it('shortening through an extension, or extending someone else’s lock', async () => {
    const lock = (await locks.lock(id))!
    const before = await everything()
    await expectRejected(locks.extend(alice, id, lock.end - 1n), 'ERR:NOT_LATER')
    await expectRejected(locks.extend(mallory, id, lock.end + 1n), 'ERR:NOT_OWNER')
    expect(await everything()).toEqual(before)
  })

  it('a top-up that would unlock early: topping up an ended lock, or someone else’s', async () => {
    const now = await locks.now()
    const { value: short } = await locks.create(alice, token, 1000n, now + 5n, now + 5n)
    await locks.travel(10n)
    const before = await everything()
    await expectRejected(locks.topUp(alice, short, 1000n), 'ERR:ENDED')
    await expectRejected(locks.topUp(mallory, id, 1000n), 'ERR:NOT_OWNER')
    expect(await everything()).toEqual(before)
  })

  it('a lock made by someone else between building and sending does not move the victim’s id: ids are the creator’s own', async () => {
    const now = await locks.now()
    // the victim's group names its boxes from its own nonce before anything is sent
    const victimId = lockIdOf(alice.addr, 77n)
    // dust locks by Mallory first, one with the same nonce: another sender's id is another hash
    await locks.create(mallory, token, 1n, now + 100n, now + 200n, { nonce: 77n })
    await locks.create(mallory, token, 1n, now + 100n, now + 200n, { nonce: 78n })
    expect(lockIdOf(mallory.addr, 77n)).not.toBe(victimId)
    const sent = await locks.create(alice, token, 500n, now + 100n, now + 200n, { nonce: 77n })
    expect(sent.value).toBe(victimId)
    expect((await locks.lock(victimId))!.owner).toBe(alice.addr.toString())
  })

  it('reusing a nonce: the second lock is refused, nothing moves', async () => {
    const now = await locks.now()
    await locks.create(alice, token, 10n, now + 100n, now + 200n, { nonce: 90n })
    const before = await everything()
    await expectRejected(locks.create(alice, token, 10n, now + 100n, now + 200n, { nonce: 90n }), 'ERR:LOCK_EXISTS')
    expect(await everything()).toEqual(before)
  })
})

describe('assets whose issuer keeps powers', () => {
  it('refuses to hold an asset whose holdings start frozen, nothing moves', async () => {
    const g = grove()
    const frozenByDefault = await g.asset(alice, { unitName: 'DFZ', freeze: alice.addr, defaultFrozen: true })
    const before = await locks.snapshot([alice], [0n])
    const now = await locks.now()
    await expectRejected(locks.create(alice, frozenByDefault, 10n, now + 100n, now + 200n), /ERR:DEFAULT_FROZEN|asset frozen/)
    expect(await locks.snapshot([alice], [0n])).toEqual(before)
  })

  it('a frozen app holding: the withdrawal fails with ERR:FROZEN (a sentence, not a ledger error) and succeeds once unfrozen', async () => {
    const g = grove()
    const freezable = await g.asset(alice, { unitName: 'FRZ', freeze: alice.addr })
    const now = await locks.now()
    const { value: id } = await locks.create(alice, freezable, 1000n, now + 5n, now + 5n)
    await locks.travel(10n)
    const freeze = (frozen: boolean) => g.algorand.send.assetFreeze({ sender: alice.addr, assetId: freezable, account: locks.address, frozen, note: g.note(), suppressLog: true })
    await freeze(true)
    const before = await locks.snapshot([alice], [0n, freezable])
    await expectRejected(locks.withdraw(alice, id), 'ERR:FROZEN')
    expect(await locks.snapshot([alice], [0n, freezable])).toEqual(before)
    await freeze(false)
    expect((await locks.withdraw(alice, id)).value).toBe(1000n)
  })
})

