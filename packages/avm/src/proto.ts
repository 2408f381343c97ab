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
  maxAppTxnAccounts: 4,
  maxAppTxnForeignAssets: 8,
  maxAppTotalTxnReferences: 8,
  maxAppArgs: 16,
  maxAppTotalArgLen: 2048,
  maxAppKeyLen: 64,
  maxAppBytesValueLen: 128,
  maxAppSumKeyValueLens: 128,
  maxBoxSize: 32_768,
  bytesPerBoxReference: 1024,
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
}

/** The consensus values of go-algorand's logic test harness (see conformance/README.md). */
export const HARNESS_PROTO: ConsensusParams = {
  ...CURRENT_PROTO,
  logicSigVersion: 14,
  logicSigMaxCost: 25_000,
  maxTxGroupSize: 8,
  maxInnerTransactions: 4,
  maxAppArgs: 12,
  maxBoxSize: 1000,
  bytesPerBoxReference: 100,
  maxAppKeyLen: 64,
  maxAppBytesValueLen: 64,
  minTxnFee: 1001,
  minBalance: 1001,
  maxTxnLife: 1500,
  assetCreateMinBalance: 1001,
  assetOptInMinBalance: 1001,
  payoutsEnabled: true,
  payoutsGoOnlineFee: 3,
  payoutsPercent: 4,
  payoutsMinBalance: 5,
  payoutsMaxBalance: 6,
}
