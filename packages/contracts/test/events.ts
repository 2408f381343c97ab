// ARC-28 events of any Grove contract, decoded by its ARC-56 spec (grove.ts's `events` reads the DEX's).
import { createHash } from 'node:crypto'
import algosdk from 'algosdk'
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'

/** The events named `name` among `logs`, decoded by `spec`; addresses as strings. */
export function decodeEvents(spec: Arc56Contract, logs: Uint8Array[] | undefined, name: string): Record<string, unknown>[] {
  const event = spec.events?.find((e) => e.name === name)
  if (!event) throw new Error(`${spec.name} has no event ${name}`)
  const types = event.args.map((a) => a.type).join(',')
  // ARC-28: the first 4 bytes of SHA-512/256 of "Name(types)"
  const selector = createHash('sha512-256').update(`${name}(${types})`).digest().subarray(0, 4)
  const tuple = algosdk.ABIType.from(`(${types})`)
  return (logs ?? [])
    .filter((log) => log.length >= 4 && selector.every((x, i) => log[i] === x))
    .map((log) => {
      const values = tuple.decode(log.slice(4)) as unknown[]
      return Object.fromEntries(event.args.map((a, i) => [a.name, values[i] instanceof algosdk.Address ? values[i].toString() : values[i]]))
    })
}
