// The registry's admin actions: one builder for every admin method (pause flags, fees, treasury,
// verified tokens, project verification, the two-step admin transfer) and the DEX's per-pool fee,
// on the one group builder (core/group.ts), and the registry's global state with its addresses named
// (decoded by registry/globals.ts).
import { CONTRACT_ERRORS } from '../errors.ts'
import { VERIFIED_BOX_MIN_BALANCE } from './transactions.ts'
import { feeBpsAllowed } from './fees.ts'
import { ALGORAND_ZERO_ADDRESS_STRING, encodeAddress, encodeUint64, getApplicationAddress } from 'algosdk'
import type { Algodv2 } from 'algosdk'
import type { TypedCall } from '../core/arc56.ts'
import type { RegistryGlobals } from './globals.ts'
import { GroupBuilder } from '../core/group.ts'
import type { ComposedGroup } from '../core/group.ts'
import type { GroveContext } from '../core/context.ts'
import { dexCall } from '../dex/spec.ts'
import { registryCall } from './spec.ts'
import { MAX_TIER_BPS } from '@grove/contracts/pool'
import { tierMenuExists, TIER_MENU_BOX_NAME } from '../dex/pool-state.ts'
import { TIER_MENU_MIN_BALANCE } from '../dex/transactions.ts'

/** The registry's pause bits (packages/contracts/README.md, "Pause flags"). */
export const PAUSE_SWAPS = 1
/** Bit 2: no new pools. */
export const PAUSE_POOLS = 2
/** Bit 4: no new staking programs. */
export const PAUSE_STAKING = 4
/** Every defined bit; `setPaused` refuses anything above. */
export const PAUSE_ALL = PAUSE_SWAPS | PAUSE_POOLS | PAUSE_STAKING


/** The registry's global state, addresses as strings; `pendingAdmin` is null when no transfer is proposed. */
export interface RegistryState {
  admin: string
  pendingAdmin: string | null
  paused: number
  treasury: string
  defaultFeeBps: number
  protocolFeeDivisor: number
}

/** The registry's globals with addresses named (the zero address where one is unset). */
export function registryState(globals: RegistryGlobals): RegistryState {
  const address = (bytes: Uint8Array): string => (bytes.length === 32 ? encodeAddress(bytes) : ALGORAND_ZERO_ADDRESS_STRING)
  const { admin, pendingAdmin, treasury, ...numbers } = globals
  return { admin: address(admin), pendingAdmin: pendingAdmin ? address(pendingAdmin) : null, treasury: address(treasury), ...numbers }
}

/** One admin action; `addFeeTier` is the DEX's, the rest the registry's. */
export type AdminAction =
  | { kind: 'setPaused'; flags: number }
  | { kind: 'setFees'; defaultFeeBps: number; protocolFeeDivisor: number }
  | { kind: 'setTreasury'; address: string }
  | { kind: 'setVerified'; asset: bigint; verified: boolean }
  | { kind: 'setProjectVerified'; asset: bigint; verified: boolean }
  | { kind: 'proposeAdmin'; address: string }
  /** Withdraws a proposal: the contract has no cancel method, so the admin proposes the zero address, which no one can accept. */
  | { kind: 'cancelAdminTransfer' }
  | { kind: 'acceptAdmin' }
  /** Adds a fee tier (1–1,000 bps) to the DEX's menu, for good: tiers are never removed, and a pool's fee is its tier's (no per-pool fee). */
  | { kind: 'addFeeTier'; feeBps: number }

/** A built admin group (one app call, after a top-up of the registry's account when a new box needs it) and its fee. */
export interface AdminGroup extends ComposedGroup {
  /** µALGO sent to the registry's account so it can hold a new verified-token box, or to the DEX's for the fee-tier menu's box (0 when it already can). */
  topUp: bigint
}

/** µALGO the registry's account lacks to hold one more verified-token box (the contract pays the box from its own balance). */
export async function verifiedBoxShortfall(algod: Algodv2, registryAppId: bigint): Promise<bigint> {
  const info = await algod.accountInformation(getApplicationAddress(registryAppId)).do()
  const short = BigInt(info.minBalance) + VERIFIED_BOX_MIN_BALANCE - BigInt(info.amount)
  return short > 0n ? short : 0n
}

const box = (prefix: string, ...ids: bigint[]): Uint8Array => {
  const name = new Uint8Array(1 + 8 * ids.length)
  name[0] = prefix.charCodeAt(0)
  ids.forEach((id, i) => name.set(encodeUint64(id), 1 + 8 * i))
  return name
}

/** Why an action's arguments would be refused by the contract, in words; null when they are fine. */
export function checkAdminAction(action: AdminAction): string | null {
  switch (action.kind) {
    case 'setPaused':
      return Number.isInteger(action.flags) && action.flags >= 0 && action.flags <= PAUSE_ALL ? null : 'Pause flags are a combination of 1, 2 and 4'
    case 'setFees':
      if (!feeBpsAllowed(action.defaultFeeBps)) return CONTRACT_ERRORS.Registry['ERR:BAD_FEE']!
      return Number.isInteger(action.protocolFeeDivisor) && action.protocolFeeDivisor >= 0 ? null : 'The protocol divisor is a whole number (0 = no protocol fee)'
    case 'addFeeTier':
      return Number.isInteger(action.feeBps) && action.feeBps >= 1 && BigInt(action.feeBps) <= MAX_TIER_BPS ? null : `A fee tier is a whole number of bps from 1 to ${MAX_TIER_BPS}`
    case 'setVerified':
    case 'setProjectVerified':
      return action.asset > 0n ? null : 'ALGO needs no verification'
    default:
      return null
  }
}

/** Builds the single app call of an admin action (fee 1,000 µALGO: no inner transactions). */
export async function buildAdminAction(ctx: GroveContext, action: AdminAction): Promise<AdminGroup> {
  const problem = checkAdminAction(action)
  if (problem) throw new Error(problem)
  const group = await GroupBuilder.create(ctx)
  let topUp = 0n
  const call = (typed: TypedCall, extra: { boxes?: Uint8Array[]; assets?: bigint[] } = {}) =>
    group.addMethodCall({ appId: ctx.ids.registryAppId, ...typed, boxes: extra.boxes, assets: extra.assets })
  switch (action.kind) {
    case 'setPaused':
      call(registryCall('setPaused', [action.flags]))
      break
    case 'setFees':
      call(registryCall('setFees', [action.defaultFeeBps, action.protocolFeeDivisor]))
      break
    case 'setTreasury':
      call(registryCall('setTreasury', [action.address]))
      break
    case 'setVerified':
      if (action.verified) topUp = await verifiedBoxShortfall(ctx.algod, ctx.ids.registryAppId)
      if (topUp > 0n) group.addTransfer(getApplicationAddress(ctx.ids.registryAppId), 0n, topUp)
      call(registryCall('setVerified', [action.asset, action.verified]), { boxes: [box('v', action.asset)] })
      break
    case 'setProjectVerified':
      call(registryCall('setProjectVerified', [action.asset, action.verified]), { boxes: [box('p', action.asset)], assets: [action.asset] })
      break
    case 'proposeAdmin':
      call(registryCall('proposeAdmin', [action.address]))
      break
    case 'cancelAdminTransfer':
      call(registryCall('proposeAdmin', [ALGORAND_ZERO_ADDRESS_STRING]))
      break
    case 'acceptAdmin':
      call(registryCall('acceptAdmin', []))
      break
    case 'addFeeTier': {
      // the first tier added creates the menu's box, which the admin pays for
      topUp = (await tierMenuExists(ctx.algod, ctx.ids.dexAppId)) ? 0n : TIER_MENU_MIN_BALANCE
      group.addMethodCall({
        appId: ctx.ids.dexAppId,
        ...dexCall('addFeeTier', [group.deposit(getApplicationAddress(ctx.ids.dexAppId), 0n, topUp), BigInt(action.feeBps)]),
        boxes: [TIER_MENU_BOX_NAME],
        apps: [ctx.ids.registryAppId],
      })
      break
    }
  }
  const { composer, fee } = await group.build()
  return { composer, fee, topUp }
}
