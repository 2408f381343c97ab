// One way to send a DEX transaction from a page: sign with the connected wallet, wait for
// confirmation, toast each state in words, refresh pools and balances once it lands.
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useToast } from '@/components/ui/toast/use-toast.ts'
import { useProtocol } from '../protocol.ts'
import { useSettings } from '../settings.ts'
import { walletSession } from '../wallet-session.ts'
import { accountQuery } from '../account/account.ts'
import { poolsQuery } from '../pools/pools.ts'
import { dexQuery, type Dex } from './dex.ts'
import type { TxContext, TxResult } from './types.ts'

/** One transaction a page sends: toast texts and the SDK call that builds, signs and submits it. */
export interface DexTransaction {
  pending: string
  done: string
  /** Tokens the transaction moves, whose logos the toast shows. */
  tokens?: { id: number; symbol: string }[]
  send(dex: Dex, ctx: TxContext): Promise<TxResult>
  /** Words for a failure, when the group's app has its own codes (locks, projects); the DEX's otherwise. */
  explain?(dex: Dex, error: unknown): string
  /** More queries the transaction changes (locks, projects), refreshed once it lands. */
  invalidates?: readonly (readonly unknown[])[]
}

/** Runs DEX transactions with toasts; `busy` is true while one is with the wallet or the network. */
export function useDexTransaction(): { busy: boolean; run(tx: DexTransaction): Promise<boolean>; context(): TxContext | null } {
  const toast = useToast()
  const client = useQueryClient()
  const { algod, deployment, network } = useProtocol()
  const settings = useSettings()
  const [busy, setBusy] = useState(false)

  // Who signs, read when needed: the session may change between render and click.
  function context(): TxContext | null {
    const { activeAddress, signer } = walletSession.get()
    if (!activeAddress || !signer || !deployment) return null
    return { algod, deployment, sender: activeAddress, signer, validityRounds: settings.validityRounds }
  }

  async function run(tx: DexTransaction): Promise<boolean> {
    const ctx = context()
    if (!ctx) {
      walletSession.openModal()
      return false
    }
    const id = toast.pending(tx.pending, tx.tokens)
    setBusy(true)
    let dex: Dex | undefined
    try {
      dex = await client.fetchQuery(dexQuery())
      const result = await tx.send(dex, ctx)
      toast.confirmed(id, { round: result.round, txId: result.txId, message: tx.done, explorerUrl: network.explorer?.tx(result.txId), explorerName: network.explorer?.name })
      // Pools and every balance of this account changed; the group is atomic, so only success changes anything.
      await client.invalidateQueries({ queryKey: accountQuery(algod, ctx.sender).queryKey })
      await client.invalidateQueries({ queryKey: poolsQuery(algod, ctx.deployment.dexAppId).queryKey })
      for (const queryKey of tx.invalidates ?? []) await client.invalidateQueries({ queryKey })
      return true
    } catch (error) {
      toast.failed(id, dex ? (tx.explain ?? ((d, e) => d.readableError(e)))(dex, error) : error)
      return false
    } finally {
      setBusy(false)
    }
  }

  return { busy, run, context }
}
