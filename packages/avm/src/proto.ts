// Consensus parameters the AVM and the ledger read. `CURRENT_PROTO` follows go-algorand's
// current consensus (V42, LogicSigVersion 13); `HARNESS_PROTO` is the test harness of
// go-algorand's data/transactions/logic tests, which the conformance vectors assume.

/** Consensus values that programs can see or that bound their evaluation. */
export interface ConsensusParams {
  logicSigVersion: number
  logicSigMaxCost: number
  logicSigMaxSize: number
  maxAppProgramCost: number
  maxAppProgramLen: number
  maxExtraAppProgramPages: number
  maxTxGroupSize: number
  maxInnerTransactions: number
  maxAppTxnForeignApps: number
  maxAppTxnAccounts: number
  maxAppTxnForeignAssets: number
  maxAppTotalTxnReferences: number
  maxAppArgs: number
  maxAppTotalArgLen: number
  maxAppKeyLen: number
  maxAppBytesValueLen: number
  maxAppSumKeyValueLens: number
  maxBoxSize: number
  bytesPerBoxReference: number
  maxAppBoxReferences: number
  maxAppAccess: number
  minTxnFee: number
  minBalance: number
  maxTxnLife: number
  maxTxnNoteBytes: number
  maxLogCalls: number
  maxLogSize: number
  maxAppCallDepth: number
  maxStackDepth: number
  maxStringSize: number
  maxScratchSlots: number
  appFlatParamsMinBalance: number
  appFlatOptInMinBalance: number
  schemaMinBalancePerEntry: number
  schemaUintMinBalance: number
  schemaBytesMinBalance: number
  boxFlatMinBalance: number
  boxByteMinBalance: number
  assetCreateMinBalance: number
  assetOptInMinBalance: number
  payoutsEnabled: boolean
  payoutsGoOnlineFee: number
  payoutsPercent: number
  payoutsMinBalance: number
  payoutsMaxBalance: number
  /** Oldest program version an inner app call may run. */
  minInnerApplVersion: number
  maxAbsoluteTxnNoteBytes: number
  maxAbsoluteTotalArgLen: number
  maxAbsoluteExtraProgramPages: number
  maxAssetDecimals: number
  maxAssetUnitNameBytes: number
  maxAssetNameBytes: number
  maxAssetUrlBytes: number
  maxGlobalSchemaEntries: number
  maxLocalSchemaEntries: number
  maxAppTotalProgramLen: number
  /** Fee per byte beyond the free note/arg/program sizes, in millionths of MinTxnFee. */
  perByteTxnSurcharge: number
}

/** go-algorand's current consensus protocol (V42). */
export const CURRENT_PROTO: ConsensusParams = {
  logicSigVersion: 13,
  logicSigMaxCost: 20_000,
  logicSigMaxSize: 1000,
  maxAppProgramCost: 700,
  maxAppProgramLen: 2048,
  maxExtraAppProgramPages: 3,
  maxTxGroupSize: 16,
  maxInnerTransactions: 16,
  maxAppTxnForeignApps: 8,
  maxAppTxnAccounts: 8,
  maxAppTxnForeignAssets: 8,
  maxAppTotalTxnReferences: 8,
  maxAppArgs: 16,
  maxAppTotalArgLen: 2048,
  maxAppKeyLen: 64,
  maxAppBytesValueLen: 128,
  maxAppSumKeyValueLens: 128,
  maxBoxSize: 32_768,
  bytesPerBoxReference: 2048,
  maxAppBoxReferences: 8,
  maxAppAccess: 16,
  minTxnFee: 1000,
  minBalance: 100_000,
  maxTxnLife: 1000,
  maxTxnNoteBytes: 1024,
  maxLogCalls: 32,
  maxLogSize: 1024,
  maxAppCallDepth: 8,
  maxStackDepth: 1000,
  maxStringSize: 4096,
  maxScratchSlots: 256,
  appFlatParamsMinBalance: 100_000,
  appFlatOptInMinBalance: 100_000,
  schemaMinBalancePerEntry: 25_000,
  schemaUintMinBalance: 3_500,
  schemaBytesMinBalance: 25_000,
  boxFlatMinBalance: 2_500,
  boxByteMinBalance: 400,
  assetCreateMinBalance: 100_000,
  assetOptInMinBalance: 100_000,
  payoutsEnabled: true,
  payoutsGoOnlineFee: 2_000_000,
  payoutsPercent: 50,
  payoutsMinBalance: 30_000_000_000,
  payoutsMaxBalance: 70_000_000_000_000,
  minInnerApplVersion: 4,
  maxAbsoluteTxnNoteBytes: 4096,
  maxAbsoluteTotalArgLen: 16_384,
  maxAbsoluteExtraProgramPages: 7,
  maxAssetDecimals: 19,
  maxAssetUnitNameBytes: 8,
  maxAssetNameBytes: 32,
  maxAssetUrlBytes: 96,
  maxGlobalSchemaEntries: 64,
  maxLocalSchemaEntries: 16,
  maxAppTotalProgramLen: 2048,
  perByteTxnSurcharge: 100,
}

/**
 * go-algorand's vFuture: the current protocol with the next AVM version (LogicSigVersion 14) enabled,
 * and nothing else changed (config/consensus.go: `vFuture := v42; vFuture.LogicSigVersion = 14`).
 */
export const FUTURE_PROTO: ConsensusParams = { ...CURRENT_PROTO, logicSigVersion: 14 }

/**
 * The consensus values of go-algorand's logic test harness (`makeTestProto` in
 * data/transactions/logic/eval_test.go; see conformance/README.md). It is a fresh struct there,
 * so everything it does not set is zero (no box or schema deposits, no access lists).
 */
export const HARNESS_PROTO: ConsensusParams = {
  logicSigVersion: 14,
  logicSigMaxCost: 25_000,
  logicSigMaxSize: 0,
  maxAppProgramCost: 700,
  maxAppProgramLen: 800,
  maxExtraAppProgramPages: 2,
  maxTxGroupSize: 8,
  maxInnerTransactions: 4,
  maxAppTxnForeignApps: 5,
  maxAppTxnAccounts: 3,
  maxAppTxnForeignAssets: 6,
  maxAppTotalTxnReferences: 7,
  maxAppArgs: 12,
  maxAppTotalArgLen: 800,
  maxAppKeyLen: 64,
  maxAppBytesValueLen: 64,
  maxAppSumKeyValueLens: 128,
  maxBoxSize: 1000,
  bytesPerBoxReference: 100,
  maxAppBoxReferences: 2,
  maxAppAccess: 0,
  minTxnFee: 1001,
  minBalance: 1001,
  maxTxnLife: 1500,
  maxTxnNoteBytes: 500,
  maxLogCalls: 32,
  maxLogSize: 1024,
  maxAppCallDepth: 8,
  maxStackDepth: 1000,
  maxStringSize: 4096,
  maxScratchSlots: 256,
  // Deliberately distinct so tests catch one being used for another.
  appFlatParamsMinBalance: 1002,
  appFlatOptInMinBalance: 1006,
  schemaMinBalancePerEntry: 1003,
  schemaUintMinBalance: 1004,
  schemaBytesMinBalance: 1005,
  boxFlatMinBalance: 0,
  boxByteMinBalance: 0,
  // go's `global AssetCreateMinBalance`/`AssetOptInMinBalance` report MinBalance.
  assetCreateMinBalance: 1001,
  assetOptInMinBalance: 1001,
  payoutsEnabled: true,
  payoutsGoOnlineFee: 3,
  payoutsPercent: 4,
  payoutsMinBalance: 5,
  payoutsMaxBalance: 6,
  minInnerApplVersion: 4,
  maxAbsoluteTxnNoteBytes: 550,
  maxAbsoluteTotalArgLen: 2000,
  maxAbsoluteExtraProgramPages: 4,
  maxAssetDecimals: 4,
  maxAssetUnitNameBytes: 6,
  maxAssetNameBytes: 12,
  maxAssetUrlBytes: 32,
  maxGlobalSchemaEntries: 30,
  maxLocalSchemaEntries: 13,
  maxAppTotalProgramLen: 1200,
  perByteTxnSurcharge: 1000,
}
