// One way to send a transaction from a page (any contract's prepared group, or an opt-in): sign with
// the connected wallet, wait for confirmation, toast each state in words, refresh pools and balances
// once it lands.
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useToast } from '@/lib/toast/use-toast.ts'
import { useProtocol } from '../protocol.ts'
import { useSettings } from '../settings.ts'
import { walletSession } from '../wallet-session.ts'
import { accountQuery } from '../account/account.ts'
import { refreshPools } from '../pools/pools.ts'
import { readableTxError, sdkQuery, type GroveSdk } from './sdk.ts'
import type { TxContext, TxResult } from './types.ts'

/** One transaction a page sends: toast texts and the SDK call that builds, signs and submits it. */
export interface PageTransaction {
  pending: string
  /** The toast once it lands: words, or words from what algod says the group delivered (never the quote). */
  done: string | ((result: TxResult) => string)
  /** Tokens the transaction moves, whose logos the toast shows. */
  tokens?: { id: number; symbol: string }[]
  send(sdk: GroveSdk, ctx: TxContext): Promise<TxResult>
  /** Words for a failure, when the group's app has its own codes (locks, projects); the DEX's otherwise. */
  explain?(sdk: GroveSdk, error: unknown): string
  /** More queries the transaction changes (locks, projects), refreshed once it lands. */
  invalidates?: readonly (readonly unknown[])[]
}

/** Runs a page's transactions with toasts; `busy` is true while one is with the wallet or the network. */
export function useTransaction(): { busy: boolean; run(tx: PageTransaction): Promise<boolean>; context(): TxContext | null } {
  const toast = useToast()
  const client = useQueryClient()
  const { algod, deployment, network } = useProtocol()
  const settings = useSettings()
  const [busy, setBusy] = useState(false)

  // Who signs, read when needed: the session may change between render and click.
  function context(): TxContext | null {
    const { activeAddress, signer } = walletSession.get()
    // a page without Grove (a swap through Tinyman alone, an opt-in) still sends; Grove's actions gate on the deployment themselves
    if (!activeAddress || !signer) return null
    return { algod, deployment, sender: activeAddress, signer, validityRounds: settings.validityRounds }
  }

  async function run(tx: PageTransaction): Promise<boolean> {
    const ctx = context()
    if (!ctx) {
      walletSession.openModal()
      return false
    }
    const id = toast.pending(tx.pending, tx.tokens)
    setBusy(true)
    let sdk: GroveSdk | undefined
    try {
      sdk = await client.fetchQuery(sdkQuery())
      const result = await tx.send(sdk, ctx)
      toast.confirmed(id, { round: result.round, txId: result.txId, message: typeof tx.done === 'string' ? tx.done : tx.done(result), explorerUrl: network.explorer?.tx(result.txId), explorerName: network.explorer?.name })
      // Pools (every venue's: a route may cross Tinyman's) and every balance of this account changed;
      // the group is atomic, so only success changes anything. The next quote reads them afresh.
      await Promise.all([client.invalidateQueries({ queryKey: accountQuery(algod, ctx.sender).queryKey }), refreshPools(client, algod, ctx.deployment)])
      for (const queryKey of tx.invalidates ?? []) await client.invalidateQueries({ queryKey })
      return true
    } catch (error) {
      toast.failed(id, sdk ? (tx.explain ?? ((s, e) => readableTxError(s, e)))(sdk, error) : error)
      return false
    } finally {
      setBusy(false)
    }
  }

  return { busy, run, context }
}
