// @grove/ledger: the embedded localnet's state machine and the node facade its APIs call.

export type * from './node.ts'
export { LedgerError } from './errors.ts'
export { GENESIS_ID, PROTOCOL, CONSENSUS_VERSIONS, CONSENSUS_PARAMS, consensusOf, FEE_SINK, REWARDS_POOL, GENESIS_ACCOUNT_BALANCE, genesisAccounts, genesisAllocation, genesisHash, genesisParticipation, genesisStatus, GENESIS_VOTE_LAST } from './genesis.ts'
export type { Consensus, GenesisAccount, GenesisParticipation } from './genesis.ts'
export { openNode } from './chain.ts'
export { paysetLeaves, txnProof, stibHash, txnCommitments } from './merkle.ts'
export type { PaysetLeaf, TxnProof, HashType } from './merkle.ts'
export { base32Decode } from './deltas.ts'
export { txnFromSdk } from './convert.ts'
export { sha512_256 } from './hash.ts'
export { RemoteState, prepareForkBase, forkGenesisHash, FORK_BASE_FILE, FORK_PINS_FILE } from './fork.ts'
export type { ForkOptions, ForkBase, NodeForkOptions } from './fork.ts'
