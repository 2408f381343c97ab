// How the seed reaches the chain. A fresh `npm start` sends some 450 groups; each used to fetch
// suggested params and poll the node's status on top of its submit, a third of the seed's requests.
// Here one set of params serves every group until the chain has moved half a validity window, and a
// group's confirmation is read once (a dev-mode localnet confirms a group in the call that submits it).
import algosdk, { type Algodv2, type SuggestedParams } from 'algosdk'
import type { DeployResult } from '@grove/contracts/deploy'
import type { GroveContext } from '@grove/sdk'
import type { SeedAccount } from './seed-account.ts'

/** Rounds after which the shared params are fetched again: half of algod's 1,000-round window. */
const REFRESH_ROUNDS = 500n

/** What `send` takes: anything holding a signable group (the SDK's built groups). */
export type Sendable = { composer: algosdk.AtomicTransactionComposer }

export interface SeedChain {
  /** The SDK's context for `who`, with the shared params and a note of its own (equal groups in one validity window stay apart). */
  as(who: SeedAccount, note?: string): GroveContext
  /** Signs, submits and confirms a group (up to 4 rounds, as before). */
  send(group: Sendable | Promise<Sendable>): Promise<void>
}

export async function seedChain(algod: Algodv2, ids: DeployResult): Promise<SeedChain> {
  let params: SuggestedParams = await algod.getTransactionParams().do()
  // groups built on one set of params differ only by their notes: each context's is numbered
  let contexts = 0
  return {
    as: (who, note) => ({
      algod,
      ids,
      sender: who.addr,
      signer: who.signer,
      note: `${note ?? 'grove demo'} ${++contexts}`,
      // read at each build, so a context made before a refresh still builds with current params
      get suggestedParams() {
        return params
      },
    }),
    async send(group) {
      const { composer } = await group
      const signed = await composer.gatherSignatures()
      const { txid } = await algod.sendRawTransaction(signed).do()
      let info = await algod.pendingTransactionInformation(txid).do()
      if (!info.confirmedRound) info = await algosdk.waitForConfirmation(algod, txid, 4)
      if (info.confirmedRound! - BigInt(params.firstValid) >= REFRESH_ROUNDS) params = await algod.getTransactionParams().do()
    },
  }
}
