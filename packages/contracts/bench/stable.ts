// The `stable` section of the bench: a balanced 1,000,000 + 1,000,000 dollar stable pool at A = 100
// (a 6- and an 8-decimal coin, the 5 bps tier), with the µALGO the user pays for a 10,000-dollar swap
// (op-ups included), a one-sided and a proportional add, a proportional remove; the opcodes each used;
// `iterations` of Newton's method in the swap (0 unless a ramp moved A: the swap solves from the stored D);
// and `impactRatio`, the swap's price impact (1 − gross output / 10,000 dollars, the fee left out) over
// a constant-product pool's with the same reserves (dx/(R + dx)).
import type { Grove } from '../test/grove.ts'
import { StableKit } from '../test/stable.ts'

export async function benchStable(g: Grove): Promise<Record<string, unknown>> {
  const kit = StableKit.of(g)
  const user = await g.user(1000)
  const six = await g.asset(user, { decimals: 6, total: 10n ** 17n, unitName: 'USDS' })
  const eight = await g.asset(user, { decimals: 8, total: 10n ** 19n, unitName: 'USDE' })
  const [a, b] = six < eight ? [six, eight] : [eight, six]
  const unit = (asset: bigint) => (asset === six ? 10n ** 6n : 10n ** 8n)
  const tier = 5n
  const create = await kit.createPool(user, a, b, tier, 100n)
  const { lpAsset } = (await kit.pool(a, b, tier))!
  await g.optIn(user, lpAsset)
  const first = await kit.add(user, a, b, tier, 1_000_000n * unit(a), 1_000_000n * unit(b))
  const before = (await kit.pool(a, b, tier))!
  const swap = await kit.swap(user, a, 10_000n * unit(a), b, tier)
  const after = (await kit.pool(a, b, tier))!
  // the gross output (before the fee) in dollars, and its impact against 1:1
  const gross = Number(before.reserveB - after.reserveB) / Number(unit(b))
  const impact = 1 - gross / 10_000
  const constantProduct = 10_000 / (1_000_000 + 10_000)
  const addImbalanced = await kit.addSingle(user, a, b, tier, a, 10_000n * unit(a))
  const addBalanced = await kit.add(user, a, b, tier, 10_000n * unit(a), 10_000n * unit(b))
  const remove = await kit.remove(user, a, b, tier, first.value / 100n)
  const sent = { createPool: create, swap, addImbalanced, addBalanced, remove }
  return {
    fees: Object.fromEntries(Object.entries(sent).map(([k, s]) => [k, Number(s.fees)])),
    opcodeCost: Object.fromEntries(Object.entries(sent).map(([k, s]) => [k, s.opcodes ?? 0])),
    opUps: Object.fromEntries(Object.entries(sent).map(([k, s]) => [k, s.opUps])),
    // the swap solved from the stored D (A had not moved since it was found): no iteration
    iterations: after.dAmp === before.dAmp && after.d === before.d ? 0 : null,
    impact,
    impactConstantProduct: constantProduct,
    impactRatio: impact / constantProduct,
  }
}

/**
 * The Stable app's flash loan (the `flash` section's `stableLoan`): 1,000 dollars of one side of a
 * balanced 1,000,000 + 1,000,000 pool (two 6-decimal coins, 5 bps), repaid with its fee. `fees` are the
 * start's and the verify's (µALGO, the repayment's 1,000 left out, as the DEX's), `opcodeCost` the group's.
 */
export async function benchStableFlash(g: Grove): Promise<{ fees: number; opcodeCost: number }> {
  const kit = StableKit.of(g)
  const user = await g.user(1000)
  const x = await g.asset(user, { decimals: 6, total: 10n ** 17n, unitName: 'USDF' })
  const y = await g.asset(user, { decimals: 6, total: 10n ** 17n, unitName: 'USDG' })
  const [a, b] = x < y ? [x, y] : [y, x]
  const tier = 5n
  await kit.createPool(user, a, b, tier, 100n)
  await g.optIn(user, (await kit.pool(a, b, tier))!.lpAsset)
  await kit.add(user, a, b, tier, 10n ** 12n, 10n ** 12n)
  const amount = 10n ** 9n
  const repay = await kit.transfer(user, a, amount + (amount * tier + 9_999n) / 10_000n)
  const steps = [...(await kit.flashStart(user, a, b, tier, amount, 0n, 2n)), repay, ...(await kit.flashVerify(user, a, b, tier, 2n))]
  const sent = await kit.sendGroup(steps)
  return { fees: Number(sent.fees - repay.txn.fee), opcodeCost: sent.opcodes }
}
