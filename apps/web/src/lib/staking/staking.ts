// Staking programs as pages read them (farms, staking pools, a project's programs, a portfolio's
// positions): one queryOptions factory per read through the staking module's readers (the SDK loaded on
// demand) over the deployment, and the chain's
// clock ticking each second so pending rewards move on screen. The derivations are in derive.ts.
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query'
import { algodKey } from '../algod.ts'
import type { Deployment } from '../deployment.ts'
import { useChainNow } from '../locks/locks.ts'
import type { AlgodConfig } from '../networks.ts'
import { useMarket } from '../pools/market.ts'
import { useProtocol } from '../protocol.ts'
import { PAUSE_FLAGS, registryQuery } from '../registry/registry.ts'
import { tokenQuery } from '../tokens/tokens.ts'
import { stableToken } from '../pools/figures.ts'
import { withReader } from '../tx/sdk.ts'

export type { StakingAction, StakingPosition, StakingProgram } from '../tx/sdk.ts'

/** What every staking read's key starts with: a staking transaction refreshes them all. */
export const stakingKey = (algod: AlgodConfig, stakingAppId: number) => [...algodKey(algod), 'staking', stakingAppId] as const

/** The one query for every program of the deployment's staking app. */
export function programsQuery(algod: AlgodConfig, deployment: Deployment | null) {
  return queryOptions({
    queryKey: [...stakingKey(algod, deployment?.stakingAppId ?? 0), 'programs'],
    queryFn: () => withReader(algod, deployment!, (sdk, r) => sdk.stakingContract.readers.programs(r)),
    enabled: deployment !== null,
    staleTime: 10_000,
    refetchInterval: 30_000,
    retry: 1,
  })
}

/** The one query for every position of `staker`, keyed by program id. */
export function positionsQuery(algod: AlgodConfig, deployment: Deployment | null, staker: string) {
  return queryOptions({
    queryKey: [...stakingKey(algod, deployment?.stakingAppId ?? 0), 'positions', staker],
    queryFn: () => withReader(algod, deployment!, (sdk, r) => sdk.stakingContract.readers.positions(r, staker)),
    enabled: deployment !== null,
    staleTime: 10_000,
    refetchInterval: 30_000,
    retry: 1,
  })
}

const STAKING_PAUSE_BIT = PAUSE_FLAGS.find((f) => f.id === 'staking')!.bit

/** Everything a staking list derives from: the market (pools, tokens, holdings, the SDK), the programs, the user's positions, the pause flag and the chain's now. */
export function useStakingData(address: string | null) {
  const { algod, deployment, network } = useProtocol()
  const programs = useQuery({ ...programsQuery(algod, deployment), enabled: !!deployment })
  const positions = useQuery({ ...positionsQuery(algod, deployment, address ?? ''), enabled: !!deployment && !!address })
  const registry = useQuery({ ...registryQuery(algod, deployment?.registryAppId ?? 0), enabled: !!deployment })
  const ids = new Set<number>()
  for (const p of programs.data ?? []) for (const a of [p.stakeAsset, p.rewardAsset1, p.rewardAsset2]) ids.add(Number(a))
  const market = useMarket(algod, deployment, address, [...ids])
  // LP tokens and held tokens are described too: the create form lists them.
  const extra = new Set<number>([...(market.pools ?? []).map((p) => Number(p.lpAsset)), ...(market.holdings ? [...market.holdings.assets.keys()] : [])])
  const more = useQueries({ queries: [...extra].filter((id) => id !== 0 && !market.tokens.has(id)).map((id) => tokenQuery(algod, id)) })
  const tokens = new Map(market.tokens)
  for (const q of more) if (q.data) tokens.set(q.data.id, q.data)
  // A staking page shows money moving by the second: read the block time more often than a lock page does.
  const { now, devMode } = useChainNow(5_000)
  return {
    market,
    tokens,
    programs,
    positions,
    /** Creating programs and staking are paused by the protocol admin. */
    paused: registry.data ? (registry.data.paused & STAKING_PAUSE_BIT) !== 0 : false,
    stable: stableToken(tokens, network.id, deployment),
    now,
    devMode,
  }
}

/** What useStakingData returns. */
export type StakingData = ReturnType<typeof useStakingData>
