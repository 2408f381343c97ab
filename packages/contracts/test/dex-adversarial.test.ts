// Attacks on the DEX, each rejected with nothing moved: the attacker's, the provider's and the
// app's balances of every asset involved, and every pool box, are the same after the rejection.
import { beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { PAUSE } from '../src/pool.ts'
import { AlgoAmount } from '@algorandfoundation/algokit-utils/types/amount'
import { expectRejected, MAX_UINT64, poolBoxName, sorted, useGrove, type InputOverrides, type User } from './fixture.ts'

const grove = useGrove()
let alice: User
let mallory: User
let carol: User
let tokenX: bigint
let tokenY: bigint
let tokenZ: bigint
/** Mallory's look-alike of X: same unit name and asset name. */
let fakeX: bigint
/** Assets whose whole supply is 2^64 − 1; a pool of `huge` holds 2^63 of it against 10^6 X. */
let big: bigint
let huge: bigint
let lpAX: bigint
let lpXY: bigint
let lpFake: bigint
/** Mallory's asset whose clawback Mallory keeps; Alice provides an ALGO pool of it. */
let evil: bigint

const assets = () => [0n, tokenX, tokenY, tokenZ, fakeX, big, lpAX, lpXY, lpFake, evil]
const pools = (): [bigint, bigint][] => [sorted(0n, tokenX), sorted(tokenX, tokenY), sorted(fakeX, tokenY), sorted(tokenX, big), sorted(tokenX, tokenZ), sorted(tokenX, huge), [0n, evil]]

/** Runs `attack` and asserts it is rejected with `code` and that no balance or pool moved. */
async function rejectedUnmoved(attack: () => Promise<unknown>, code: string | RegExp): Promise<void> {
  const g = grove()
  const watched = [mallory.addr, alice.addr, g.dexAddress]
  const before = await g.snapshot(watched, assets(), pools())
  await expectRejected(attack(), code)
  expect(await g.snapshot(watched, assets(), pools())).toEqual(before)
}

beforeAll(async () => {
  const g = grove()
  alice = await g.user(1000)
  mallory = await g.user(1000)
  carol = await g.user(10)
  tokenX = await g.asset(alice, { unitName: 'X', assetName: 'Token X' })
  tokenY = await g.asset(alice, { unitName: 'Y' })
  tokenZ = await g.asset(alice, { unitName: 'Z' })
  fakeX = await g.asset(mallory, { unitName: 'X', assetName: 'Token X' })
  big = await g.asset(mallory, { unitName: 'BIG', total: MAX_UINT64, decimals: 0 })
  huge = await g.asset(mallory, { unitName: 'HUGE', total: MAX_UINT64, decimals: 0 })
  await g.optIn(mallory, tokenX, tokenY, tokenZ)
  await g.optIn(alice, fakeX, big)
  for (const t of [tokenX, tokenY, tokenZ]) await g.transfer(alice, mallory, t, 10n ** 12n)
  lpAX = (await g.createPool(alice, 0n, tokenX)).value
  lpXY = (await g.createPool(alice, tokenX, tokenY)).value
  lpFake = (await g.createPool(mallory, ...sorted(fakeX, tokenY))).value
  const lpBig = (await g.createPool(mallory, ...sorted(tokenX, big))).value
  await g.createPool(alice, tokenX, tokenZ)
  const lpHuge = (await g.createPool(mallory, ...sorted(tokenX, huge))).value
  await g.optIn(alice, lpAX, lpXY)
  await g.optIn(mallory, lpAX, lpXY, lpFake, lpBig, lpHuge)
  await g.addLiquidity(alice, 0n, tokenX, 100_000_000n, 400_000_000n)
  await g.addLiquidity(alice, tokenX, tokenY, 1_000_000_000n, 1_000_000_000n)
  await g.addLiquidity(mallory, tokenX, tokenY, 10_000_000n, 10_000_000n)
  const [fa, fb] = sorted(fakeX, tokenY)
  await g.addLiquidity(mallory, fa, fb, 1_000_000_000n, 1_000_000_000n)
  const [ba, bb] = sorted(tokenX, big)
  await g.addLiquidity(mallory, ba, bb, 1_000_000n, 1_000_000n)
  const [ha, hb] = sorted(tokenX, huge)
  await g.addLiquidity(mallory, ha, hb, ha === huge ? 2n ** 63n : 1_000_000n, ha === huge ? 1_000_000n : 2n ** 63n)
  evil = await g.asset(mallory, { unitName: 'EVIL', clawback: mallory.addr })
  await g.optIn(alice, evil)
  await g.transfer(mallory, alice, evil, 501_000_000n)
  const { value: lpEvil } = await g.createPool(alice, 0n, evil)
  await g.optIn(alice, lpEvil)
  await g.addLiquidity(alice, 0n, evil, 500_000_000n, 500_000_000n)
})

describe('remove liquidity (the Tinyman v1 class)', () => {
  const remove = (lpAsset: () => bigint, a: () => bigint, b: () => bigint) => () => {
    const g = grove()
    return g.dex.send.removeLiquidity({
      sender: mallory.addr,
      args: { lp: g.input(mallory, lpAsset(), 1_000_000n), a: a(), b: b(), feeBps: 30n, minA: 0n, minB: 0n },
      ...g.refs([[a(), b()]], [lpAsset()]),
      ...g.fee(2),
    })
  }

  it('rejects asking for the same asset twice', async () => {
    await rejectedUnmoved(remove(() => lpXY, () => tokenX, () => tokenX), 'ERR:ASSET_ORDER')
  })

  it('rejects the pool assets in swapped order', async () => {
    await rejectedUnmoved(remove(() => lpXY, () => tokenY, () => tokenX), 'ERR:ASSET_ORDER')
  })

  it('rejects LP of one pool burnt against another pool of a shared asset', async () => {
    await rejectedUnmoved(remove(() => lpXY, () => tokenX, () => tokenZ), 'ERR:BAD_INPUT_ASSET')
  })

  it('rejects LP of a fake pool with a look-alike asset burnt against the real pool', async () => {
    await rejectedUnmoved(remove(() => lpFake, () => tokenX, () => tokenY), 'ERR:BAD_INPUT_ASSET')
  })

  it('rejects LP of the real pool burnt against an ALGO pool it does not belong to', async () => {
    await rejectedUnmoved(remove(() => lpXY, () => 0n, () => tokenX), 'ERR:BAD_INPUT_ASSET')
  })

  it('rejects naming a pool that does not exist', async () => {
    await rejectedUnmoved(remove(() => lpXY, () => tokenY, () => tokenZ), 'ERR:NO_POOL')
  })

  it('pays only the pool’s own assets whatever else the call references', async () => {
    const g = grove()
    const pool = await g.pool(tokenX, tokenY)
    const [x, y, z] = [await g.balance(mallory, tokenX), await g.balance(mallory, tokenY), await g.balance(mallory, tokenZ)]
    await g.dex.send.removeLiquidity({
      sender: mallory.addr,
      args: { lp: g.input(mallory, lpXY, 1_000_000n), a: tokenX, b: tokenY, feeBps: 30n, minA: 0n, minB: 0n },
      // eight references, the most a transaction may carry (MaxAppTotalTxnReferences)
      boxReferences: [poolBoxName(tokenX, tokenY), poolBoxName(tokenX, tokenZ)],
      assetReferences: [tokenZ, fakeX, tokenX, tokenY, lpXY],
      appReferences: [g.ids.registryAppId],
      ...g.fee(2),
    })
    const L = pool.lpIssued + 1000n
    expect((await g.balance(mallory, tokenX)) - x).toBe((1_000_000n * pool.reserveA) / L)
    expect((await g.balance(mallory, tokenY)) - y).toBe((1_000_000n * pool.reserveB) / L)
    expect(await g.balance(mallory, tokenZ)).toBe(z)
  })
})

describe('deposits', () => {
  const add = (assetA: () => bigint, assetB: () => bigint, a = () => tokenX, b = () => tokenY, amount = 1_000_000n) => () => {
    const g = grove()
    return g.dex.send.addLiquidity({
      sender: mallory.addr,
      args: { inA: g.input(mallory, assetA(), amount), inB: g.input(mallory, assetB(), amount), a: a(), b: b(), feeBps: 30n, minLp: 0n },
      ...g.refs([[a(), b()]], [lpXY, assetA(), assetB()]),
      ...g.fee(2),
    })
  }

  it('rejects a deposit of the wrong asset', async () => {
    await rejectedUnmoved(add(() => tokenZ, () => tokenY), 'ERR:BAD_INPUT_ASSET')
  })

  it('rejects a deposit of the look-alike asset', async () => {
    await rejectedUnmoved(add(() => fakeX, () => tokenY), 'ERR:BAD_INPUT_ASSET')
  })

  it('rejects a deposit of the pool’s own LP token', async () => {
    await rejectedUnmoved(add(() => tokenX, () => lpXY), 'ERR:BAD_INPUT_ASSET')
  })

  it('rejects the two deposits in swapped group positions', async () => {
    await rejectedUnmoved(add(() => tokenY, () => tokenX), 'ERR:BAD_INPUT_ASSET')
  })

  it('rejects an add naming the assets in swapped order', async () => {
    await rejectedUnmoved(add(() => tokenY, () => tokenX, () => tokenY, () => tokenX), 'ERR:ASSET_ORDER')
  })

  it('rejects a zero deposit', async () => {
    await rejectedUnmoved(add(() => tokenX, () => tokenY, undefined, undefined, 0n), 'ERR:ZERO_AMOUNT')
  })

  it('rejects a swap paying in an LP token', async () => {
    await rejectedUnmoved(() => grove().swapExactIn(mallory, lpXY, tokenX, 1_000_000n), 'ERR:NO_POOL')
  })

  it('rejects a pool of an LP token', async () => {
    await rejectedUnmoved(() => grove().createPool(mallory, tokenZ, lpXY, 500_000n), 'ERR:LP_ASSET')
  })
})

describe('incoming transfer checks', () => {
  // After a rekey in the input, the app call must be signed by the new key: the ledger checks each
  // transaction's authorizer as it applies it. The contract then sees the rekey and refuses.
  const swap = (asset: () => bigint, overrides: () => InputOverrides, signer?: () => User) => async () => {
    const g = grove()
    const out = asset() === 0n ? tokenX : 0n
    const txn = await g.input(mallory, asset(), 1_000_000n, overrides())
    return g.dex.send.swapExactIn({
      sender: mallory.addr,
      signer: signer?.().signer,
      args: { input: { txn, signer: mallory.signer }, assetOut: out, feeBps: 30n, minOut: 0n },
      ...g.refs([sorted(asset(), out)]),
      ...g.fee(1),
    })
  }
  const cases = [
    { name: 'ALGO sent to another address', asset: () => 0n, o: () => ({ receiver: alice.addr }), code: 'ERR:BAD_RECEIVER' },
    { name: 'an asset sent to another address', asset: () => tokenX, o: () => ({ receiver: alice.addr }), code: 'ERR:BAD_RECEIVER' },
    { name: 'ALGO input with rekey-to', asset: () => 0n, o: () => ({ rekeyTo: carol.addr }), signer: () => carol, code: 'ERR:REKEY' },
    { name: 'an asset input with rekey-to', asset: () => tokenX, o: () => ({ rekeyTo: carol.addr }), signer: () => carol, code: 'ERR:REKEY' },
    { name: 'an asset input with asset-close-to', asset: () => tokenX, o: () => ({ closeTo: alice.addr }), code: 'ERR:CLOSE_TO' },
  ]
  for (const c of cases) {
    it(`rejects ${c.name}`, async () => {
      await rejectedUnmoved(swap(c.asset, c.o, c.signer), c.code)
    })
  }

  it('rejects ALGO input with close-remainder-to', async () => {
    // an account holding only ALGO can close; the input pays the app call's fee so the closed sender needs none
    const g = grove()
    const eve = await g.user(5)
    await rejectedUnmoved(async () => {
      const input = await g.algorand.createTransaction.payment({ sender: eve.addr, receiver: g.dexAddress, amount: AlgoAmount.MicroAlgo(1_000_000n), closeRemainderTo: alice.addr, staticFee: AlgoAmount.MicroAlgo(3000n), note: g.note() })
      return g.dex.send.swapExactIn({ sender: eve.addr, args: { input, assetOut: tokenX, feeBps: 30n, minOut: 0n }, ...g.refs([[0n, tokenX]]), staticFee: AlgoAmount.MicroAlgo(0n), note: g.note() })
    }, 'ERR:CLOSE_TO')
  })

  it('rejects an input paid by someone else than the caller', async () => {
    const g = grove()
    await rejectedUnmoved(
      () =>
        g.dex.send.swapExactIn({
          sender: mallory.addr,
          args: { input: g.input(mallory, tokenX, 1_000_000n, { sender: alice }), assetOut: tokenY, feeBps: 30n, minOut: 0n },
          ...g.refs([[tokenX, tokenY]]),
          ...g.fee(1),
        }),
      'ERR:BAD_SENDER',
    )
  })

  it('rejects an input that is not right before the app call', async () => {
    const g = grove()
    await rejectedUnmoved(async () => {
      const input = await g.input(mallory, tokenX, 1_000_000n)
      const filler = await g.algorand.createTransaction.payment({ sender: mallory.addr, receiver: mallory.addr, amount: AlgoAmount.MicroAlgo(0n), note: g.note() })
      return g.dex
        .newGroup()
        .addTransaction(input)
        .swapExactIn({ sender: mallory.addr, args: { input: filler, assetOut: tokenY, feeBps: 30n, minOut: 0n }, ...g.refs([[tokenX, tokenY]]), ...g.fee(1) })
        .send()
    }, 'ERR:BAD_RECEIVER')
  })

  it('rejects a second app call in the group that tries to reuse the first call’s input', async () => {
    const g = grove()
    const method = g.dex.appClient.getABIMethod('swapExactIn')
    const uint64 = (n: bigint) => algosdk.encodeUint64(n)
    await rejectedUnmoved(async () => {
      const reuse = algosdk.makeApplicationNoOpTxnFromObject({
        sender: mallory.addr,
        appIndex: g.ids.dexAppId,
        appArgs: [method.getSelector(), uint64(tokenY), uint64(30n), uint64(0n)],
        boxes: [{ appIndex: 0, name: poolBoxName(tokenX, tokenY) }],
        foreignAssets: [tokenY],
        foreignApps: [g.ids.registryAppId],
        note: g.note(),
        suggestedParams: { ...(await g.algorand.getSuggestedParams()), fee: 2000n, flatFee: true },
      })
      return g.dex
        .newGroup()
        .swapExactIn({ sender: mallory.addr, args: { input: g.input(mallory, tokenX, 1_000_000n), assetOut: tokenY, feeBps: 30n, minOut: 0n }, ...g.refs([[tokenX, tokenY]]), ...g.fee(1) })
        .addTransaction(reuse, mallory.signer)
        .send()
    }, 'ERR:BAD_INPUT_TYPE')
  })
})

describe('clawback inputs (an asset whose clawback the attacker holds)', () => {
  // A clawback transfer (AssetSender set) from the DEX to the DEX moves nothing, yet it has the caller
  // as sender, the app as receiver, the right asset and an amount: only AssetSender tells it apart.
  const fromApp = () => ({ assetSender: grove().dexAddress })
  const fromAlice = () => ({ assetSender: alice.addr })
  const cases = [
    {
      name: 'a swap whose input is a clawback from the app to itself (it would drain the ALGO side)',
      attack: (g = grove()) => async () =>
        g.dex.send.swapExactIn({ sender: mallory.addr, args: { input: await g.input(mallory, evil, 500_000_000n, fromApp()), assetOut: 0n, feeBps: 30n, minOut: 0n }, ...g.refs([[0n, evil]]), ...g.fee(1) }),
    },
    {
      name: 'a swap whose input is clawed back from another holder',
      attack: (g = grove()) => async () =>
        g.dex.send.swapExactIn({ sender: mallory.addr, args: { input: await g.input(mallory, evil, 1_000_000n, fromAlice()), assetOut: 0n, feeBps: 30n, minOut: 0n }, ...g.refs([[0n, evil]]), ...g.fee(1) }),
    },
    {
      name: 'an exact-out whose maximum is a clawback from the app to itself',
      attack: (g = grove()) => async () =>
        g.dex.send.swapExactOut({ sender: mallory.addr, args: { input: await g.input(mallory, evil, 500_000_000n, fromApp()), assetOut: 0n, feeBps: 30n, amountOut: 100_000_000n }, ...g.refs([[0n, evil]]), ...g.fee(2) }),
    },
    {
      name: 'a route whose input is a clawback from the app to itself',
      attack: (g = grove()) => async () =>
        g.dex.send.swapRoute({ sender: mallory.addr, args: { input: await g.input(mallory, evil, 500_000_000n, fromApp()), path: [0n], fees: [0n].map(() => 30n), minOut: 0n }, ...g.routeRefs([[0n, evil]], 0n), ...g.fee(1) }),
    },
    {
      name: 'an add whose asset side is a clawback from the app to itself',
      attack: (g = grove()) => async () =>
        g.dex.send.addLiquidity({
          sender: mallory.addr,
          args: { inA: g.input(mallory, 0n, 1_000_000n), inB: await g.input(mallory, evil, 500_000_000n, fromApp()), a: 0n, b: evil, feeBps: 30n, minLp: 0n },
          ...g.refs([[0n, evil]], [(await g.pool(0n, evil)).lpAsset]),
          ...g.fee(2),
        }),
    },
    {
      name: 'a zap whose input is a clawback from the app to itself',
      attack: (g = grove()) => async () =>
        g.dex.send.addLiquiditySingle({
          sender: mallory.addr,
          args: { input: await g.input(mallory, evil, 500_000_000n, fromApp()), a: 0n, b: evil, feeBps: 30n, swapAmount: 200_000_000n, minLp: 0n },
          ...g.refs([[0n, evil]], [(await g.pool(0n, evil)).lpAsset]),
          ...g.fee(2),
        }),
    },
  ]
  for (const c of cases) {
    it(`rejects ${c.name}`, async () => {
      await rejectedUnmoved(c.attack(), 'ERR:CLAWBACK')
    })
  }
})

describe('amounts', () => {
  it('rejects a zero swap input', async () => {
    await rejectedUnmoved(() => grove().swapExactIn(mallory, tokenX, tokenY, 0n), 'ERR:ZERO_AMOUNT')
  })

  it('rejects burning zero LP', async () => {
    await rejectedUnmoved(() => grove().removeLiquidity(mallory, tokenX, tokenY, 0n), 'ERR:ZERO_AMOUNT')
  })

  it('swaps an input near 2^64 − 1 with wide math: no silent overflow, the README output', async () => {
    const g = grove()
    const x = await g.balance(mallory, big)
    expect(x).toBe(MAX_UINT64 - 1_000_000n)
    const pool = await g.pool(...sorted(tokenX, big))
    const [rIn, rOut] = big < tokenX ? [pool.reserveA, pool.reserveB] : [pool.reserveB, pool.reserveA]
    const fee = (x * 30n + 9999n) / 10_000n
    const expected = (rOut * (x - fee)) / (rIn + x - fee)
    expect((await g.swapExactIn(mallory, big, tokenX, x)).value).toBe(expected)
  })

  it('fails a quote whose input would not fit in 64 bits instead of wrapping', async () => {
    const g = grove()
    // ⌈2^63 · 999,999 / 1⌉ needs more than 64 bits
    const quote = g.dex.send.quoteExactOut({ args: { assetIn: huge, assetOut: tokenX, feeBps: 30n, amountOut: 999_999n }, ...g.refs([sorted(tokenX, huge)]) })
    await expectRejected(quote, 'ERR:OVERFLOW')
  })

  it('rejects an exact-out whose input would not fit in 64 bits, with nothing moved', async () => {
    await rejectedUnmoved(() => grove().swapExactOut(mallory, huge, tokenX, MAX_UINT64 - 2n ** 63n, 999_999n), 'ERR:OVERFLOW')
  })

  it('rejects a minimum out of 2^64 − 1', async () => {
    await rejectedUnmoved(() => grove().swapExactIn(mallory, tokenX, tokenY, 1_000_000n, MAX_UINT64), 'ERR:SLIPPAGE')
  })

  it('rejects an exact-out of 2^64 − 1', async () => {
    await rejectedUnmoved(() => grove().swapExactOut(mallory, tokenX, tokenY, 1_000_000n, MAX_UINT64), 'ERR:NO_LIQUIDITY')
  })

  it('rejects minimum-out and maximum-in violations', async () => {
    const g = grove()
    await rejectedUnmoved(() => g.swapExactIn(mallory, tokenX, tokenY, 1_000_000n, 1_000_000n), 'ERR:SLIPPAGE')
    await rejectedUnmoved(() => g.swapExactOut(mallory, tokenX, tokenY, 1_000_000n, 1_000_000n), 'ERR:SLIPPAGE')
    await rejectedUnmoved(() => g.swapRoute(mallory, 0n, [tokenX, tokenY], 1_000_000n, MAX_UINT64), 'ERR:SLIPPAGE')
  })

  it('rejects draining the ALGO side (and so the app minimum balance) of a pool', async () => {
    const g = grove()
    const pool = await g.pool(0n, tokenX)
    for (const amountOut of [pool.reserveA, pool.reserveA + 1n, pool.reserveA + 100_000n]) {
      await rejectedUnmoved(() => g.swapExactOut(mallory, tokenX, 0n, 1_000_000_000n, amountOut), 'ERR:NO_LIQUIDITY')
    }
  })
})

describe('swaps and routes', () => {
  it('rejects a swap of an asset for itself', async () => {
    await rejectedUnmoved(() => grove().swapExactIn(mallory, tokenX, tokenX, 1_000_000n), 'ERR:SAME_ASSET')
  })

  it('rejects a route that swaps an asset for itself', async () => {
    // a route's hop checks no pair of its own (the per-hop budget): no pool has a = b, so the box read refuses it
    await rejectedUnmoved(() => grove().swapRoute(mallory, tokenX, [tokenX], 1_000_000n), 'ERR:NO_POOL')
  })

  it('rejects a route through a missing pool', async () => {
    await rejectedUnmoved(() => grove().swapRoute(mallory, 0n, [tokenX, tokenY, tokenZ], 1_000_000n), 'ERR:NO_POOL')
  })

  // a uint64[] argument is a 2-byte length prefix and 8 bytes per element; the contract reads the bytes
  /** An ABI uint64[] whose length prefix says `declared` whatever `path` holds. */
  const pathArg = (declared: number, path: bigint[]) => {
    const bytes = new Uint8Array(2 + 8 * path.length)
    const view = new DataView(bytes.buffer)
    view.setUint16(0, declared)
    path.forEach((asset, i) => view.setBigUint64(2 + 8 * i, asset))
    return bytes
  }
  const prefixCases = [
    { name: 'declares 1 hop but carries 2', declared: 1, path: () => [tokenX, tokenY] },
    { name: 'declares 2 hops but carries 1', declared: 2, path: () => [tokenX] },
    { name: 'declares 4 hops but carries 2', declared: 4, path: () => [tokenX, tokenY] },
    { name: 'declares 0 hops but carries 1', declared: 0, path: () => [tokenX] },
  ]
  for (const c of prefixCases) {
    it(`rejects a route whose path ${c.name}, with nothing moved`, async () => {
      const g = grove()
      const method = g.dex.appClient.getABIMethod('swapRoute')
      const path = c.path()
      const hops = [0n, ...path].slice(0, -1).map((x, i) => sorted(x, path[i]))
      await rejectedUnmoved(async () => {
        const input = await g.input(mallory, 0n, 1_000_000n)
        const params = await g.algorand.getSuggestedParams()
        const call = algosdk.makeApplicationNoOpTxnFromObject({
          sender: mallory.addr,
          appIndex: g.ids.dexAppId,
          appArgs: [method.getSelector(), pathArg(c.declared, path), pathArg(path.length, path.map(() => 30n)), algosdk.encodeUint64(0n)],
          boxes: hops.map(([a, b]) => ({ appIndex: 0, name: poolBoxName(a, b) })),
          foreignAssets: [path[path.length - 1]],
          foreignApps: [g.ids.registryAppId],
          note: g.note(),
          suggestedParams: { ...params, fee: 2000n, flatFee: true },
        })
        const pad = algosdk.makeApplicationNoOpTxnFromObject({ sender: mallory.addr, appIndex: g.ids.dexAppId, note: g.note(), suggestedParams: { ...params, fee: 1000n, flatFee: true } })
        return g.dex.newGroup().addTransaction(input, mallory.signer).addTransaction(call, mallory.signer).addTransaction(pad, mallory.signer).send()
      }, 'ERR:BAD_PATH')
    })
  }

  it('rejects a route quote whose path prefix disagrees with its bytes', async () => {
    const g = grove()
    const method = g.dex.appClient.getABIMethod('quoteRoute')
    const call = algosdk.makeApplicationNoOpTxnFromObject({
      sender: mallory.addr,
      appIndex: g.ids.dexAppId,
      appArgs: [method.getSelector(), algosdk.encodeUint64(0n), pathArg(1, [tokenX, tokenY]), pathArg(2, [30n, 30n]), algosdk.encodeUint64(1_000_000n)],
      boxes: [poolBoxName(0n, tokenX), poolBoxName(tokenX, tokenY)].map((name) => ({ appIndex: 0, name })),
      note: g.note(),
      suggestedParams: { ...(await g.algorand.getSuggestedParams()), fee: 1000n, flatFee: true },
    })
    await expectRejected(g.dex.newGroup().addTransaction(call, mallory.signer).send(), 'ERR:BAD_PATH')
  })

  it('rejects a route quote through an asset that is in no pool', async () => {
    const g = grove()
    const quote = g.dex.send.quoteRoute({ args: { assetIn: 0n, path: [tokenX, lpXY], fees: [tokenX, lpXY].map(() => 30n), amountIn: 1_000_000n }, boxReferences: [poolBoxName(0n, tokenX), poolBoxName(tokenX, lpXY)], note: g.note() })
    await expectRejected(quote, 'ERR:NO_POOL')
  })
})

describe('admin and pause', () => {
  /** A fee tier added by `sender` (the menu box paid for). */
  const addTier = (sender: User, feeBps: bigint) => () =>
    grove().dex.send.addFeeTier({
      sender: sender.addr,
      args: { mbr: grove().input(sender, 0n, 53_300n), feeBps },
      boxReferences: [grove().menuRef()],
      appReferences: [grove().ids.registryAppId],
      ...grove().fee(1),
    })

  it('rejects a non-admin adding a fee tier', async () => {
    await rejectedUnmoved(addTier(mallory, 3n), 'ERR:NOT_ADMIN')
  })

  it('rejects a non-admin pausing, and an admin transfer the proposed admin did not accept', async () => {
    const g = grove()
    await rejectedUnmoved(() => g.registry.send.setPaused({ sender: mallory.addr, args: { flags: 7n }, note: g.note() }), 'ERR:NOT_ADMIN')
    await g.registry.send.proposeAdmin({ args: { newAdmin: carol.addr.toString() }, note: g.note() })
    await rejectedUnmoved(() => g.registry.send.acceptAdmin({ sender: mallory.addr, args: [], note: g.note() }), 'ERR:NOT_PENDING_ADMIN')
    // not accepted: the old admin still rules and the proposed one has no rights yet
    expect(await g.registry.state.global.admin()).toBe(g.admin.addr.toString())
    await rejectedUnmoved(addTier(carol, 3n), 'ERR:NOT_ADMIN')
    await g.registry.send.proposeAdmin({ args: { newAdmin: algosdk.ALGORAND_ZERO_ADDRESS_STRING }, note: g.note() })
  })

  it('rejects swaps, routes, zaps and new pools while paused', async () => {
    const g = grove()
    await g.registry.send.setPaused({ args: { flags: PAUSE.swaps | PAUSE.pools }, note: g.note() })
    try {
      await rejectedUnmoved(() => g.swapExactIn(mallory, tokenX, tokenY, 1_000_000n), 'ERR:PAUSED')
      await rejectedUnmoved(() => g.swapExactOut(mallory, tokenX, tokenY, 1_000_000n, 1000n), 'ERR:PAUSED')
      await rejectedUnmoved(() => g.swapRoute(mallory, 0n, [tokenX, tokenY], 1_000_000n), 'ERR:PAUSED')
      await rejectedUnmoved(() => g.zap(mallory, tokenX, tokenY, tokenX, 1_000_000n, 500_000n), 'ERR:PAUSED')
      await rejectedUnmoved(() => g.createPool(mallory, tokenY, tokenZ), 'ERR:PAUSED')
    } finally {
      await g.registry.send.setPaused({ args: { flags: 0n }, note: g.note() })
    }
  })

  it('rejects creating a pool that exists', async () => {
    await rejectedUnmoved(() => grove().createPool(mallory, tokenX, tokenY, 500_000n), 'ERR:POOL_EXISTS')
  })
})

describe('after every attack', () => {
  it('the app holds exactly each asset’s reserves plus protocol fees (plus its minimum balance in ALGO)', async () => {
    const g = grove()
    const owed = new Map<bigint, bigint>()
    for (const [a, b] of pools()) {
      const pool = await g.pool(a, b)
      owed.set(a, (owed.get(a) ?? 0n) + pool.reserveA + pool.protocolFeesA)
      owed.set(b, (owed.get(b) ?? 0n) + pool.reserveB + pool.protocolFeesB)
    }
    for (const [asset, amount] of owed) {
      if (asset !== 0n) expect(await g.balance(g.dexAddress, asset)).toBe(amount)
    }
    const info = await g.algorand.account.getInformation(g.dexAddress)
    expect(info.balance.microAlgo).toBe(info.minBalance.microAlgo + (owed.get(0n) ?? 0n))
  })
})
