// The vault's rate history, read through algod: the contract keeps no history of its own, and the
// analytics service does not serve the vault yet, so the page walks blocks back from the latest one
// until the window's start and decodes the vault's ARC-28 events from its app calls' logs (inner
// calls included). Each Staked, Unstaked and Buyback event carries the vault's totals after it, so
// the rate just before the first event of a window is known without reading anything older.
import type { VaultEvent } from '@grove/sdk'
import type { VaultApr } from '@grove/sdk/figures'

/** What the walk needs of a block: its time and its transactions' app ids and logs. */
export interface BlockView {
  round: bigint
  timestamp: bigint
  txns: TxnView[]
}

/** An app call of a block (or an inner one): the app it called and what it logged. */
export interface TxnView {
  appId: bigint
  logs: Uint8Array[]
  inner: TxnView[]
}

/** GROVE and sGROVE the vault held at a moment (its `grove` balance and `shares` global). */
export interface Totals {
  grove: bigint
  shares: bigint
}

/** A vault event that moves the rate, with the totals before and after it and when it happened. */
export interface RatePoint {
  round: bigint
  timestamp: bigint
  name: 'Staked' | 'Unstaked' | 'Buyback'
  before: Totals
  after: Totals
}

/** Every event logged by app `appId` in `txns`, inner calls included, in execution order. */
export function appLogs(txns: readonly TxnView[], appId: bigint): Uint8Array[] {
  const out: Uint8Array[] = []
  const walk = (t: TxnView) => {
    if (t.appId === appId) out.push(...t.logs)
    // an app's inner calls log into their own apply data, after the caller's logs so far: order inside one call is enough here
    t.inner.forEach(walk)
  }
  txns.forEach(walk)
  return out
}

/** The totals before and after a rate-moving event (undefined for Observed). */
export function totalsAround(event: VaultEvent): { before: Totals; after: Totals } | undefined {
  switch (event.name) {
    case 'Staked': {
      const { totalGrove, totalShares, grove, sGrove } = event.args
      const after = { grove: totalGrove, shares: totalShares }
      // the first stake sets shares to its amount (1,000 of them locked): nothing was staked before
      const first = totalShares === grove && totalShares - sGrove === 1000n
      return { before: { grove: totalGrove - grove, shares: first ? 0n : totalShares - sGrove }, after }
    }
    case 'Unstaked': {
      const { totalGrove, totalShares, grove, sGrove } = event.args
      return { before: { grove: totalGrove + grove, shares: totalShares + sGrove }, after: { grove: totalGrove, shares: totalShares } }
    }
    case 'Buyback': {
      const { totalGrove, totalShares, groveOut } = event.args
      return { before: { grove: totalGrove - groveOut, shares: totalShares }, after: { grove: totalGrove, shares: totalShares } }
    }
    default:
      return undefined
  }
}

/** The rate-moving vault events of some blocks, oldest first. */
export function ratePoints(blocks: readonly BlockView[], vaultAppId: bigint, decode: (log: Uint8Array) => VaultEvent | undefined): RatePoint[] {
  const points: RatePoint[] = []
  for (const block of [...blocks].sort((x, y) => (x.round < y.round ? -1 : 1))) {
    for (const log of appLogs(block.txns, vaultAppId)) {
      const event = decode(log)
      const around = event && totalsAround(event)
      if (event && around) points.push({ round: block.round, timestamp: block.timestamp, name: event.name as RatePoint['name'], ...around })
    }
  }
  return points
}

/**
 * Blocks from the latest round back to the first one stamped before `since` (that one excluded) or
 * to `firstRound`, read `batch` at a time. Dev-mode chains make a block only per transaction, so a
 * quiet localnet has few; on a public network a 30-day walk is long, which `maxBlocks` bounds.
 */
export async function blocksSince(
  read: (round: bigint) => Promise<BlockView>,
  latest: bigint,
  firstRound: bigint,
  since: bigint,
  options: { batch?: number; maxBlocks?: number } = {},
): Promise<{ blocks: BlockView[]; complete: boolean }> {
  // complete: every block since `since` (or since `firstRound`) was read
  const batch = BigInt(options.batch ?? 16)
  const maxBlocks = options.maxBlocks ?? 50_000
  const blocks: BlockView[] = []
  for (let top = latest; top >= firstRound; top -= batch) {
    if (blocks.length >= maxBlocks) return { blocks, complete: false }
    const rounds: bigint[] = []
    for (let r = top; r > top - batch && r >= firstRound; r--) rounds.push(r)
    const read_ = await Promise.all(rounds.map(read))
    for (const b of read_) {
      if (b.timestamp < since) return { blocks, complete: true }
      blocks.push(b)
    }
  }
  return { blocks, complete: true }
}

/** An APR over a window: the rate's growth annualized, and where it was measured from (the SDK's VaultApr). */
export type Apr = VaultApr
