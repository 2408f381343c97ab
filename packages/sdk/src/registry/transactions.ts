// Builders of the registry's admin actions, on the one group builder (core/group.ts).
import { getApplicationAddress } from 'algosdk'
import { verifiedBoxName } from '@grove/contracts/pool'
import { GroupBuilder } from '../core/group.ts'
import type { BuiltGroup } from '../core/group.ts'
import type { GroveContext } from '../core/context.ts'
import { registryCall } from './spec.ts'

/** Minimum balance of a verified-token box: 2,500 + 400 × (9-byte name + empty value). */
export const VERIFIED_BOX_MIN_BALANCE = 2_500n + 400n * 9n

/**
 * Adds `asset` to the verified-token list, or takes it off (admin only). Adding pays the box's
 * minimum balance to the registry first unless `payBox` is false (the registry already holds it).
 */
export async function buildSetVerified(ctx: GroveContext, asset: bigint, verified: boolean, payBox = verified): Promise<BuiltGroup> {
  const group = await GroupBuilder.create(ctx)
  if (payBox) group.addTransfer(getApplicationAddress(ctx.ids.registryAppId), 0n, VERIFIED_BOX_MIN_BALANCE)
  return group
    .addMethodCall({ appId: ctx.ids.registryAppId, ...registryCall('setVerified', [asset, verified]), boxes: [verifiedBoxName(asset)] })
    .build()
}
