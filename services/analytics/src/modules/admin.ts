// The protocol's admin actions: the registry's admin methods (admin transfer, pause flags, fees,
// treasury, verified tokens, project verification) and the DEX's per-pool fee. Most log no event,
// so this module reads the app calls themselves: algod keeps only calls that succeeded, and each
// call's ABI arguments are the change it made. One row of admin_actions per call; a pool's new fee
// also goes to its pools row.
import { ABIAddressType, ABIType, bytesToHex, type ABIMethod } from 'algosdk'
import { DEX_SPEC, REGISTRY_SPEC, abiContract } from '@grove/sdk'
import type { Sql } from '../db/database.ts'
import { insertRows } from '../db/insert.ts'
import type { AppCall, ContractModule, EventPosition, ModuleBatch } from '../follower/module.ts'

/** The admin methods, by the contract that has them. */
const ADMIN_METHODS = {
  registry: ['proposeAdmin', 'acceptAdmin', 'setPaused', 'setTreasury', 'setFees', 'setVerified', 'setProjectVerified'],
  dex: ['setPoolFee'],
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
  /** Pool fees set this poll, by pool key "a/b" (the DEX logs no event for them). */
  private readonly poolFees = new Map<string, [number, number, number]>()

  constructor(private readonly sql: Sql) {}

  call(call: AppCall, at: EventPosition): void {
    const [selector, ...args] = call.args
    const method = selector && selector.length === 4 ? BY_SELECTOR.get(bytesToHex(selector)) : undefined
    if (!method) return
    const change: Record<string, unknown> = {}
    method.args.forEach((arg, i) => {
      const type = arg.type instanceof ABIType ? arg.type : undefined
      const raw = args[i]
      if (!type || !raw) return
      change[arg.name ?? String(i)] = jsonValue(type instanceof ABIAddressType ? type.decode(raw).toString() : type.decode(raw))
    })
    this.rows.push([at.round, at.intra, at.time, at.txnId, Number(at.appId), method.name, at.sender, change])
    if (method.name === 'setPoolFee') {
      const [a, b] = [Number(change.a), Number(change.b)].sort((x, y) => x - y) as [number, number]
      this.poolFees.set(`${a}/${b}`, [a, b, Number(change.feeBps)])
    }
  }

  handle(): void {}

  async flush(): Promise<void> {
    // after the DEX module's flush (MODULES order), so a pool created in this poll is there
    for (const [a, b, fee] of this.poolFees.values()) await this.sql.query("UPDATE pools SET fee_bps = $3 WHERE venue = 'grove' AND asset_a = $1 AND asset_b = $2", [a, b, fee])
    await insertRows(this.sql, 'admin_actions', ['round', 'intra', 'time', 'txn_id', 'app_id', 'action', 'account', 'change'], this.rows)
  }

  counts(): Record<string, number> {
    return { actions: this.rows.length }
  }
}
