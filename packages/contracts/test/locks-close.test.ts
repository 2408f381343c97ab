// Closing a fully withdrawn lock on the localnet: its three boxes go, the creator (who paid them) gets
// the deposit back, and every hostile attempt is refused with nothing moved.
import { beforeAll, describe, expect, it } from 'vitest'
import { AlgoAmount } from '@algorandfoundation/algokit-utils/types/amount'
import { locksSpec } from '../src/index.ts'
import { expectRejected, useGrove, type User } from './fixture.ts'
import { assetIndexName, LOCK_BOXES_MBR, Locks, lockBoxName, lockIdOf, ownerIndexName } from './locks.ts'
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

/** A lock of `amount` by `creator` that has ended, withdrawn in full unless `withdraw` is false; its id. */
async function finished(creator: User, amount: bigint, o: { withdraw?: boolean; nonce?: bigint; asset?: bigint } = {}): Promise<bigint> {
  const now = await locks.now()
  const { value: id } = await locks.create(creator, o.asset ?? token, amount, now + 5n, now + 5n, { nonce: o.nonce })
  await locks.travel(10n)
  if (o.withdraw !== false) await locks.withdraw(creator, id)
  return id
}

const boxesOf = (id: bigint, asset: bigint, owner: User) => [lockBoxName(id), assetIndexName(asset, id), ownerIndexName(owner.addr, id)].map(hex)

describe('close', () => {
  it('deletes the three boxes of a fully withdrawn lock and refunds the creator exactly the deposit; 2,000 µALGO', async () => {
    const g = grove()
    const id = await finished(alice, 1_000n)
    const appBefore = await g.algorand.account.getInformation(locks.address)
    const aliceBefore = await g.balance(alice, 0n)
    const sent = await locks.close(alice, id)
    expect(sent.fees).toBe(2000n)
    expect(await g.balance(alice, 0n)).toBe(aliceBefore + LOCK_BOXES_MBR - 2000n)
    const appAfter = await g.algorand.account.getInformation(locks.address)
    expect(appBefore.balance.microAlgo - appAfter.balance.microAlgo).toBe(LOCK_BOXES_MBR)
    expect(appBefore.minBalance.microAlgo - appAfter.minBalance.microAlgo).toBe(LOCK_BOXES_MBR)
    const names = await locks.boxNames()
    for (const n of boxesOf(id, token, alice)) expect(names).not.toContain(n)
    expect(await locks.lock(id)).toBeUndefined()
    expect(decodeEvents(locksSpec, sent.logs, 'Closed')).toEqual([{ id, owner: alice.addr.toString(), creator: alice.addr.toString(), refund: LOCK_BOXES_MBR }])
  })

  it('closes a withdrawn ALGO lock: the app keeps exactly what other locks are owed', async () => {
    const g = grove()
    const id = await finished(alice, 3_000_000n, { asset: 0n })
    const before = await g.balance(locks.address, 0n)
    await locks.close(alice, id)
    expect(before - (await g.balance(locks.address, 0n))).toBe(LOCK_BOXES_MBR)
  })

  it('after a transfer the owner or the creator may close it; the refund goes to the creator either way', async () => {
    const g = grove()
    for (const closer of ['owner', 'creator'] as const) {
      const now = await locks.now()
      const { value: id } = await locks.create(alice, token, 500n, now + 5n, now + 5n)
      await locks.propose(alice, id, bob.addr)
      await locks.accept(bob, id, alice.addr)
      await locks.travel(10n)
      await locks.withdraw(bob, id)
      const [aliceBefore, bobBefore] = [await g.balance(alice, 0n), await g.balance(bob, 0n)]
      const sent = await locks.close(closer === 'owner' ? bob : alice, id)
      expect(decodeEvents(locksSpec, sent.logs, 'Closed')).toEqual([{ id, owner: bob.addr.toString(), creator: alice.addr.toString(), refund: LOCK_BOXES_MBR }])
      expect(await g.balance(alice, 0n)).toBe(aliceBefore + LOCK_BOXES_MBR - (closer === 'creator' ? 2000n : 0n))
      expect(await g.balance(bob, 0n)).toBe(bobBefore - (closer === 'owner' ? 2000n : 0n))
      const names = await locks.boxNames()
      for (const n of boxesOf(id, token, bob)) expect(names).not.toContain(n)
    }
  })

  it('frees the id: only its creator can make it again, with the same nonce, as a fresh lock', async () => {
    const id = await finished(alice, 700n, { nonce: 4_242n })
    await locks.close(alice, id)
    // another sender's lock with that nonce is another id
    const now = await locks.now()
    const other = await locks.create(mallory, token, 1n, now + 100n, now + 200n, { nonce: 4_242n })
    expect(other.value).not.toBe(id)
    const again = await locks.create(alice, token, 900n, now + 100n, now + 200n, { nonce: 4_242n })
    expect(again.value).toBe(lockIdOf(alice.addr, 4_242n))
    expect(again.value).toBe(id)
    expect(await locks.lock(id)).toMatchObject({ owner: alice.addr.toString(), creator: alice.addr.toString(), amount: 900n, withdrawn: 0n, end: now + 200n })
    expect(decodeEvents(locksSpec, again.logs, 'Locked')).toHaveLength(1)
  })
})

describe('adversarial close: each attempt moves nothing', () => {
  const everything = () => locks.snapshot([alice, bob, mallory], [0n, token])

  it("closing someone else's withdrawn lock", async () => {
    const id = await finished(alice, 100n)
    const before = await everything()
    await expectRejected(locks.close(mallory, id), 'ERR:NOT_OWNER')
    expect(await everything()).toEqual(before)
  })

  it('closing a lock with tokens left: unvested, or vested and not withdrawn', async () => {
    const now = await locks.now()
    const { value: running } = await locks.create(alice, token, 100n, now + 1_000n, now + 2_000n)
    const unwithdrawn = await finished(alice, 100n, { withdraw: false })
    const before = await everything()
    await expectRejected(locks.close(alice, running), 'ERR:NOT_WITHDRAWN')
    await expectRejected(locks.close(alice, unwithdrawn), 'ERR:NOT_WITHDRAWN')
    expect(await everything()).toEqual(before)
  })

  it('closing twice: again later, or twice in one group', async () => {
    const closed = await finished(alice, 100n)
    const lock = (await locks.lock(closed))!
    await locks.close(alice, closed)
    const open = await finished(alice, 100n)
    const before = await everything()
    await expectRejected(locks.close(alice, closed, { lock }), 'ERR:NO_LOCK')
    const refs = { boxReferences: [lockBoxName(open), assetIndexName(token, open), ownerIndexName(alice.addr, open)], accountReferences: [alice.addr] }
    const twice = locks.run((group) =>
      group
        .close({ sender: alice.addr, args: { id: open }, ...refs, note: grove().note(), staticFee: AlgoAmount.MicroAlgo(2000) })
        .close({ sender: alice.addr, args: { id: open }, ...refs, note: grove().note(), staticFee: AlgoAmount.MicroAlgo(2000) }),
    )
    await expectRejected(twice, 'ERR:NO_LOCK')
    expect(await everything()).toEqual(before)
  })

  it('a refund steered elsewhere: the receiver is read from the box, so naming another account pays it nothing, and leaving the creator out fails', async () => {
    const g = grove()
    const now = await locks.now()
    const { value: id } = await locks.create(alice, token, 500n, now + 5n, now + 5n)
    await locks.propose(alice, id, bob.addr)
    await locks.accept(bob, id, alice.addr)
    await locks.travel(10n)
    await locks.withdraw(bob, id)
    const lock = (await locks.lock(id))!
    const before = await everything()
    // without the creator among the references the refund cannot be paid: the whole call fails
    await expect(locks.close(bob, id, { lock, accounts: [mallory.addr] })).rejects.toThrow(/unavailable Account|invalid Account reference/)
    expect(await everything()).toEqual(before)
    const [aliceBefore, malloryBefore] = [await g.balance(alice, 0n), await g.balance(mallory, 0n)]
    await locks.close(bob, id, { lock, accounts: [mallory.addr, alice.addr] })
    expect(await g.balance(mallory, 0n)).toBe(malloryBefore)
    expect(await g.balance(alice, 0n)).toBe(aliceBefore + LOCK_BOXES_MBR)
  })

  it('a close paying too little fee for its refund fails whole', async () => {
    const id = await finished(alice, 100n)
    const before = await everything()
    const short = locks.run((group) =>
      group.close({
        sender: alice.addr,
        args: { id },
        boxReferences: [lockBoxName(id), assetIndexName(token, id), ownerIndexName(alice.addr, id)],
        accountReferences: [alice.addr],
        note: grove().note(),
        staticFee: AlgoAmount.MicroAlgo(1000),
      }),
    )
    await expect(short).rejects.toThrow(/fee .*too small/)
    expect(await everything()).toEqual(before)
  })
})
