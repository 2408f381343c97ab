// The vault's ARC-28 events: a log is a 4-byte selector (SHA-512/256 of "Name(types)") then the ABI tuple.
import { ABIMethod, ABIType, bytesToHex, type ABITupleType } from 'algosdk'
import { VAULT_SPEC } from './spec.ts'

/** Arguments of each vault event, as the contract emits them. */
export interface VaultEventArgs {
  Staked: { staker: string; grove: bigint; sGrove: bigint; totalGrove: bigint; totalShares: bigint }
  Unstaked: { staker: string; sGrove: bigint; grove: bigint; totalGrove: bigint; totalShares: bigint }
  Observed: { a: bigint; b: bigint; cumulativePriceA: bigint; cumulativePriceB: bigint; timestamp: bigint }
  Buyback: { asset: bigint; amountIn: bigint; groveOut: bigint; minOut: bigint; caller: string; totalGrove: bigint; totalShares: bigint }
}

/** A decoded vault event. */
export type VaultEvent = { [K in keyof VaultEventArgs]: { name: K; args: VaultEventArgs[K] } }[keyof VaultEventArgs]

// ARC-28 hashes the signature without a return type; ABIMethod's selector hashes getSignature().
class EventSignature extends ABIMethod {
  override getSignature(): string {
    return `${this.name}(${this.args.map((a) => a.type.toString()).join(',')})`
  }
}

const DECODERS = new Map(
  (VAULT_SPEC.events ?? []).map((event) => {
    const types = event.args.map((a) => a.type)
    const selector = new EventSignature({ name: event.name, args: types.map((type) => ({ type })), returns: { type: 'void' } }).getSelector()
    return [bytesToHex(selector), { name: event.name, fields: event.args.map((a, i) => a.name ?? String(i)), type: ABIType.from(`(${types.join(',')})`) as ABITupleType }] as const
  }),
)

/** The selector of the vault event `name`. */
export function vaultEventSelector(name: keyof VaultEventArgs): Uint8Array {
  for (const [hex, d] of DECODERS) if (d.name === name) return Uint8Array.from(hex.match(/../g)!.map((h) => parseInt(h, 16)))
  throw new Error(`The vault has no event ${name}`)
}

/** Decodes one log line; undefined for logs that are not vault events (e.g. ABI returns). */
export function decodeVaultEvent(log: Uint8Array): VaultEvent | undefined {
  if (log.length < 4) return undefined
  const d = DECODERS.get(bytesToHex(log.slice(0, 4)))
  if (!d) return undefined
  try {
    const values = d.type.decode(log.slice(4))
    return { name: d.name, args: Object.fromEntries(d.fields.map((f, i) => [f, values[i]])) } as VaultEvent
  } catch {
    return undefined
  }
}

/** The vault events among a transaction's logs, in order. */
export function decodeVaultEvents(logs: readonly Uint8Array[]): VaultEvent[] {
  return logs.map(decodeVaultEvent).filter((e): e is VaultEvent => e !== undefined)
}
