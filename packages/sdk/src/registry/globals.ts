// The registry's globals (admin, pending admin, treasury, pause flags, fees) decoded once, from an app's
// global state however it was read: the SDK's reader and the web's status bar (algod's JSON, no algosdk
// in the first load: @grove/sdk/registry-globals) use this one decoder.
import type { GlobalState } from '../core/global-state.ts'

export { globalStateOf, type GlobalState, type GlobalStateEntry } from '../core/global-state.ts'

/** The registry's globals; addresses as their 32 bytes, `pendingAdmin` null when none is proposed. */
export interface RegistryGlobals {
  admin: Uint8Array
  pendingAdmin: Uint8Array | null
  treasury: Uint8Array
  paused: number
  defaultFeeBps: number
  protocolFeeDivisor: number
}

/** Decodes the registry's globals; a zero (or absent) pending admin is none. */
export function decodeRegistryGlobals(state: GlobalState): RegistryGlobals {
  const bytes = (key: string) => state.bytes(key) ?? new Uint8Array()
  const uint = (key: string) => Number(state.uint(key) ?? 0n)
  const pending = bytes('pendingAdmin')
  return {
    admin: bytes('admin'),
    pendingAdmin: pending.length === 32 && pending.some((b) => b !== 0) ? pending : null,
    treasury: bytes('treasury'),
    paused: uint('paused'),
    defaultFeeBps: uint('defaultFeeBps'),
    protocolFeeDivisor: uint('protocolFeeDivisor'),
  }
}
