// Locks and projects as pages read them: one queryOptions factory per read (through the Locks and
// registry modules' readers over the deployment, the SDK loaded on demand), the chain's clock, and the derived numbers (% of supply locked, the unlock
// schedule) as pure functions of the locks and a time. The vesting function is the SDK's, handed
// in, so the page's first load does not carry the SDK.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { algodKey } from '../algod.ts'
import type { Deployment } from '../deployment.ts'
import type { AlgodConfig } from '../networks.ts'
import { useProtocol } from '../protocol.ts'
import { chainTime, withReader, type Lock } from '../tx/sdk.ts'
import { formatDateTime } from '../format.ts'

export type { Lock, Project } from '../tx/sdk.ts'

/** The SDK's vesting function (`vestedAt`), handed to the derivations below. */
export type VestedAt = (lock: Pick<Lock, 'amount' | 'cliff' | 'end' | 'anchor' | 'base'>, t: bigint) => bigint

/**
 * The chain's now as a transaction sees it (`global LatestTimestamp`: the previous block's time) and
 * when this browser read it. A localnet's time offset makes it differ from the wall clock, and its
 * dev mode makes blocks only for transactions, so there it stands still until one lands.
 */
export interface ChainClock {
  /** The latest block's timestamp, seconds. */
  chainTime: bigint
  /** Date.now() when it was read. */
  readAt: number
  /** Blocks come only with transactions (dev mode): the clock does not tick between them. */
  devMode: boolean
}

/** The one query for the chain's clock (the latest block's timestamp); refreshed with each lock read. */
export function chainClockQuery(algod: AlgodConfig) {
  return queryOptions({
    queryKey: [...algodKey(algod), 'chain-clock'],
    queryFn: async (): Promise<ChainClock> => {
      const { time, devMode } = await chainTime(algod)
      return { chainTime: time, readAt: Date.now(), devMode }
    },
    staleTime: 10_000,
    refetchInterval: 30_000,
    retry: 1,
  })
}

/** The chain's time at wall-clock `nowMs`: the block time read plus the seconds since, except in dev mode, where it waits for the next block. */
export function chainNow(clock: ChainClock, nowMs: number): bigint {
  if (clock.devMode) return clock.chainTime
  return clock.chainTime + BigInt(Math.max(0, Math.floor((nowMs - clock.readAt) / 1000)))
}

/**
 * The chain's now (seconds), re-rendered every second: the last block's time plus the seconds since
 * it was read, except on a dev-mode node, where a transaction runs at the last block's time and the
 * clock stands still until the next block. `devMode` says which. `refreshMs` reads the block time
 * more often where money moves by the second (staking).
 */
export function useChainNow(refreshMs?: number): { now: bigint | null; devMode: boolean } {
  const { algod } = useProtocol()
  const clock = useQuery(refreshMs === undefined ? chainClockQuery(algod) : { ...chainClockQuery(algod), refetchInterval: refreshMs })
  const [ms, setMs] = useState(() => Date.now())
  useEffect(() => {
    const id = setInterval(() => setMs(Date.now()), 1000)
    return () => clearInterval(id)
  }, [])
  return { now: clock.data ? chainNow(clock.data, ms) : null, devMode: clock.data?.devMode ?? false }
}

/** The one query for the locks an account holds. */
export function ownerLocksQuery(algod: AlgodConfig, deployment: Deployment | null, owner: string) {
  return queryOptions({
    queryKey: [...locksKey(algod, deployment?.lockAppId ?? 0), 'owner', owner],
    queryFn: () => withReader(algod, deployment!, (sdk, r) => sdk.locksContract.readers.byOwner(r, owner)),
    enabled: deployment !== null,
    staleTime: 10_000,
    retry: 1,
  })
}

/** The one query for every lock of an asset. */
export function assetLocksQuery(algod: AlgodConfig, deployment: Deployment | null, asset: number) {
  return queryOptions({
    queryKey: [...locksKey(algod, deployment?.lockAppId ?? 0), 'asset', asset],
    queryFn: () => withReader(algod, deployment!, (sdk, r) => sdk.locksContract.readers.byAsset(r, BigInt(asset))),
    enabled: deployment !== null,
    staleTime: 10_000,
    retry: 1,
  })
}

/** The one query for a lock by id (to accept a transfer someone proposed). */
export function lockQuery(algod: AlgodConfig, deployment: Deployment | null, id: bigint) {
  return queryOptions({
    queryKey: [...locksKey(algod, deployment?.lockAppId ?? 0), 'id', String(id)],
    queryFn: () => withReader(algod, deployment!, async (sdk, r) => (await sdk.locksContract.readers.lock(r, id)) ?? null),
    enabled: deployment !== null,
    staleTime: 10_000,
    retry: 1,
  })
}

/** What every lock read's key starts with: a lock transaction refreshes them all. */
export const locksKey = (algod: AlgodConfig, lockAppId: number) => [...algodKey(algod), 'locks', lockAppId] as const

/** The one query for every registered project, verified first. */
export function projectsQuery(algod: AlgodConfig, deployment: Deployment | null) {
  return queryOptions({
    queryKey: projectsKey(algod, deployment?.registryAppId ?? 0),
    queryFn: () => withReader(algod, deployment!, (sdk, r) => sdk.registryContract.readers.projects(r)),
    enabled: deployment !== null,
    staleTime: 30_000,
    retry: 1,
  })
}

/** The one query for one asset's project (null when it has none). */
export function projectQuery(algod: AlgodConfig, deployment: Deployment | null, asset: number) {
  return queryOptions({
    queryKey: [...projectsKey(algod, deployment?.registryAppId ?? 0), asset],
    queryFn: () => withReader(algod, deployment!, async (sdk, r) => (await sdk.registryContract.readers.project(r, BigInt(asset))) ?? null),
    enabled: deployment !== null,
    staleTime: 30_000,
    retry: 1,
  })
}

/** What every project read's key starts with. */
export const projectsKey = (algod: AlgodConfig, registryAppId: number) => [...algodKey(algod), 'projects', registryAppId] as const

/** A percentage as a page shows it: "12.5%", "<0.01%", "—" when unknown. */
export function formatPercent(value: number | null): string {
  if (value === null) return '—'
  if (value > 0 && value < 0.01) return '<0.01%'
  return `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`
}

/** One corner of an unlock chart: at `t` (seconds), `locked` base units have not vested yet. */
export interface SchedulePoint {
  t: bigint
  locked: bigint
}

/**
 * The locks' combined unlock schedule from `from`: still locked (not vested) at each time where a
 * lock's line bends (its cliff, anchor and end, and the second before each step). Between corners
 * every lock is a straight line, so their sum is too: joining the corners draws it exactly.
 */
export function unlockSchedule(locks: readonly Pick<Lock, 'amount' | 'cliff' | 'end' | 'anchor' | 'base'>[], from: bigint, vestedAt: VestedAt): SchedulePoint[] {
  if (locks.length === 0) return []
  const corners = new Set<bigint>([from])
  for (const l of locks) for (const t of [l.cliff - 1n, l.cliff, l.anchor, l.end - 1n, l.end]) if (t > from) corners.add(t)
  return [...corners]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((t) => ({ t, locked: locks.reduce((sum, l) => sum + l.amount - vestedAt(l, t), 0n) }))
}

/** A new lock's schedule before it exists: anchored at its cliff with nothing vested. */
export const newLockTerms = (amount: bigint, cliff: bigint, end: bigint) => ({ amount, cliff, end, anchor: cliff, base: 0n })

/** Seconds from a `datetime-local` value (local time), null when empty or unreadable. */
export function secondsFromLocalInput(value: string): bigint | null {
  if (!value) return null
  const ms = new Date(value).getTime()
  return Number.isFinite(ms) ? BigInt(Math.floor(ms / 1000)) : null
}

/** A `datetime-local` value (local time, minutes) for `seconds`. */
export function localInputFromSeconds(seconds: bigint): string {
  const d = new Date(Number(seconds) * 1000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** A time in seconds as a page shows it (local date and time): the one format of lib/format.ts. */
export const formatTime = (seconds: bigint): string => formatDateTime(seconds)
