import { RegistryBoundContract } from './grove-contract.algo';

/** Registry pause bit for swaps and zaps. */
const PAUSE_SWAPS = 1;
/** Registry pause bit for pool creation. */
const PAUSE_POOLS = 2;
/** LP units locked forever by the first add (never issued). */
const LOCKED_LP = 1000;
/** Basis points in one. */
const BPS = 10000;
/** Most hops in one route. */
const MAX_HOPS = 4;
/** flashTerms' kind byte: a flash loan (repaid with its fee) or a flash swap (the invariant holds at verify). */
const FLASH_LOAN = 0;
const FLASH_SWAP = 1;
/** The fee tier whose pools keep the key pools had before tiers, `"p" ‖ uint64(a) ‖ uint64(b)`: every pool created before tiers is in it. */
const LEGACY_TIER = 30;
/** The highest fee tier the admin may add, in bps. */
const MAX_TIER_BPS = 1000;
/** Bytes of the tier menu's bitmap: one bit per bps from 0 to MAX_TIER_BPS. */
const MENU_BYTES = 126;

/** A pool's state, the value of its box. */
type PoolState = {
  reserveA: uint64;
  reserveB: uint64;
  lpAsset: uint64;
  lpIssued: uint64;
  feeBps: uint64;
  protocolFeeDivisor: uint64;
  protocolFeesA: uint64;
  protocolFeesB: uint64;
  cumulativePriceA: uint256;
  cumulativePriceB: uint256;
  lastUpdate: uint64;
};

/** Grove's constant-product AMM: one app holds every pool, a box per pool. */
export class Dex extends RegistryBoundContract {
  /** The registry app whose globals hold the admin, pause flags, fees and treasury. */
  registry = GlobalStateKey<uint64>({ key: 'registry' });

  /**
   * The pool a flash call has lent from, its box key after "p" (16 or 24 bytes), until its verify in the same group
   * (empty otherwise): every call on that pool, and every other flash, is refused (ERR:FLASH_LOCKED).
   * The start checks that its verify follows in the group, so the lock never outlives the group.
   */
  flash = GlobalStateKey<bytes>({ key: 'flash' });

  /** The open flash's terms: uint64(kind) ‖ uint64(amountA) ‖ uint64(amountB) ‖ uint64(start's group index). */
  flashTerms = GlobalStateKey<bytes>({ key: 'flashTerms' });

  /**
   * The pools, a box each: `"p" ‖ uint64(a) ‖ uint64(b)` for the 30 bps tier (the key every pool had before
   * tiers, so those pools are that tier with nothing moved and the vault's, orders' and locks' readers still
   * find them), `"p" ‖ uint64(a) ‖ uint64(b) ‖ uint64(feeBps)` for every other tier.
   */
  pools = BoxMap<bytes, PoolState>({ prefix: 'p' });

  /**
   * The fee-tier menu, a bitmap over 0–1,000 bps (bit n set: an n bps tier). No box until the admin first
   * adds a tier: the menu is then the deploy's, 1, 5, 30 and 100 bps (DEFAULT_MENU). Tiers are added, never
   * removed, as Uniswap's factory enables fee amounts: a pool's tier stays on the menu for good.
   */
  tierMenu = BoxKey<bytes>({ key: 't' });

  /** A pool was created in the fee tier feeBps. */
  PoolCreated = new EventLogger<{ a: uint64; b: uint64; feeBps: uint64; lpAsset: uint64; creator: Address }>();

  /** The admin added a fee tier to the menu. */
  FeeTierAdded = new EventLogger<{ feeBps: uint64 }>();

  /** One hop of a swap. In every event, feeBps names the pool's fee tier (its box key), with its pair. */
  Swap = new EventLogger<{
    assetIn: uint64;
    assetOut: uint64;
    feeBps: uint64;
    amountIn: uint64;
    amountOut: uint64;
    protocolFee: uint64;
    trader: Address;
  }>();

  /** Liquidity was added (amounts actually used). */
  LiquidityAdded = new EventLogger<{
    a: uint64;
    b: uint64;
    feeBps: uint64;
    amountA: uint64;
    amountB: uint64;
    lp: uint64;
    provider: Address;
  }>();

  /** Liquidity was removed. */
  LiquidityRemoved = new EventLogger<{
    a: uint64;
    b: uint64;
    feeBps: uint64;
    amountA: uint64;
    amountB: uint64;
    lp: uint64;
    provider: Address;
  }>();

  /** A flash loan was repaid at its verify: what was lent, what came back, the fee (the protocol's share included) and the protocol's share (reserves move by repaid − lent − protocolFee). */
  FlashLoan = new EventLogger<{
    a: uint64;
    b: uint64;
    feeBps: uint64;
    amountA: uint64;
    amountB: uint64;
    repaidA: uint64;
    repaidB: uint64;
    feeA: uint64;
    feeB: uint64;
    protocolFeeA: uint64;
    protocolFeeB: uint64;
    borrower: Address;
  }>();

  /** A flash swap settled at its verify: what the caller took out and paid in, the fee on what was paid and the protocol's share (reserves move by in − out − protocolFee). */
  FlashSwap = new EventLogger<{
    a: uint64;
    b: uint64;
    feeBps: uint64;
    outA: uint64;
    outB: uint64;
    inA: uint64;
    inB: uint64;
    feeA: uint64;
    feeB: uint64;
    protocolFeeA: uint64;
    protocolFeeB: uint64;
    trader: Address;
  }>();

  /** Protocol fees were sent to the treasury. */
  FeesCollected = new EventLogger<{ a: uint64; b: uint64; feeBps: uint64; amountA: uint64; amountB: uint64; treasury: Address }>();

  /** Binds the DEX to its registry. */
  createApplication(registryApp: uint64): void {
    this.registry.value = registryApp;
    this.flash.value = '';
    this.flashTerms.value = '';
  }

  // ---- wide math ----

  // floorMulDiv and ceilMulDiv are GroveContract's

  /** ⌈x·f/10000⌉ for f ≤ 10000 without overflow: split x = q·10000 + r. */
  private swapFee(x: uint64, f: uint64): uint64 {
    return (x / BPS) * f + ((x % BPS) * f + (BPS - 1)) / BPS;
  }

  /** ⌊rOut·net/(rIn + net)⌋ with a 128-bit numerator and denominator; always < rOut. */
  private outGivenNet(net: uint64, rIn: uint64, rOut: uint64): uint64 {
    const n = mulw(rOut, net);
    const d = addw(rIn, net);
    // the quotient is < rOut < 2^64, so with a 64-bit denominator divw cannot fail
    if (d.high === 0) return divw(n.high, n.low, d.low);
    const q = divmodw(n.high, n.low, d.high, d.low);
    return q.quotientLow;
  }

  /** ⌊√(a·b)⌋ over 128 bits. */
  private sqrtMul(a: uint64, b: uint64): uint64 {
    const m = mulw(a, b);
    if (m.high === 0) return sqrt(m.low);
    return sqrt((a as uint128) * (b as uint128)) as uint64;
  }

  /**
   * Brings the pool's cumulative prices (raw PoolState bytes) up to the current block's timestamp.
   * Each price ⌊num·2^64/den⌋ is 16 bytes hi ‖ lo: hi = ⌊num/den⌋ and lo = ⌊(num mod den)·2^64/den⌋,
   * which fits 64 bits, so divw (cost 1) does what divmodw (cost 20) would. cumulativePriceA ‖
   * cumulativePriceB is read as one 512-bit number, so one b* and one b+ add both increments: each is
   * < 2^192, so cumB would need 2^64 updates to carry into cumA (and cumA to pass 2^256). b+ drops
   * leading zeros; b| with 64 zero bytes puts them back.
   *
   * The same opcodes run whether or not time has passed (dt = 0 adds nothing and keeps lastUpdate; the
   * later case even skips the ternary's jump), so a simulation in the pool's last-update second costs at
   * least what the call costs in any later second: budget padding found by simulate holds when sent.
   */
  private accrue(pool: bytes): bytes {
    const last = extractUint64(pool, 128);
    const next = last >= globals.latestTimestamp ? last : globals.latestTimestamp;
    const rA = extractUint64(pool, 0);
    // reserves are both zero (before the first add) or both positive
    if (rA === 0) return replace3(pool, 128, itob(next));
    const rB = extractUint64(pool, 8);
    // cumulative written in place (no local): this runs once per hop
    return replace3(
      replace3(
        pool,
        64,
        bitwiseOr(
          bzero(64),
          castBytes<bytes>(
            // @ts-expect-error castBytes<bytes> takes the raw b+ result (TypeScript sees a number); rawBytes would add TEALScript's width checks
            castBytes<uint<512>>(extract3(pool, 64, 64)) +
              castBytes<uint<512>>(
                concat(
                  concat(concat(itob(rB / rA), itob(divw(rB % rA, 0, rA))), bzero(16)),
                  concat(itob(rA / rB), itob(divw(rA % rB, 0, rB))),
                ),
              ) *
                castBytes<uint<512>>(itob(next - last)),
          ),
        ),
      ),
      128,
      itob(next),
    );
  }

  // ---- transfers (`incoming`, the check of every deposit, and `assetOf` are GroveContract's) ----

  private unitName(asset: uint64): bytes {
    if (asset === 0) return 'ALGO';
    return AssetID.fromUint64(asset).unitName;
  }

  // ---- pool helpers ----

  /** The box key (after "p") of pool (a, b) in tier feeBps: the pair's 16 bytes for the 30 bps tier, the pair ‖ uint64(feeBps) otherwise. */
  private tierKey(a: uint64, b: uint64, feeBps: uint64): bytes {
    if (feeBps === LEGACY_TIER) return concat(itob(a), itob(b));
    return concat(concat(itob(a), itob(b)), itob(feeBps));
  }

  /** The box key of x and y's pool in tier feeBps, either order. */
  private pairKey(x: uint64, y: uint64, feeBps: uint64): bytes {
    assert(x !== y, 'ERR:SAME_ASSET');
    if (x < y) return this.tierKey(x, y, feeBps);
    return this.tierKey(y, x, feeBps);
  }

  /** Fails (ERR:FLASH_LOCKED) while a flash call has lent from the pool `key` and its verify has not run. */
  private unlocked(key: bytes): void {
    assert(this.flash.value !== key, 'ERR:FLASH_LOCKED');
  }

  /** The pool's state; the box read fails for a missing pool (ERR:NO_POOL, see the build); refused while the pool is lent (ERR:FLASH_LOCKED). */
  private loadPool(key: bytes): PoolState {
    this.unlocked(key);
    return this.pools(key).value;
  }

  /** The menu as the deploy sets it: 1, 5, 30 and 100 bps. */
  private defaultMenu(): bytes {
    return setbit(setbit(setbit(setbit(bzero(MENU_BYTES), 1, true), 5, true), LEGACY_TIER, true), 100, true);
  }

  /** The fee-tier menu: the box once the admin has added a tier, the deploy's before. */
  private menu(): bytes {
    if (this.tierMenu.exists) return this.tierMenu.value;
    return this.defaultMenu();
  }

  /** Fails (ERR:BAD_TIER) unless feeBps is a tier on the menu. */
  private onMenu(feeBps: uint64): void {
    assert(feeBps <= MAX_TIER_BPS, 'ERR:BAD_TIER');
    assert(getbit(this.menu(), feeBps), 'ERR:BAD_TIER');
  }

  /** Exact-in swap of `x` of `assetIn` inside the pool of tier `tier`; updates the box, logs Swap, returns the output. */
  private swapIn(assetIn: uint64, assetOut: uint64, tier: uint64, x: uint64): uint64 {
    // the input side's reserve is at byte inOff of the box (0 when it is side a), the output's at 8 − inOff;
    // the key is uint64(a) ‖ uint64(b), then the tier unless it is the 30 bps one (tierKey inlined: this is
    // the per-hop hot path, and a 4-hop route has 15 opcodes to spare). assetIn = assetOut needs no check of
    // its own: no pool has a = b (createPool), so the box read below fails (ERR:NO_POOL)
    let inOff = 0;
    let key = concat(itob(assetIn), itob(assetOut));
    if (assetOut < assetIn) {
      inOff = 8;
      key = concat(itob(assetOut), itob(assetIn));
    }
    if (tier !== LEGACY_TIER) key = concat(key, itob(tier));
    // raw bytes, not the decoded struct, and swapFee/outGivenNet inlined.
    // A missing box fails here; the build maps this assert to ERR:NO_POOL. The flash lock is the callers'
    // (one check of the global per call while no flash is open, not one per hop)
    const pool = rawBytes(this.pools(key).value);
    const rIn = extractUint64(pool, inOff);
    const rOut = extractUint64(pool, 8 - inOff);
    assert(rOut > 0, 'ERR:NO_LIQUIDITY');
    const f = extractUint64(pool, 32);
    const fee = (x / BPS) * f + ((x % BPS) * f + (BPS - 1)) / BPS;
    const net = x - fee;
    const n = mulw(rOut, net);
    const d = addw(rIn, net);
    // the quotient is < rOut < 2^64, so with a 64-bit denominator divw cannot fail (outGivenNet covers the rest)
    const out = d.high === 0 ? divw(n.high, n.low, d.low) : this.outGivenNet(net, rIn, rOut);
    assert(out > 0, 'ERR:ZERO_OUT');
    let protocolFee = 0;
    const divisor = extractUint64(pool, 40);
    if (divisor > 0) protocolFee = fee / divisor;
    const feeOff = 48 + inOff;
    this.pools(key).value = castBytes<PoolState>(
      replace3(
        replace3(replace3(this.accrue(pool), inOff, itob(rIn + (x - protocolFee))), 8 - inOff, itob(rOut - out)),
        feeOff,
        itob(extractUint64(pool, feeOff) + protocolFee),
      ),
    );
    this.Swap.log({
      assetIn: assetIn,
      assetOut: assetOut,
      feeBps: tier,
      amountIn: x,
      amountOut: out,
      protocolFee: protocolFee,
      trader: this.txn.sender,
    });
    return out;
  }

  /**
   * Adds `amountA`/`amountB` (already held by the app) to the pool (a, b) of tier `tier`, whose box key the
   * caller gives (tierKey's), sends LP and refunds the unused side; `accrued` when the call has already
   * accrued the pool.
   */
  private addToPool(key: bytes, a: uint64, b: uint64, tier: uint64, amountA: uint64, amountB: uint64, minLp: uint64, accrued: boolean): uint64 {
    // a missing box fails here; the build maps this assert to ERR:NO_POOL
    const pool = rawBytes(this.pools(key).value);
    const reserveA = extractUint64(pool, 0);
    const reserveB = extractUint64(pool, 8);
    let usedA = amountA;
    let usedB = amountB;
    let lp = 0;
    if (reserveA === 0) {
      const root = this.sqrtMul(amountA, amountB);
      assert(root > LOCKED_LP, 'ERR:LOCKED_LIQUIDITY');
      lp = root - LOCKED_LP;
    } else {
      const supply = extractUint64(pool, 24) + LOCKED_LP;
      const ab = mulw(amountA, reserveB);
      const ba = mulw(amountB, reserveA);
      // a·rB ≤ b·rA compared as 16-byte big-endian numbers (one b<= instead of word by word)
      if (castBytes<uint128>(concat(itob(ab.high), itob(ab.low))) <= castBytes<uint128>(concat(itob(ba.high), itob(ba.low)))) {
        usedB = this.ceilMulDiv(amountA, reserveB, reserveA);
        lp = this.floorMulDiv(amountA, supply, reserveA);
      } else {
        usedA = this.ceilMulDiv(amountB, reserveA, reserveB);
        lp = this.floorMulDiv(amountB, supply, reserveB);
      }
    }
    assert(lp > 0, 'ERR:ZERO_OUT');
    assert(lp >= minLp, 'ERR:SLIPPAGE');
    // a zap's swap has just accrued this pool (a flag, not the clock, so the cost does not depend on time)
    const current = accrued ? pool : this.accrue(pool);
    // reserves (bytes 0–16) and lpIssued (24); accrue leaves those bytes as they were
    this.pools(key).value = castBytes<PoolState>(
      replace3(
        replace3(current, 0, concat(itob(reserveA + usedA), itob(reserveB + usedB))),
        24,
        itob(extractUint64(pool, 24) + lp),
      ),
    );
    this.send(extractUint64(pool, 16), this.txn.sender, lp);
    if (amountA > usedA) this.send(a, this.txn.sender, amountA - usedA);
    if (amountB > usedB) this.send(b, this.txn.sender, amountB - usedB);
    this.LiquidityAdded.log({
      a: a,
      b: b,
      feeBps: tier,
      amountA: usedA,
      amountB: usedB,
      lp: lp,
      provider: this.txn.sender,
    });
    return lp;
  }

  // ---- pools ----

  /**
   * Creates the pool (a, b) in the fee tier feeBps, one of the menu's (ERR:BAD_TIER); one pool per pair and
   * tier (ERR:POOL_EXISTS). The app opts into its assets and creates its LP token; mbr pays the measured
   * minimum-balance increase, the excess is refunded.
   */
  createPool(mbr: PayTxn, a: uint64, b: uint64, feeBps: uint64): uint64 {
    this.notPaused(this.registry.value, PAUSE_POOLS);
    assert(a < b, 'ERR:ASSET_ORDER');
    this.onMenu(feeBps);
    const key = this.tierKey(a, b, feeBps);
    assert(!this.pools(key).exists, 'ERR:POOL_EXISTS');
    this.minBalancePayment(mbr);
    // Pools of Grove LP tokens would mix the app's unissued LP supply into reserves.
    if (a !== 0) assert(AssetID.fromUint64(a).creator !== this.app.address, 'ERR:LP_ASSET');
    assert(AssetID.fromUint64(b).creator !== this.app.address, 'ERR:LP_ASSET');
    // optIn refuses a default-frozen asset (ERR:DEFAULT_FROZEN): such a pool could never trade
    const before = this.app.address.minBalance;
    this.optIn(a);
    this.optIn(b);
    const unitA = this.unitName(a);
    const unitB = this.unitName(b);
    let name: bytes = 'Grove LP';
    if (len(unitA) > 0 && len(unitB) > 0) name = concat(concat('Grove LP ', unitA), concat('/', unitB));
    const lpAsset = sendAssetCreation({
      configAssetTotal: Uint<64>('18446744073709551615'),
      configAssetDecimals: 6,
      configAssetUnitName: 'GLP',
      configAssetName: name,
      configAssetReserve: this.app.address,
      fee: 0,
    });
    const registry = AppID.fromUint64(this.registry.value);
    this.pools(key).value = {
      reserveA: 0,
      reserveB: 0,
      lpAsset: lpAsset.id,
      lpIssued: 0,
      feeBps: feeBps,
      protocolFeeDivisor: registry.globalState('protocolFeeDivisor') as uint64,
      protocolFeesA: 0,
      protocolFeesB: 0,
      cumulativePriceA: 0 as uint256,
      cumulativePriceB: 0 as uint256,
      lastUpdate: globals.latestTimestamp,
    };
    this.minBalanceIncrease(mbr, before);
    this.PoolCreated.log({ a: a, b: b, feeBps: feeBps, lpAsset: lpAsset.id, creator: this.txn.sender });
    return lpAsset.id;
  }

  /** Adds liquidity: the first add mints ⌊√(a·b)⌋ − 1000 LP, later adds take the pool ratio and refund the excess. */
  addLiquidity(inA: Txn, inB: Txn, a: uint64, b: uint64, feeBps: uint64, minLp: uint64): uint64 {
    const amountA = this.incoming(inA, a);
    const amountB = this.incoming(inB, b);
    assert(a < b, 'ERR:ASSET_ORDER');
    const key = this.tierKey(a, b, feeBps);
    // the flash lock: here, not in addToPool, which a zap reaches after its own check
    if (len(this.flash.value) > 0) this.unlocked(key);
    return this.addToPool(key, a, b, feeBps, amountA, amountB, minLp, false);
  }

  /** Single-sided add (zap): swaps swapAmount of the input to the other side, then adds both. */
  addLiquiditySingle(input: Txn, a: uint64, b: uint64, feeBps: uint64, swapAmount: uint64, minLp: uint64): uint64 {
    this.notPaused(this.registry.value, PAUSE_SWAPS);
    assert(a < b, 'ERR:ASSET_ORDER');
    const assetIn = this.assetOf(input);
    assert(assetIn === a || assetIn === b, 'ERR:BAD_INPUT_ASSET');
    const amount = this.incoming(input, assetIn);
    assert(swapAmount > 0 && swapAmount < amount, 'ERR:BAD_SWAP_AMOUNT');
    // tierKey inlined: a zap has few opcodes to spare in one app call
    let key = concat(itob(a), itob(b));
    if (feeBps !== LEGACY_TIER) key = concat(key, itob(feeBps));
    if (len(this.flash.value) > 0) this.unlocked(key);
    if (assetIn === a) {
      const outB = this.swapIn(a, b, feeBps, swapAmount);
      return this.addToPool(key, a, b, feeBps, amount - swapAmount, outB, minLp, true);
    }
    const outA = this.swapIn(b, a, feeBps, swapAmount);
    return this.addToPool(key, a, b, feeBps, outA, amount - swapAmount, minLp, true);
  }

  /** Burns LP for a pro-rata share of both reserves (a side that rounds to 0 is not sent); the assets sent are the pool's own. */
  removeLiquidity(lp: AssetTransferTxn, a: uint64, b: uint64, feeBps: uint64, minA: uint64, minB: uint64): [uint64, uint64] {
    assert(a < b, 'ERR:ASSET_ORDER');
    const key = this.tierKey(a, b, feeBps);
    const pool = rawBytes(this.loadPool(key));
    // the burn is checked like every other deposit (its asset: the pool's own LP token)
    // @ts-expect-error an axfer argument is a group transaction like any txn argument (TEALScript's types keep them apart)
    const amount = this.incoming(lp, extractUint64(pool, 16));
    const reserveA = extractUint64(pool, 0);
    const reserveB = extractUint64(pool, 8);
    const lpIssued = extractUint64(pool, 24);
    const outA = this.floorMulDiv(amount, reserveA, lpIssued + LOCKED_LP);
    const outB = this.floorMulDiv(amount, reserveB, lpIssued + LOCKED_LP);
    // one side may round to 0 in a pool with a tiny reserve: the holder still gets the other side out
    assert(outA > 0 || outB > 0, 'ERR:ZERO_OUT');
    assert(outA >= minA && outB >= minB, 'ERR:SLIPPAGE');
    const reserves = concat(itob(reserveA - outA), itob(reserveB - outB));
    const updated = replace3(replace3(this.accrue(pool), 0, reserves), 24, itob(lpIssued - amount));
    this.pools(key).value = castBytes<PoolState>(updated);
    if (outA > 0) this.send(a, this.txn.sender, outA);
    if (outB > 0) this.send(b, this.txn.sender, outB);
    this.LiquidityRemoved.log({
      a: a,
      b: b,
      feeBps: feeBps,
      amountA: outA,
      amountB: outB,
      lp: amount,
      provider: this.txn.sender,
    });
    return [outA, outB];
  }

  // ---- swaps ----

  /** Swaps all of the input for at least minOut of assetOut in the pool of tier feeBps. */
  swapExactIn(input: Txn, assetOut: uint64, feeBps: uint64, minOut: uint64): uint64 {
    this.notPaused(this.registry.value, PAUSE_SWAPS);
    const assetIn = this.assetOf(input);
    const amount = this.incoming(input, assetIn);
    assert(assetIn !== assetOut, 'ERR:SAME_ASSET');
    if (len(this.flash.value) > 0) this.unlocked(this.pairKey(assetIn, assetOut, feeBps));
    const out = this.swapIn(assetIn, assetOut, feeBps, amount);
    assert(out >= minOut, 'ERR:SLIPPAGE');
    this.send(assetOut, this.txn.sender, out);
    return out;
  }

  /** Swaps for exactly amountOut of assetOut in the pool of tier feeBps; the input amount is the maximum, the excess is refunded. */
  swapExactOut(input: Txn, assetOut: uint64, feeBps: uint64, amountOut: uint64): uint64 {
    this.notPaused(this.registry.value, PAUSE_SWAPS);
    const assetIn = this.assetOf(input);
    const maxIn = this.incoming(input, assetIn);
    const x = this.swapOut(assetIn, assetOut, feeBps, amountOut);
    assert(x <= maxIn, 'ERR:SLIPPAGE');
    this.send(assetOut, this.txn.sender, amountOut);
    if (maxIn > x) this.send(assetIn, this.txn.sender, maxIn - x);
    return x;
  }

  /**
   * Exact-out swap inside the pool: takes what amountOut costs, x = ⌈⌈rIn·out/(rOut − out)⌉ · 10000 /
   * (10000 − fee)⌉, updates the box, logs Swap and returns x (the caller checks it against the input).
   */
  private swapOut(assetIn: uint64, assetOut: uint64, tier: uint64, amountOut: uint64): uint64 {
    const key = this.pairKey(assetIn, assetOut, tier);
    let inOff = 8;
    if (assetIn < assetOut) inOff = 0;
    if (len(this.flash.value) > 0) this.unlocked(key);
    // a missing box fails here; the build maps this assert to ERR:NO_POOL
    const pool = rawBytes(this.pools(key).value);
    const rIn = extractUint64(pool, inOff);
    const rOut = extractUint64(pool, 8 - inOff);
    assert(rIn > 0 && amountOut > 0 && amountOut < rOut, 'ERR:NO_LIQUIDITY');
    const net = this.ceilMulDiv(rIn, amountOut, rOut - amountOut);
    const x = this.ceilMulDiv(net, BPS, BPS - extractUint64(pool, 32));
    let protocolFee = 0;
    const divisor = extractUint64(pool, 40);
    if (divisor > 0) protocolFee = (x - net) / divisor;
    const feeOff = 48 + inOff;
    const updated = replace3(
      replace3(replace3(this.accrue(pool), inOff, itob(rIn + (x - protocolFee))), 8 - inOff, itob(rOut - amountOut)),
      feeOff,
      itob(extractUint64(pool, feeOff) + protocolFee),
    );
    this.pools(key).value = castBytes<PoolState>(updated);
    this.Swap.log({
      assetIn: assetIn,
      assetOut: assetOut,
      feeBps: tier,
      amountIn: x,
      amountOut: amountOut,
      protocolFee: protocolFee,
      trader: this.txn.sender,
    });
    return x;
  }

  /**
   * Swaps through 1–4 pools for exactly amountOut of the path's last asset; the input is the most paid
   * and what the route did not need is refunded. The hops run from the last to the first, each an
   * exact-out swap for what the next one takes (so each pool's amounts are what a forward run would
   * give, as no asset, hence no pool, appears twice: ERR:BAD_PATH). `fees` names each hop's tier, as
   * swapRoute's. Returns the input spent.
   */
  swapRouteExactOut(input: Txn, path: uint64[], fees: uint64[], amountOut: uint64): uint64 {
    this.notPaused(this.registry.value, PAUSE_SWAPS);
    const hops = extractUint16(this.txn.applicationArgs![1], 0);
    assert(hops > 0 && hops <= MAX_HOPS, 'ERR:BAD_PATH');
    assert(len(this.txn.applicationArgs![1]) === 2 + hops * 8, 'ERR:BAD_PATH');
    // fees: one tier per hop, as long as path (its length prefix is not read: only its length bounds what the hops read)
    assert(len(this.txn.applicationArgs![2]) === len(this.txn.applicationArgs![1]), 'ERR:BAD_PATH');
    const assetIn = this.assetOf(input);
    const maxIn = this.incoming(input, assetIn);
    // the assets in order, input first: all distinct
    const assets = concat(itob(assetIn), extract3(this.txn.applicationArgs![1], 2, hops * 8));
    for (let i = 0; i < hops; i = i + 1) {
      for (let j = i + 1; j <= hops; j = j + 1) assert(extractUint64(assets, i * 8) !== extractUint64(assets, j * 8), 'ERR:BAD_PATH');
    }
    let need = amountOut;
    for (let i = hops; i > 0; i = i - 1) {
      need = this.swapOut(extractUint64(assets, (i - 1) * 8), extractUint64(assets, i * 8), extractUint64(this.txn.applicationArgs![2], 2 + (i - 1) * 8), need);
    }
    assert(need <= maxIn, 'ERR:SLIPPAGE');
    this.send(extractUint64(assets, hops * 8), this.txn.sender, amountOut);
    if (maxIn > need) this.send(assetIn, this.txn.sender, maxIn - need);
    return need;
  }

  /** Swaps exact-in through 1–4 pools; path lists the assets after the input asset, fees each hop's pool tier (fees[i] for the hop to path[i]). */
  swapRoute(input: Txn, path: uint64[], fees: uint64[], minOut: uint64): uint64 {
    this.notPaused(this.registry.value, PAUSE_SWAPS);
    // the hop count is the ABI length prefix, and the encoded argument must be exactly that long (TEALScript's
    // path.length counts the bytes instead, so a prefix of 1 could run 2 hops); fees has the same prefix and length
    const hops = extractUint16(this.txn.applicationArgs![1], 0);
    assert(hops > 0 && hops <= MAX_HOPS, 'ERR:BAD_PATH');
    const end = 2 + hops * 8;
    assert(len(this.txn.applicationArgs![1]) === end, 'ERR:BAD_PATH');
    // fees: one tier per hop (its length prefix is not read: only its length bounds what the hops read)
    assert(len(this.txn.applicationArgs![2]) === end, 'ERR:BAD_PATH');
    let asset = this.assetOf(input);
    let amount = this.incoming(input, asset);
    if (len(this.flash.value) > 0) {
      let from = asset;
      for (let i = 2; i < end; i = i + 8) {
        const to = extractUint64(this.txn.applicationArgs![1], i);
        this.unlocked(this.pairKey(from, to, extractUint64(this.txn.applicationArgs![2], i)));
        from = to;
      }
    }
    // read straight from the encoded arguments (2-byte length prefix) instead of decoding the arrays
    for (let i = 2; i < end; i = i + 8) {
      const next = extractUint64(this.txn.applicationArgs![1], i);
      amount = this.swapIn(asset, next, extractUint64(this.txn.applicationArgs![2], i), amount);
      asset = next;
    }
    assert(amount >= minOut, 'ERR:SLIPPAGE');
    this.send(asset, this.txn.sender, amount);
    return amount;
  }

  // ---- flash loans and flash swaps ----

  /**
   * Checks that the transaction at `index` is this flash call's pair: a NoOp call of this app by the same
   * sender, of method `selector`, whose offset argument is `offset` and whose pool is (a, b) in tier feeBps.
   * It reads an app call, never a transfer, so it credits nothing (scripts/teal-check.ts lets it read the group).
   */
  private flashPair(index: uint64, selector: bytes, offset: uint64, a: uint64, b: uint64, feeBps: uint64): void {
    assert(index < globals.groupSize, 'ERR:FLASH_PAIR');
    const t = this.txnGroup[index];
    assert(t.typeEnum === TransactionType.ApplicationCall, 'ERR:FLASH_PAIR');
    assert(t.applicationID === this.app && t.onCompletion === 0, 'ERR:FLASH_PAIR');
    assert(t.sender === this.txn.sender && t.numAppArgs > 4, 'ERR:FLASH_PAIR');
    assert(t.applicationArgs![0] === selector && t.applicationArgs![1] === itob(offset), 'ERR:FLASH_PAIR');
    assert(t.applicationArgs![2] === itob(a) && t.applicationArgs![3] === itob(b) && t.applicationArgs![4] === itob(feeBps), 'ERR:FLASH_PAIR');
  }

  /**
   * The start of a flash loan or swap: checks its verify `verifyOffset` places later (`verifySelector`),
   * sends `amountA`/`amountB` (each at most the reserve, not both 0) and locks the pool until the verify.
   */
  private flashStart(kind: uint64, verifySelector: bytes, verifyOffset: uint64, a: uint64, b: uint64, feeBps: uint64, amountA: uint64, amountB: uint64): void {
    this.notPaused(this.registry.value, PAUSE_SWAPS);
    assert(a < b, 'ERR:ASSET_ORDER');
    // one flash at a time in the whole app: no flash inside another
    assert(len(this.flash.value) === 0, 'ERR:FLASH_LOCKED');
    assert(verifyOffset > 0, 'ERR:FLASH_PAIR');
    this.flashPair(this.txn.groupIndex + verifyOffset, verifySelector, verifyOffset, a, b, feeBps);
    const key = this.tierKey(a, b, feeBps);
    const pool = rawBytes(this.pools(key).value);
    assert(extractUint64(pool, 0) > 0, 'ERR:NO_LIQUIDITY');
    assert(amountA > 0 || amountB > 0, 'ERR:ZERO_AMOUNT');
    assert(amountA <= extractUint64(pool, 0) && amountB <= extractUint64(pool, 8), 'ERR:NO_LIQUIDITY');
    this.flash.value = key;
    this.flashTerms.value = concat(concat(itob(kind), itob(amountA)), concat(itob(amountB), itob(this.txn.groupIndex)));
    if (amountA > 0) this.send(a, this.txn.sender, amountA);
    if (amountB > 0) this.send(b, this.txn.sender, amountB);
  }

  /**
   * The verify of a flash of `kind`: checks its start `startOffset` places earlier (`startSelector`) is
   * the open flash's on (a, b), unlocks the pool and returns the box's bytes with the cumulative prices
   * accrued on the reserves as they were before the flash (its terms: flashTerms, read by the caller first).
   */
  private flashEnd(kind: uint64, startSelector: bytes, startOffset: uint64, a: uint64, b: uint64, feeBps: uint64): bytes {
    const key = this.tierKey(a, b, feeBps);
    // a verify without its start (or of another pool) finds no open flash on this pool
    assert(this.flash.value === key, 'ERR:FLASH_PAIR');
    const terms = this.flashTerms.value;
    assert(extractUint64(terms, 0) === kind, 'ERR:FLASH_PAIR');
    assert(startOffset > 0 && startOffset <= this.txn.groupIndex, 'ERR:FLASH_PAIR');
    assert(this.txn.groupIndex - startOffset === extractUint64(terms, 24), 'ERR:FLASH_PAIR');
    this.flashPair(this.txn.groupIndex - startOffset, startSelector, startOffset, a, b, feeBps);
    this.flash.value = '';
    this.flashTerms.value = '';
    return this.accrue(rawBytes(this.pools(key).value));
  }

  /**
   * What the caller paid into the pool at its verify: the `count` transfers right before the call (the
   * places ABI `txn` arguments hold), of a then b when there are two, each checked as every deposit
   * (`incoming`). Returns uint64(inA) ‖ uint64(inB).
   */
  private flashPaid(count: uint64, a: uint64, b: uint64): bytes {
    let inA = 0;
    let inB = 0;
    if (count === 2) {
      inA = this.incoming(this.txnGroup[this.txn.groupIndex - 2], a);
      inB = this.incoming(this.txnGroup[this.txn.groupIndex - 1], b);
    } else {
      assert(count === 1, 'ERR:FLASH_REPAY');
      const asset = this.assetOf(this.txnGroup[this.txn.groupIndex - 1]);
      if (asset === a) inA = this.incoming(this.txnGroup[this.txn.groupIndex - 1], a);
      else inB = this.incoming(this.txnGroup[this.txn.groupIndex - 1], b);
    }
    return concat(itob(inA), itob(inB));
  }

  /**
   * Lends `amountA` of a and `amountB` of b (each up to the reserve) from pool (a, b) to the caller. The
   * verify `verifyFlashLoan(startOffset = verifyOffset, a, b)` must follow `verifyOffset` places later;
   * until it runs the pool is locked. Inner txns: one per side lent.
   */
  flashLoan(verifyOffset: uint64, a: uint64, b: uint64, feeBps: uint64, amountA: uint64, amountB: uint64): void {
    this.flashStart(FLASH_LOAN, method('verifyFlashLoan(uint64,uint64,uint64,uint64)void'), verifyOffset, a, b, feeBps, amountA, amountB);
  }

  /**
   * Checks the repayment of the flash loan `startOffset` places earlier: the transfer of each lent side
   * right before this call (a then b when both were lent), from the caller to the app, at least the loan
   * plus the pool's fee ⌈loan·fee/10000⌉ on it; the protocol takes its share of the fee, the rest (and any
   * excess) joins the reserves.
   */
  verifyFlashLoan(startOffset: uint64, a: uint64, b: uint64, feeBps: uint64): void {
    const terms = this.flashTerms.value;
    const pool = this.flashEnd(FLASH_LOAN, method('flashLoan(uint64,uint64,uint64,uint64,uint64,uint64)void'), startOffset, a, b, feeBps);
    const loanA = extractUint64(terms, 8);
    const loanB = extractUint64(terms, 16);
    let count = 1;
    if (loanA > 0 && loanB > 0) count = 2;
    const paid = this.flashPaid(count, a, b);
    const repaidA = extractUint64(paid, 0);
    const repaidB = extractUint64(paid, 8);
    const f = extractUint64(pool, 32);
    const feeA = (loanA / BPS) * f + ((loanA % BPS) * f + (BPS - 1)) / BPS;
    const feeB = (loanB / BPS) * f + ((loanB % BPS) * f + (BPS - 1)) / BPS;
    // each lent side comes back in its own asset (none of a side not lent: that transfer would be the other's)
    assert((loanA === 0 || repaidA >= loanA + feeA) && (loanB === 0 || repaidB >= loanB + feeB), 'ERR:FLASH_REPAY');
    const protocol = this.flashSettle(a, b, feeBps, pool, repaidA, repaidB, loanA, loanB, feeA, feeB);
    this.FlashLoan.log({
      a: a,
      b: b,
      feeBps: feeBps,
      amountA: loanA,
      amountB: loanB,
      repaidA: repaidA,
      repaidB: repaidB,
      feeA: feeA,
      feeB: feeB,
      protocolFeeA: extractUint64(protocol, 0),
      protocolFeeB: extractUint64(protocol, 8),
      borrower: this.txn.sender,
    });
  }

  /**
   * The caller takes `amountA` of a and `amountB` of b (each up to the reserve) from pool (a, b) first and
   * pays by the verify `verifyFlashSwap(startOffset = verifyOffset, a, b, payments)` `verifyOffset` places
   * later; until it runs the pool is locked. Inner txns: one per side taken.
   */
  flashSwap(verifyOffset: uint64, a: uint64, b: uint64, feeBps: uint64, amountA: uint64, amountB: uint64): void {
    this.flashStart(FLASH_SWAP, method('verifyFlashSwap(uint64,uint64,uint64,uint64,uint64)void'), verifyOffset, a, b, feeBps, amountA, amountB);
  }

  /**
   * Settles the flash swap `startOffset` places earlier: the caller paid in a, b or both by the `payments`
   * (1 or 2) transfers right before this call (a then b when 2). With in the amounts paid, out those
   * taken and fee = ⌈in·fee/10000⌉, the invariant holds without the LPs' fee:
   * (rA + inA − outA − feeA)·(rB + inB − outB − feeB) ≥ rA·rB (ERR:FLASH_INVARIANT).
   */
  verifyFlashSwap(startOffset: uint64, a: uint64, b: uint64, feeBps: uint64, payments: uint64): void {
    const terms = this.flashTerms.value;
    const pool = this.flashEnd(FLASH_SWAP, method('flashSwap(uint64,uint64,uint64,uint64,uint64,uint64)void'), startOffset, a, b, feeBps);
    const outA = extractUint64(terms, 8);
    const outB = extractUint64(terms, 16);
    const paid = this.flashPaid(payments, a, b);
    const inA = extractUint64(paid, 0);
    const inB = extractUint64(paid, 8);
    const rA = extractUint64(pool, 0);
    const rB = extractUint64(pool, 8);
    const f = extractUint64(pool, 32);
    const feeA = (inA / BPS) * f + ((inA % BPS) * f + (BPS - 1)) / BPS;
    const feeB = (inB / BPS) * f + ((inB % BPS) * f + (BPS - 1)) / BPS;
    // what the pool holds for each side after the swap, less the fee on what was paid in (out ≤ r)
    const balanceA = rA - outA + inA;
    const balanceB = rB - outB + inB;
    assert(balanceA >= feeA && balanceB >= feeB, 'ERR:FLASH_INVARIANT');
    const after = mulw(balanceA - feeA, balanceB - feeB);
    const before = mulw(rA, rB);
    assert(
      castBytes<uint128>(concat(itob(after.high), itob(after.low))) >= castBytes<uint128>(concat(itob(before.high), itob(before.low))),
      'ERR:FLASH_INVARIANT',
    );
    const protocol = this.flashSettle(a, b, feeBps, pool, inA, inB, outA, outB, feeA, feeB);
    this.FlashSwap.log({
      a: a,
      b: b,
      feeBps: feeBps,
      outA: outA,
      outB: outB,
      inA: inA,
      inB: inB,
      feeA: feeA,
      feeB: feeB,
      protocolFeeA: extractUint64(protocol, 0),
      protocolFeeB: extractUint64(protocol, 8),
      trader: this.txn.sender,
    });
  }

  /**
   * Writes pool (a, b) after a flash: each reserve r + in − out less the protocol's share ⌊fee/divisor⌋ of
   * that side's fee, which accrues to the protocol. `pool` is the box with its prices already accrued.
   * Returns the protocol's shares, uint64(a) ‖ uint64(b).
   */
  private flashSettle(a: uint64, b: uint64, tier: uint64, pool: bytes, inA: uint64, inB: uint64, outA: uint64, outB: uint64, feeA: uint64, feeB: uint64): bytes {
    const divisor = extractUint64(pool, 40);
    let protocolA = 0;
    let protocolB = 0;
    if (divisor > 0) {
      protocolA = feeA / divisor;
      protocolB = feeB / divisor;
    }
    const reserveA = extractUint64(pool, 0) + inA - outA - protocolA;
    const reserveB = extractUint64(pool, 8) + inB - outB - protocolB;
    assert(reserveA > 0 && reserveB > 0, 'ERR:NO_LIQUIDITY');
    const fees = concat(itob(extractUint64(pool, 48) + protocolA), itob(extractUint64(pool, 56) + protocolB));
    this.pools(this.tierKey(a, b, tier)).value = castBytes<PoolState>(replace3(replace3(pool, 0, concat(itob(reserveA), itob(reserveB))), 48, fees));
    return concat(itob(protocolA), itob(protocolB));
  }

  // ---- fees and admin ----

  /** Whether the app can send `asset` to `receiver`: ALGO always; an asset when the receiver holds it and neither holding is frozen. */
  private canPay(asset: uint64, receiver: Address): boolean {
    if (asset === 0) return true;
    const id = AssetID.fromUint64(asset);
    if (!receiver.isOptedInToAsset(id)) return false;
    return !receiver.assetFrozen(id) && !this.app.address.assetFrozen(id);
  }

  /** Sends the pool's accrued protocol fees to the registry's treasury (anyone may call); a side the treasury cannot receive stays accrued. */
  collectFees(a: uint64, b: uint64, feeBps: uint64): void {
    assert(a < b, 'ERR:ASSET_ORDER');
    const key = this.tierKey(a, b, feeBps);
    const pool = this.loadPool(key);
    const treasury = AppID.fromUint64(this.registry.value).globalState('treasury') as Address;
    // a side the treasury cannot receive (not opted in, either holding frozen) stays accrued for later
    const feesA = this.canPay(a, treasury) ? pool.protocolFeesA : 0;
    const feesB = this.canPay(b, treasury) ? pool.protocolFeesB : 0;
    pool.protocolFeesA = pool.protocolFeesA - feesA;
    pool.protocolFeesB = pool.protocolFeesB - feesB;
    this.pools(key).value = pool;
    if (feesA > 0) this.send(a, treasury, feesA);
    if (feesB > 0) this.send(b, treasury, feesB);
    this.FeesCollected.log({ a: a, b: b, feeBps: feeBps, amountA: feesA, amountB: feesB, treasury: treasury });
  }

  /**
   * Registry admin only: adds the fee tier feeBps (1–1,000 bps) to the menu; a tier is never removed (there is
   * no method for it), so every pool's tier stays on the menu. The first addition creates the menu's box: mbr
   * pays the measured minimum-balance increase (0 after that), the excess is refunded.
   */
  addFeeTier(mbr: PayTxn, feeBps: uint64): void {
    assert(this.txn.sender === (AppID.fromUint64(this.registry.value).globalState('admin') as Address), 'ERR:NOT_ADMIN');
    this.minBalancePayment(mbr);
    assert(feeBps >= 1 && feeBps <= MAX_TIER_BPS, 'ERR:BAD_TIER');
    const menu = this.menu();
    assert(!getbit(menu, feeBps), 'ERR:TIER_EXISTS');
    const before = this.app.address.minBalance;
    this.tierMenu.value = setbit(menu, feeBps, true);
    this.minBalanceIncrease(mbr, before);
    this.FeeTierAdded.log({ feeBps: feeBps });
  }

  /** A bare NoOp call (no arguments) does nothing: the cheapest padding that adds 700 to a group's opcode budget. */
  @allow.bareCall('NoOp')
  budget(): void {}

  // ---- reads ----

  /** The state of pool (a, b) in tier feeBps. */
  @abi.readonly
  getPool(a: uint64, b: uint64, feeBps: uint64): PoolState {
    return this.loadPool(this.tierKey(a, b, feeBps));
  }

  private quoteIn(assetIn: uint64, assetOut: uint64, tier: uint64, x: uint64): uint64 {
    const pool = this.loadPool(this.pairKey(assetIn, assetOut, tier));
    let rIn = pool.reserveB;
    let rOut = pool.reserveA;
    if (assetIn < assetOut) {
      rIn = pool.reserveA;
      rOut = pool.reserveB;
    }
    if (rIn === 0 || x === 0) return 0;
    const fee = this.swapFee(x, pool.feeBps);
    return this.outGivenNet(x - fee, rIn, rOut);
  }

  /** Output of an exact-in swap, as swapExactIn would compute it now. */
  @abi.readonly
  quoteExactIn(assetIn: uint64, assetOut: uint64, feeBps: uint64, amountIn: uint64): uint64 {
    return this.quoteIn(assetIn, assetOut, feeBps, amountIn);
  }

  /** Input an exact-out swap needs, as swapExactOut would compute it now. */
  @abi.readonly
  quoteExactOut(assetIn: uint64, assetOut: uint64, feeBps: uint64, amountOut: uint64): uint64 {
    const pool = this.loadPool(this.pairKey(assetIn, assetOut, feeBps));
    let rIn = pool.reserveB;
    let rOut = pool.reserveA;
    if (assetIn < assetOut) {
      rIn = pool.reserveA;
      rOut = pool.reserveB;
    }
    assert(rIn > 0 && amountOut > 0 && amountOut < rOut, 'ERR:NO_LIQUIDITY');
    const net = this.ceilMulDiv(rIn, amountOut, rOut - amountOut);
    return this.ceilMulDiv(net, BPS, BPS - pool.feeBps);
  }

  /** Output of a route, as swapRoute would compute it now (pools are not updated between hops here, so a route that visits a pool twice differs). */
  @abi.readonly
  quoteRoute(assetIn: uint64, path: uint64[], fees: uint64[], amountIn: uint64): uint64 {
    assert(path.length > 0 && path.length <= MAX_HOPS, 'ERR:BAD_PATH');
    assert(extractUint16(this.txn.applicationArgs![2], 0) * 8 === len(path), 'ERR:BAD_PATH');
    // fees: one tier per hop, as long as path
    assert(len(this.txn.applicationArgs![3]) === len(this.txn.applicationArgs![2]), 'ERR:BAD_PATH');
    let asset = assetIn;
    let amount = amountIn;
    for (let i = 0; i < path.length; i = i + 1) {
      amount = this.quoteIn(asset, path[i], fees[i], amount);
      asset = path[i];
    }
    return amount;
  }
}
