// ARC-28 events: a log is a 4-byte selector (sha512_256 of the event signature) then the ABI tuple.
import { ABIMethod, ABIType, bytesToHex } from 'algosdk'
import type { ABITupleType } from 'algosdk'
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'

/** A decoded event of any ARC-56 contract. */
export interface DecodedEvent {
  name: string
  args: Record<string, unknown>
}

// ARC-28 hashes the signature without a return type; ABIMethod's selector hashes getSignature().
class EventSignature extends ABIMethod {
  override getSignature(): string {
    return `${this.name}(${this.args.map((a) => a.type.toString()).join(',')})`
  }
}

/** The 4-byte selector of an event signature such as `Swap(uint64,uint64,uint64,uint64,uint64,address)`. */
export function eventSelector(name: string, argTypes: string[]): Uint8Array {
  return new EventSignature({ name, args: argTypes.map((type) => ({ type })), returns: { type: 'void' } }).getSelector()
}

/** How to decode one event: its name, field names and ABI tuple type. */
export interface EventDecoder {
  name: string
  fields: string[]
  type: ABITupleType
}

/** Decoders for an ARC-56 contract's events, keyed by selector hex. */
export function eventDecoders(spec: Arc56Contract): Map<string, EventDecoder> {
  const decoders = new Map<string, EventDecoder>()
  for (const event of spec.events ?? []) {
    const types = event.args.map((a) => a.type)
    decoders.set(bytesToHex(eventSelector(event.name, types)), {
      name: event.name,
      fields: event.args.map((a, i) => a.name ?? String(i)),
      type: ABIType.from(`(${types.join(',')})`) as ABITupleType,
    })
  }
  return decoders
}

/** Decodes one log line with the given decoders; undefined for logs that are not events (e.g. ABI returns). */
export function decodeArc28Event(log: Uint8Array, decoders: Map<string, EventDecoder>): DecodedEvent | undefined {
  if (log.length < 4) return undefined
  const decoder = decoders.get(bytesToHex(log.slice(0, 4)))
  if (!decoder) return undefined
  try {
    const values = decoder.type.decode(log.slice(4))
    return { name: decoder.name, args: Object.fromEntries(decoder.fields.map((f, i) => [f, values[i]])) }
  } catch {
    // A log that merely starts with a selector's bytes is not an event.
    return undefined
  }
}

/** A contract's decoded event as a union over its map of event name → arguments. */
export type EventOf<Args> = { [K in keyof Args]: { name: K; args: Args[K] } }[keyof Args]

/** The events among a transaction's logs that `decoders` know, in order, typed as the contract's union. */
export function decodeEventsWith<E extends { name: PropertyKey; args: object }>(logs: readonly Uint8Array[], decoders: Map<string, EventDecoder>): E[] {
  return logs.map((log) => decodeArc28Event(log, decoders)).filter((e): e is DecodedEvent => e !== undefined) as E[]
}
