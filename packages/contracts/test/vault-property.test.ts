// Property: over random sequences of stakes, unstakes, donations and buybacks, the GROVE behind one
// sGROVE never decreases and the vault stays solvent (it holds at least what every holder can redeem).
//
// Speed: 500 sequences run against the README's math (test/vault.ts, `stakeOut`/`unstakeOut`), which
// takes milliseconds; a fixed-seed subset of 24 sequences also runs on the localnet, each on a fresh
// vault, where every minted and paid amount must equal the model's to the unit at the vault's totals
// just before (the GROVE behind the shares: the stream's locked part excluded), and the invariants are
// read from the ledger. A buyback on chain is a real one (fees in X, an observation 10 minutes old, the
// admin's path); in the model it adds the GROVE it bought (any amount ≥ 0: it only ever adds). On chain
// what arrives enters the stream, and the clock moves between actions so that it unlocks in parts.
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { sorted, useGrove, type User } from './fixture.ts'
import { LOCKED_SHARES, MIN_WINDOW, stakeOut, unstakeOut, vaultEvents, VaultActions } from './vault.ts'

const grove = useGrove()
const SEED = 20261124

type Op =
  | { kind: 'stake'; who: number; amount: bigint }
  | { kind: 'unstake'; who: number; part: number }
  | { kind: 'donate'; amount: bigint }
  | { kind: 'buyback'; amount: bigint }

const amount = fc.oneof(fc.bigInt({ min: 1n, max: 2_000n }), fc.bigInt({ min: 1n, max: 10n ** 9n }), fc.bigInt({ min: 1n, max: 10n ** 11n }))
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('stake' as const), who: fc.integer({ min: 0, max: 2 }), amount }),
  fc.record({ kind: fc.constant('unstake' as const), who: fc.integer({ min: 0, max: 2 }), part: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constant('donate' as const), amount }),
  fc.record({ kind: fc.constant('buyback' as const), amount: fc.bigInt({ min: 1_000n, max: 10n ** 7n }) }),
)

/** The vault as the README defines it: GROVE held, sGROVE supply (locked included), each holder's sGROVE. */
class Model {
  grove = 0n
  shares = 0n
  held = [0n, 0n, 0n]

  /** Applies `o` (a buyback adds `bought`); returns the amount minted or paid, undefined when the contract refuses. */
  apply(o: Op, bought = 0n): bigint | undefined {
    if (o.kind === 'stake') {
      const minted = stakeOut(this.grove, this.shares, o.amount)
      if (minted === undefined) return undefined
      this.shares += this.shares === 0n ? o.amount : minted
      this.grove += o.amount
      this.held[o.who]! += minted
      return minted
    }
    if (o.kind === 'unstake') {
      const s = (this.held[o.who]! * BigInt(o.part)) / 100n
      const out = unstakeOut(this.grove, this.shares, s)
      if (out === undefined) return undefined
      this.shares -= s
      this.grove -= out
      this.held[o.who]! -= s
      return out
    }
    if (o.kind === 'donate') this.grove += o.amount
    else this.grove += bought
    return 0n
  }

  /** GROVE per sGROVE did not fall from `before` (grove/shares compared by cross-multiplying; an empty vault is 1:1). */
  notLower(before: { grove: bigint; shares: bigint }): boolean {
    if (before.shares === 0n) return this.shares === 0n || this.grove >= this.shares
    return this.grove * before.shares >= before.grove * this.shares
  }

  /** Every holder redeeming in turn is paid in full, and the locked shares still have GROVE behind them. */
  solvent(): boolean {
    let g = this.grove
    let s = this.shares
    for (const h of this.held) {
      const out = h === 0n ? 0n : (h * g) / s
      if (out > g) return false
      g -= out
      s -= h
    }
    return this.shares === 0n || (s === LOCKED_SHARES && g >= 0n)
  }
}

describe('model: the README’s vault math', () => {
  it('never lowers GROVE per sGROVE and stays solvent over 500 sequences of up to 40 actions', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(op, fc.bigInt({ min: 0n, max: 10n ** 8n })), { minLength: 1, maxLength: 40 }), (ops) => {
        const m = new Model()
        for (const [o, bought] of ops) {
          const before = { grove: m.grove, shares: m.shares }
          m.apply(o, bought)
          if (!m.notLower(before) || !m.solvent()) return false
        }
        return true
      }),
      { seed: SEED, numRuns: 500 },
    )
  })
})

describe('contract against the model', () => {
  let users: User[]
  let tokenX: bigint
  let GROVE: bigint

  beforeAll(async () => {
    const g = grove()
    GROVE = g.ids.groveAssetId
    users = [await g.user(1000), await g.user(1000), await g.user(1000)]
    tokenX = await g.asset(users[0]!, { unitName: 'X' })
    for (const u of users) {
      await g.optIn(u, GROVE, tokenX)
      await g.transfer(g.admin, u, GROVE, 10n ** 13n)
    }
    await g.transfer(users[0]!, users[1]!, tokenX, 10n ** 13n)
    const [a, b] = sorted(tokenX, GROVE)
    const { value: lp } = await g.createPool(users[0]!, a, b)
    await g.optIn(users[0]!, lp)
    await g.addLiquidity(users[0]!, a, b, 10n ** 12n, 10n ** 12n)
  }, 120_000)

  it('mints and pays exactly what the model does over 24 sequences, never lowering the rate, solvent on the ledger', async () => {
    const g = grove()
    const sequences = fc.sample(fc.array(fc.tuple(op, fc.integer({ min: 0, max: 400_000 })), { minLength: 2, maxLength: 6 }), { seed: SEED, numRuns: 24 })
    let checked = 0
    const kinds = new Set<string>()
    for (const ops of sequences) {
      const v = await VaultActions.fresh(g, users[0]!)
      for (const u of users) await g.optIn(u, v.sGrove)
      await v.optInAsset(users[0]!, tokenX)
      await v.setPath(tokenX, [GROVE])
      const held = [0n, 0n, 0n]
      for (const [o, wait] of ops) {
        const before = await v.totals()
        const m = new Model()
        m.grove = before.grove
        m.shares = before.shares
        m.held = [...held]
        let got: bigint | undefined
        let logged: Record<string, unknown> | undefined
        let bought = 0n
        if (o.kind === 'stake') {
          const sent = await v.stake(users[o.who]!, o.amount).catch(() => undefined)
          got = sent?.value
          logged = sent && vaultEvents(sent.logs, 'Staked')[0]
        } else if (o.kind === 'unstake') {
          const s = (held[o.who]! * BigInt(o.part)) / 100n
          const sent = s === 0n ? undefined : await v.unstake(users[o.who]!, s).catch(() => undefined)
          got = sent?.value
          logged = sent && vaultEvents(sent.logs, 'Unstaked')[0]
        } else if (o.kind === 'donate') {
          await g.transfer(users[2]!, v.address, GROVE, o.amount)
        } else {
          await g.transfer(users[1]!, v.address, tokenX, o.amount)
          // the keeper (the registry's admin) observes: its window alone bounds a buyback
          await v.observe(g.admin, [sorted(tokenX, GROVE)]).catch(() => undefined)
          await v.later(users[1]!, MIN_WINDOW)
          bought = (await v.buyback(users[1]!, tokenX)).value
        }
        const expected = m.apply(o, bought)
        if (o.kind === 'stake' || o.kind === 'unstake') expect(got).toBe(expected)
        held.splice(0, 3, ...m.held)
        // the totals right after the action (its event) are the model's; a block later a little more of the stream may be unlocked
        if (logged) expect({ grove: logged.totalGrove, shares: logged.totalShares }).toEqual({ grove: m.grove, shares: m.shares })
        const after = await v.totals()
        expect(after.shares).toBe(m.shares)
        // (before the first stake the rate is 1 by definition, whatever the vault holds)
        if (before.shares > 0n) expect(after.grove * before.shares).toBeGreaterThanOrEqual(before.grove * after.shares)
        // then the clock moves and part of the stream unlocks: the rate only rises
        if (wait > 0) await v.later(users[0]!, wait)
        const later = await v.totals()
        expect(later.grove * after.shares).toBeGreaterThanOrEqual(after.grove * later.shares)
        // solvent: every holder redeeming at the rate now is paid out of what the vault holds
        const balance = await g.balance(v.address, GROVE)
        const owed = later.shares === 0n ? 0n : held.reduce((n, h) => n + (h * later.grove) / later.shares, 0n)
        expect(owed).toBeLessThanOrEqual(balance)
        for (let i = 0; i < users.length; i++) expect(await g.balance(users[i]!, v.sGrove)).toBe(held[i])
        checked += 1
        kinds.add(o.kind)
      }
    }
    expect(checked).toBeGreaterThanOrEqual(48)
    expect([...kinds].sort()).toEqual(['buyback', 'donate', 'stake', 'unstake'])
  }, 900_000)
})
