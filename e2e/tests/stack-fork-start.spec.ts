// `npm start -- --fork <algod URL>` against a running `npm start` (issue 27): the fork finds the
// remote's Grove deployment and uses it (deploying and seeding nothing), its algod lists the remote's
// pools, its web app shows them and its analytics service starts. The remote is the suite's own
// stack (other specs trade on it meanwhile, and a fork only reads it), so one more stack starts, not two.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { AlgorandClient } from '@algorandfoundation/algokit-utils'
import { buildSwapExactIn, dexContract, groveContext, quoteExactIn } from '@grove/sdk'
import { stackInfo } from '../support/stack.ts'
import { interrupt, startRun, type StartRun } from '../support/start-run.ts'

const TOKEN = { 'X-Algo-API-Token': 'a'.repeat(64) }
const config = (url: string) => ({ server: `${new URL(url).protocol}//${new URL(url).hostname}`, port: new URL(url).port, token: 'a'.repeat(64) })
const boxes = async (algodUrl: string, app: number): Promise<string[]> =>
  ((await (await fetch(`${algodUrl}/v2/applications/${app}/boxes`, { headers: TOKEN })).json()) as { boxes: { name: string }[] }).boxes.map((b) => b.name).sort()

test("a fork of a running Grove uses the remote's deployment and serves its pools", async ({ page }) => {
  test.setTimeout(300_000)
  const remote = stackInfo()
  const dirs = [fs.mkdtempSync(path.join(os.tmpdir(), 'grove-fork-'))]
  let fork: StartRun | undefined
  try {
    // no --fork-token: a remote on this machine gets LocalNet's token
    // no keeper: its fills on the fork are not what this spec checks, and would compete with the fork's start for its one thread
    fork = await startRun(dirs[0], ['--fork', remote.algodUrl, '--no-keeper'], /analytics {2}\S+/)
    expect(fork.out).toContain(`fork   of ${remote.algodUrl} at its round`)
    expect(fork.out).toContain("the remote's Grove deployment, pools and accounts, read on first touch")

    const there = JSON.parse(fs.readFileSync(path.join(remote.dataDir, 'grove.json'), 'utf8'))
    const here = JSON.parse(fs.readFileSync(path.join(dirs[0], 'grove.json'), 'utf8'))
    // the remote deployment's own first round and the demo's Tinyman validator (found by its program among the admin's apps)
    expect(there.deployment.tinymanAppId).toBeGreaterThan(0)
    // the stable coin is the remote record's own naming (the demo's gUSD), not something on the chain
    // a fork reads: the fork's record has every id the chain holds and no stable coin of its own
    const { stableAssetId: _stable, ...onChain } = there.deployment as Record<string, unknown>
    expect(here.deployment).toEqual(onChain)
    expect(here.seed).toBeUndefined()
    expect(here.forkOf.url).toBe(remote.algodUrl)

    // pools other specs create on the remote after the fork round are the remote's alone
    const forkBoxes = await boxes(fork.algodUrl, there.deployment.dexAppId)
    expect(forkBoxes.length).toBeGreaterThanOrEqual(there.seed.pools.length)
    expect(await boxes(remote.algodUrl, there.deployment.dexAppId)).toEqual(expect.arrayContaining(forkBoxes))

    // the fork's analytics follows the remote's history (the fork's algod serves the remote's blocks up
    // to the fork round) into the fork's own blocks: the remote's pools, then a swap made on the fork
    const analytics = fork.out.match(/analytics {2}(\S+)\/api/)![1]
    const api = async <T>(p: string): Promise<T> => (await (await fetch(`${analytics}${p}`)).json()) as T
    type Pools = { pools: { id: number; assetA: { id: number }; assetB: { id: number } }[] }
    // the fork's own output says why, if its analytics service never answers
    const forked = fork
    await expect
      .poll(async () => (await api<Pools>('/api/pools?limit=100')).pools.length, { timeout: 90_000 })
      .toBeGreaterThanOrEqual(there.seed.pools.length)
      .catch((e: Error) => {
        throw new Error(`${e.message}\nThe fork printed:\n${forked.out}`, { cause: e })
      })
    const onFork = AlgorandClient.fromConfig({ algodConfig: config(fork.algodUrl), kmdConfig: config(fork.out.match(/kmd {4}(\S+)/)![1]) })
    onFork.setDefaultValidityWindow(1000)
    const trader = await onFork.account.fromKmd('unencrypted-default-wallet', (a) => a.status !== 'Offline' && a.amount > 1_000_000_000)
    const algoPool = (await api<Pools>('/api/pools?limit=100')).pools.find((p) => p.assetA.id === 0)!
    const ctx = groveContext(there.deployment, { algod: onFork.client.algod, sender: trader.addr, signer: trader.signer })
    const pool = (await dexContract.readers.pool(ctx, 0n, BigInt(algoPool.assetB.id)))!
    const quote = quoteExactIn(pool, 0n, 5_000_000n)
    if (!quote.ok) throw new Error(quote.error)
    const swap = await (await buildSwapExactIn(ctx, 0n, BigInt(algoPool.assetB.id), 5_000_000n, quote.amountOut)).composer.execute(onFork.client.algod, 4)
    const txnIds = new Set(swap.txIDs)
    const swapsOnFork = async () => (await api<{ swaps: { txnId: string; round: number }[] }>(`/api/pools/${algoPool.id}/swaps?limit=100`)).swaps.filter((s) => txnIds.has(s.txnId))
    await expect.poll(async () => (await swapsOnFork()).length, { timeout: 60_000 }).toBe(1)
    expect((await swapsOnFork())[0].round).toBeGreaterThan(here.forkOf.round)
    expect((await api<{ status: string }>('/api/health')).status).toBe('ok')

    await page.goto(`${fork.webUrl}shares`)
    // Grove's pool and the demo's Tinyman pool of the pair, both read from the remote
    // the pair's Grove pools: 30 bps and the demo's 5 bps one
    await expect(page.locator('tr[data-pool-row="ALGO/gUSD"][data-venue="grove"]')).toHaveCount(2, { timeout: 30_000 })
    await expect(page.locator('tr[data-pool-row="ALGO/gUSD"][data-venue="tinyman"]')).toBeVisible()
    await expect(page.getByText('Grove is not deployed on this network')).toHaveCount(0)
  } finally {
    await interrupt(fork)
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
  }
})
