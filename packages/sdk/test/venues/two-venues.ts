// Grove and the Tinyman v2-compatible (local) validator on one embedded localnet, for router tests:
// Grove pools through the SDK's own builders, Tinyman pools bootstrapped and funded by
// @tinymanorg/tinyman-js-sdk itself, fresh assets on demand, and a group's balance changes read from
// algod's simulation of it.
import algosdk from 'algosdk'
import { microAlgo } from '@algorandfoundation/algokit-utils'
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
import VENUE_ARC56 from '@grove/contracts/artifacts/TinymanV2Venue.arc56.json' with { type: 'json' }
import { AddLiquidity, Bootstrap, type InitiatorSigner, type SupportedNetwork } from '@tinymanorg/tinyman-js-sdk'
import { firstAddMinLp } from '../../src/dex/amm.ts'
import { buildAddLiquidity, buildCreatePool } from '../../src/dex/transactions.ts'
import { TINYMAN_LOCAL_LABEL, groveVenue, tinymanVenue, type Venue } from '../../src/venues/index.ts'
import { startGrove, type Grove } from '../fixture.ts'

/** tinyman-js-sdk's network name for the localnet (see venues.test.ts for how its validator id is answered). */
const LOCAL = 'tinyman-v2-compatible-local' as SupportedNetwork

/** Grove, the Tinyman venue and helpers that seed pools of either. */
export interface TwoVenues {
  grove: Grove
  validatorAppId: bigint
  venues: Venue[]
  /** A fresh asset held by the trader. */
  asset(): Promise<bigint>
  grovePool(x: bigint, y: bigint, rx: bigint, ry: bigint): Promise<void>
  tinymanPool(x: bigint, y: bigint, rx: bigint, ry: bigint): Promise<void>
  /** The sender's change of each asset when algod simulates the built group's transactions. */
  simulateDeltas(composer: algosdk.AtomicTransactionComposer): Promise<Map<bigint, bigint>>
  stop(): Promise<void>
}

/** Starts the localnet with Grove and the Tinyman venue deployed. */
export async function startTwoVenues(): Promise<TwoVenues> {
  const grove = await startGrove()
  const { appClient } = await grove.algorand.client
    .getAppFactory({ appSpec: VENUE_ARC56 as unknown as Arc56Contract, defaultSender: grove.admin.addr })
    .send.create({ method: 'createApplication', args: [] })
  const validatorAppId = appClient.appId
  await grove.algorand.send.payment({ sender: grove.admin.addr, receiver: appClient.appAddress, amount: microAlgo(100_000) })
  Object.defineProperty(Object.prototype, LOCAL, { value: Number(validatorAppId), configurable: true })
  const addr = grove.trader.addr.toString()
  const signer: InitiatorSigner = async (groups) => {
    const txns = groups
      .flat()
      .filter((t) => t.signers?.includes(addr))
      .map((t) => t.txn)
    return grove.trader.signer(
      txns,
      txns.map((_, i) => i),
    )
  }
  const venues: Venue[] = [
    groveVenue({ algod: grove.algod, dexAppId: grove.dexAppId, registryAppId: grove.registryAppId }) as unknown as Venue,
    tinymanVenue({ algod: grove.algod, validatorAppId, label: TINYMAN_LOCAL_LABEL }) as unknown as Venue,
  ]
  let made = 0
  return {
    grove,
    validatorAppId,
    venues,
    async asset() {
      made++
      const { assetId } = await grove.algorand.send.assetCreate({ sender: grove.trader.addr, total: (1n << 64n) - 1n, decimals: 6, unitName: `R${made}`, assetName: `Router ${made}` })
      return assetId
    },
    async grovePool(x, y, rx, ry) {
      const [a, b, ra, rb] = x < y ? [x, y, rx, ry] : [y, x, ry, rx]
      await grove.send(await buildCreatePool(grove.ctx, a, b))
      await grove.send(await buildAddLiquidity(grove.ctx, await grove.pool(a, b), ra, rb, firstAddMinLp(ra, rb, 50n)))
    },
    async tinymanPool(x, y, rx, ry) {
      // Tinyman's asset 1 is the greater id
      const [one, two, r1, r2] = x > y ? [x, y, rx, ry] : [y, x, ry, rx]
      const txGroup = await Bootstrap.v2.generateTxns({
        client: grove.algod,
        network: LOCAL,
        asset_1: { id: String(one), unit_name: 'ONE' },
        asset_2: { id: String(two), unit_name: 'TWO' },
        initiatorAddr: addr,
      })
      const boot = await Bootstrap.v2.signTxns({ txGroup, network: LOCAL, initiatorSigner: signer, asset1ID: Number(one), asset2ID: Number(two) })
      const pool = await Bootstrap.v2.execute({ client: grove.algod, network: LOCAL, pool: { asset1ID: Number(one), asset2ID: Number(two) }, txGroup, signedTxns: boot.signedTxns })
      await grove.algorand.send.assetOptIn({ sender: grove.trader.addr, assetId: BigInt(pool.poolTokenID!) })
      const add = await AddLiquidity.v2.initial.generateTxns({
        client: grove.algod,
        pool,
        network: LOCAL,
        poolAddress: pool.account.address().toString(),
        asset1In: { id: Number(one), amount: r1 },
        asset2In: { id: Number(two), amount: r2 },
        poolTokenId: pool.poolTokenID!,
        initiatorAddr: addr,
      })
      const signed = await AddLiquidity.v2.initial.signTxns({ txGroup: add, initiatorSigner: signer })
      await AddLiquidity.v2.initial.execute({ client: grove.algod, pool, txGroup: add, signedTxns: signed })
    },
    async simulateDeltas(composer) {
      const { simulateResponse } = await composer.simulate(grove.algod, new algosdk.modelsv2.SimulateRequest({ txnGroups: [], allowEmptySignatures: true }))
      const group = simulateResponse.txnGroups[0]!
      if (group.failureMessage) throw new Error(group.failureMessage)
      const deltas = new Map<bigint, bigint>()
      const add = (asset: bigint, amount: bigint) => deltas.set(asset, (deltas.get(asset) ?? 0n) + amount)
      const visit = (stxn: algosdk.SignedTransaction, inner: algosdk.modelsv2.PendingTransactionResponse[] | undefined) => {
        const { txn } = stxn
        const from = txn.sender.toString()
        const to = txn.assetTransfer?.receiver.toString() ?? txn.payment?.receiver.toString()
        const asset = txn.assetTransfer ? txn.assetTransfer.assetIndex : 0n
        const amount = txn.assetTransfer?.amount ?? txn.payment?.amount ?? 0n
        if (to !== undefined && amount > 0n) {
          if (from === addr) add(asset, -amount)
          if (to === addr) add(asset, amount)
        }
        for (const i of inner ?? []) visit(i.txn, i.innerTxns)
      }
      for (const r of group.txnResults) visit(r.txnResult.txn, r.txnResult.innerTxns)
      return deltas
    },
    async stop() {
      delete (Object.prototype as Record<string, unknown>)[LOCAL]
      await grove.stop()
    },
  }
}
