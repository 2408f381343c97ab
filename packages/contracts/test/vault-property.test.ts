// Property: over random sequences of stakes, unstakes, donations and buybacks, the GROVE behind one
// sGROVE never decreases and the vault stays solvent (it holds at least what every holder can redeem).
//
// Speed: 500 sequences run against the README's math (test/vault.ts, `stakeOut`/`unstakeOut`), which
// takes milliseconds; a fixed-seed subset of 24 sequences also runs on the localnet, each on a fresh
// vault, where every minted and paid amount must equal the model's to the unit and the invariants are
// read from the ledger. A buyback on chain is a real one (fees in X, an observation 10 minutes old, the
// DEX route); in the model it adds the GROVE it bought (any amount ≥ 0: it only ever adds).
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { sorted, useGrove, type User } from './fixture.ts'
import { LOCKED_SHARES, MIN_WINDOW, stakeOut, unstakeOut, VaultActions } from './vault.ts'

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
    const sequences = fc.sample(fc.array(op, { minLength: 2, maxLength: 6 }), { seed: SEED, numRuns: 24 })
    let checked = 0
    const kinds = new Set<string>()
    for (const ops of sequences) {
      const v = await VaultActions.fresh(g, users[0]!)
      for (const u of users) await g.optIn(u, v.sGrove)
      await v.optInAsset(users[0]!, tokenX)
      const m = new Model()
      for (const o of ops) {
        const before = await v.totals()
        let got: bigint | undefined
        let bought = 0n
        if (o.kind === 'stake') {
          got = await v.stake(users[o.who]!, o.amount).then((s) => s.value, () => undefined)
        } else if (o.kind === 'unstake') {
          const s = (m.held[o.who]! * BigInt(o.part)) / 100n
          got = s === 0n ? undefined : await v.unstake(users[o.who]!, s).then((r) => r.value, () => undefined)
        } else if (o.kind === 'donate') {
          await g.transfer(users[2]!, v.address, GROVE, o.amount)
        } else {
          await g.transfer(users[1]!, v.address, tokenX, o.amount)
          await v.observe(users[1]!, [sorted(tokenX, GROVE)])
          await v.later(users[1]!, MIN_WINDOW)
          bought = (await v.buyback(users[1]!, tokenX, [GROVE])).value
        }
        const expected = m.apply(o, bought)
        if (o.kind === 'stake' || o.kind === 'unstake') expect(got).toBe(expected)
        const after = await v.totals()
        expect(after).toEqual({ grove: m.grove, shares: m.shares })
        expect(m.notLower(before)).toBe(true)
        expect(m.solvent()).toBe(true)
        for (let i = 0; i < users.length; i++) expect(await g.balance(users[i]!, v.sGrove)).toBe(m.held[i])
        checked += 1
        kinds.add(o.kind)
      }
    }
    expect(checked).toBeGreaterThanOrEqual(48)
    expect([...kinds].sort()).toEqual(['buyback', 'donate', 'stake', 'unstake'])
  }, 600_000)
})
