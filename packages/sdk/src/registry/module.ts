// The registry as one object (spec, error row, Action union with prepare, readers, events), over the
// one context (core/context.ts): its admin actions (and the DEX's per-pool fee, which the admin sets)
// and its projects.
import type { GroveContext, GroveReader, PreparedGroup } from '../core/context.ts'
import { CONTRACT_ERRORS, explainError } from '../errors.ts'
import { readGlobalState } from '../core/global-state.ts'
import { buildAdminAction, registryState, type AdminAction } from './admin.ts'
import { decodeRegistryGlobals } from './globals.ts'
import { decodeProjectEvents, fetchProject, listProjects, prepareProjectAction, type ProjectAction } from './projects.ts'
import { REGISTRY_SPEC } from './spec.ts'

/** An action on the registry: the protocol admin's, or a project's. */
export type RegistryAction = AdminAction | ProjectAction

const PROJECT_KINDS: readonly string[] = ['register', 'edit', 'transfer'] satisfies ProjectAction['kind'][]
const isProjectAction = (a: RegistryAction): a is ProjectAction => PROJECT_KINDS.includes(a.kind)

/** The registry: its spec, error row, actions, readers and events. */
export const registryContract = {
  name: 'Registry',
  spec: REGISTRY_SPEC,
  errors: CONTRACT_ERRORS.Registry,
  /** Builds an action's group, ready to simulate and sign; a verified-token box the registry cannot hold yet is its minimum balance. */
  async prepare(ctx: GroveContext, action: RegistryAction): Promise<PreparedGroup> {
    if (isProjectAction(action)) return { ...(await prepareProjectAction(ctx, action)), minBalance: 0n }
    const { composer, fee, topUp } = await buildAdminAction(ctx, action)
    return { composer, fee, minBalance: topUp }
  },
  /** A failure in words, the registry's codes first. */
  explain: (error: unknown, ids?: Partial<GroveReader['ids']>) => explainError(error, [{ spec: REGISTRY_SPEC, appId: ids?.registryAppId }]),
  decodeEvents: decodeProjectEvents,
  readers: {
    /** The registry's globals: admin, pause flags, fees, treasury. */
    state: async (r: GroveReader) => registryState(decodeRegistryGlobals(await readGlobalState(r.algod, r.ids.registryAppId))),
    /** Every project, verified first. */
    projects: (r: GroveReader) => listProjects(r.algod, r.ids.registryAppId),
    /** The project of an asset; undefined when none. */
    project: (r: GroveReader, asset: bigint) => fetchProject(r.algod, r.ids.registryAppId, asset),
  },
} as const
