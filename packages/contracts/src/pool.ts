// Pool identity and protocol constants shared by the SDK, tests and deploy: they mirror
// programs/dex.algo.ts and README.md.

/** Asset id 0 stands for ALGO. */
export const ALGO = 0n
/** LP units the first add locks forever (never issued). */
export const LOCKED_LP = 1000n
/** Most hops a route may take in one call. */
export const MAX_HOPS = 4
/** The fee tier whose pools keep the box key pools had before tiers ("p" ‖ a ‖ b): every older pool is in it. */
export const LEGACY_TIER = 30n
/** The fee-tier menu the DEX starts with, in bps (the admin may add tiers up to MAX_TIER_BPS, never remove one). */
export const DEFAULT_FEE_TIERS: readonly bigint[] = [1n, 5n, 30n, 100n]
/** The highest fee tier the admin may add, in bps. */
export const MAX_TIER_BPS = 1000n
/** The DEX's box holding the fee-tier menu once the admin has added a tier: a bitmap, bit n for n bps. */
export const TIER_MENU_BOX_NAME = new Uint8Array([0x74]) // "t"

/** Registry pause bits. */
export const PAUSE = { swaps: 1n, pools: 2n, staking: 4n } as const

/** The two assets of a pool in key order (a < b); throws for the same asset twice. */
export function orderAssets(x: bigint | number, y: bigint | number): [bigint, bigint] {
  const a = BigInt(x)
  const b = BigInt(y)
  if (a === b) throw new Error('a pool needs two different assets')
  return a < b ? [a, b] : [b, a]
}

const u64 = (v: bigint) => {
  const out = new Uint8Array(8)
  new DataView(out.buffer).setBigUint64(0, v)
  return out
}

/**
 * The box name of pool (a, b) in fee tier `feeBps` (either order accepted): `"p" ‖ uint64(a) ‖ uint64(b)`
 * for the 30 bps tier (the key every pool had before tiers), `… ‖ uint64(feeBps)` for any other.
 */
export function poolBoxName(x: bigint | number, y: bigint | number, feeBps: bigint | number = LEGACY_TIER): Uint8Array {
  const [a, b] = orderAssets(x, y)
  const tier = BigInt(feeBps)
  const name = new Uint8Array(tier === LEGACY_TIER ? 17 : 25)
  name[0] = 0x70
  name.set(u64(a), 1)
  name.set(u64(b), 9)
  if (tier !== LEGACY_TIER) name.set(u64(tier), 17)
  return name
}

/** The tiers a menu bitmap (the "t" box's value) holds, lowest first. */
export function decodeTierMenu(bitmap: Uint8Array): bigint[] {
  const tiers: bigint[] = []
  // AVM getbit on bytes: bit 0 is the first byte's highest bit
  for (let bit = 1; bit <= Number(MAX_TIER_BPS) && bit < bitmap.length * 8; bit++) if (bitmap[bit >> 3]! & (0x80 >> (bit & 7))) tiers.push(BigInt(bit))
  return tiers
}

/** A verified-token box name in the registry: `"v" ‖ uint64(asset)`. */
export function verifiedBoxName(asset: bigint | number): Uint8Array {
  const name = new Uint8Array(9)
  name[0] = 0x76
  name.set(u64(BigInt(asset)), 1)
  return name
}

/** Every error code the contracts raise (the assert messages); the SDK maps them to words. */
export const CONTRACT_ERRORS = [
  'ERR:PAUSED',
  'ERR:ASSET_ORDER',
  'ERR:SAME_ASSET',
  'ERR:POOL_EXISTS',
  'ERR:BAD_TIER',
  'ERR:TIER_EXISTS',
  'ERR:NO_POOL',
  'ERR:LP_ASSET',
  'ERR:MBR',
  'ERR:BAD_INPUT_TYPE',
  'ERR:BAD_INPUT_ASSET',
  'ERR:BAD_RECEIVER',
  'ERR:BAD_SENDER',
  'ERR:REKEY',
  'ERR:CLOSE_TO',
  'ERR:ZERO_AMOUNT',
  'ERR:NO_LIQUIDITY',
  'ERR:ZERO_OUT',
  'ERR:SLIPPAGE',
  'ERR:LOCKED_LIQUIDITY',
  'ERR:BAD_SWAP_AMOUNT',
  'ERR:BAD_PATH',
  'ERR:OVERFLOW',
  'ERR:NOT_ADMIN',
  'ERR:NOT_PENDING_ADMIN',
  'ERR:BAD_FEE',
  'ERR:BAD_INPUT',
  'ERR:CLAWBACK',
  'ERR:FROZEN',
  'ERR:DEFAULT_FROZEN',
] as const

/** One of the contracts' error codes. */
export type ContractError = (typeof CONTRACT_ERRORS)[number]
