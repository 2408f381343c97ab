// The tokens a Tinyman user expects to find on each public network. Tinyman's pools are found per
// pair (a pool is the logic-sig account of its two assets), so where Grove is not deployed there is
// no list of pools to read tokens from: the swap page offers these, ALGO and the user's imports.
// Ids from the issuers' own announcements (Circle, Tether, Algomint, Folks Finance, Defly, Tinyman,
// Opulous); each is Tinyman v2's verified asset of that name.
import type { NetworkId } from '../networks.ts'

/** Well-known asset ids per network, in display order; the localnet's tokens come from its pools. */
export const WELL_KNOWN_TOKENS: Record<NetworkId, readonly number[]> = {
  localnet: [],
  // Circle's USDC on testnet
  testnet: [10458941],
  mainnet: [
    31566704, // USDC (Circle)
    312769, // USDt (Tether)
    386192725, // goBTC (Algomint)
    386195940, // goETH (Algomint)
    793124631, // gALGO (Folks Finance)
    470842789, // DEFLY
    2200000000, // TINY
    287867876, // OPUL (Opulous)
  ],
}
