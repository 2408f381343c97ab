// What a group does to one account's balances, read from algod's simulate response: every
// transaction the group ran (app calls' inner transactions included) moves ALGO or an asset
// between accounts; the fees an account sends are kept apart so a review can show them alone.
// Pure and algosdk-free at run time: the shapes below are the parts of algosdk's
// modelsv2.SimulateResponse it reads, so a decoded response (or a hand-made one) fits.

/** An address as algosdk models it (Address) or as text. */
type AddressLike = { toString(): string } | string

/** The part of a transaction that moves value. */
export interface SimulatedTxn {
  type?: string
  sender: AddressLike
  fee?: bigint
  payment?: { receiver: AddressLike; amount: bigint; closeRemainderTo?: AddressLike }
  assetTransfer?: { assetIndex: bigint; amount: bigint; receiver: AddressLike; assetSender?: AddressLike; closeRemainderTo?: AddressLike }
}

/** One transaction's result as simulate reports it (algod's PendingTransactionResponse). */
export interface SimulatedTxnResult {
  txn: { txn: SimulatedTxn }
  innerTxns?: SimulatedTxnResult[]
  /** ALGO the payment's close-to account received (the sender's whole remainder). */
  closingAmount?: bigint
  /** Asset units the transfer's close-to account received. */
  assetClosingAmount?: bigint
  senderRewards?: bigint
  receiverRewards?: bigint
  closeRewards?: bigint
}

/** The parts of algod's simulate response read here. */
export interface SimulateResponseLike {
  txnGroups: {
    txnResults: { txnResult: SimulatedTxnResult }[]
    failureMessage?: string
    failedAt?: (number | bigint)[]
  }[]
}

/** What a simulated group did to one account, in base units. */
export interface BalanceChanges {
  address: string
  /**
   * Net change per asset (0n is ALGO, fees left out), in the order the group first touches each;
   * assets whose movements cancel out (an opt-in, a refund of the whole) are left out.
   */
  assets: Map<bigint, bigint>
  /** µALGO of fees the account paid (as sender, outer and inner transactions). Its whole ALGO change is `assets.get(0n) − fee`. */
  fee: bigint
}

/** The group failed in simulation: `message` is algod's text (e.g. "logic eval error: … pc=N"), `failedAt` the path to the failing transaction. */
export class SimulationFailedError extends Error {
  override name = 'SimulationFailedError'
  constructor(
    message: string,
    readonly failedAt: number[] = [],
  ) {
    super(message)
  }
}

/** Throws a SimulationFailedError when the response's first group failed; returns the response otherwise. */
export function assertSimulationSucceeded<T extends SimulateResponseLike>(response: T): T {
  const group = response.txnGroups[0]
  if (!group) throw new SimulationFailedError('The simulation returned no result')
  if (group.failureMessage) throw new SimulationFailedError(group.failureMessage, (group.failedAt ?? []).map(Number))
  return response
}

/** The balance changes `address` sees when the response's first group runs (fees apart; see BalanceChanges). */
export function simulatedBalanceChanges(response: SimulateResponseLike, address: AddressLike): BalanceChanges {
  const me = String(address)
  const assets = new Map<bigint, bigint>()
  let fee = 0n
  const move = (asset: bigint, amount: bigint) => {
    if (amount !== 0n) assets.set(asset, (assets.get(asset) ?? 0n) + amount)
  }
  const is = (a: AddressLike | undefined) => a !== undefined && String(a) === me

  const visit = (result: SimulatedTxnResult) => {
    const txn = result.txn.txn
    if (is(txn.sender)) {
      fee += txn.fee ?? 0n
      move(0n, result.senderRewards ?? 0n)
    }
    const pay = txn.payment
    if (pay) {
      if (is(txn.sender)) move(0n, -pay.amount)
      if (is(pay.receiver)) move(0n, pay.amount + (result.receiverRewards ?? 0n))
      // Closing sends the sender's remainder (after amount and fee) to closeRemainderTo.
      const closing = result.closingAmount ?? 0n
      if (pay.closeRemainderTo !== undefined && closing > 0n) {
        if (is(txn.sender)) move(0n, -closing)
        if (is(pay.closeRemainderTo)) move(0n, closing + (result.closeRewards ?? 0n))
      }
    }
    const axfer = txn.assetTransfer
    if (axfer) {
      // A clawback moves the asset from assetSender, not from the transaction's sender.
      const from = axfer.assetSender ?? txn.sender
      if (is(from)) move(axfer.assetIndex, -axfer.amount)
      if (is(axfer.receiver)) move(axfer.assetIndex, axfer.amount)
      const closing = result.assetClosingAmount ?? 0n
      if (axfer.closeRemainderTo !== undefined && closing > 0n) {
        if (is(from)) move(axfer.assetIndex, -closing)
        if (is(axfer.closeRemainderTo)) move(axfer.assetIndex, closing)
      }
    }
    for (const inner of result.innerTxns ?? []) visit(inner)
  }

  for (const { txnResult } of response.txnGroups[0]?.txnResults ?? []) visit(txnResult)
  for (const [asset, amount] of assets) if (amount === 0n) assets.delete(asset)
  return { address: me, assets, fee }
}
