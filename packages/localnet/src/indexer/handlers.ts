// The indexer v2 handlers (api/handlers.go), one module per area under handlers/: current state
// from the ledger node, history and creation rounds from the store, `next` tokens from paging.ts.
// Each answer's current-round is the store's round.
export type { IndexerContext, IndexerHandler } from './handlers/common.ts'
export { INDEXER_VERSION, health } from './handlers/health.ts'
export {
  lookupAccountAppLocalStates,
  lookupAccountAssets,
  lookupAccountByID,
  lookupAccountCreatedApplications,
  lookupAccountCreatedAssets,
  lookupAccountTransactions,
  searchForAccounts,
} from './handlers/accounts.ts'
export { lookupAssetBalances, lookupAssetByID, lookupAssetTransactions, searchForAssets } from './handlers/assets.ts'
export { lookupApplicationBoxByIDAndName, lookupApplicationByID, lookupApplicationLogsByID, searchForApplicationBoxes, searchForApplications } from './handlers/applications.ts'
export { lookupTransaction, searchForTransactions } from './handlers/transactions.ts'
export { lookupBlock, searchForBlockHeaders } from './handlers/blocks.ts'
