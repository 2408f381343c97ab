// The reference model of a staking program: exact rationals, integrated second by second (each
// second every staker earns rate × stake / total of each reward), rounded down only where the
// contract settles a position (every action of that staker). The contract must match it to the
// unit: its accumulators are floored at 2^-64 per update, so where the model's exact amount is a
// whole number the contract may settle one unit under it (a lone staker earning rate × seconds
// exactly, say), never over. Slow on purpose: it checks the closed-form math, it does not replace it.

interface Rational {
  n: bigint
  d: bigint
}

const gcd = (a: bigint, b: bigint): bigint => {
  while (b !== 0n) [a, b] = [b, a % b]
  return a < 0n ? -a : a
}
const add = (x: Rational, y: Rational): Rational => {
  const n = x.n * y.d + y.n * x.d
  const d = x.d * y.d
  const g = gcd(n, d) || 1n
  return { n: n / g, d: d / g }
}
const ZERO: Rational = { n: 0n, d: 1n }

/** A program's terms as the model needs them. */
export interface ModelTerms {
  rates: bigint[]
  start: bigint
  end: bigint
  minStakeSeconds: bigint
  /** The reward (0-based) whose asset is the stake asset, when compounding is possible. */
  compoundReward?: number
}

/** A refused action, with the contract's code. */
export type ModelResult<T> = ({ ok: true } & T) | { ok: false; error: string }

interface Staker {
  stake: bigint
  stakedAt: bigint
  owed: bigint[]
  exact: Rational[]
  /** Everything paid out or compounded, per reward. */
  received: bigint[]
  /** Settlements whose exact amount was a whole number, per reward: the contract may be one unit under at each. */
  whole: number[]
}

/** A staking program integrated second by second. */
export class StakingReferenceModel {
  private time: bigint
  private readonly stakers = new Map<string, Staker>()

  constructor(readonly terms: ModelTerms) {
    this.time = terms.start
  }

  private get total(): bigint {
    let t = 0n
    for (const s of this.stakers.values()) t += s.stake
    return t
  }

  private staker(who: string): Staker {
    let s = this.stakers.get(who)
    if (!s) {
      const n = this.terms.rates.length
      s = { stake: 0n, stakedAt: 0n, owed: Array(n).fill(0n), exact: Array(n).fill(ZERO), received: Array(n).fill(0n), whole: Array(n).fill(0) }
      this.stakers.set(who, s)
    }
    return s
  }

  /** Integrates every second in [last, min(now, end)) from the start on. */
  advance(now: bigint): void {
    const to = now < this.terms.end ? now : this.terms.end
    const total = this.total
    for (const [k, rate] of this.terms.rates.entries()) {
      // one numerator per staker over the constant denominator `total`, a second at a time
      const sums = new Map<Staker, bigint>()
      for (let t = this.time; t < to; t++) {
        if (total === 0n) break
        for (const s of this.stakers.values()) if (s.stake > 0n) sums.set(s, (sums.get(s) ?? 0n) + rate * s.stake)
      }
      for (const [s, n] of sums) s.exact[k] = add(s.exact[k]!, { n, d: total })
    }
    if (to > this.time) this.time = to
  }

  private settle(s: Staker): void {
    for (let k = 0; k < s.exact.length; k++) {
      const e = s.exact[k]!
      const floor = e.n / e.d
      if (e.n % e.d === 0n && floor > 0n) s.whole[k]! += 1
      s.owed[k]! += floor
      s.exact[k] = ZERO
    }
  }

  stake(who: string, amount: bigint, now: bigint): ModelResult<object> {
    if (now >= this.terms.end) return { ok: false, error: 'ERR:ENDED' }
    if (amount <= 0n) return { ok: false, error: 'ERR:ZERO_AMOUNT' }
    this.advance(now)
    const s = this.staker(who)
    this.settle(s)
    s.stake += amount
    s.stakedAt = now
    return { ok: true }
  }

  unstake(who: string, amount: bigint, now: bigint): ModelResult<object> {
    const s = this.stakers.get(who)
    if (!s) return { ok: false, error: 'ERR:NO_POSITION' }
    if (amount <= 0n) return { ok: false, error: 'ERR:ZERO_AMOUNT' }
    if (amount > s.stake) return { ok: false, error: 'ERR:INSUFFICIENT_STAKE' }
    if (now < s.stakedAt + this.terms.minStakeSeconds) return { ok: false, error: 'ERR:MIN_STAKE_TIME' }
    this.advance(now)
    this.settle(s)
    s.stake -= amount
    return { ok: true }
  }

  claim(who: string, now: bigint): ModelResult<{ amounts: bigint[] }> {
    if (now < this.terms.start) return { ok: false, error: 'ERR:NOT_STARTED' }
    const s = this.stakers.get(who)
    if (!s) return { ok: false, error: 'ERR:NO_POSITION' }
    this.advance(now)
    this.settle(s)
    const amounts = [...s.owed]
    if (amounts.every((a) => a === 0n)) return { ok: false, error: 'ERR:NOTHING_TO_CLAIM' }
    for (let k = 0; k < amounts.length; k++) {
      s.received[k]! += amounts[k]!
      s.owed[k] = 0n
    }
    return { ok: true, amounts }
  }

  compound(who: string, now: bigint): ModelResult<{ amount: bigint }> {
    const k = this.terms.compoundReward
    if (k === undefined) return { ok: false, error: 'ERR:NOT_COMPOUNDABLE' }
    if (now < this.terms.start) return { ok: false, error: 'ERR:NOT_STARTED' }
    const s = this.stakers.get(who)
    if (!s) return { ok: false, error: 'ERR:NO_POSITION' }
    this.advance(now)
    this.settle(s)
    const amount = s.owed[k]!
    if (amount === 0n) return { ok: false, error: 'ERR:NOTHING_TO_CLAIM' }
    s.owed[k] = 0n
    s.received[k]! += amount
    s.stake += amount
    return { ok: true, amount }
  }

  emergencyWithdraw(who: string, now: bigint): ModelResult<{ amount: bigint; forfeited: bigint[] }> {
    const s = this.stakers.get(who)
    if (!s) return { ok: false, error: 'ERR:NO_POSITION' }
    this.advance(now)
    this.settle(s)
    const result = { ok: true as const, amount: s.stake, forfeited: [...s.owed] }
    s.stake = 0n
    s.owed = s.owed.map(() => 0n)
    return result
  }

  /** What the staker has received plus what it could claim at `now`, per reward, rounded down as the contract would settle now; and the settlements that may each be a unit over the contract. */
  totals(who: string, now: bigint): { total: bigint[]; slack: bigint[] } {
    this.advance(now)
    const s = this.stakers.get(who)
    if (!s) return { total: this.terms.rates.map(() => 0n), slack: this.terms.rates.map(() => 0n) }
    return {
      total: s.exact.map((e, k) => s.received[k]! + s.owed[k]! + e.n / e.d),
      slack: s.exact.map((e, k) => BigInt(s.whole[k]!) + (e.n % e.d === 0n && e.n > 0n ? 1n : 0n)),
    }
  }

  /** The staker's current stake. */
  stakeOf(who: string): bigint {
    return this.stakers.get(who)?.stake ?? 0n
  }
}
