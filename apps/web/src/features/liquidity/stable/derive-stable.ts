// The stable pool forms (create, add any amounts, remove in proportion), derived from what the user
// typed, the Stable app's pools and the account's holdings with @grove/sdk's stable math (the very
// quote the group builder makes). Pure functions: the page renders their results.
import type * as GroveSdkModule from '@grove/sdk'
import type { BalanceChanges } from '@grove/sdk'
import { formatAmount, formatAlgo } from '@grove/sdk/amount'
import { actionButtonState, type ActionState } from '@/lib/action-button.ts'
import { spendableAlgo, type Holdings } from '@/lib/account/account.ts'
import type { ContractAction, GroveSdk } from '@/lib/tx/sdk.ts'
import type { Token } from '@/lib/tokens/tokens.ts'
import type { StableState } from './stable-state.ts'

/** A stable pool as its box holds it (the SDK's StablePoolState). */
export type StablePool = GroveSdkModule.stable.StablePoolState

/** The least and the most A a pool is created with (the SDK's MIN_A and MAX_A; the contract refuses others). */
export const MIN_AMP = 1
export const MAX_AMP = 1000
/** A is stored times this (Curve's A_PRECISION, the SDK's). */
const A_PRECISION = 100n
/** LP units a stable pool's first deposit locks forever (the SDK's STABLE_LOCKED_LP). */
export const STABLE_LOCKED_LP = 1000n
/** The fee tiers a stable pool may have, in bps (the SDK's STABLE_FEE_TIERS). */
export const STABLE_FEE_TIERS = [1, 5, 30, 100] as const
/** µALGO a stable group may cost in fees (its call, inputs, op-ups and inner transfers); the built group states the exact fee. */
export const STABLE_FEE_RESERVE = 10_000n

const describe = (tokens: ReadonlyMap<number, Token>, id: bigint): Token => tokens.get(Number(id)) ?? { id: Number(id), symbol: `#${id}`, name: `Asset ${id}`, decimals: 0 }

/** The stable pool of a pair in a fee tier, whichever order the tokens were picked in. */
export function stablePoolOf(pools: readonly StablePool[] | undefined, x: number, y: number, feeBps: number): StablePool | null {
  const [a, b] = x < y ? [BigInt(x), BigInt(y)] : [BigInt(y), BigInt(x)]
  return pools?.find((p) => p.a === a && p.b === b && p.feeBps === BigInt(feeBps)) ?? null
}

/** A typed A read as a whole number from 1 to 1,000, or why not. */
export function parseAmp(text: string): { amp: bigint; error: null } | { amp: null; error: string } {
  const s = text.trim().replace(/,/g, '')
  if (s === '') return { amp: null, error: 'Enter the amplifier A (1 to 1,000)' }
  if (!/^\d+$/.test(s)) return { amp: null, error: 'A must be a whole number from 1 to 1,000' }
  const amp = BigInt(s)
  if (amp < BigInt(MIN_AMP) || amp > BigInt(MAX_AMP)) return { amp: null, error: 'A must be from 1 to 1,000' }
  return { amp, error: null }
}

/** A pool's amplifier now, and the ramp it is on (A moves in a straight line from initialA to futureA). */
export interface AmpView {
  /** A now (the SDK's ampAt over A_PRECISION), to two decimals. */
  now: number
  ramp: { from: number; to: number; startsAt: Date; endsAt: Date } | null
}

/** A of `pool` at `now` (seconds) and its ramp while one is in progress. */
export function ampView(sdk: GroveSdk, pool: StablePool, now: bigint): AmpView {
  const a = Number(sdk.stable.ampAt(pool, now)) / Number(A_PRECISION)
  const ramp = sdk.stable.rampInProgress(pool, now)
  return {
    now: a,
    ramp: ramp ? { from: Number(ramp.fromA) / Number(A_PRECISION), to: Number(ramp.toA) / Number(A_PRECISION), startsAt: new Date(Number(ramp.start) * 1000), endsAt: new Date(Number(ramp.end) * 1000) } : null,
  }
}

/** An empty pool of tokens x and y at A, fee and decimals as the contract creates it: what a first deposit is quoted against. */
export function emptyStablePool(sdk: GroveSdk, a: Token, b: Token, feeBps: number, amp: bigint): StablePool {
  const [x, y] = a.id < b.id ? [a, b] : [b, a]
  return {
    a: BigInt(x.id),
    b: BigInt(y.id),
    feeBps: BigInt(feeBps),
    reserveA: 0n,
    reserveB: 0n,
    lpAsset: 0n,
    lpIssued: 0n,
    protocolFeeDivisor: 0n,
    protocolFeesA: 0n,
    protocolFeesB: 0n,
    feesA: 0n,
    feesB: 0n,
    multiplierA: sdk.stable.multiplierOf(x.decimals),
    multiplierB: sdk.stable.multiplierOf(y.decimals),
    initialA: amp * A_PRECISION,
    futureA: amp * A_PRECISION,
    initialTime: 0n,
    futureTime: 0n,
    dAmp: amp * A_PRECISION,
    d: 0n,
  }
}

/** A quote's refusal (the SDK's math throws the contract's `ERR:*` code) in the SDK's words for the Stable app. */
export function quoteProblem(sdk: GroveSdk, error: unknown): string {
  if (error instanceof Error && /^ERR:/.test(error.message)) return sdk.contractErrorMessage('Stable', error.message)
  return sdk.stableContract.explain(error).message
}

/** What the stable add form shows; amounts and fees are in the pool's (a, b) order. */
export interface StableAddView {
  tokenA: Token | null
  tokenB: Token | null
  /** The pool's tokens in its own order (ascending ids), once both are picked. */
  poolTokens: [Token, Token] | null
  pool: StablePool | null
  /** 'create': no pool yet (sign its creation, then the first deposit); 'deposit': created, still empty; null: add to it. */
  step: 'create' | 'deposit' | null
  feeBps: number
  /** A of a new pool, once valid. */
  amp: bigint | null
  ampError: string | null
  fieldError: string | null
  /** Base units deposited, per pool side (a, b); null until typed. */
  amountA: bigint | null
  amountB: bigint | null
  /** LP minted (the SDK's quote); null without one. */
  lp: bigint | null
  minLp: bigint | null
  /** Curve's imbalance fee per pool side (base units, the SDK's quote); zero for a proportional add. */
  imbalanceFeeA: bigint
  imbalanceFeeB: bigint
  /** The user's share after the deposit (percent, the locked units counted in the supply). */
  sharePercent: number | null
  /** A first deposit locks 1,000 LP units forever: their share of what it mints (percent). */
  lockedPercent: number | null
  message: string | null
  button: ActionState
}

/** What the stable add derivation reads. */
export interface StableAddInputs {
  state: StableState
  sdk: GroveSdk | null
  pools: readonly StablePool[] | undefined
  tokens: ReadonlyMap<number, Token>
  holdings: Holdings | undefined
  /** The chain's time (seconds): A moves during a ramp; null until it is read (no quote meanwhile). */
  now: bigint | null
  connected: boolean
  deployed: boolean
  slippageBps: number
}

/** Derives the stable add form: what the pool mints for any two amounts, Curve's imbalance fee, a new pool's A, the button. */
export function deriveStableAdd(input: StableAddInputs): StableAddView {
  const { state, sdk, tokens } = input
  const tokenA = state.first === null ? null : (tokens.get(state.first) ?? null)
  const tokenB = state.second === null ? null : (tokens.get(state.second) ?? null)
  const pool = tokenA && tokenB && tokenA.id !== tokenB.id ? stablePoolOf(input.pools, tokenA.id, tokenB.id, state.feeBps) : null
  const poolTokens: [Token, Token] | null = tokenA && tokenB ? (tokenA.id < tokenB.id ? [tokenA, tokenB] : [tokenB, tokenA]) : null
  const empty = !pool || (pool.reserveA === 0n && pool.reserveB === 0n)
  const step = !tokenA || !tokenB || input.pools === undefined ? null : !pool ? 'create' : empty ? 'deposit' : null
  const amp = parseAmp(state.ampText)
  const ampError = step === 'create' ? amp.error : null

  let fieldError: string | null = null
  // an existing pool takes either side alone; an empty one needs both
  const parse = (text: string, token: Token | null): bigint | null => {
    if (!sdk || !token) return null
    if (text.trim() === '') return step === null && pool ? 0n : null
    const parsed = sdk.parseAmount(text, token.decimals, token.symbol)
    if (parsed.ok) return parsed.value
    fieldError ??= parsed.error.message
    return null
  }
  const typedA = parse(state.textA, tokenA)
  const typedB = parse(state.textB, tokenB)
  const aFirst = !poolTokens || !tokenA || poolTokens[0].id === tokenA.id
  const [amountA, amountB] = aFirst ? [typedA, typedB] : [typedB, typedA]
  const bothEmpty = typedA !== null && typedB !== null && typedA === 0n && typedB === 0n

  let lp: bigint | null = null
  let imbalanceFeeA = 0n
  let imbalanceFeeB = 0n
  let problem: string | null = tokenA && tokenB && tokenA.id === tokenB.id ? 'Pick two different tokens' : null
  const into = sdk && poolTokens ? (pool ?? (amp.amp !== null ? emptyStablePool(sdk, poolTokens[0], poolTokens[1], state.feeBps, amp.amp) : null)) : null
  if (sdk && into && amountA !== null && amountB !== null && !bothEmpty && !problem && !fieldError) {
    if (input.now === null) problem = 'Reading the chain’s clock…'
    else {
      try {
        const q = sdk.stable.quoteStableAdd(into, amountA, amountB, input.now)
        lp = q.lp
        imbalanceFeeA = q.imbalanceFeeA
        imbalanceFeeB = q.imbalanceFeeB
      } catch (e) {
        problem = quoteProblem(sdk, e)
      }
    }
  }
  const minLp = lp === null || !sdk ? null : sdk.minimumReceived(lp, BigInt(input.slippageBps))
  const supplyAfter = into && lp !== null ? into.lpIssued + STABLE_LOCKED_LP + lp : null
  const userLp = pool && input.holdings ? (input.holdings.assets.get(Number(pool.lpAsset)) ?? 0n) : 0n
  const sharePercent = supplyAfter !== null && lp !== null ? percentOf(userLp + lp, supplyAfter) : null
  const lockedPercent = into && into.reserveA === 0n && lp !== null ? percentOf(STABLE_LOCKED_LP, lp + STABLE_LOCKED_LP) : null

  // a side the account cannot pay: ALGO keeps the minimum balance and the fees (a new pool's creation deposit too)
  const reserve = step === 'create' ? STABLE_FEE_RESERVE * 2n + 1_000_000n : STABLE_FEE_RESERVE
  const short = poolTokens && input.holdings ? ([[poolTokens[0], amountA], [poolTokens[1], amountB]] as const).find(([t, x]) => x !== null && x > balanceOf(input.holdings!, t, reserve))?.[0] : undefined

  // the Stable app pays LP to a holder only: an account without the LP token opts in first (its own signature)
  const needsOptIn = Boolean(pool && pool.lpAsset > 0n && input.holdings && !input.holdings.assets.has(Number(pool.lpAsset)))
  const needsBoth = step !== null && (amountA === null || amountB === null || amountA === 0n || amountB === 0n)
  const button = actionButtonState({
    connected: input.connected,
    networkOk: input.deployed,
    select: !tokenA || !tokenB ? 'Select a token' : null,
    amountError: ampError ?? fieldError ?? (amountA === null || amountB === null || bothEmpty ? 'Enter an amount' : needsBoth ? 'Enter both amounts for the first deposit' : null),
    amount: (amountA ?? 0n) + (amountB ?? 0n),
    balance: short ? 0n : undefined,
    assetName: short?.symbol,
    problem,
    needsOptIn,
    optInName: poolTokens ? `${poolTokens[0].symbol}/${poolTokens[1].symbol} LP` : undefined,
    actionLabel: step === 'create' ? 'Create stable pool' : step === 'deposit' ? 'Make the first deposit' : 'Add liquidity',
  })
  const message =
    ampError ??
    fieldError ??
    problem ??
    (short ? (short.id === 0 ? `You do not have enough ALGO: keep your minimum balance and ${formatAlgo(reserve)} for fees${step === 'create' ? ' and the new pool’s deposit' : ''}.` : `You do not have enough ${short.symbol}.`) : null)
  return { tokenA, tokenB, poolTokens, pool, step, feeBps: state.feeBps, amp: amp.amp, ampError, fieldError, amountA, amountB, lp, minLp, imbalanceFeeA, imbalanceFeeB, sharePercent, lockedPercent, message, button }
}

const percentOf = (part: bigint, whole: bigint): number => (whole === 0n ? 0 : Number((part * 100n * 1_000_000n) / whole) / 1_000_000)

function balanceOf(holdings: Holdings, token: Token, fee: bigint): bigint {
  return token.id === 0 ? spendableAlgo(holdings, fee) : (holdings.assets.get(token.id) ?? 0n)
}

/** One of the user's stable pool shares. */
export interface StablePosition {
  pool: StablePool
  tokenA: Token
  tokenB: Token
  lp: bigint
  sharePercent: number
}

/** The stable pools whose LP token the account holds. */
export function stablePositions(pools: readonly StablePool[] | undefined, holdings: Holdings | undefined, tokens: ReadonlyMap<number, Token>): StablePosition[] {
  if (!pools || !holdings) return []
  return pools.flatMap((pool) => {
    const lp = holdings.assets.get(Number(pool.lpAsset)) ?? 0n
    return lp === 0n ? [] : [{ pool, tokenA: describe(tokens, pool.a), tokenB: describe(tokens, pool.b), lp, sharePercent: percentOf(lp, pool.lpIssued + STABLE_LOCKED_LP) }]
  })
}

/** What the stable remove form shows. */
export interface StableRemoveView {
  position: StablePosition | null
  lp: bigint
  amountA: bigint
  amountB: bigint
  minA: bigint
  minB: bigint
  button: ActionState
}

/** Derives the stable remove form: LP to return for the percentage, and both sides back in proportion (the SDK's quote). */
export function deriveStableRemove(sdk: GroveSdk | null, position: StablePosition | null, percent: number, connected: boolean, deployed: boolean, slippageBps: number): StableRemoveView {
  // 100% returns every unit; other percentages round down so the user never over-asks
  const lp = position ? (percent >= 100 ? position.lp : (position.lp * BigInt(Math.round(percent * 100))) / 10_000n) : 0n
  let amountA = 0n
  let amountB = 0n
  let problem: string | null = null
  if (sdk && position && lp > 0n) {
    try {
      ;({ amountA, amountB } = sdk.stable.quoteStableRemove(position.pool, lp))
    } catch (e) {
      problem = quoteProblem(sdk, e)
    }
  }
  const min = (x: bigint) => (sdk ? sdk.minimumReceived(x, BigInt(slippageBps)) : x)
  const button = actionButtonState({ connected, networkOk: deployed, select: position ? null : 'Choose a stable pool share', amount: lp, problem, actionLabel: 'Remove liquidity' })
  return { position, lp, amountA, amountB, minA: min(amountA), minB: min(amountB), button }
}

/** The Stable app's action the add form's review builds next (a new pool's creation first); null until the form is ready. */
export function stableAddAction(view: StableAddView): ContractAction<'Stable'> | null {
  if (view.button.kind !== 'ready' || !view.poolTokens) return null
  const [a, b] = view.poolTokens
  if (view.step === 'create') return view.amp === null ? null : { kind: 'create-pool', a: BigInt(a.id), b: BigInt(b.id), feeBps: BigInt(view.feeBps), amp: view.amp }
  if (!view.pool || view.amountA === null || view.amountB === null || view.minLp === null) return null
  return { kind: 'add', pool: view.pool, amountA: view.amountA, amountB: view.amountB, minLp: view.minLp }
}

/** The Stable app's remove the remove form's review builds; null until the form is ready. */
export function stableRemoveAction(view: StableRemoveView): ContractAction<'Stable'> | null {
  if (view.button.kind !== 'ready' || !view.position) return null
  return { kind: 'remove', pool: view.position.pool, lp: view.lp, minA: view.minA, minB: view.minB }
}

/** The toast once a stable group lands: what algod says it moved for the account (never the quote). */
export function stableDeliveredWords(kind: 'add' | 'remove', delivered: BalanceChanges | undefined, a: Token, b: Token, lpAsset: bigint, pair: string): string {
  const verb = kind === 'add' ? 'Added' : 'Withdrew'
  if (!delivered) return kind === 'add' ? `Added liquidity to ${pair}` : `Removed liquidity from ${pair}`
  const sign = kind === 'add' ? -1n : 1n
  const moved = (t: Token) => sign * (delivered.assets.get(BigInt(t.id)) ?? 0n)
  const sides = [a, b].filter((t) => moved(t) > 0n).map((t) => `${formatAmount(moved(t), t.decimals, { thousands: true })} ${t.symbol}`)
  const lp = delivered.assets.get(lpAsset) ?? 0n
  const lpWords = `${formatAmount(lp < 0n ? -lp : lp, 6, { thousands: true })} ${pair} LP`
  return kind === 'add' ? `${verb} ${sides.join(' and ')} to ${pair}: received ${lpWords}` : `${verb} ${sides.join(' and ')} from ${pair} for ${lpWords}`
}
