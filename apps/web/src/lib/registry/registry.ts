// The registry's global state (admin, pending admin, pause flags, fees, treasury) read as algod's
// JSON (lib/algod.ts) and decoded by the SDK's one decoder (@grove/sdk/registry-globals, no algosdk),
// so the status bar on every page carries no algosdk. Addresses stay 32 raw bytes here; the admin
// page names them through the SDK (registryState) once it has loaded it.
import { queryOptions } from '@tanstack/react-query'
import { algodGet, algodKey } from '../algod.ts'
import type { AlgodConfig } from '../networks.ts'
import { addressKey } from '../address-key.ts'
import { decodeRegistryGlobals, globalStateOf, type GlobalStateEntry, type RegistryGlobals } from '@grove/sdk/registry-globals'

/** The registry's globals; addresses as their 32 bytes, `pendingAdmin` null when none is proposed. */
export type { RegistryGlobals }

/** What each pause bit stops and what stays open (packages/contracts/README.md, "Pause flags"): the one table the admin page and the status bar read. */
export const PAUSE_FLAGS = [
  {
    bit: 1,
    id: 'swaps',
    name: 'Swaps and zaps',
    short: 'swaps',
    stops: 'Every swap (single pool and routed) and single-sided deposits, which swap inside the pool.',
    open: 'Removing liquidity, two-sided deposits at the pool ratio, fee collection, quotes and prices.',
  },
  { bit: 2, id: 'pools', name: 'New pools', short: 'new pools', stops: 'Creating a pool.', open: 'Everything on existing pools: swaps, deposits and withdrawals.' },
  {
    bit: 4,
    id: 'staking',
    name: 'New staking programs and stakes',
    short: 'staking (new programs and stakes)',
    stops: 'Creating a farm or staking pool, and new stakes in existing ones.',
    open: 'Unstaking, claiming, compounding and emergency withdrawals in existing programs, and the whole DEX.',
  },
] as const

/** A pause flag's id. */
export type PauseFlagId = (typeof PAUSE_FLAGS)[number]['id']

/** The flags set in `paused`, in table order. */
export function pausedFlags(paused: number): (typeof PAUSE_FLAGS)[number][] {
  return PAUSE_FLAGS.filter((f) => (paused & f.bit) !== 0)
}

/** "swaps", "swaps and new pools", "swaps, new pools and staking (new programs and stakes)". */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('')
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`
}

/** True when `address` is the account whose bytes are `bytes`. */
export function sameAccount(bytes: Uint8Array | null, address: string | null): boolean {
  const other = address ? addressKey(address) : null
  return bytes !== null && other !== null && bytes.length === 32 && bytes.every((b, i) => b === other[i])
}

/** Reads the registry app's globals. Throws an Error with a readable message. */
export async function fetchRegistryGlobals(algod: AlgodConfig, registryAppId: number, fetchFn?: typeof fetch): Promise<RegistryGlobals> {
  const body = await algodGet<{ params?: { 'global-state'?: GlobalStateEntry[] } }>(algod, `/v2/applications/${registryAppId}`, fetchFn ? { fetch: fetchFn } : {})
  return decodeRegistryGlobals(globalStateOf(body.params?.['global-state'] ?? []))
}

/** The one query for the registry's globals; pauses matter at once, so it refreshes often. */
export function registryQuery(algod: AlgodConfig, registryAppId: number) {
  return queryOptions({
    queryKey: [...algodKey(algod), 'registry', registryAppId],
    queryFn: () => fetchRegistryGlobals(algod, registryAppId),
    staleTime: 5_000,
    refetchInterval: 10_000,
    retry: 1,
  })
}
