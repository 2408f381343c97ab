// The venues Grove routes through besides its own DEX, as contracts built here for the localnet. Kept
// apart from CONTRACTS: a row there is a Grove contract every layer keys (deployment record, SDK module,
// web, analytics), while a venue is another protocol's interface that Grove only calls; its app id lives
// on the localnet's side, and on public networks the real protocol's ids are used instead.

/** A venue contract: its class name and TEALScript source, how it is labelled, and the group reads its protocol fixes. */
export interface VenueContract {
  name: string
  source: string
  /** How pages, logs and messages name it. */
  label: string
  /** The protocol reads the transactions up to this many places before its call (see scripts/teal-check.ts). */
  precedingGroupReads: number
}

/** Venue contracts the build compiles beside CONTRACTS. */
export const VENUE_CONTRACTS = [
  {
    name: 'TinymanV2Venue',
    source: 'programs/tinyman-v2-venue.algo.ts',
    label: 'Tinyman v2-compatible (local)',
    precedingGroupReads: 2,
  },
] as const satisfies readonly VenueContract[]
