// The protocol's admin actions: the registry's admin methods (admin transfer, pause flags, fees,
// treasury, verified tokens, project verification) and the DEX's fee tiers (added, never removed: a
// pool's fee is its tier's, so no call changes a pool's fee). Most log no event, so this module reads
// the app calls themselves: algod keeps only calls that succeeded, and each call's ABI arguments are
// the change it made. One row of admin_actions per call.
import { ABIAddressType, ABIType, bytesToHex, type ABIMethod } from 'algosdk'
import { DEX_SPEC, REGISTRY_SPEC, abiContract } from '@grove/sdk'
import type { Sql } from '../db/database.ts'
import { insertRows } from '../db/insert.ts'
import type { AppCall, ContractModule, EventPosition, ModuleBatch } from '../follower/module.ts'

/** The admin methods, by the contract that has them. */
const ADMIN_METHODS = {
  registry: ['proposeAdmin', 'acceptAdmin', 'setPaused', 'setTreasury', 'setFees', 'setVerified', 'setProjectVerified'],
  dex: ['addFeeTier'],
} as const

/** Each admin method by its selector (hex): its name and ABI arguments. */
const BY_SELECTOR = new Map<string, ABIMethod>()
for (const [spec, names] of [[REGISTRY_SPEC, ADMIN_METHODS.registry], [DEX_SPEC, ADMIN_METHODS.dex]] as const)
  for (const name of names) {
    const method = abiContract(spec).getMethodByName(name)
    BY_SELECTOR.set(bytesToHex(method.getSelector()), method)
  }

/** An ABI value as JSON: integers as numbers below 2^53 (else strings), addresses as strings. */
function jsonValue(v: unknown): unknown {
  if (typeof v === 'bigint') return v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : String(v)
  if (Array.isArray(v)) return v.map(jsonValue)
  if (v instanceof Uint8Array) return Buffer.from(v).toString('base64')
  if (typeof v === 'object' && v !== null) return String(v)
  return v
}

/** The admin module: follows the registry and the DEX, reading calls only. */
export const adminModule: ContractModule = {
  name: 'admin',
  appIds: (d) => [d.registryAppId, d.dexAppId].filter((id) => id !== undefined),
  decoders: new Map(),
  begin: async (sql) => new AdminBatch(sql),
}

class AdminBatch implements ModuleBatch {
  private readonly rows: unknown[][] = []

  constructor(private readonly sql: Sql) {}

  call(call: AppCall, at: EventPosition): void {
    const [selector, ...args] = call.args
    const method = selector && selector.length === 4 ? BY_SELECTOR.get(bytesToHex(selector)) : undefined
    if (!method) return
    const change: Record<string, unknown> = {}
    // a transaction argument (addFeeTier's payment) is a transaction before the call, not an app argument
    const values = method.args.filter((arg) => arg.type instanceof ABIType)
    values.forEach((arg, i) => {
      const type = arg.type as ABIType
      const raw = args[i]
      if (!raw) return
      change[arg.name ?? String(i)] = jsonValue(type instanceof ABIAddressType ? type.decode(raw).toString() : type.decode(raw))
    })
    this.rows.push([at.round, at.intra, at.time, at.txnId, Number(at.appId), method.name, at.sender, change])
  }

  handle(): void {}

  async flush(): Promise<void> {
    await insertRows(this.sql, 'admin_actions', ['round', 'intra', 'time', 'txn_id', 'app_id', 'action', 'account', 'change'], this.rows)
  }

  counts(): Record<string, number> {
    return { actions: this.rows.length }
  }
}
