// The staking vault as pages read it: its totals and holdings, the user's sGROVE and what it is
// worth, previews of a stake or an unstake to the unit (the SDK's math, handed in so the page's
// first load does not carry the SDK), the stream that new GROVE enters the rate through, the fee
// balances waiting for a buyback and what each buyback needs first (the admin's path, an observation
// of its pools, 10 minutes of TWAP window). The dashboard reads the same queries for its sGROVE line.
import { CONTRACT_ERRORS } from '@grove/sdk/errors'
import { queryOptions } from '@tanstack/react-query'
import { algodClient, algodKey, latestBlock } from '../algod.ts'
import { fetchAccount, type Account } from '../account/account.ts'
import type { Deployment } from '../deployment.ts'
import type { AlgodConfig } from '../networks.ts'
import { loadSdk, withReader, type GroveSdk, type Pool } from '../tx/sdk.ts'
import { algoInStable, valueInAlgo, vaultApr } from '@grove/sdk/figures'
import { blocksSince, ratePoints, type Apr, type BlockView, type RatePoint, type Totals, type TxnView } from './history.ts'

export type { Totals } from './history.ts'

/** The SDK functions the derivations use (the real module in the app and in tests). */
export type VaultSdk = Pick<GroveSdk, 'stakeOut' | 'unstakeOut' | 'vaultRate' | 'groveBehind' | 'secondsUntilWindow' | 'quoteExactIn' | 'routePools' | 'OBSERVATION_BOX_MIN_BALANCE'>

/** The stream now: GROVE still locked, when the last of it unlocks, the rate now and the rate then (GROVE per whole sGROVE, 6 decimals). */
export interface VaultStream {
  locked: bigint
  end: bigint
  rate: bigint
  rateAtEnd: bigint
}

/** The vault as read now: its totals (the GROVE behind the shares), the stream, and its account (fee assets waiting for a buyback). */
export interface VaultState {
  address: string
  totals: Totals
  stream: VaultStream
  /** GROVE the stream unlocks within the next 10 minutes: a stake sent that late mints that much less sGROVE (each worth more). */
  unlocking: bigint
  account: Account
}

/** Seconds a stake's bound allows for between its preview and its block. */
export const STAKE_BOUND_SECONDS = 600n

/** GROVE of `stream` that unlocks between `now` and `seconds` later (linear; rounded up). */
export function unlockingWithin(stream: Pick<VaultStream, 'locked' | 'end'>, now: bigint, seconds: bigint): bigint {
  if (stream.locked === 0n || stream.end <= now) return 0n
  const left = stream.end - now
  const span = seconds < left ? seconds : left
  return (stream.locked * span + left - 1n) / left
}

/** Key prefix of every vault read, refreshed after a vault transaction. */
export const vaultKey = (algod: AlgodConfig, vaultAppId: number) => [...algodKey(algod), 'vault', vaultAppId] as const

/** The one query for the vault's totals and holdings. */
export function vaultStateQuery(algod: AlgodConfig, deployment: Deployment | null) {
  return queryOptions({
    queryKey: [...vaultKey(algod, deployment?.vaultAppId ?? 0), 'state'],
    queryFn: async (): Promise<VaultState> => {
      const d = deployment!
      return withReader(algod, d, async (sdk, reader) => {
        const { getApplicationAddress } = await import('algosdk')
        const address = getApplicationAddress(d.vaultAppId).toString()
        // one read of the vault's state and the chain's time: totals, stream and what unlocks soon all at that time
        const [{ state, now }, account] = await Promise.all([sdk.vaultContract.readers.state(reader), fetchAccount(algod, address)])
        const stream = sdk.vaultStreamAt(state, now)
        return { address, totals: sdk.vaultTotalsAt(state, now), stream, unlocking: unlockingWithin(stream, now, STAKE_BOUND_SECONDS), account }
      })
    },
    enabled: deployment !== null,
    staleTime: 5_000,
    refetchInterval: 15_000,
    retry: 1,
  })
}

// ---- history ----

/** The longest window the page shows an APR for. */
export const HISTORY_DAYS = 30

/** The vault's rate-moving events of the last 30 days, and whether the walk reached the window's start. */
export interface VaultHistory {
  points: RatePoint[]
  /** The latest block's time when read. */
  now: bigint
  /** False when the chain had more blocks in the window than the walk reads. */
  complete: boolean
  /** The oldest block's time read when the walk was cut short. */
  readFrom?: bigint
}

type AlgosdkBlockTxn = {
  signedTxn: { txn: { applicationCall?: { appIndex: bigint } } }
  applyData: { evalDelta?: { logs: Uint8Array[]; innerTxns: AlgosdkBlockTxn[] } }
}

/** An algosdk block's app calls as the walk sees them. */
export function toBlockView(round: bigint, block: { header: { timestamp: bigint }; payset: { signedTxn: AlgosdkBlockTxn }[] }): BlockView {
  const view = (t: AlgosdkBlockTxn): TxnView => ({
    appId: t.signedTxn.txn.applicationCall?.appIndex ?? 0n,
    logs: t.applyData.evalDelta?.logs ?? [],
    inner: (t.applyData.evalDelta?.innerTxns ?? []).map(view),
  })
  return { round, timestamp: BigInt(block.header.timestamp), txns: block.payset.map((s) => view(s.signedTxn)) }
}

/** Reads the vault's events of the last 30 days through algod, walking blocks back from the latest. */
export async function fetchVaultHistory(algod: AlgodConfig, deployment: Deployment): Promise<VaultHistory> {
  const [sdk, client] = await Promise.all([loadSdk(), algodClient(algod)])
  const { round: lastRound, time: now } = await latestBlock(client)
  const read = async (round: bigint) => toBlockView(round, (await client.block(round).do()).block as never)
  const { blocks, complete } = await blocksSince(read, lastRound, BigInt(deployment.firstRound), now - BigInt(HISTORY_DAYS) * 86_400n)
  const points = ratePoints(blocks, BigInt(deployment.vaultAppId), sdk.decodeVaultEvent)
  return { points, now, complete, ...(complete ? {} : { readFrom: blocks.at(-1)?.timestamp ?? now }) }
}

/** The one query for the vault's recent history (a block walk: refreshed only after a vault transaction or a minute). */
export function vaultHistoryQuery(algod: AlgodConfig, deployment: Deployment | null) {
  return queryOptions({
    queryKey: [...vaultKey(algod, deployment?.vaultAppId ?? 0), 'history'],
    queryFn: () => fetchVaultHistory(algod, deployment!),
    enabled: deployment !== null,
    staleTime: 60_000,
    refetchInterval: 120_000,
    retry: 1,
  })
}

/** The APRs the page shows, from the history and the vault's totals now. */
export function vaultAprs(history: VaultHistory, current: Totals): { d7: Apr; d30: Apr } {
  return { d7: vaultApr(history.points, current, history.now, 7, history.readFrom), d30: vaultApr(history.points, current, history.now, 30, history.readFrom) }
}

// ---- previews ----

/** A preview: what comes back, to the unit, or why the vault would refuse, in its words. */
export type Preview = { ok: true; out: bigint } | { ok: false; problem: string }

const REFUSAL_CODES = { 'zero-amount': 'ERR:ZERO_AMOUNT', 'locked-shares': 'ERR:LOCKED_SHARES', 'zero-out': 'ERR:ZERO_OUT', overflow: 'ERR:OVERFLOW' } as const

const preview = (result: bigint | keyof typeof REFUSAL_CODES): Preview =>
  typeof result === 'bigint' ? { ok: true, out: result } : { ok: false, problem: CONTRACT_ERRORS.Vault[REFUSAL_CODES[result]] ?? result }

/** sGROVE a stake of `amount` GROVE mints at the vault's totals now. */
export function previewStake(sdk: VaultSdk, totals: Totals, amount: bigint): Preview {
  return preview(sdk.stakeOut(totals, amount))
}

/** GROVE an unstake of `amount` sGROVE pays at the vault's totals now. */
export function previewUnstake(sdk: VaultSdk, totals: Totals, amount: bigint): Preview {
  return preview(sdk.unstakeOut(totals, amount))
}

// ---- value ----

/** `amount` of `asset` in µALGO at its ALGO pool's spot price, and in the stable coin's base units at the stable coin's ALGO pool; null where no pool prices it. */
export function valueOf(pools: readonly Pool[], asset: number, amount: bigint, stableId: number | null): { algo: bigint | null; stable: bigint | null } {
  const algo = valueInAlgo(pools, asset, amount)
  return { algo, stable: algo === null ? null : algoInStable(pools, stableId, algo) }
}

// ---- fees waiting for a buyback ----

/** An asset the vault holds besides GROVE and sGROVE, as much as a buyback would swap. */
export interface PendingFee {
  asset: number
  amount: bigint
}

/** The vault's fee balances: every asset other than GROVE and sGROVE with a balance, ALGO above its minimum balance. */
export function pendingFees(account: Pick<Account, 'algo' | 'minBalance' | 'assets'>, deployment: Pick<Deployment, 'groveAssetId' | 'sGroveAssetId'>): PendingFee[] {
  const fees: PendingFee[] = []
  if (account.algo > account.minBalance) fees.push({ asset: 0, amount: account.algo - account.minBalance })
  for (const [asset, amount] of [...account.assets].sort(([x], [y]) => x - y)) {
    if (asset !== deployment.groveAssetId && asset !== deployment.sGroveAssetId && amount > 0n) fees.push({ asset, amount })
  }
  return fees
}

/** What `amount` of `asset` gives along `path` at the pools' spot prices now (null where a pool is missing or empty). */
export function spotAlong(sdk: VaultSdk, pools: readonly Pool[], asset: number, path: readonly bigint[], amount: bigint): bigint | null {
  let from = BigInt(asset)
  let value = amount
  for (const to of path) {
    const pool = pools.find((p) => (p.a === from && p.b === to) || (p.a === to && p.b === from))
    const quote = pool ? sdk.quoteExactIn(pool, from, value) : undefined
    if (!quote?.ok) return null
    value = quote.amountOut
    from = to
  }
  return value
}

/** What a buyback needs first: the admin's path, the vault's observations of its pools and the chain's time. */
export interface BuybackReadiness {
  /** The path the protocol admin set (the assets after the fee asset), null when none. */
  path: bigint[] | null
  pools: [bigint, bigint][]
  /** Seconds until each pool has an observation a buyback can use (0: now); undefined where it needs a new one (none, or all over an hour old). */
  waits: (bigint | undefined)[]
  now: bigint
  /** The buyback's minimum out now, or why the vault would refuse it. */
  minOut: bigint | string
  /** What the path gives at the pools' spot prices now. */
  spotOut: bigint
  /** Per pool, the one account that observed it in the last hour when only one did (the vault then refuses, ERR:ONE_OBSERVER, unless it is the keeper); null otherwise. */
  lone: (string | null)[]
}

/** What to do about one fee asset: nothing without the admin's path, observe its pools, wait for the TWAP window, wait for the price, or buy back. */
export type BuybackStep =
  | { kind: 'no-path' }
  | { kind: 'observe'; reason: string; pools: [bigint, bigint][]; thenWait: boolean }
  | { kind: 'wait'; seconds: bigint }
  | { kind: 'blocked'; reason: string }
  | { kind: 'buyback'; minOut: bigint }

/**
 * The next step for a buyback. Without the admin's path there is none. Pools without a usable
 * observation (none, or every one over an hour old) must be observed; an observation under 10
 * minutes old must age; a path whose spot output is under the TWAP bound would fail (ERR:SLIPPAGE):
 * observing again does not help (the vault takes the oldest observation of the last hour), so it waits.
 */
export function buybackStep(r: BuybackReadiness, user?: string | null): BuybackStep {
  if (!r.path) return { kind: 'no-path' }
  if (r.waits.some((w) => w === undefined)) {
    return { kind: 'observe', reason: 'The vault has no observation of every pool on this path from the last hour', pools: r.pools.filter((_, i) => r.waits[i] === undefined), thenWait: true }
  }
  const wait = r.waits.reduce<bigint>((w, s) => (s! > w ? s! : w), 0n)
  if (wait > 0n) return { kind: 'wait', seconds: wait }
  if (r.minOut === 'one-observer') {
    // a second account's observation within the hour lets the window's observation count: no new wait
    const pools = r.pools.filter((_, i) => r.lone[i] != null)
    if (user && r.lone.every((o) => o !== user)) return { kind: 'observe', reason: 'Only one account has observed this path’s pools in the last hour, and a buyback needs a second observer', pools, thenWait: false }
    return { kind: 'blocked', reason: user ? 'Only you have observed this path’s pools in the last hour: a buyback needs another account’s observation (or the keeper’s)' : 'Only one account has observed this path’s pools in the last hour: connect another account to observe them too' }
  }
  if (typeof r.minOut === 'string') return { kind: 'blocked', reason: `The TWAP bound cannot be computed (${r.minOut})` }
  if (r.spotOut < r.minOut) return { kind: 'blocked', reason: 'The pools’ price is more than 1% below their TWAP of the last hour: the buyback would fail until it returns' }
  return { kind: 'buyback', minOut: r.minOut }
}

/** The one account that observed a pool within the last hour (the vault's MAX_WINDOW), or null when none or several did. */
export function loneObserver(ring: readonly { timestamp: bigint; observer?: string }[], now: bigint): string | null {
  const recent = new Set(ring.filter((o) => o.timestamp > 0n && now - o.timestamp <= 3_600n && o.observer !== undefined).map((o) => o.observer!))
  return recent.size === 1 ? [...recent][0]! : null
}

/** Seconds as "9 min 30 s". */
export function formatWait(seconds: bigint): string {
  const m = seconds / 60n
  const s = seconds % 60n
  return m > 0n ? `${m} min${s > 0n ? ` ${s} s` : ''}` : `${s} s`
}

/** The one query for a buyback's readiness along the admin's path. */
export function buybackReadinessQuery(algod: AlgodConfig, deployment: Deployment | null, asset: number, amount: bigint, pools: readonly Pool[] | undefined) {
  return queryOptions({
    queryKey: [...vaultKey(algod, deployment?.vaultAppId ?? 0), 'buyback', asset, String(amount)],
    queryFn: async (): Promise<BuybackReadiness> => {
      return withReader(algod, deployment!, async (sdk, reader) => {
        const path = (await sdk.vaultContract.readers.buybackPath(reader, BigInt(asset))) ?? null
        if (!path) return { path, pools: [], waits: [], now: 0n, minOut: 'no-path', spotOut: 0n, lone: [] }
        const routePools = sdk.routePools(BigInt(asset), path)
        const [rings, { time: now }, bound] = await Promise.all([
          Promise.all(routePools.map(([a, b]) => sdk.vaultContract.readers.observations(reader, a, b))),
          latestBlock(reader.algod),
          sdk.vaultContract.readers.previewBuyback(reader, BigInt(asset), path),
        ])
        const waits = rings.map((ring) => (ring ? sdk.secondsUntilWindow(ring, now) : undefined))
        const lone = rings.map((ring) => (ring ? loneObserver(ring, now) : null))
        return { path, pools: routePools, waits, now, minOut: bound.minOut, spotOut: spotAlong(sdk, pools!, asset, path, bound.amount) ?? 0n, lone }
      })
    },
    enabled: deployment !== null && pools !== undefined,
    staleTime: 5_000,
    refetchInterval: 15_000,
    retry: 1,
  })
}
