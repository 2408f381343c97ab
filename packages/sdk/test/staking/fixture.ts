// The SDK's Grove (../fixture.ts) plus the staking app created from its ARC-56 artifact, block time
// that stays frozen until a test moves it, and a sender for staking groups.
import { microAlgo } from '@algorandfoundation/algokit-utils'
import { getApplicationAddress, waitForConfirmation } from 'algosdk'
import type { Algodv2 } from 'algosdk'
import { startGrove as startDexGrove } from '../fixture.ts'
import type { Grove } from '../fixture.ts'
import { STAKING_SPEC } from '../../src/staking/spec.ts'
import { latestTimestamp } from '../../src/core/block-time.ts'
import type { GroveContext } from '../../src/core/context.ts'
import type { StakingGroup } from '../../src/staking/transactions.ts'

/** A Grove with its staking app (in `ids` too). */
export interface StakingGrove extends Grove {
  stakingAppId: bigint
  /** The context of the trader (or another account). */
  stakingCtx(account?: { addr: Grove['trader']['addr']; signer: Grove['trader']['signer'] }): GroveContext
  /** Sends a staking group; resolves to the app call's logs (the last app call's). */
  sendStaking(group: StakingGroup): Promise<Uint8Array[]>
  /** Stops block time (each new block takes the latest block's timestamp). */
  freeze(): Promise<bigint>
  /** Moves block time `seconds` ahead (or a second more), freezes it there, and returns it. */
  travel(seconds: bigint): Promise<bigint>
}

/**
 * The offset that stops block time: the clock at 1970, the least the localnet's bound allows (a new
 * block is never stamped before its predecessor, so every one takes the previous block's stamp).
 */
const frozen = () => -Math.floor(Date.now() / 1000)

export async function startStakingGrove(): Promise<StakingGrove> {
  const g = await startDexGrove()
  try {
    const { appClient } = await g.algorand.client
      .getAppFactory({ appSpec: STAKING_SPEC, defaultSender: g.admin.addr })
      .send.create({ method: 'createApplication', args: [g.registryAppId, g.dexAppId] })
    await g.algorand.send.payment({ sender: g.admin.addr, receiver: appClient.appAddress, amount: microAlgo(100_000) })
    const stakingAppId = appClient.appId
    let seq = 0
    const tick = () => g.algorand.send.payment({ sender: g.admin.addr, receiver: g.admin.addr, amount: microAlgo(0), note: `tick ${++seq}` })
    const setOffset = (offset: number) => g.algod.c.post({ relativePath: `/grove/v1/clock/offset/${offset}`, data: null })
    const algod: Algodv2 = g.algod
    const ids = { ...g.ids, stakingAppId }
    return {
      ...g,
      ids,
      ctx: { ...g.ctx, ids },
      stakingAppId,
      stakingCtx: (account = g.trader) => ({ algod, ids, sender: account.addr, signer: account.signer }),
      sendStaking: async ({ composer }) => {
        const group = composer.buildGroup()
        const calls = group.filter((t) => t.txn.type === 'appl')
        await algod.sendRawTransaction(await composer.gatherSignatures()).do()
        const id = calls[calls.length - 1]!.txn.txID()
        const info = await algod.pendingTransactionInformation(id).do()
        return (info.confirmedRound ? info : await waitForConfirmation(algod, id, 4)).logs ?? []
      },
      freeze: async () => {
        await setOffset(frozen())
        await tick()
        return latestTimestamp(algod)
      },
      travel: async (seconds) => {
        const target = (await latestTimestamp(algod)) + seconds
        await setOffset(Number(target) - Math.floor(Date.now() / 1000))
        await tick()
        await setOffset(frozen())
        return latestTimestamp(algod)
      },
    }
  } catch (e) {
    await g.stop()
    throw e
  }
}

export { getApplicationAddress }
