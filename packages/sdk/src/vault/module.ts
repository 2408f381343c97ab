// The vault as one object (spec, error row, Action union with prepare, readers, events), over the one
// context (core/context.ts).
import type { GroveContext, GroveReader, PreparedGroup } from '../core/context.ts'
import { CONTRACT_ERRORS, explainError } from '../errors.ts'
import { DEX_SPEC } from '../dex/spec.ts'
import { prepareVaultAction, type VaultAction } from './actions.ts'
import { VAULT_SPEC } from './spec.ts'
import { decodeVaultEvents } from './events.ts'
import { fetchBuybackPath, fetchObservation, fetchObservations, fetchVaultState, fetchVaultStream, fetchVaultTotals, previewBuyback } from './transactions.ts'

/** The vault: its spec, error row, actions, readers and events. */
export const vaultContract = {
  name: 'Vault',
  spec: VAULT_SPEC,
  errors: CONTRACT_ERRORS.Vault,
  /** Builds an action's group, ready to simulate and sign. */
  async prepare(ctx: GroveContext, action: VaultAction): Promise<PreparedGroup> {
    const { composer, fee } = await prepareVaultAction(ctx, action)
    return { composer, fee, minBalance: 0n }
  },
  /** A failure in words: the vault's codes, and the DEX's for a buyback's inner swap (a failure inside the DEX, whose codes the vault's row words); by app id when given. */
  explain: (error: unknown, ids?: Partial<GroveReader['ids']>) =>
    explainError(error, [
      { spec: VAULT_SPEC, appId: ids?.vaultAppId },
      { spec: DEX_SPEC, appId: ids?.dexAppId, row: 'Vault' },
    ]),
  decodeEvents: decodeVaultEvents,
  readers: {
    /** What the share math reads, and the latest block's timestamp. */
    state: (r: GroveReader) => fetchVaultState(r.algod, r.ids.vaultAppId, r.ids.groveAssetId),
    /** The GROVE behind the shares and the shares, now. */
    totals: (r: GroveReader) => fetchVaultTotals(r.algod, r.ids.vaultAppId, r.ids.groveAssetId),
    /** The reward stream now. */
    stream: (r: GroveReader) => fetchVaultStream(r.algod, r.ids.vaultAppId, r.ids.groveAssetId),
    /** The newest observation of pool (a, b); undefined when none. */
    observation: (r: GroveReader, a: bigint, b: bigint) => fetchObservation(r.algod, r.ids.vaultAppId, a, b),
    /** Every observation of pool (a, b) the vault keeps (its ring); undefined when none. */
    observations: (r: GroveReader, a: bigint, b: bigint) => fetchObservations(r.algod, r.ids.vaultAppId, a, b),
    /** The buyback path set for an asset; undefined when none. */
    buybackPath: (r: GroveReader, asset: bigint) => fetchBuybackPath(r.algod, r.ids.vaultAppId, asset),
    /** A buyback's amount and minimum out, as the vault computes them now. */
    previewBuyback: (r: GroveReader, asset: bigint, path?: readonly bigint[]) => previewBuyback(r, asset, path),
  },
} as const
