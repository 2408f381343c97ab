import { RegistryBoundContract } from './grove-contract.algo';

/** Registry pause bit for new staking programs (and new stakes). */
const PAUSE_STAKING = 4;
/** Longest program: 4 years of 365.25 days. */
const MAX_DURATION = 126230400;
/** Minimum balance of a position box: 2,500 + 400 × (41-byte name + 64-byte value). */
const POSITION_MBR = 44500;
/** Program kinds. */
const KIND_POOL = 0;
const KIND_FARM = 1;

/** A program's state, the value of its box `"p" ‖ uint64(id)` (256 bytes; offsets in README.md). */
type ProgramState = {
  stakeAsset: uint64;
  rewardAsset1: uint64;
  rewardAsset2: uint64;
  rewardCount: uint64;
  rate1: uint64;
  rate2: uint64;
  start: uint64;
  end: uint64;
  minStakeSeconds: uint64;
  creator: Address;
  kind: uint64;
  totalStaked: uint64;
  lastUpdate: uint64;
  acc1: uint128;
  acc2: uint128;
  reserve1: uint64;
  reserve2: uint64;
  owed1: uint64;
  owed2: uint64;
  unsettled1: uint256;
  unsettled2: uint256;
};

/** A position's key: program and staker. */
type PositionKey = { program: uint64; staker: Address };

/** A position's state, the value of its box `"s" ‖ uint64(program) ‖ staker` (64 bytes). */
type PositionState = {
  stake: uint64;
  stakedAt: uint64;
  snap1: uint128;
  snap2: uint128;
  owed1: uint64;
  owed2: uint64;
};

/**
 * Grove's farms and staking pools: one app holds every program, a box per program and per position.
 * Synthetix StakingRewards per reward asset: every action first brings the program's accumulators
 * (reward per staked unit, 2^64-scaled) up to now (`accrue`) and settles the caller's position
 * against them (`settle`), then moves tokens. Nothing loops over stakers.
 */
export class Staking extends RegistryBoundContract {
  /** The registry app whose `paused` global holds the pause flags. */
  registry = GlobalStateKey<uint64>({ key: 'registry' });

  /** The DEX app, whose address creates Grove LP tokens (farm programs stake them). */
  dex = GlobalStateKey<uint64>({ key: 'dex' });

  /** Programs created so far; the last program's id. */
  programCount = GlobalStateKey<uint64>({ key: 'programCount' });

  /** The programs, a box `"p" ‖ uint64(id)` each. */
  programs = BoxMap<uint64, ProgramState>({ prefix: 'p' });

  /** The positions, a box `"s" ‖ uint64(program) ‖ staker` each. */
  positions = BoxMap<PositionKey, PositionState>({ prefix: 's' });

  /** A program was created. */
  ProgramCreated = new EventLogger<{
    program: uint64;
    stakeAsset: uint64;
    rewardAsset1: uint64;
    rewardAsset2: uint64;
    rate1: uint64;
    rate2: uint64;
    start: uint64;
    end: uint64;
    kind: uint64;
    creator: Address;
  }>();

  /** Tokens were staked. */
  Staked = new EventLogger<{ program: uint64; amount: uint64; stake: uint64; staker: Address }>();

  /** Tokens were unstaked. */
  Unstaked = new EventLogger<{ program: uint64; amount: uint64; stake: uint64; staker: Address }>();

  /** Rewards were paid. */
  Claimed = new EventLogger<{ program: uint64; amount1: uint64; amount2: uint64; staker: Address }>();

  /** A reward in the stake asset was restaked. */
  Compounded = new EventLogger<{ program: uint64; amount: uint64; stake: uint64; staker: Address }>();

  /** The whole stake was returned and the pending rewards forfeited. */
  EmergencyWithdrawn = new EventLogger<{
    program: uint64;
    amount: uint64;
    forfeited1: uint64;
    forfeited2: uint64;
    staker: Address;
  }>();

  /** The creator raised a reward's rate for the remaining time. */
  ToppedUp = new EventLogger<{ program: uint64; rewardAsset: uint64; rate: uint64; deposit: uint64; creator: Address }>();

  /** The creator moved the end later. */
  Extended = new EventLogger<{ program: uint64; end: uint64; deposit1: uint64; deposit2: uint64; creator: Address }>();

  /** The creator took back what no staker earned. */
  Reclaimed = new EventLogger<{ program: uint64; amount1: uint64; amount2: uint64; creator: Address }>();

  /** Binds the staking app to its registry and DEX. */
  createApplication(registryApp: uint64, dexApp: uint64): void {
    this.registry.value = registryApp;
    this.dex.value = dexApp;
    this.programCount.value = 0;
  }

  // ---- wide math on big-endian bytes: b+ b- b* inline (castBytes<bytes> takes the raw result, which
  // TypeScript sees as a number) and drop leading zeros; b| with zero bytes puts them back ----

  /** ⌊stake·(acc − snap)/2^64⌋: what a stake earned since its snapshot (< 2^64: it is at most what was deposited). */
  private earned(stake: uint64, acc: bytes, snap: bytes): uint64 {
    return extractUint64(
      bitwiseOr(
        bzero(32),
        castBytes<bytes>(
          // @ts-expect-error raw b* and b-
          castBytes<uint<512>>(itob(stake)) * (castBytes<uint<512>>(acc) - castBytes<uint<512>>(snap))
        )
      ),
      16
    );
  }

  // ---- the accumulator step ----

  /**
   * Brings a program (raw box bytes) up to min(now, end): each reward's accumulator grows by
   * inc = ⌊rate·dt·2^64/total⌋ = (⌊e/total⌋, ⌊(e mod total)·2^64/total⌋) with e = rate·dt, two words
   * and no divmodw, and its unsettled sum Σ stake·(acc − snap) by total·inc. Time with nothing
   * staked emits nothing (it stays reclaimable).
   *
   * Both rewards at once, with the same opcodes for one reward (rate2 = 0 adds 0): acc1 ‖ acc2 is read
   * as one 256-bit number (each < 2^128, so no carry crosses) and unsettled1 ‖ unsettled2 as one
   * 512-bit number that grows by total × (inc1 ‖ 0^128 ‖ inc2) = total·inc1·2^256 + total·inc2 (each
   * term < 2^192). b+ and b* drop leading zeros; b| with zero bytes puts them back.
   */
  private accrue(p: bytes): bytes {
    const end = extractUint64(p, 56);
    const now = globals.latestTimestamp < end ? globals.latestTimestamp : end;
    const last = extractUint64(p, 120);
    if (now <= last) return p;
    const total = extractUint64(p, 112);
    if (total === 0) return replace3(p, 120, itob(now));
    const dt = now - last;
    const e1 = extractUint64(p, 32) * dt;
    const e2 = extractUint64(p, 40) * dt;
    const inc1 = concat(itob(e1 / total), itob(divw(e1 % total, 0, total)));
    const inc2 = concat(itob(e2 / total), itob(divw(e2 % total, 0, total)));
    return replace3(
      replace3(
        replace3(p, 120, itob(now)),
        128,
        castBytes<bytes>(
          bitwiseOr(
            bzero(32),
            // @ts-expect-error raw b+
            castBytes<bytes>(castBytes<uint<512>>(extract3(p, 128, 32)) + castBytes<uint<512>>(concat(inc1, inc2)))
          )
        )
      ),
      192,
      castBytes<bytes>(
        bitwiseOr(
          bzero(64),
          castBytes<bytes>(
            // @ts-expect-error raw b+ and b*
            castBytes<uint<512>>(extract3(p, 192, 64)) +
              castBytes<uint<512>>(itob(total)) * castBytes<uint<512>>(concat(concat(inc1, bzero(16)), inc2))
          )
        )
      )
    );
  }

  /**
   * Settles a position (raw bytes) against an accrued program and sets its stake to newStake: each
   * reward's earnings ⌊stake·(acc − snap)/2^64⌋ move into the position's owed amount (and the
   * program's owed total), the exact product leaves the program's unsettled sum, and the snapshots
   * become the accumulators. Returns program ‖ position (256 + 64 bytes).
   *
   * Both rewards at once, as accrue does: (acc1 ‖ acc2) − (snap1 ‖ snap2) borrows across nothing
   * (each acc ≥ its snap); stake × (d1 ‖ 0^128 ‖ d2) = P1·2^256 + P2 with each P < 2^192, so P1 and
   * P2 are the two 32-byte halves, earnings are their bytes 16–24, and one 512-bit b- takes both off
   * the unsettled sums.
   */
  private settle(p: bytes, pos: bytes, newStake: uint64): bytes {
    const stake = extractUint64(pos, 0);
    const acc = extract3(p, 128, 32);
    const d = castBytes<bytes>(
      bitwiseOr(
        bzero(32),
        // @ts-expect-error raw b-
        castBytes<bytes>(castBytes<uint<512>>(acc) - castBytes<uint<512>>(extract3(pos, 16, 32)))
      )
    );
    const prod = castBytes<bytes>(
      bitwiseOr(
        bzero(64),
        castBytes<bytes>(
          // @ts-expect-error raw b*
          castBytes<uint<512>>(itob(stake)) * castBytes<uint<512>>(concat(concat(extract3(d, 0, 16), bzero(16)), extract3(d, 16, 16)))
        )
      )
    );
    const got1 = extractUint64(prod, 16);
    const got2 = extractUint64(prod, 48);
    const q = replace3(
      replace3(
        replace3(p, 112, itob(extractUint64(p, 112) - stake + newStake)),
        176,
        concat(itob(extractUint64(p, 176) + got1), itob(extractUint64(p, 184) + got2))
      ),
      192,
      castBytes<bytes>(
        bitwiseOr(
          bzero(64),
          // @ts-expect-error raw b-
          castBytes<bytes>(castBytes<uint<512>>(extract3(p, 192, 64)) - castBytes<uint<512>>(prod))
        )
      )
    );
    const r = concat(
      concat(concat(itob(newStake), extract3(pos, 8, 8)), acc),
      concat(itob(extractUint64(pos, 48) + got1), itob(extractUint64(pos, 56) + got2))
    );
    return concat(q, r);
  }

  // ---- transfers (`incoming`, `minBalancePayment`, `minBalanceIncrease`, `send`, `optIn` and `notPaused` are GroveContract's and RegistryBoundContract's) ----

  /** ⌊x·y⌋ that must fit 64 bits. */
  private product(x: uint64, y: uint64): uint64 {
    const m = mulw(x, y);
    assert(m.high === 0, 'ERR:OVERFLOW');
    return m.low;
  }

  /** The program's raw box; a missing box fails here (ERR:NO_PROGRAM, see the build). */
  private load(program: uint64): bytes {
    return rawBytes(this.programs(program).value);
  }

  private store(program: uint64, p: bytes): void {
    this.programs(program).value = castBytes<ProgramState>(p);
  }

  /** The caller's raw position box; a missing box fails here (ERR:NO_POSITION, see the build). */
  private position(program: uint64): bytes {
    return rawBytes(this.positions({ program: program, staker: this.txn.sender }).value);
  }

  /** Writes the caller's position, or deletes it and refunds its minimum balance when it is empty. */
  private keep(program: uint64, pos: bytes): void {
    const key: PositionKey = { program: program, staker: this.txn.sender };
    if (extractUint64(pos, 0) === 0 && extractUint64(pos, 48) === 0 && extractUint64(pos, 56) === 0) {
      this.positions(key).delete();
      this.send(0, this.txn.sender, POSITION_MBR);
    } else {
      this.positions(key).value = castBytes<PositionState>(pos);
    }
  }

  private onlyCreator(p: bytes): void {
    assert(this.txn.sender === castBytes<Address>(extract3(p, 72, 32)), 'ERR:NOT_CREATOR');
  }

  // ---- programs ----

  /**
   * Anyone: opts the app into each asset it does not hold yet (a program's stake and reward assets must
   * be held before its deposits arrive, so this call comes first in a creation group). mbr pays the
   * measured minimum-balance increase (100,000 µALGO per new holding), the excess is refunded. An asset
   * whose holdings start frozen is refused (ERR:DEFAULT_FROZEN).
   */
  optInAssets(mbr: PayTxn, assets: uint64[]): void {
    this.minBalancePayment(mbr);
    const before = this.app.address.minBalance;
    for (let i = 0; i < assets.length; i = i + 1) this.optIn(assets[i]);
    this.minBalanceIncrease(mbr, before);
  }

  /**
   * Creates a program paying one reward: [mbr, deposit1, this call]. Every transfer a call credits is
   * one of its ABI arguments, so no other call of the group can credit it too. deposit1 is exactly
   * rate1 × (end − start) of rewardAsset1; mbr pays the program box (measured, the excess refunded).
   */
  createProgram(
    mbr: PayTxn,
    deposit1: Txn,
    stakeAsset: uint64,
    rewardAsset1: uint64,
    rate1: uint64,
    start: uint64,
    end: uint64,
    minStakeSeconds: uint64
  ): uint64 {
    const deposit = this.checkTerms(stakeAsset, rewardAsset1, rate1, start, end, minStakeSeconds);
    assert(this.incoming(deposit1, rewardAsset1) === deposit, 'ERR:BAD_DEPOSIT');
    return this.newProgram(mbr, stakeAsset, rewardAsset1, 0, rate1, 0, deposit, 0, start, end, minStakeSeconds);
  }

  /** Creates a program paying two rewards: [mbr, deposit1, deposit2, this call], each deposit exactly its rate × (end − start). */
  createProgram2(
    mbr: PayTxn,
    deposit1: Txn,
    deposit2: Txn,
    stakeAsset: uint64,
    rewardAsset1: uint64,
    rewardAsset2: uint64,
    rate1: uint64,
    rate2: uint64,
    start: uint64,
    end: uint64,
    minStakeSeconds: uint64
  ): uint64 {
    const amount1 = this.checkTerms(stakeAsset, rewardAsset1, rate1, start, end, minStakeSeconds);
    assert(rate2 > 0, 'ERR:BAD_RATE');
    assert(rewardAsset2 !== rewardAsset1, 'ERR:SAME_ASSET');
    assert(this.incoming(deposit1, rewardAsset1) === amount1, 'ERR:BAD_DEPOSIT');
    const amount2 = this.product(rate2, end - start);
    assert(this.incoming(deposit2, rewardAsset2) === amount2, 'ERR:BAD_DEPOSIT');
    return this.newProgram(mbr, stakeAsset, rewardAsset1, rewardAsset2, rate1, rate2, amount1, amount2, start, end, minStakeSeconds);
  }

  /** Checks a new program's terms (the app already holds its stake and first reward asset); returns the first deposit, rate1 × (end − start). */
  private checkTerms(stakeAsset: uint64, rewardAsset1: uint64, rate1: uint64, start: uint64, end: uint64, minStakeSeconds: uint64): uint64 {
    this.notPaused(this.registry.value, PAUSE_STAKING);
    assert(start >= globals.latestTimestamp && end > start && end - start <= MAX_DURATION, 'ERR:BAD_TIMES');
    assert(minStakeSeconds <= end - start, 'ERR:BAD_TIMES');
    assert(rate1 > 0, 'ERR:BAD_RATE');
    // optInAssets comes first in the group and refuses default-frozen assets; a reward deposit of an
    // asset the app does not hold is refused by the ledger before this runs
    assert(stakeAsset === 0 || this.app.address.isOptedInToAsset(AssetID.fromUint64(stakeAsset)), 'ERR:NOT_OPTED_IN');
    return this.product(rate1, end - start);
  }

  /** Writes a new program's box with the reserves its deposits brought (mbr pays its measured minimum balance, the excess refunded) and logs it. */
  private newProgram(
    mbr: PayTxn,
    stakeAsset: uint64,
    rewardAsset1: uint64,
    rewardAsset2: uint64,
    rate1: uint64,
    rate2: uint64,
    reserve1: uint64,
    reserve2: uint64,
    start: uint64,
    end: uint64,
    minStakeSeconds: uint64
  ): uint64 {
    this.minBalancePayment(mbr);
    let count = 1;
    if (rate2 > 0) count = 2;
    let kind = KIND_POOL;
    const dexAddress = castBytes<Address>(sha512_256(concat('appID', itob(this.dex.value))));
    if (stakeAsset !== 0 && AssetID.fromUint64(stakeAsset).creator === dexAddress) kind = KIND_FARM;

    const before = this.app.address.minBalance;
    const id = this.programCount.value + 1;
    this.programCount.value = id;
    this.programs(id).value = {
      stakeAsset: stakeAsset,
      rewardAsset1: rewardAsset1,
      rewardAsset2: rewardAsset2,
      rewardCount: count,
      rate1: rate1,
      rate2: rate2,
      start: start,
      end: end,
      minStakeSeconds: minStakeSeconds,
      creator: this.txn.sender,
      kind: kind,
      totalStaked: 0,
      lastUpdate: start,
      acc1: 0 as uint128,
      acc2: 0 as uint128,
      reserve1: reserve1,
      reserve2: reserve2,
      owed1: 0,
      owed2: 0,
      unsettled1: 0 as uint256,
      unsettled2: 0 as uint256,
    };
    this.minBalanceIncrease(mbr, before);
    this.ProgramCreated.log({
      program: id,
      stakeAsset: stakeAsset,
      rewardAsset1: rewardAsset1,
      rewardAsset2: rewardAsset2,
      rate1: rate1,
      rate2: rate2,
      start: start,
      end: end,
      kind: kind,
      creator: this.txn.sender,
    });
    return id;
  }

  /** Creator only, before the end: raises a reward's rate (1 or 2) for the remaining time; the deposit is exactly (newRate − rate) × remaining seconds. */
  topUp(deposit: Txn, program: uint64, reward: uint64, newRate: uint64): void {
    const p = this.accrue(this.load(program));
    this.onlyCreator(p);
    const end = extractUint64(p, 56);
    assert(globals.latestTimestamp < end, 'ERR:ENDED');
    assert(reward === 1 || (reward === 2 && extractUint64(p, 24) === 2), 'ERR:BAD_REWARD');
    const rateOff = 24 + reward * 8;
    const rate = extractUint64(p, rateOff);
    assert(newRate > rate, 'ERR:BAD_RATE');
    // accrue has brought lastUpdate to max(now, start)
    const remaining = end - extractUint64(p, 120);
    this.product(newRate, remaining);
    const amount = this.product(newRate - rate, remaining);
    const asset = extractUint64(p, reward * 8);
    assert(this.incoming(deposit, asset) === amount, 'ERR:BAD_DEPOSIT');
    const reserveOff = 152 + reward * 8;
    this.store(program, replace3(replace3(p, rateOff, itob(newRate)), reserveOff, itob(extractUint64(p, reserveOff) + amount)));
    this.ToppedUp.log({ program: program, rewardAsset: asset, rate: newRate, deposit: amount, creator: this.txn.sender });
  }

  /**
   * Creator only, before the end, one-reward program: moves the end to newEnd (later, at most 4 years
   * after the start) at the same rate. [deposit1, this call], deposit1 = rate1 × (newEnd − end).
   */
  extend(deposit1: Txn, program: uint64, newEnd: uint64): void {
    const p = this.extendable(program, newEnd, 1);
    const deposit = this.product(extractUint64(p, 32), newEnd - extractUint64(p, 56));
    assert(this.incoming(deposit1, extractUint64(p, 8)) === deposit, 'ERR:BAD_DEPOSIT');
    this.store(program, replace3(replace3(p, 56, itob(newEnd)), 160, itob(extractUint64(p, 160) + deposit)));
    this.Extended.log({ program: program, end: newEnd, deposit1: deposit, deposit2: 0, creator: this.txn.sender });
  }

  /** extend for a two-reward program: [deposit1, deposit2, this call], each its rate × (newEnd − end). */
  extend2(deposit1: Txn, deposit2: Txn, program: uint64, newEnd: uint64): void {
    const p = this.extendable(program, newEnd, 2);
    const added = newEnd - extractUint64(p, 56);
    const amount1 = this.product(extractUint64(p, 32), added);
    const amount2 = this.product(extractUint64(p, 40), added);
    assert(this.incoming(deposit1, extractUint64(p, 8)) === amount1, 'ERR:BAD_DEPOSIT');
    assert(this.incoming(deposit2, extractUint64(p, 16)) === amount2, 'ERR:BAD_DEPOSIT');
    this.store(
      program,
      replace3(replace3(p, 56, itob(newEnd)), 160, concat(itob(extractUint64(p, 160) + amount1), itob(extractUint64(p, 168) + amount2)))
    );
    this.Extended.log({ program: program, end: newEnd, deposit1: amount1, deposit2: amount2, creator: this.txn.sender });
  }

  /** The accrued program, checked for an extension to newEnd by its creator with `count` rewards. */
  private extendable(program: uint64, newEnd: uint64, count: uint64): bytes {
    const p = this.accrue(this.load(program));
    this.onlyCreator(p);
    const end = extractUint64(p, 56);
    assert(globals.latestTimestamp < end, 'ERR:ENDED');
    assert(newEnd > end && newEnd - extractUint64(p, 48) <= MAX_DURATION, 'ERR:BAD_TIMES');
    assert(extractUint64(p, 24) === count, 'ERR:BAD_REWARD');
    // the accumulators must still fit after the longer run: rate × (newEnd − lastUpdate) < 2^64
    this.product(extractUint64(p, 32), newEnd - extractUint64(p, 120));
    this.product(extractUint64(p, 40), newEnd - extractUint64(p, 120));
    return p;
  }

  /**
   * Creator only, at or after the end: sends each reward's reserve minus what stakers are still owed
   * (owed totals plus ⌊unsettled/2^64⌋, at least the sum of the positions' unsettled earnings): time
   * with nothing staked, forfeits and rounding. May be called again later.
   */
  reclaim(program: uint64): void {
    const p = this.accrue(this.load(program));
    this.onlyCreator(p);
    assert(globals.latestTimestamp >= extractUint64(p, 56), 'ERR:NOT_ENDED');
    // the stakers' unsettled earnings, each floored, sum to at most ⌊unsettled/2^64⌋
    const amount1 = extractUint64(p, 160) - extractUint64(p, 176) - extractUint64(p, 208);
    let amount2 = 0;
    if (extractUint64(p, 24) === 2) amount2 = extractUint64(p, 168) - extractUint64(p, 184) - extractUint64(p, 240);
    assert(amount1 > 0 || amount2 > 0, 'ERR:NOTHING_TO_RECLAIM');
    this.store(program, replace3(p, 160, concat(itob(extractUint64(p, 160) - amount1), itob(extractUint64(p, 168) - amount2))));
    if (amount1 > 0) this.send(extractUint64(p, 8), this.txn.sender, amount1);
    if (amount2 > 0) this.send(extractUint64(p, 16), this.txn.sender, amount2);
    this.Reclaimed.log({ program: program, amount1: amount1, amount2: amount2, creator: this.txn.sender });
  }

  // ---- positions ----

  /** Stakes the input (the program's stake asset) into the caller's position before the end; restarts the minimum stake time. */
  stake(input: Txn, program: uint64): void {
    const p = this.accrue(this.load(program));
    this.addStake(p, input, program, this.position(program));
  }

  /** A first stake: [mbr, input, this call]; mbr pays the new position box's minimum balance, exactly 44,500 µALGO. */
  stakeNew(mbr: PayTxn, input: Txn, program: uint64): void {
    const p = this.accrue(this.load(program));
    this.minBalancePayment(mbr);
    assert(mbr.amount === POSITION_MBR, 'ERR:MBR');
    assert(!this.positions({ program: program, staker: this.txn.sender }).exists, 'ERR:POSITION_EXISTS');
    this.addStake(p, input, program, castBytes<bytes>(bzero(64)));
  }

  private addStake(p: bytes, input: Txn, program: uint64, pos: bytes): void {
    this.notPaused(this.registry.value, PAUSE_STAKING);
    assert(globals.latestTimestamp < extractUint64(p, 56), 'ERR:ENDED');
    const amount = this.incoming(input, extractUint64(p, 0));
    const stake = extractUint64(pos, 0) + amount;
    const both = this.settle(p, pos, stake);
    this.store(program, extract3(both, 0, 256));
    this.positions({ program: program, staker: this.txn.sender }).value = castBytes<PositionState>(
      replace3(extract3(both, 256, 64), 8, itob(globals.latestTimestamp))
    );
    this.Staked.log({ program: program, amount: amount, stake: stake, staker: this.txn.sender });
  }

  /** Unstakes the amount once the minimum stake time since the last stake has passed; rewards stay owed. */
  unstake(program: uint64, amount: uint64): void {
    const p = this.accrue(this.load(program));
    const pos = this.position(program);
    const stake = extractUint64(pos, 0);
    assert(amount > 0, 'ERR:ZERO_AMOUNT');
    assert(amount <= stake, 'ERR:INSUFFICIENT_STAKE');
    assert(globals.latestTimestamp >= extractUint64(pos, 8) + extractUint64(p, 64), 'ERR:MIN_STAKE_TIME');
    const both = this.settle(p, pos, stake - amount);
    this.store(program, extract3(both, 0, 256));
    this.keep(program, extract3(both, 256, 64));
    this.send(extractUint64(p, 0), this.txn.sender, amount);
    this.Unstaked.log({ program: program, amount: amount, stake: stake - amount, staker: this.txn.sender });
  }

  /** Pays every owed reward (one inner transfer per reward asset with something owed). */
  claim(program: uint64): void {
    const p = this.accrue(this.load(program));
    assert(globals.latestTimestamp >= extractUint64(p, 48), 'ERR:NOT_STARTED');
    const pos = this.position(program);
    const both = this.settle(p, pos, extractUint64(pos, 0));
    const q = extract3(both, 0, 256);
    const r = extract3(both, 256, 64);
    const amount1 = extractUint64(r, 48);
    const amount2 = extractUint64(r, 56);
    assert(amount1 > 0 || amount2 > 0, 'ERR:NOTHING_TO_CLAIM');
    // reserves (160, 168) and owed totals (176, 184) both drop by what is paid
    this.store(
      program,
      replace3(
        q,
        160,
        concat(
          concat(itob(extractUint64(q, 160) - amount1), itob(extractUint64(q, 168) - amount2)),
          concat(itob(extractUint64(q, 176) - amount1), itob(extractUint64(q, 184) - amount2))
        )
      )
    );
    this.keep(program, replace3(r, 48, castBytes<bytes>(bzero(16))));
    if (amount1 > 0) this.send(extractUint64(p, 8), this.txn.sender, amount1);
    if (amount2 > 0) this.send(extractUint64(p, 16), this.txn.sender, amount2);
    this.Claimed.log({ program: program, amount1: amount1, amount2: amount2, staker: this.txn.sender });
  }

  /** Restakes the owed reward whose asset is the stake asset (no transfer, no new minimum stake time). */
  compound(program: uint64): void {
    const p = this.accrue(this.load(program));
    assert(globals.latestTimestamp >= extractUint64(p, 48), 'ERR:NOT_STARTED');
    const stakeAsset = extractUint64(p, 0);
    let k = 0;
    if (extractUint64(p, 8) === stakeAsset) k = 1;
    else if (extractUint64(p, 24) === 2 && extractUint64(p, 16) === stakeAsset) k = 2;
    assert(k > 0, 'ERR:NOT_COMPOUNDABLE');
    const pos = this.position(program);
    const stake = extractUint64(pos, 0);
    // settled, the position's snapshots are the accumulators: the restaked amount has nothing unsettled
    const settled = this.settle(p, pos, stake);
    const owedOff = 40 + k * 8;
    const amount = extractUint64(settled, 256 + owedOff);
    assert(amount > 0, 'ERR:NOTHING_TO_CLAIM');
    const reserveOff = 152 + k * 8;
    // reserve and owed total drop by the amount, the total stake grows by it
    const q = replace3(
      replace3(
        replace3(extract3(settled, 0, 256), reserveOff, itob(extractUint64(settled, reserveOff) - amount)),
        reserveOff + 16,
        itob(extractUint64(settled, reserveOff + 16) - amount)
      ),
      112,
      itob(extractUint64(settled, 112) + amount)
    );
    this.store(program, q);
    this.positions({ program: program, staker: this.txn.sender }).value = castBytes<PositionState>(
      replace3(replace3(extract3(settled, 256, 64), owedOff, itob(0)), 0, itob(stake + amount))
    );
    this.Compounded.log({ program: program, amount: amount, stake: stake + amount, staker: this.txn.sender });
  }

  /** Returns the whole stake at once, forfeits everything owed, closes the position; works while paused and at any time. */
  emergencyWithdraw(program: uint64): void {
    const p = this.accrue(this.load(program));
    const pos = this.position(program);
    const stake = extractUint64(pos, 0);
    const both = this.settle(p, pos, 0);
    const q = extract3(both, 0, 256);
    const r = extract3(both, 256, 64);
    const forfeited1 = extractUint64(r, 48);
    const forfeited2 = extractUint64(r, 56);
    // what was owed stays in the reserves: reclaimable by the creator after the end
    this.store(program, replace3(q, 176, concat(itob(extractUint64(q, 176) - forfeited1), itob(extractUint64(q, 184) - forfeited2))));
    this.keep(program, castBytes<bytes>(bzero(64)));
    if (stake > 0) this.send(extractUint64(p, 0), this.txn.sender, stake);
    this.EmergencyWithdrawn.log({
      program: program,
      amount: stake,
      forfeited1: forfeited1,
      forfeited2: forfeited2,
      staker: this.txn.sender,
    });
  }

  // ---- reads ----

  /** The program's state. */
  @abi.readonly
  getProgram(program: uint64): ProgramState {
    return this.programs(program).value;
  }

  /** The position's state (as last settled). */
  @abi.readonly
  getPosition(program: uint64, staker: Address): PositionState {
    return this.positions({ program: program, staker: staker }).value;
  }

  /** What the staker could claim now (block time = the latest block's): owed plus unsettled earnings, per reward. */
  @abi.readonly
  pendingRewards(program: uint64, staker: Address): [uint64, uint64] {
    const p = this.accrue(this.load(program));
    const pos = rawBytes(this.positions({ program: program, staker: staker }).value);
    const stake = extractUint64(pos, 0);
    const pending1 = extractUint64(pos, 48) + this.earned(stake, extract3(p, 128, 16), extract3(pos, 16, 16));
    let pending2 = 0;
    if (extractUint64(p, 24) === 2) pending2 = extractUint64(pos, 56) + this.earned(stake, extract3(p, 144, 16), extract3(pos, 32, 16));
    return [pending1, pending2];
  }
}
