// Online stake (go's ledger/acctonline.go and the account totals): money by status after each
// round, each once-online account's online data by round (what agreement and the AVM's
// `voter_params_get` and `online_stake` read), and the end of block that takes expired
// participation keys offline. Every change is journaled with the state (journal.ts).

import algosdk from 'algosdk'
import { journaled, journaledField, journaledPush } from './journal.ts'
import { AccountStatus, unhex, type LedgerState } from './state.ts'
import { isZero } from './bytes.ts'
import type { MoneyTotals, Write } from './deltas.ts'

/** An account's online data from `round` on: its stake while online (zero offline) and voting window's end. */
export interface OnlineEntry {
  round: bigint
  balance: bigint
  incentiveEligible: boolean
  voteLast: bigint
}

/** The entry in force at `round` (the latest at or before it). */
function entryAt<T extends { round: bigint }>(history: T[], round: bigint): T | undefined {
  for (let i = history.length - 1; i >= 0; i--) if (history[i].round <= round) return history[i]
  return undefined
}

/** Expired participation accounts a block knocks offline at most (go's MaxProposedExpiredOnlineAccounts). */
const MAX_EXPIRED_PER_BLOCK = 32

/** The chain's online stake (see the file comment). */
export class OnlineStake {
  /** Money by status after the last round (go's AccountTotals), moved by each group's account writes. */
  totals: MoneyTotals = { online: 0n, offline: 0n, notParticipating: 0n }
  /** Each account that was ever online: its online data from each round where that changed, oldest first (go's online accounts table). */
  readonly accounts = new Map<string, OnlineEntry[]>()
  /** Online money from each round where it changed, oldest first: the supply's online stake reads it at the balance round. */
  readonly history: { round: bigint; money: bigint }[] = [{ round: 0n, money: 0n }]

  constructor(
    private readonly state: LedgerState,
    /** The genesis round: online money from it back is the genesis's, nothing expired yet. */
    private readonly genesisRound: bigint,
  ) {}

  /** Counts a genesis account's money under its status; an online one's stake counts from round 0 on. */
  addGenesis(key: string, status: number, amount: bigint, voteLast: bigint): void {
    if (status === 1) this.accounts.set(key, [{ round: 0n, balance: amount, incentiveEligible: false, voteLast }])
    if (status === 2) this.totals.notParticipating += amount
    else if (status === 1) this.totals.online += amount
    else this.totals.offline += amount
    this.history[0].money = this.totals.online
  }

  /** Takes a snapshot's totals and online data as the chain's. */
  load(totals: MoneyTotals, accounts: Map<string, OnlineEntry[]>, history: { round: bigint; money: bigint }[]): void {
    this.totals = totals
    this.accounts.clear()
    for (const [k, v] of accounts) this.accounts.set(k, v)
    this.history.splice(0, this.history.length, ...history)
  }

  /** Records a new round: its totals, and the online data of each account it wrote (journaled). */
  publish(round: bigint, totals: MoneyTotals, writes: Write[]): void {
    journaledField(this.state, this.totals, (v) => (this.totals = v), totals)
    if (this.totals.online !== this.history[this.history.length - 1].money) journaledPush(this.state, this.history, { round, money: this.totals.online })
    for (const w of writes) if (w.map === (this.state.accounts as Map<unknown, unknown>)) this.track(w.key as string, round)
  }

  /** Records an account's online data after `round` when it is or was online and the data changed (journaled). */
  private track(key: string, round: bigint): void {
    const d = this.state.accounts.get(key)
    const online = d?.status === AccountStatus.Online
    let history = this.accounts.get(key)
    if (history === undefined && !online) return
    if (history === undefined) journaled(this.state, this.accounts, key, (history = []))
    const e: OnlineEntry = online
      ? { round, balance: BigInt(d.balance), incentiveEligible: d.incentiveEligible, voteLast: BigInt(d.voting?.voteLast ?? 0) }
      : { round, balance: 0n, incentiveEligible: false, voteLast: 0n }
    const last = history[history.length - 1]
    if (last !== undefined && last.balance === e.balance && last.incentiveEligible === e.incentiveEligible && last.voteLast === e.voteLast) return
    journaledPush(this.state, history, e)
  }

  /** go's LookupAgreement: an account's online data as of `round`. */
  agreementData(key: string, round: bigint): { balance: bigint; incentiveEligible: boolean } | undefined {
    const history = this.accounts.get(key)
    return history && entryAt(history, round)
  }

  /** go's onlineCirculation: online money at `round` less the stake of keys expired by `voteRound` (none subtracted at genesis). */
  circulation(round: bigint, voteRound: bigint): bigint {
    const total = entryAt(this.history, round)?.money ?? 0n
    if (round <= this.genesisRound) return total
    let expired = 0n
    for (const history of this.accounts.values()) {
      const e = entryAt(history, round)
      if (e !== undefined && e.balance > 0n && e.voteLast < voteRound) expired += e.balance
    }
    return total - expired
  }

  /**
   * go's end of block for expired keys (generateKnockOfflineAccountsList, then
   * resetExpiredOnlineAccountsParticipationKeys): an account the block touched whose voting
   * window ended before this round goes offline with its keys cleared, at most 32 a block, and
   * the header lists it. go also checks the state-proof top voters it tracks, and suspends
   * absent incentive-eligible accounts; a dev-mode node has neither.
   */
  expire(round: bigint, writes: { map: Map<unknown, unknown>; key: unknown }[]): algosdk.Address[] {
    const keys: string[] = []
    for (const w of writes) {
      if (w.map !== (this.state.accounts as Map<unknown, unknown>)) continue
      const d = this.state.accounts.get(w.key as string)
      const v = d?.voting
      if (d === undefined || BigInt(d.balance) === 0n || v === undefined || isZero(v.voteId) || BigInt(v.voteLast) >= round) continue
      if (keys.length < MAX_EXPIRED_PER_BLOCK) keys.push(w.key as string)
    }
    return keys.map((k) => {
      const pk = unhex(k)
      this.state.updateAccount(pk, (d) => {
        d.status = undefined
        d.voting = undefined
      })
      return new algosdk.Address(pk)
    })
  }
}
