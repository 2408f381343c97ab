// The Stable app as one object (spec, error row, Action union with prepare, readers, events), over the
// one context (core/context.ts).
import type { GroveContext, GroveReader, PreparedGroup } from '../core/context.ts'
import { CONTRACT_ERRORS, explainError } from '../errors.ts'
import { prepareStableAction, type StableAction } from './actions.ts'
import { fetchStablePool, listStablePools } from './boxes.ts'
import { decodeStableEvents } from './events.ts'
import { STABLE_SPEC } from './spec.ts'

/** The Stable app: its spec, error row, actions, readers and events. */
export const stableContract = {
  name: 'Stable',
  spec: STABLE_SPEC,
  errors: CONTRACT_ERRORS.Stable,
  /** Builds an action's group, ready to simulate and sign (its quote beside it). */
  async prepare(ctx: GroveContext, action: StableAction): Promise<PreparedGroup & { quote: unknown }> {
    const built = await prepareStableAction(ctx, action)
    const minBalance = action.kind === 'create-pool' ? (built.quote as { minBalance: bigint }).minBalance : 0n
    return { ...built, minBalance }
  },
  /** A failure in words, the Stable app's codes first. */
  explain: (error: unknown, ids?: Partial<GroveReader['ids']>) => explainError(error, [{ spec: STABLE_SPEC, appId: ids?.stablePoolsAppId }]),
  decodeEvents: decodeStableEvents,
  readers: {
    /** One stable pool (either order of its assets); undefined when there is none. */
    pool: (r: GroveReader, a: bigint, b: bigint, feeBps: bigint) => fetchStablePool(r.algod, r.ids.stablePoolsAppId, a, b, feeBps),
    /** Every stable pool. */
    all: (r: GroveReader) => listStablePools(r.algod, r.ids.stablePoolsAppId),
  },
} as const
