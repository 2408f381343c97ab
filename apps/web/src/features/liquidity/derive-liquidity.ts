// Positions, the add form and the remove form, derived from typed state, pools and holdings
// with @grove/sdk's math. Pure functions: the page renders their results.
import { actionButtonState, type ActionState } from '@/lib/action-button.ts'
import { spendableAlgo, type Holdings } from '@/lib/account/account.ts'
import type { GroveSdk, Pool } from '@/lib/tx/sdk.ts'
import type { Token } from '@/lib/tokens/tokens.ts'
import { formatAmount, formatAlgo } from '@grove/sdk/amount'
import { valueInAlgo } from '@grove/sdk/figures'
import type { AddState, RemoveState } from './liquidity-state.ts'

/** µALGO a liquidity group may cost in fees (input transfers, app call and its inner transfers). */
export const LIQUIDITY_FEE = 6_000n
/** µALGO reserved for creating a pool: its box, LP asset and opt-ins, paid to the DEX (the SDK states the exact figure). */
export const CREATE_POOL_RESERVE = 1_000_000n

/** One of the user's pool shares. */
export interface Position {
  pool: Pool
  tokenA: Token
  tokenB: Token
  lp: bigint
  sharePercent: number
  amountA: bigint
  amountB: bigint
  /** What the share is worth in ALGO at the pools' spot prices; null when a side has no ALGO pool. */
  valueAlgo: bigint | null
}

const describe = (tokens: ReadonlyMap<number, Token>, id: bigint): Token => tokens.get(Number(id)) ?? { id: Number(id), symbol: `#${id}`, name: `Asset ${id}`, decimals: 0 }

/** The user's positions: every pool whose LP token the account holds, largest value first. */
export function positions(sdk: GroveSdk, pools: Pool[], holdings: Holdings, tokens: ReadonlyMap<number, Token>): Position[] {
  const out: Position[] = []
  for (const pool of pools) {
    const lp = holdings.assets.get(Number(pool.lpAsset)) ?? 0n
    if (lp === 0n) continue
    const { amountA, amountB } = sdk.lpValue(pool, lp)
    const a = valueInAlgo(pools, pool.a, amountA)
    const b = valueInAlgo(pools, pool.b, amountB)
    out.push({
      pool,
      tokenA: describe(tokens, pool.a),
      tokenB: describe(tokens, pool.b),
      lp,
      sharePercent: sdk.lpSharePercent(pool, lp),
      amountA,
      amountB,
      valueAlgo: a === null || b === null ? null : a + b,
    })
  }
  return out.sort((x, y) => Number((y.valueAlgo ?? 0n) - (x.valueAlgo ?? 0n)))
}

/** The pool of a pair, whichever order the tokens were picked in. */
export function poolOf(pools: Pool[] | undefined, x: number, y: number, feeBps = 30): Pool | null {
  const [a, b] = x < y ? [BigInt(x), BigInt(y)] : [BigInt(y), BigInt(x)]
  // a pair has a pool per fee tier: the tier its box key names (its fee, for any pool made with tiers)
  return pools?.find((p) => p.a === a && p.b === b && (p.tier ?? p.feeBps) === BigInt(feeBps)) ?? null
}

/** What the add form shows. */
export interface AddView {
  tokenA: Token | null
  tokenB: Token | null
  pool: Pool | null
  /** No pool exists for the pair (or it is empty): this deposit creates it and sets its price. */
  creating: boolean
  /**
   * Where a new pool stands in its two signatures: 'create' (no pool yet: create it, empty, then
   * deposit) or 'deposit' (created earlier but empty: only the first deposit is left); null otherwise.
   */
  step: 'create' | 'deposit' | null
  /** The pool's fee tier, in bps: the one picked (a new pool is created in it). */
  feeBps: number
  textA: string
  textB: string
  fieldError: string | null
  /** Base units of each field as deposited (b is 0 for a zap). */
  amountA: bigint | null
  amountB: bigint | null
  lp: bigint | null
  minLp: bigint | null
  /** For a zap, how much of the deposit the pool swaps to the other side. */
  swapAmount: bigint | null
  /** Your redeemable share of the pool after the deposit (the 1,000 LP locked forever count in the supply). */
  sharePercent: number | null
  /**
   * A first deposit locks 1,000 LP forever (the minimum liquidity): what they hold of the deposit,
   * per side, and their share; null when the pool already has liquidity.
   */
  locked: { amountA: bigint; amountB: bigint; sharePercent: number } | null
  message: string | null
  button: ActionState
}

/** A first deposit's locked minimum liquidity above this share of it gets a warning. */
export const LOCKED_WARNING_PERCENT = 1

/** What the add derivation reads. */
export interface AddInputs {
  state: AddState
  sdk: GroveSdk | null
  pools: Pool[] | undefined
  tokens: ReadonlyMap<number, Token>
  holdings: Holdings | undefined
  connected: boolean
  deployed: boolean
  slippageBps: number
}

/** Derives the add form: the other amount at the pool ratio, LP minted, the first price, the button. */
export function deriveAdd(input: AddInputs): AddView {
  const { state, sdk, tokens } = input
  const tokenA = state.first === null ? null : (tokens.get(state.first) ?? null)
  const tokenB = state.second === null ? null : (tokens.get(state.second) ?? null)
  const pool = tokenA && tokenB ? poolOf(input.pools, tokenA.id, tokenB.id, state.feeBps) : null
  const creating = Boolean(tokenA && tokenB && input.pools && (!pool || (pool.reserveA === 0n && pool.reserveB === 0n)))
  const step = !creating ? null : pool ? 'deposit' : 'create'
  const aIsPoolA = tokenA !== null && pool !== null && BigInt(tokenA.id) === pool.a

  let fieldError: string | null = null
  const parse = (text: string, token: Token | null): bigint | null => {
    if (!sdk || !token || text.trim() === '') return null
    const parsed = sdk.parseAmount(text, token.decimals, token.symbol)
    if (parsed.ok) return parsed.value
    fieldError ??= parsed.error.message
    return null
  }
  let amountA = parse(state.textA, tokenA)
  let amountB = state.single ? 0n : parse(state.textB, tokenB)
  let textA = state.textA
  let textB = state.single ? '' : state.textB
  let lp: bigint | null = null
  let swapAmount: bigint | null = null
  let problem: string | null = null

  if (sdk && pool && !creating && tokenA && tokenB) {
    if (state.single) {
      if (amountA !== null && amountA > 0n) {
        const q = sdk.zap(pool, BigInt(tokenA.id), amountA)
        if (q.ok) [lp, swapAmount] = [q.lp, q.swapAmount]
        else problem = sdk.AMM_ERROR_MESSAGES[q.error]
      }
    } else {
      // The other side follows the pool ratio, rounded up as the contract takes it.
      if (state.typed === 'a' && amountA !== null) {
        amountB = sdk.matchingAmount(pool, BigInt(tokenA.id), amountA)
        textB = formatAmount(amountB, tokenB.decimals)
      } else if (state.typed === 'b' && amountB !== null) {
        amountA = sdk.matchingAmount(pool, BigInt(tokenB.id), amountB)
        textA = formatAmount(amountA, tokenA.decimals)
      }
      if (state.typed === 'a' && amountA === null && !fieldError) textB = ''
      if (state.typed === 'b' && amountB === null && !fieldError) textA = ''
      if (amountA !== null && amountB !== null && amountA > 0n && amountB > 0n) {
        const q = aIsPoolA ? sdk.addLiquidity(pool, amountA, amountB) : sdk.addLiquidity(pool, amountB, amountA)
        if (q.ok) lp = q.lp
        else problem = sdk.AMM_ERROR_MESSAGES[q.error]
      }
    }
  } else if (sdk && creating && amountA !== null && amountB !== null && amountA > 0n && amountB > 0n) {
    const empty = sdk.newPool(tokenA!.id, tokenB!.id)
    const q = aIsPoolA || empty.a === BigInt(tokenA!.id) ? sdk.addLiquidity(empty, amountA, amountB) : sdk.addLiquidity(empty, amountB, amountA)
    if (q.ok) lp = q.lp
    else problem = sdk.AMM_ERROR_MESSAGES[q.error]
  }
  if (creating && state.single) problem = 'A new pool needs both tokens: its first deposit sets the price'

  const fee = LIQUIDITY_FEE + (step === 'create' ? CREATE_POOL_RESERVE : 0n)
  const balanceA = balanceFor(input.holdings, tokenA, fee)
  const balanceB = balanceFor(input.holdings, tokenB, fee)
  const shortA = amountA !== null && balanceA !== undefined && amountA > balanceA
  const shortB = !state.single && amountB !== null && balanceB !== undefined && amountB > balanceB
  const short = shortA ? tokenA : shortB ? tokenB : null
  const minLp = lp === null || !sdk ? null : sdk.minimumReceived(lp, BigInt(input.slippageBps))
  // the pool the deposit lands in (an empty one for a first deposit), after it: shares are of its supply,
  // in which the 1,000 LP locked forever count, so each is what its LP redeems
  const into = sdk && tokenA && tokenB ? (pool && !creating ? pool : sdk.newPool(tokenA.id, tokenB.id)) : null
  const after = into && lp !== null ? { ...into, lpIssued: into.lpIssued + lp } : null
  const sharePercent = after && sdk && lp !== null ? sdk.lpSharePercent(after, lp) : null
  const locked =
    creating && after && sdk && lp !== null && amountA !== null && amountB !== null
      ? {
          amountA: (amountA * sdk.MINIMUM_LIQUIDITY) / (lp + sdk.MINIMUM_LIQUIDITY),
          amountB: (amountB * sdk.MINIMUM_LIQUIDITY) / (lp + sdk.MINIMUM_LIQUIDITY),
          sharePercent: sdk.lpSharePercent(after, sdk.MINIMUM_LIQUIDITY),
        }
      : null

  const needsBoth = !state.single && (amountA === null || amountB === null)
  const button = actionButtonState({
    connected: input.connected,
    networkOk: input.deployed,
    select: !tokenA || !tokenB ? 'Select a token' : null,
    amountError: fieldError ?? (amountA === null || needsBoth ? 'Enter an amount' : null),
    amount: amountA ?? 0n,
    problem,
    balance: short ? 0n : undefined,
    assetName: short?.symbol,
    actionLabel: step === 'create' ? 'Create pool' : step === 'deposit' ? 'Deposit and set the price' : state.single ? `Add ${tokenA?.symbol ?? ''} only` : 'Add liquidity',
  })
  const message =
    fieldError ??
    problem ??
    (short
      ? short.id === 0
        ? `You do not have enough ALGO: keep your minimum balance and ${formatAlgo(fee)} for fees${step === 'create' ? ' and the new pool’s deposit' : ''}.`
        : `You do not have enough ${short.symbol}.`
      : null)
  return { tokenA, tokenB, pool, creating, step, feeBps: state.feeBps, textA, textB, fieldError, amountA, amountB, lp, minLp, swapAmount, sharePercent, locked, message, button }
}

function balanceFor(holdings: Holdings | undefined, token: Token | null, fee: bigint): bigint | undefined {
  if (!holdings || !token) return undefined
  return token.id === 0 ? spendableAlgo(holdings, fee) : (holdings.assets.get(token.id) ?? 0n)
}


/** What the remove form shows. */
export interface RemoveView {
  position: Position | null
  lp: bigint
  amountA: bigint
  amountB: bigint
  minA: bigint
  minB: bigint
  /** Your share of the pool once the LP is returned (percent); null without a position. */
  shareAfter: number | null
  button: ActionState
}

/** Derives the remove form: LP to return for the chosen percentage and what comes back. */
export function deriveRemove(sdk: GroveSdk | null, state: RemoveState, mine: Position[], connected: boolean, deployed: boolean, slippageBps: number): RemoveView {
  const position = mine.find((p) => Number(p.pool.lpAsset) === state.lpAsset) ?? null
  // 100% returns every unit; other percentages round down so the user never over-asks.
  const lp = position ? (state.percent >= 100 ? position.lp : (position.lp * BigInt(Math.round(state.percent * 100))) / 10_000n) : 0n
  const q = sdk && position && lp > 0n ? sdk.removeLiquidity(position.pool, lp) : null
  const [amountA, amountB] = q && q.ok ? [q.amountA, q.amountB] : [0n, 0n]
  const min = (x: bigint) => (sdk ? sdk.minimumReceived(x, BigInt(slippageBps)) : x)
  const button = actionButtonState({
    connected,
    networkOk: deployed,
    select: position ? null : 'Choose a pool share',
    amount: lp,
    problem: q && !q.ok ? sdk!.AMM_ERROR_MESSAGES[q.error] : null,
    actionLabel: 'Remove liquidity',
  })
  const shareAfter = position && sdk ? (q && q.ok ? sdk.lpSharePercent({ ...position.pool, lpIssued: position.pool.lpIssued - lp }, position.lp - lp) : position.sharePercent) : null
  return { position, lp, amountA, amountB, minA: min(amountA), minB: min(amountB), shareAfter, button }
}

/** One liquidity group to build, review and sign; amounts in base units. */
export type LiquidityAction =
  | { kind: 'add'; pool: Pool; x: number; amountX: bigint; amountY: bigint; minLp: bigint }
  | { kind: 'zap'; pool: Pool; assetIn: number; amount: bigint; swapAmount: bigint; minLp: bigint }
  | { kind: 'create'; x: number; y: number; feeBps: number }
  | { kind: 'remove'; pool: Pool; lp: bigint; minA: bigint; minB: bigint }

/** The group the add form's review builds next: a new pool's creation first, then its deposit; null until the form is ready. */
export function addAction(view: AddView, single: boolean): LiquidityAction | null {
  if (view.button.kind !== 'ready' || !view.tokenA || !view.tokenB || view.amountA === null || view.minLp === null) return null
  if (view.step === 'create') return { kind: 'create', x: view.tokenA.id, y: view.tokenB.id, feeBps: view.feeBps }
  if (!view.pool) return null
  if (single) return view.swapAmount === null ? null : { kind: 'zap', pool: view.pool, assetIn: view.tokenA.id, amount: view.amountA, swapAmount: view.swapAmount, minLp: view.minLp }
  if (view.amountB === null) return null
  return { kind: 'add', pool: view.pool, x: view.tokenA.id, amountX: view.amountA, amountY: view.amountB, minLp: view.minLp }
}

/** The group the remove form's review builds; null until the form is ready. */
export function removeAction(view: RemoveView): LiquidityAction | null {
  if (view.button.kind !== 'ready' || !view.position) return null
  return { kind: 'remove', pool: view.position.pool, lp: view.lp, minA: view.minA, minB: view.minB }
}

/** µALGO the action sends besides fees: ALGO deposited, or a new pool's minimum balance. */
export function algoSent(action: LiquidityAction, poolDeposit: bigint | undefined): bigint {
  switch (action.kind) {
    case 'add':
      return action.pool.a !== 0n ? 0n : BigInt(action.x) === action.pool.a ? action.amountX : action.amountY
    case 'zap':
      return action.assetIn === 0 ? action.amount : 0n
    case 'create':
      return poolDeposit ?? 0n
    case 'remove':
      return 0n
  }
}

/** Words for the ALGO a built group needs beyond what the account can spend (its fee is known only once built); null when it is covered. */
export function algoShortfall(action: LiquidityAction, fee: bigint, poolDeposit: bigint | undefined, holdings: Holdings | undefined): string | null {
  if (!holdings) return null
  const need = algoSent(action, poolDeposit) + fee
  const spendable = holdings.algo - holdings.minBalance
  if (need <= spendable) return null
  return `You need ${formatAlgo(need - spendable)} more to pay for this transaction and its network fee.`
}
