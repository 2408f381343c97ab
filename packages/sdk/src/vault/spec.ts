// The vault's interface as @grove/contracts builds it (ARC-56): methods, events, error pcs.
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
import VAULT_ARC56 from '@grove/contracts/artifacts/Vault.arc56.json' with { type: 'json' }
import type { VaultTypes } from '@grove/contracts/clients/VaultClient.ts'
import { methodCaller } from '../core/arc56.ts'

/** The vault's ARC-56 specification. */
export const VAULT_SPEC = VAULT_ARC56 as unknown as Arc56Contract

/** A typed vault method call: name and arguments checked against the generated VaultClient. */
export const vaultCall = methodCaller<VaultTypes['methods']>(VAULT_SPEC)

/** Box name "o" ‖ uint64(a) ‖ uint64(b) of the vault's observation of pool (a, b), either order. */
export function observationBoxName(x: bigint, y: bigint): Uint8Array {
  const [a, b] = x < y ? [x, y] : [y, x]
  const name = new Uint8Array(17)
  name[0] = 0x6f
  new DataView(name.buffer).setBigUint64(1, a)
  new DataView(name.buffer).setBigUint64(9, b)
  return name
}

/** Box name "r" ‖ uint64(asset) of the vault's buyback path for `asset`. */
export function pathBoxName(asset: bigint): Uint8Array {
  const name = new Uint8Array(9)
  name[0] = 0x72
  new DataView(name.buffer).setBigUint64(1, asset)
  return name
}
