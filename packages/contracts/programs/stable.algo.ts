import { RegistryBoundContract } from './grove-contract.algo';

/** Registry pause bit for swaps (the DEX's). */
const PAUSE_SWAPS = 1;
/** Registry pause bit for pool creation (the DEX's). */
const PAUSE_POOLS = 2;
/** LP units locked forever by the first add (never issued), as the DEX's pools. */
const LOCKED_LP = 1000;
/** Basis points in one. */
const BPS = 10000;
/** A is stored times this (Curve's A_PRECISION), so a ramp moves it in hundredths. */
const A_PRECISION = 100;
/** The least and the most A (before the precision factor). */
const MIN_A = 1;
const MAX_A = 1000;
/** A ramp lasts at least a day, and a new one starts at least a day after the last one started. */
const MIN_RAMP_TIME = 86400;
/** A ramp changes A by at most this factor either way. */
const MAX_A_CHANGE = 10;
/** Amounts are normalised to this many decimals (an ASA has at most 19): balance · 10^(19 − decimals). */
const NORMALISED_DECIMALS = 19;
/** LP units of the first deposit: D / 10^13 (D has 19 decimals, the LP token 6). */
const LP_SCALE = 10_000_000_000_000;
/** Newton's iterations for D stop here (ERR:NO_CONVERGENCE). */
const MAX_ITERATIONS = 32;
/** One op-up inner call (700 opcodes) before every this many iterations of a call (iteration 0, 2, 4, …): an iteration costs ~155. */
const ITERATIONS_PER_OP_UP = 2;

/**
 * A stable pool's state, the value of its box (264 bytes). reserveA/B are the balances on the curve;
 * feesA/B are the LPs' swap fees, kept off the curve until the next add folds them in, so a swap's D is
 * the stored one (no iteration) and proportional removes pay them out pro rata. d is the invariant of the
 * reserves (normalised) at amp dAmp, one below Newton's result: a lower bound, so every swap keeps the
 * reserves on or above the curve it prices with. k = (4·dAmp − 100)·D and c = 400·dAmp·D³ are kept beside
 * it, so a swap's closed form costs one b* for them instead of four.
 */
type StablePool = {
  reserveA: uint64;
  reserveB: uint64;
  lpAsset: uint64;
  lpIssued: uint64;
  feeBps: uint64;
  protocolFeeDivisor: uint64;
  protocolFeesA: uint64;
  protocolFeesB: uint64;
  feesA: uint64;
  feesB: uint64;
  multiplierA: uint64;
  multiplierB: uint64;
  initialA: uint64;
  futureA: uint64;
  initialTime: uint64;
  futureTime: uint64;
  dAmp: uint64;
  d: uint256;
  k: uint256;
  c: uint<512>;
};

/**
 * What a Locks app reads of a pool by inner call (getLevel): its LP token, its LP supply (issued + the
 * LOCKED_LP units) and D of what its LPs own, for the lock's level ℓ = D/S.
 */
type StableLevel = {
  lpAsset: uint64;
  supply: uint64;
  d: uint256;
};

/**
 * Grove's stable pools: Curve's StableSwap invariant for two assets, one app, a box per (pair, fee tier).
 * 4A(x + y) + D = 4AD + D³/(4xy) over amounts normalised to 19 decimals; D by Newton's iteration in
 * byte math (at most MAX_ITERATIONS), a swap's output in closed form (one square root) from the stored D.
 */
export class Stable extends RegistryBoundContract {
  /** The registry app whose globals hold the admin, pause flags and protocol fee divisor. */
  registry = GlobalStateKey<uint64>({ key: 'registry' });

  /** The pools, a box `"s" ‖ uint64(a) ‖ uint64(b) ‖ uint64(feeBps)` each (a < b, 0 = ALGO). */
  pools = BoxMap<bytes, StablePool>({ prefix: 's' });

  /**
   * The pool a flash loan has lent from, its box key after "s" (24 bytes), until its verify in the same
   * group (empty otherwise): every call on that pool, and every other flash, is refused (ERR:FLASH_LOCKED).
   * The start checks that its verify follows in the group, so the lock never outlives the group.
   */
  flash = GlobalStateKey<bytes>({ key: 'flash' });

  /** The open flash loan's terms: uint64(amountA) ‖ uint64(amountB) ‖ uint64(start's group index). */
  flashTerms = GlobalStateKey<bytes>({ key: 'flashTerms' });

  /** A pool was created at amplifier amp (times A_PRECISION). */
  PoolCreated = new EventLogger<{ a: uint64; b: uint64; feeBps: uint64; amp: uint64; lpAsset: uint64; creator: Address }>();

  /** One swap: fee is the LPs' and the protocol's, taken from the output (amountOut is what the trader got). */
  Swap = new EventLogger<{
    assetIn: uint64;
    assetOut: uint64;
    feeBps: uint64;
    amountIn: uint64;
    amountOut: uint64;
    fee: uint64;
    protocolFee: uint64;
    trader: Address;
  }>();

  /** Liquidity was added (the LP fees held were folded into the reserves first). */
  LiquidityAdded = new EventLogger<{ a: uint64; b: uint64; feeBps: uint64; amountA: uint64; amountB: uint64; lp: uint64; provider: Address }>();

  /** Liquidity was removed in proportion. */
  LiquidityRemoved = new EventLogger<{ a: uint64; b: uint64; feeBps: uint64; amountA: uint64; amountB: uint64; lp: uint64; provider: Address }>();

  /** The admin started a ramp of A (times A_PRECISION) from initialA now to futureA at futureTime. */
  RampA = new EventLogger<{ a: uint64; b: uint64; feeBps: uint64; initialA: uint64; futureA: uint64; initialTime: uint64; futureTime: uint64 }>();

  /** The admin stopped a ramp where it stood. */
  StopRampA = new EventLogger<{ a: uint64; b: uint64; feeBps: uint64; amp: uint64; time: uint64 }>();

  /**
   * A flash loan was repaid at its verify: what was lent, what came back, the fee (the protocol's share
   * included) and the protocol's share. The reserves (and D) do not move: repaid − lent − protocolFee waits
   * off the curve for the LPs beside the swaps' fees (feesA/B), the protocol's share in protocolFeesA/B.
   */
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

  /** Protocol fees were sent to the treasury. */
  FeesCollected = new EventLogger<{ a: uint64; b: uint64; feeBps: uint64; amountA: uint64; amountB: uint64; treasury: Address }>();

  /** Binds the app to its registry. */
  createApplication(registryApp: uint64): void {
    this.registry.value = registryApp;
    this.flash.value = '';
    this.flashTerms.value = '';
  }

  // ---- pool helpers ----

  /** The box key of pool (a, b) in tier feeBps (a < b: ERR:ASSET_ORDER). */
  private poolKey(a: uint64, b: uint64, feeBps: uint64): bytes {
    assert(a < b, 'ERR:ASSET_ORDER');
    return concat(concat(itob(a), itob(b)), itob(feeBps));
  }

  /** Fails (ERR:FLASH_LOCKED) while a flash loan has lent from the pool `key` and its verify has not run (one global read while none is open). */
  private unlocked(key: bytes): void {
    if (len(this.flash.value) > 0) assert(this.flash.value !== key, 'ERR:FLASH_LOCKED');
  }

  /** A (times A_PRECISION) now: futureA after the ramp, else the straight line from initialA at initialTime (rounded down). */
  private ampAt(pool: bytes): uint64 {
    const a1 = extractUint64(pool, 104);
    const t1 = extractUint64(pool, 120);
    if (globals.latestTimestamp >= t1) return a1;
    const a0 = extractUint64(pool, 96);
    const t0 = extractUint64(pool, 112);
    if (a1 > a0) return a0 + ((a1 - a0) * (globals.latestTimestamp - t0)) / (t1 - t0);
    return a0 - ((a0 - a1) * (globals.latestTimestamp - t0)) / (t1 - t0);
  }

  /** amount · multiplier as 16 bytes (a normalised amount). */
  private norm(amount: uint64, multiplier: uint64): bytes {
    const m = mulw(amount, multiplier);
    return concat(itob(m.high), itob(m.low));
  }

  /**
   * D for normalised balances x and y at amp (times A_PRECISION) by Newton's iteration from `start`:
   * D' = (2D³ + K1)/(3D² + K2) with P = 4xy, α = 4·amp, K1 = ⌊α·S·P/100⌋, K2 = ⌊(α − 100)·P/100⌋, until
   * |D' − D| ≤ 1. `done` counts the call's iterations so far: an op-up inner call runs before each
   * ITERATIONS_PER_OP_UP-th. Returns uint64(done after) ‖ D.
   */
  private newtonD(x: bytes, y: bytes, amp: uint64, start: bytes, done: uint64): bytes {
    // @ts-expect-error raw b+ (TEALScript's width checks are not wanted: values stay below 2^512)
    const s = castBytes<bytes>(castBytes<uint<512>>(x) + castBytes<uint<512>>(y));
    // @ts-expect-error raw b*
    const p = castBytes<bytes>(castBytes<uint<512>>(x) * castBytes<uint<512>>(y) * castBytes<uint<512>>(itob(4)));
    const k1 = castBytes<bytes>(
      // @ts-expect-error raw b*, b/
      (castBytes<uint<512>>(s) * castBytes<uint<512>>(p) * castBytes<uint<512>>(itob(amp * 4))) / castBytes<uint<512>>(itob(A_PRECISION)),
    );
    // @ts-expect-error raw b*, b/
    const k2 = castBytes<bytes>((castBytes<uint<512>>(p) * castBytes<uint<512>>(itob(amp * 4 - A_PRECISION))) / castBytes<uint<512>>(itob(A_PRECISION)));
    let d = start;
    let n = done;
    for (let i = 0; i < MAX_ITERATIONS; i = i + 1) {
      if (n % ITERATIONS_PER_OP_UP === 0) increaseOpcodeBudget();
      n = n + 1;
      // @ts-expect-error raw b*
      const d2 = castBytes<bytes>(castBytes<uint<512>>(d) * castBytes<uint<512>>(d));
      // @ts-expect-error raw b*
      const d3 = castBytes<bytes>(castBytes<uint<512>>(d2) * castBytes<uint<512>>(d));
      const next = castBytes<bytes>(
        // @ts-expect-error raw b+, b/
        (castBytes<uint<512>>(d3) + castBytes<uint<512>>(d3) + castBytes<uint<512>>(k1)) /
          (castBytes<uint<512>>(d2) + castBytes<uint<512>>(d2) + castBytes<uint<512>>(d2) + castBytes<uint<512>>(k2)),
      );
      if (castBytes<uint<512>>(next) > castBytes<uint<512>>(d)) {
        if (castBytes<uint<512>>(next) <= castBytes<uint<512>>(d) + castBytes<uint<512>>(itob(1))) return concat(itob(n), next);
      } else if (castBytes<uint<512>>(d) <= castBytes<uint<512>>(next) + castBytes<uint<512>>(itob(1))) return concat(itob(n), next);
      d = next;
    }
    assert(false, 'ERR:NO_CONVERGENCE');
    return '';
  }

  /** D − 1 (the stored lower bound; 0 stays 0). */
  private storedD(d: bytes): bytes {
    if (castBytes<uint<512>>(d) === castBytes<uint<512>>(itob(0))) return d;
    // @ts-expect-error raw b-
    return castBytes<bytes>(castBytes<uint<512>>(d) - castBytes<uint<512>>(itob(1)));
  }

  /** The box's invariant fields from byte 128: uint64(amp) ‖ D (32 bytes) ‖ k = (4·amp − 100)·D (32) ‖ c = 400·amp·D³ (64). */
  private invariant(amp: uint64, d: bytes): bytes {
    // @ts-expect-error raw b*
    const k = castBytes<bytes>(castBytes<uint<512>>(d) * castBytes<uint<512>>(itob(amp * 4 - A_PRECISION)));
    const c = castBytes<bytes>(
      // @ts-expect-error raw b*
      castBytes<uint<512>>(d) * castBytes<uint<512>>(d) * castBytes<uint<512>>(d) * castBytes<uint<512>>(itob(amp * 4 * A_PRECISION)),
    );
    return concat(concat(itob(amp), bitwiseOr(bzero(32), d)), concat(bitwiseOr(bzero(32), k), bitwiseOr(bzero(64), c)));
  }

  /** The pool's reserves normalised: x ‖ y, 16 bytes each. */
  private normalised(pool: bytes, rA: uint64, rB: uint64): bytes {
    return concat(this.norm(rA, extractUint64(pool, 80)), this.norm(rB, extractUint64(pool, 88)));
  }

  /**
   * The box after D is found again at `amp` (a ramp moved A since D was stored): Newton from the stored
   * D on the reserves. Returns uint64(iterations) ‖ the box.
   */
  private refreshD(pool: bytes, amp: uint64): bytes {
    const xy = this.normalised(pool, extractUint64(pool, 0), extractUint64(pool, 8));
    const found = this.newtonD(extract3(xy, 0, 16), extract3(xy, 16, 16), amp, extract3(pool, 136, 32), 0);
    const d = this.storedD(extract3(found, 8, len(found) - 8));
    return concat(extract3(found, 0, 8), replace3(pool, 128, this.invariant(amp, d)));
  }

  // ---- pools ----

  /**
   * Creates the stable pool (a, b) in tier feeBps (1, 5, 30 or 100) at amplifier amp (1–1,000): the app
   * opts into both assets and creates the LP token; mbr pays the measured minimum-balance increase.
   */
  createPool(mbr: PayTxn, a: uint64, b: uint64, feeBps: uint64, amp: uint64): uint64 {
    this.notPaused(this.registry.value, PAUSE_POOLS);
    const key = this.poolKey(a, b, feeBps);
    assert(feeBps === 1 || feeBps === 5 || feeBps === 30 || feeBps === 100, 'ERR:BAD_FEE');
    assert(amp >= MIN_A && amp <= MAX_A, 'ERR:BAD_AMP');
    assert(!this.pools(key).exists, 'ERR:POOL_EXISTS');
    this.minBalancePayment(mbr);
    // pools of LP tokens would mix the app's unissued LP supply into reserves
    if (a !== 0) assert(AssetID.fromUint64(a).creator !== this.app.address, 'ERR:LP_ASSET');
    assert(AssetID.fromUint64(b).creator !== this.app.address, 'ERR:LP_ASSET');
    let decimalsA = 6;
    if (a !== 0) decimalsA = AssetID.fromUint64(a).decimals;
    const decimalsB = AssetID.fromUint64(b).decimals;
    const before = this.app.address.minBalance;
    this.optIn(a);
    this.optIn(b);
    let unitA: bytes = 'ALGO';
    if (a !== 0) unitA = AssetID.fromUint64(a).unitName;
    const unitB = AssetID.fromUint64(b).unitName;
    let name: bytes = 'Grove stable LP';
    if (len(unitA) > 0 && len(unitB) > 0) name = concat(concat('Grove stable LP ', unitA), concat('/', unitB));
    const lpAsset = sendAssetCreation({
      configAssetTotal: Uint<64>('18446744073709551615'),
      configAssetDecimals: 6,
      configAssetUnitName: 'GSLP',
      configAssetName: name,
      configAssetReserve: this.app.address,
      fee: 0,
    });
    this.pools(key).value = {
      reserveA: 0,
      reserveB: 0,
      lpAsset: lpAsset.id,
      lpIssued: 0,
      feeBps: feeBps,
      protocolFeeDivisor: AppID.fromUint64(this.registry.value).globalState('protocolFeeDivisor') as uint64,
      protocolFeesA: 0,
      protocolFeesB: 0,
      feesA: 0,
      feesB: 0,
      multiplierA: 10 ** (NORMALISED_DECIMALS - decimalsA),
      multiplierB: 10 ** (NORMALISED_DECIMALS - decimalsB),
      initialA: amp * A_PRECISION,
      futureA: amp * A_PRECISION,
      initialTime: globals.latestTimestamp,
      futureTime: globals.latestTimestamp,
      dAmp: amp * A_PRECISION,
      d: 0 as uint256,
      k: 0 as uint256,
      c: 0 as uint<512>,
    };
    this.minBalanceIncrease(mbr, before);
    this.PoolCreated.log({ a: a, b: b, feeBps: feeBps, amp: amp * A_PRECISION, lpAsset: lpAsset.id, creator: this.txn.sender });
    return lpAsset.id;
  }

  /**
   * Adds `amountA`/`amountB` (held by the app already; either may be 0 after the first add) and sends the
   * LP. The LP fees held are folded into the reserves first. The first add (both sides) mints D/10^13 LP
   * less LOCKED_LP; later ones mint supply·(D2 − D0)/D0, where D2 is the invariant of the new balances
   * less Curve's imbalance fee: fee/2 of each side's distance from the proportional deposit (D1·old/D0).
   */
  private addAmounts(a: uint64, b: uint64, feeBps: uint64, amountA: uint64, amountB: uint64, minLp: uint64): uint64 {
    const key = this.poolKey(a, b, feeBps);
    this.unlocked(key);
    // a missing box fails here; the build maps this assert to ERR:NO_POOL
    const pool = rawBytes(this.pools(key).value);
    const amp = this.ampAt(pool);
    const rA = extractUint64(pool, 0) + extractUint64(pool, 64);
    const rB = extractUint64(pool, 8) + extractUint64(pool, 72);
    const lpIssued = extractUint64(pool, 24);
    const old = this.normalised(pool, rA, rB);
    const added = this.normalised(pool, rA + amountA, rB + amountB);
    const nA = extract3(added, 0, 16);
    const nB = extract3(added, 16, 16);
    let lp = 0;
    let d1 = '';
    if (rA === 0) {
      assert(amountA > 0 && amountB > 0, 'ERR:FIRST_ADD');
      // @ts-expect-error raw b+
      const found = this.newtonD(nA, nB, amp, castBytes<bytes>(castBytes<uint<512>>(nA) + castBytes<uint<512>>(nB)), 0);
      d1 = extract3(found, 8, len(found) - 8);
      // @ts-expect-error raw b/
      const units = castBytes<bytes>(castBytes<uint<512>>(d1) / castBytes<uint<512>>(itob(LP_SCALE)));
      assert(len(units) <= 8, 'ERR:OVERFLOW');
      const total = btoi(units);
      assert(total > LOCKED_LP, 'ERR:LOCKED_LIQUIDITY');
      lp = total - LOCKED_LP;
    } else {
      // one op-up for the imbalance fees, the mint and the stored invariant (~1,400 opcodes besides the iterations)
      increaseOpcodeBudget();
      const oA = extract3(old, 0, 16);
      const oB = extract3(old, 16, 16);
      const f0 = this.newtonD(oA, oB, amp, extract3(pool, 136, 32), 0);
      const d0 = extract3(f0, 8, len(f0) - 8);
      // from D0 plus what was added (at or above D1 for a proportional add)
      // @ts-expect-error raw b+, b-
      const start = castBytes<bytes>(castBytes<uint<512>>(d0) + castBytes<uint<512>>(nA) + castBytes<uint<512>>(nB) - castBytes<uint<512>>(oA) - castBytes<uint<512>>(oB));
      const f1 = this.newtonD(nA, nB, amp, start, extractUint64(f0, 0));
      d1 = extract3(f1, 8, len(f1) - 8);
      const mA = this.lessImbalanceFee(nA, oA, d1, d0, feeBps);
      const mB = this.lessImbalanceFee(nB, oB, d1, d0, feeBps);
      const f2 = this.newtonD(mA, mB, amp, d1, extractUint64(f1, 0));
      const d2 = extract3(f2, 8, len(f2) - 8);
      if (castBytes<uint<512>>(d2) > castBytes<uint<512>>(d0)) {
        const units = castBytes<bytes>(
          // @ts-expect-error raw b*, b-, b/
          (castBytes<uint<512>>(itob(lpIssued + LOCKED_LP)) * (castBytes<uint<512>>(d2) - castBytes<uint<512>>(d0))) / castBytes<uint<512>>(d0),
        );
        assert(len(units) <= 8, 'ERR:OVERFLOW');
        lp = btoi(units);
      }
    }
    assert(lp > 0, 'ERR:ZERO_OUT');
    assert(lp >= minLp, 'ERR:SLIPPAGE');
    // reserves with the fees folded in and the amounts added, fees 0, lpIssued, then dAmp ‖ D
    const updated = replace3(
      replace3(replace3(replace3(pool, 0, concat(itob(rA + amountA), itob(rB + amountB))), 24, itob(lpIssued + lp)), 64, bzero(16)),
      128,
      this.invariant(amp, this.storedD(d1)),
    );
    this.pools(key).value = castBytes<StablePool>(updated);
    this.send(extractUint64(pool, 16), this.txn.sender, lp);
    this.LiquidityAdded.log({ a: a, b: b, feeBps: feeBps, amountA: amountA, amountB: amountB, lp: lp, provider: this.txn.sender });
    return lp;
  }

  /** n less Curve's imbalance fee on its distance from the proportional balance: n − ⌈|D1·o/D0 − n|·fee/20000⌉. */
  private lessImbalanceFee(n: bytes, o: bytes, d1: bytes, d0: bytes, feeBps: uint64): bytes {
    // @ts-expect-error raw b*, b/
    const ideal = castBytes<bytes>((castBytes<uint<512>>(d1) * castBytes<uint<512>>(o)) / castBytes<uint<512>>(d0));
    let diff = ideal;
    // @ts-expect-error raw b-
    if (castBytes<uint<512>>(ideal) > castBytes<uint<512>>(n)) diff = castBytes<bytes>(castBytes<uint<512>>(ideal) - castBytes<uint<512>>(n));
    // @ts-expect-error raw b-
    else diff = castBytes<bytes>(castBytes<uint<512>>(n) - castBytes<uint<512>>(ideal));
    const fee = castBytes<bytes>(
      // @ts-expect-error raw b*, b+, b/
      (castBytes<uint<512>>(diff) * castBytes<uint<512>>(itob(feeBps)) + castBytes<uint<512>>(itob(2 * BPS - 1))) / castBytes<uint<512>>(itob(2 * BPS)),
    );
    // @ts-expect-error raw b-
    return castBytes<bytes>(castBytes<uint<512>>(n) - castBytes<uint<512>>(fee));
  }

  /** Adds both sides (in any proportion): see addAmounts. */
  addLiquidity(inA: Txn, inB: Txn, a: uint64, b: uint64, feeBps: uint64, minLp: uint64): uint64 {
    const amountA = this.incoming(inA, a);
    const amountB = this.incoming(inB, b);
    return this.addAmounts(a, b, feeBps, amountA, amountB, minLp);
  }

  /** Adds one side only (never the first add): it pays the imbalance fee on its whole distance from the pool's ratio. */
  addLiquiditySingle(input: Txn, a: uint64, b: uint64, feeBps: uint64, minLp: uint64): uint64 {
    const asset = this.assetOf(input);
    assert(asset === a || asset === b, 'ERR:BAD_INPUT_ASSET');
    const amount = this.incoming(input, asset);
    if (asset === a) return this.addAmounts(a, b, feeBps, amount, 0, minLp);
    return this.addAmounts(a, b, feeBps, 0, amount, minLp);
  }

  /**
   * Burns LP for its share of both reserves and of the LP fees held (each rounded down): no iteration,
   * so LPs can always leave. D scales with the reserves: ⌊D·(supply − lp)/supply⌋, still a lower bound.
   */
  removeLiquidity(lp: AssetTransferTxn, a: uint64, b: uint64, feeBps: uint64, minA: uint64, minB: uint64): [uint64, uint64] {
    const key = this.poolKey(a, b, feeBps);
    this.unlocked(key);
    const pool = rawBytes(this.pools(key).value);
    // @ts-expect-error an axfer argument is a group transaction like any txn argument (TEALScript's types keep them apart)
    const amount = this.incoming(lp, extractUint64(pool, 16));
    const lpIssued = extractUint64(pool, 24);
    const supply = lpIssued + LOCKED_LP;
    const takeA = this.floorMulDiv(amount, extractUint64(pool, 0), supply);
    const takeB = this.floorMulDiv(amount, extractUint64(pool, 8), supply);
    const feesA = this.floorMulDiv(amount, extractUint64(pool, 64), supply);
    const feesB = this.floorMulDiv(amount, extractUint64(pool, 72), supply);
    const outA = takeA + feesA;
    const outB = takeB + feesB;
    assert(outA > 0 || outB > 0, 'ERR:ZERO_OUT');
    assert(outA >= minA && outB >= minB, 'ERR:SLIPPAGE');
    // @ts-expect-error raw b*, b/
    const d = castBytes<bytes>((castBytes<uint<512>>(extract3(pool, 136, 32)) * castBytes<uint<512>>(itob(supply - amount))) / castBytes<uint<512>>(itob(supply)));
    const updated = replace3(
      replace3(
        replace3(replace3(pool, 0, concat(itob(extractUint64(pool, 0) - takeA), itob(extractUint64(pool, 8) - takeB))), 24, itob(lpIssued - amount)),
        64,
        concat(itob(extractUint64(pool, 64) - feesA), itob(extractUint64(pool, 72) - feesB)),
      ),
      128,
      this.invariant(extractUint64(pool, 128), d),
    );
    this.pools(key).value = castBytes<StablePool>(updated);
    if (outA > 0) this.send(a, this.txn.sender, outA);
    if (outB > 0) this.send(b, this.txn.sender, outB);
    this.LiquidityRemoved.log({ a: a, b: b, feeBps: feeBps, amountA: outA, amountB: outB, lp: amount, provider: this.txn.sender });
    return [outA, outB];
  }

  // ---- swaps ----

  /**
   * Swaps all of the input for at least minOut of assetOut in pool (assetIn, assetOut, feeBps). With x the
   * input side's new normalised balance and D the stored invariant, the output side's balance is solved in
   * closed form, rounded up: y = ⌊(⌊√(β² + ⌊α·100·D³/x⌋)⌋ + 1 − β)/(2α)⌋, β = αx + 100·D − αD, α = 4·amp,
   * then ⌊y/multiplier⌋ + 1 in base units; the fee ⌈dy·fee/10000⌉ comes off the output dy and waits off the
   * curve for the LPs (less the protocol's ⌊fee/divisor⌋). No iteration unless a ramp moved A since D.
   */
  swapExactIn(input: Txn, assetOut: uint64, feeBps: uint64, minOut: uint64): uint64 {
    this.notPaused(this.registry.value, PAUSE_SWAPS);
    const assetIn = this.assetOf(input);
    const dx = this.incoming(input, assetIn);
    assert(assetIn !== assetOut, 'ERR:SAME_ASSET');
    // the input side's fields are at inOff past each pair of fields (0 when it is side a)
    let inOff = 8;
    let key = concat(concat(itob(assetOut), itob(assetIn)), itob(feeBps));
    if (assetIn < assetOut) {
      inOff = 0;
      key = concat(concat(itob(assetIn), itob(assetOut)), itob(feeBps));
    }
    this.unlocked(key);
    // a missing box fails here; the build maps this assert to ERR:NO_POOL
    let pool = rawBytes(this.pools(key).value);
    const amp = this.ampAt(pool);
    if (amp !== extractUint64(pool, 128)) pool = extract3(this.refreshD(pool, amp), 8, 264);
    const rOut = extractUint64(pool, 8 - inOff);
    assert(rOut > 0, 'ERR:NO_LIQUIDITY');
    const xw = mulw(extractUint64(pool, inOff) + dx, extractUint64(pool, 80 + inOff));
    const x = concat(itob(xw.high), itob(xw.low));
    // β = αx + 100·D − αD = αx − k, kept as its size and its sign; c = ⌊400·amp·D³/x⌋ from the stored c
    // @ts-expect-error raw b*
    const ax = castBytes<bytes>(castBytes<uint<512>>(x) * castBytes<uint<512>>(itob(amp * 4)));
    const k = extract3(pool, 168, 32);
    // @ts-expect-error raw b/
    const c = castBytes<bytes>(castBytes<uint<512>>(extract3(pool, 200, 64)) / castBytes<uint<512>>(x));
    // then y = ⌊(⌊√(β² + c)⌋ + 1 − β)/(2α)⌋ and, in base units rounded up, ⌊y/multiplier⌋ + 1 = ⌊(√… + 1 − β)/(2α·multiplier)⌋ + 1
    const q = mulw(amp * 8, extractUint64(pool, 88 - inOff));
    let n = '';
    if (castBytes<uint<512>>(ax) >= castBytes<uint<512>>(k)) {
      // @ts-expect-error raw b-
      const beta = castBytes<bytes>(castBytes<uint<512>>(ax) - castBytes<uint<512>>(k));
      // @ts-expect-error raw b*, b+, b-
      n = castBytes<bytes>(sqrt(castBytes<uint<512>>(beta) * castBytes<uint<512>>(beta) + castBytes<uint<512>>(c)) + castBytes<uint<512>>(itob(1)) - castBytes<uint<512>>(beta));
    } else {
      // @ts-expect-error raw b-
      const beta = castBytes<bytes>(castBytes<uint<512>>(k) - castBytes<uint<512>>(ax));
      n = castBytes<bytes>(sqrt(castBytes<uint<512>>(beta) * castBytes<uint<512>>(beta) + castBytes<uint<512>>(c)) + castBytes<uint<512>>(itob(1)) + castBytes<uint<512>>(beta));
    }
    // @ts-expect-error raw b/
    const yUnits = castBytes<bytes>(castBytes<uint<512>>(n) / castBytes<uint<512>>(concat(itob(q.high), itob(q.low))));
    assert(len(yUnits) <= 8, 'ERR:ZERO_OUT');
    const yOut = btoi(yUnits) + 1;
    assert(yOut < rOut, 'ERR:ZERO_OUT');
    const dy = rOut - yOut;
    const fee = (dy / BPS) * feeBps + ((dy % BPS) * feeBps + (BPS - 1)) / BPS;
    const out = dy - fee;
    assert(out > 0, 'ERR:ZERO_OUT');
    assert(out >= minOut, 'ERR:SLIPPAGE');
    let protocolFee = 0;
    const divisor = extractUint64(pool, 40);
    if (divisor > 0) protocolFee = fee / divisor;
    // reserves; the output side's LP fees (72 − inOff) and protocol fees (56 − inOff)
    const updated = replace3(
      replace3(
        replace3(replace3(pool, inOff, itob(extractUint64(pool, inOff) + dx)), 8 - inOff, itob(yOut)),
        72 - inOff,
        itob(extractUint64(pool, 72 - inOff) + fee - protocolFee),
      ),
      56 - inOff,
      itob(extractUint64(pool, 56 - inOff) + protocolFee),
    );
    this.pools(key).value = castBytes<StablePool>(updated);
    this.Swap.log({
      assetIn: assetIn,
      assetOut: assetOut,
      feeBps: feeBps,
      amountIn: dx,
      amountOut: out,
      fee: fee,
      protocolFee: protocolFee,
      trader: this.txn.sender,
    });
    this.send(assetOut, this.txn.sender, out);
    return out;
  }

  // ---- flash loans ----

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
   * Lends `amountA` of a and `amountB` of b (each up to the reserve on the curve, not both 0) from pool
   * (a, b, feeBps) to the caller, as the DEX's flash loan. The verify `verifyFlashLoan(startOffset =
   * verifyOffset, a, b, feeBps)` must follow `verifyOffset` places later; until it runs the pool is locked
   * (ERR:FLASH_LOCKED), and no other flash starts in the app. Inner txns: one per side lent.
   */
  flashLoan(verifyOffset: uint64, a: uint64, b: uint64, feeBps: uint64, amountA: uint64, amountB: uint64): void {
    this.notPaused(this.registry.value, PAUSE_SWAPS);
    const key = this.poolKey(a, b, feeBps);
    // one flash at a time in the whole app: no flash inside another
    assert(len(this.flash.value) === 0, 'ERR:FLASH_LOCKED');
    assert(verifyOffset > 0, 'ERR:FLASH_PAIR');
    this.flashPair(this.txn.groupIndex + verifyOffset, method('verifyFlashLoan(uint64,uint64,uint64,uint64)void'), verifyOffset, a, b, feeBps);
    // a missing box fails here; the build maps this assert to ERR:NO_POOL
    const pool = rawBytes(this.pools(key).value);
    assert(extractUint64(pool, 0) > 0, 'ERR:NO_LIQUIDITY');
    assert(amountA > 0 || amountB > 0, 'ERR:ZERO_AMOUNT');
    assert(amountA <= extractUint64(pool, 0) && amountB <= extractUint64(pool, 8), 'ERR:NO_LIQUIDITY');
    this.flash.value = key;
    this.flashTerms.value = concat(concat(itob(amountA), itob(amountB)), itob(this.txn.groupIndex));
    if (amountA > 0) this.send(a, this.txn.sender, amountA);
    if (amountB > 0) this.send(b, this.txn.sender, amountB);
  }

  /**
   * What the caller paid back at the verify: the `count` transfers right before the call (the places ABI
   * `txn` arguments hold), of a then b when there are two, each checked as every deposit (`incoming`).
   * Returns uint64(inA) ‖ uint64(inB).
   */
  private flashPaid(count: uint64, a: uint64, b: uint64): bytes {
    let inA = 0;
    let inB = 0;
    if (count === 2) {
      inA = this.incoming(this.txnGroup[this.txn.groupIndex - 2], a);
      inB = this.incoming(this.txnGroup[this.txn.groupIndex - 1], b);
    } else {
      const asset = this.assetOf(this.txnGroup[this.txn.groupIndex - 1]);
      if (asset === a) inA = this.incoming(this.txnGroup[this.txn.groupIndex - 1], a);
      else inB = this.incoming(this.txnGroup[this.txn.groupIndex - 1], b);
    }
    return concat(itob(inA), itob(inB));
  }

  /**
   * Checks the repayment of the flash loan `startOffset` places earlier and unlocks the pool: the transfer
   * of each lent side right before this call (a then b when both were lent), from the caller to the app,
   * at least the loan plus the pool's fee ⌈loan·fee/10000⌉ on it (ERR:FLASH_REPAY). The reserves and D
   * stay as they were (the loan is back); the fee and any excess are the LPs', held off the curve as a
   * swap's fee is (feesA/B, folded in at the next add), less the protocol's ⌊fee/divisor⌋.
   */
  verifyFlashLoan(startOffset: uint64, a: uint64, b: uint64, feeBps: uint64): void {
    const key = this.poolKey(a, b, feeBps);
    // a verify without its start (or of another pool) finds no open flash on this pool
    assert(this.flash.value === key, 'ERR:FLASH_PAIR');
    const terms = this.flashTerms.value;
    assert(startOffset > 0 && startOffset <= this.txn.groupIndex, 'ERR:FLASH_PAIR');
    assert(this.txn.groupIndex - startOffset === extractUint64(terms, 16), 'ERR:FLASH_PAIR');
    this.flashPair(this.txn.groupIndex - startOffset, method('flashLoan(uint64,uint64,uint64,uint64,uint64,uint64)void'), startOffset, a, b, feeBps);
    this.flash.value = '';
    this.flashTerms.value = '';
    const loanA = extractUint64(terms, 0);
    const loanB = extractUint64(terms, 8);
    let count = 1;
    if (loanA > 0 && loanB > 0) count = 2;
    const paid = this.flashPaid(count, a, b);
    const repaidA = extractUint64(paid, 0);
    const repaidB = extractUint64(paid, 8);
    const feeA = (loanA / BPS) * feeBps + ((loanA % BPS) * feeBps + (BPS - 1)) / BPS;
    const feeB = (loanB / BPS) * feeBps + ((loanB % BPS) * feeBps + (BPS - 1)) / BPS;
    // each lent side comes back in its own asset (none of a side not lent: that transfer would be the other's)
    assert((loanA === 0 || repaidA >= loanA + feeA) && (loanB === 0 || repaidB >= loanB + feeB), 'ERR:FLASH_REPAY');
    const pool = rawBytes(this.pools(key).value);
    let protocolA = 0;
    let protocolB = 0;
    const divisor = extractUint64(pool, 40);
    if (divisor > 0) {
      protocolA = feeA / divisor;
      protocolB = feeB / divisor;
    }
    // protocol fees (48), then the LPs' fees off the curve (64): what came back beyond the loan
    const updated = replace3(
      replace3(pool, 48, concat(itob(extractUint64(pool, 48) + protocolA), itob(extractUint64(pool, 56) + protocolB))),
      64,
      concat(itob(extractUint64(pool, 64) + repaidA - loanA - protocolA), itob(extractUint64(pool, 72) + repaidB - loanB - protocolB)),
    );
    this.pools(key).value = castBytes<StablePool>(updated);
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
      protocolFeeA: protocolA,
      protocolFeeB: protocolB,
      borrower: this.txn.sender,
    });
  }

  // ---- amplifier ----

  /** Fails (ERR:NOT_ADMIN) unless the sender is the registry's admin. */
  private onlyAdmin(): void {
    assert(this.txn.sender === (AppID.fromUint64(this.registry.value).globalState('admin') as Address), 'ERR:NOT_ADMIN');
  }

  /**
   * Registry admin only: ramps A (times A_PRECISION, 100–100,000) from where it stands now to futureA at
   * futureTime, a day or more away (ERR:RAMP_TIME), at most 10× up or down (ERR:RAMP_CHANGE), a day or
   * more after the last ramp started (ERR:RAMP_TIME).
   */
  rampA(a: uint64, b: uint64, feeBps: uint64, futureA: uint64, futureTime: uint64): void {
    this.onlyAdmin();
    const key = this.poolKey(a, b, feeBps);
    this.unlocked(key);
    const pool = this.pools(key).value;
    assert(globals.latestTimestamp >= pool.initialTime + MIN_RAMP_TIME, 'ERR:RAMP_TIME');
    assert(futureTime >= globals.latestTimestamp + MIN_RAMP_TIME, 'ERR:RAMP_TIME');
    assert(futureA >= MIN_A * A_PRECISION && futureA <= MAX_A * A_PRECISION, 'ERR:BAD_AMP');
    const now = this.ampAt(rawBytes(pool));
    assert(futureA <= now * MAX_A_CHANGE && futureA * MAX_A_CHANGE >= now, 'ERR:RAMP_CHANGE');
    pool.initialA = now;
    pool.futureA = futureA;
    pool.initialTime = globals.latestTimestamp;
    pool.futureTime = futureTime;
    this.pools(key).value = pool;
    this.RampA.log({ a: a, b: b, feeBps: feeBps, initialA: now, futureA: futureA, initialTime: globals.latestTimestamp, futureTime: futureTime });
  }

  /** Registry admin only: stops a ramp where it stands (A stays at its value now). */
  stopRampA(a: uint64, b: uint64, feeBps: uint64): void {
    this.onlyAdmin();
    const key = this.poolKey(a, b, feeBps);
    this.unlocked(key);
    const pool = this.pools(key).value;
    const now = this.ampAt(rawBytes(pool));
    pool.initialA = now;
    pool.futureA = now;
    pool.initialTime = globals.latestTimestamp;
    pool.futureTime = globals.latestTimestamp;
    this.pools(key).value = pool;
    this.StopRampA.log({ a: a, b: b, feeBps: feeBps, amp: now, time: globals.latestTimestamp });
  }

  // ---- fees ----

  /** Whether the app can send `asset` to `receiver`: ALGO always; an asset when the receiver holds it and neither holding is frozen. */
  private canPay(asset: uint64, receiver: Address): boolean {
    if (asset === 0) return true;
    const id = AssetID.fromUint64(asset);
    if (!receiver.isOptedInToAsset(id)) return false;
    return !receiver.assetFrozen(id) && !this.app.address.assetFrozen(id);
  }

  /** Sends the pool's protocol fees to the registry's treasury (anyone may call); a side the treasury cannot receive stays accrued. */
  collectFees(a: uint64, b: uint64, feeBps: uint64): void {
    const key = this.poolKey(a, b, feeBps);
    this.unlocked(key);
    const pool = this.pools(key).value;
    const treasury = AppID.fromUint64(this.registry.value).globalState('treasury') as Address;
    const feesA = this.canPay(a, treasury) ? pool.protocolFeesA : 0;
    const feesB = this.canPay(b, treasury) ? pool.protocolFeesB : 0;
    pool.protocolFeesA = pool.protocolFeesA - feesA;
    pool.protocolFeesB = pool.protocolFeesB - feesB;
    this.pools(key).value = pool;
    if (feesA > 0) this.send(a, treasury, feesA);
    if (feesB > 0) this.send(b, treasury, feesB);
    this.FeesCollected.log({ a: a, b: b, feeBps: feeBps, amountA: feesA, amountB: feesB, treasury: treasury });
  }

  // ---- reads ----

  /** The pool's state. */
  @abi.readonly
  getPool(a: uint64, b: uint64, feeBps: uint64): StablePool {
    return this.pools(this.poolKey(a, b, feeBps)).value;
  }

  /**
   * The pool's LP token, LP supply (issued + LOCKED_LP) and D, at A now, of what its LPs own: the reserves
   * and the LP fees held off the curve (a remove pays both), so D grows with every fee before an add folds
   * it in. Newton's result (within one of the root) from the stored D plus the fees held; an app cannot
   * read another app's boxes, so the Locks app calls this. Op-ups before iterations 2, 4, … only: the
   * caller's budget and this call's own cover the first (the count starts at 1). Refused while a flash
   * loan has lent from the pool (ERR:FLASH_LOCKED), and on a pool never added to (ERR:NO_LIQUIDITY).
   */
  @abi.readonly
  getLevel(a: uint64, b: uint64, feeBps: uint64): StableLevel {
    const key = this.poolKey(a, b, feeBps);
    this.unlocked(key);
    // a missing box fails here; the build maps this assert to ERR:NO_POOL
    const pool = rawBytes(this.pools(key).value);
    const feesA = extractUint64(pool, 64);
    const feesB = extractUint64(pool, 72);
    const rA = extractUint64(pool, 0) + feesA;
    const rB = extractUint64(pool, 8) + feesB;
    assert(rA > 0 && rB > 0, 'ERR:NO_LIQUIDITY');
    const xy = this.normalised(pool, rA, rB);
    const held = this.normalised(pool, feesA, feesB);
    const start = castBytes<bytes>(
      // @ts-expect-error raw b+
      castBytes<uint<512>>(extract3(pool, 136, 32)) + castBytes<uint<512>>(extract3(held, 0, 16)) + castBytes<uint<512>>(extract3(held, 16, 16)),
    );
    const found = this.newtonD(extract3(xy, 0, 16), extract3(xy, 16, 16), this.ampAt(pool), start, 1);
    const d = extract3(found, 8, len(found) - 8);
    return castBytes<StableLevel>(concat(concat(itob(extractUint64(pool, 16)), itob(extractUint64(pool, 24) + LOCKED_LP)), bitwiseOr(bzero(32), d)));
  }
}
