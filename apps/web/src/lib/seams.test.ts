// Each seam of the web is one module: this reads every source file of the app and names any that
// restates what that module owns (an algod client or request, a step of the transaction path, a
// query factory, a hook).
import { describe, expect, it } from 'vitest'

const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true })

/** The files (outside `allowed`) whose text matches `pattern`. */
const filesMatching = (pattern: RegExp, allowed: readonly string[] = []) =>
  Object.entries(sources)
    .filter(([path, text]) => !allowed.includes(path) && pattern.test(text))
    .map(([path]) => path)

it('reads the app sources', () => {
  expect(Object.keys(sources)).toContain('/src/lib/algod.ts')
})

describe('algod is reached through lib/algod.ts alone', () => {
  it.each([
    ['builds an algosdk client', /\bAlgodv2\s*\(/],
    ['fetches from algod by hand', /\bfetch(?:Fn)?\(\s*`\$\{(?:algodBaseUrl|base)\b/],
    ['sends the algod token itself', /\{\s*'X-Algo-API-Token'\s*:/],
  ])('no other file %s', (_what, pattern) => {
    expect(filesMatching(pattern, ['/src/lib/algod.ts'])).toEqual([])
  })
  it('no other file reads the latest block (latestBlock does, its header alone; not the SDK’s latestTimestamp)', () => {
    expect(filesMatching(/\.status\(\)|\.headerOnly\(|\blatestTimestamp\(/, ['/src/lib/algod.ts'])).toEqual([])
  })
  it('no other file names a node’s token header (algodHttp sends algod’s, indexerHttp the indexer’s)', () => {
    expect(filesMatching(/['"`]X-Algo-API-Token['"`]/, ['/src/lib/algod.ts'])).toEqual([])
    expect(filesMatching(/['"`]X-Indexer-API-Token['"`]/, ['/src/lib/indexer/client.ts'])).toEqual([])
  })
})

describe('a group is simulated, windowed and sent by the SDK only', () => {
  it.each([
    ['builds a simulate request', /SimulateRequest\b/],
    ['sets a validity window', /lastValid\s*:/],
    ['executes a composer', /\.execute\(\s*\w+\s*,/],
    ['waits for a confirmation', /waitForConfirmation\s*\(/],
    ['submits signed transactions', /sendRawTransaction\s*\(/],
  ])('no web file %s', (_what, pattern) => {
    expect(filesMatching(pattern)).toEqual([])
  })
  it.each([
    ['asks for suggested params (signingParams adds the user’s validity window)', /getTransactionParams\s*\(/],
    ['builds a transaction or a composer by hand (the SDK’s GroupBuilder does)', /new\s+(?:\w+\.)?AtomicTransactionComposer\s*\(|\bmake\w+TxnWithSuggestedParams/],
  ])('no web file but lib/tx/prepared.ts %s', (_what, pattern) => {
    expect(filesMatching(pattern, ['/src/lib/tx/prepared.ts'])).toEqual([])
  })
})

describe('each query factory and hook is defined once', () => {
  it.each(['projectsQuery', 'projectQuery', 'ownerLocksQuery', 'assetLocksQuery', 'lockQuery', 'positionsQuery', 'registryQuery', 'useChainNow', 'chainClockQuery', 'keyOf', 'preparedQuery', 'withReader', 'latestBlock', 'chainTime', 'readableError', 'readableTxError'])('%s', (name) => {
    expect(filesMatching(new RegExp(`(?:function|const)\\s+${name}\\b`))).toHaveLength(1)
  })
})

describe('failures are worded by the SDK’s one table', () => {
  it('no web file restates the wallet’s or the network’s texts as a pattern', () => {
    expect(filesMatching(/\/[^/\n]*(?:user rejected|network request failed)[^/\n]*\/[a-z]*/i)).toEqual([])
  })
  it('no web file restates the wallets’ rejection code (ARC-0027’s 4001: the SDK’s table knows it)', () => {
    expect(filesMatching(/\[\s*4001\b|[=!]==?\s*['"]?4001\b/)).toEqual([])
  })
})

describe('a contract action is built and worded by lib/tx/sdk.ts alone', () => {
  it.each([
    ['wraps the one prepare (prepareContractAction) in a prepare of its own', /(?:function|const)\s+prepare\w*Action\b/],
    ['calls the SDK’s prepareAction itself', /\.prepareAction\(/],
    ['explains a contract’s failure with the SDK itself (readableTxError(sdk, e, contract) does)', /\.explain\w*Error\(|CONTRACT_MODULES\[\w+\]\.explain\b/],
  ])('no other file %s', (_what, pattern) => {
    expect(filesMatching(pattern, ['/src/lib/tx/sdk.ts'])).toEqual([])
  })
  it('the vault has no transaction module of its own (lib/vault/vault-tx.ts is gone)', () => {
    expect(Object.keys(sources).filter((path) => /\/vault-tx\.tsx?$/.test(path))).toEqual([])
  })
})

describe('a prepared action is one query', () => {
  it('no file but lib/tx/prepared-query.ts keys a built group', () => {
    expect(filesMatching(/queryKey:\s*\[\s*'prepared/, ['/src/lib/tx/prepared-query.ts'])).toEqual([])
  })
})

/** The SDK's reads keyed by an app id, which only the contract modules' readers call (`dexContract.readers.pools(reader)`, …). */
const APP_ID_READS = [
  'fetchPools',
  'fetchPool',
  'fetchProgram',
  'fetchPrograms',
  'fetchPosition',
  'fetchLock',
  'listLocksByOwner',
  'listLocksByAsset',
  'listProjects',
  'fetchProject',
  'fetchVaultTotals',
  'fetchVaultStream',
  'fetchBuybackPath',
  'fetchPoolReading',
  'previewBuyback',
  'poolCreationCost',
  'nextProgramId',
  'programCreationCost',
]

describe('a contract is read through its SDK module', () => {
  it('no web file but lib/tx/sdk.ts makes a contract reader (withReader does)', () => {
    expect(filesMatching(/ids:\s*sdk\.deploymentIds\(/, ['/src/lib/tx/sdk.ts'])).toEqual([])
  })
  it('no web file calls the SDK’s reads keyed by an app id (a module’s readers take the deployment)', () => {
    expect(filesMatching(/\bsdk\.(?:staking\.)?(?:fetch|list)[A-Z]\w*\(/)).toEqual([])
  })
  it('the SDK’s index exports none of those reads: each contract’s are its module’s readers (they cannot come back)', async () => {
    const sdk = await import('@grove/sdk')
    const exported = { ...sdk, ...sdk.staking } as Record<string, unknown>
    expect(APP_ID_READS.filter((name) => name in exported)).toEqual([])
    // loading the whole SDK cold (this file alone, a busy machine) takes more than the default 5 s
  }, 30_000)
  it('no web file decodes an app’s global state itself (the SDK’s globalStateOf and decoders do)', () => {
    expect(filesMatching(/(?:function|const)\s+(?:decode\w*(?:Globals|GlobalState|RegistryState)|fromBase64)\b/)).toEqual([])
  })
})

describe('each figure is computed once, in the SDK', () => {
  it('no web file divides by a pool’s LP supply itself (lpSharePercent and lpValue do, the locked 1,000 units included)', () => {
    expect(filesMatching(/\/\s*\(?[\w.]*lpIssued\b|\blpSupply\(/)).toEqual([])
  })
  it('no web file words an APR from a year’s rewards and a value staked itself (the SDK’s aprOf does)', () => {
    expect(filesMatching(/ratio\(\s*\w+\.usd\s*,/)).toEqual([])
  })
})
