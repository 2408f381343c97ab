// The admin action log in words: each registry or DEX admin call the analytics service recorded,
// with what it set (the method's arguments by name).
import type { ApiAdminAction } from '@/lib/analytics/types.ts'
import { bpsWords, pausedWords, protocolShareWords } from './admin-actions.ts'

const num = (v: unknown) => Number(v)

/** What the action changed, as a sentence; `asset` names an asset id. */
export function changeWords(entry: Pick<ApiAdminAction, 'action' | 'change'>, asset: (id: number) => string = (id) => `asset #${id}`): string {
  const c = entry.change
  switch (entry.action) {
    case 'setPaused':
      return `Paused: ${pausedWords(num(c.flags))}`
    case 'setFees':
      return `Default fee ${bpsWords(num(c.defaultFeeBps))}, protocol share ${protocolShareWords(num(c.protocolFeeDivisor))}`
    case 'setPoolFee':
      return `Fee of the ${asset(num(c.a))}/${asset(num(c.b))} pool set to ${bpsWords(num(c.feeBps))}`
    case 'addFeeTier':
      return `Fee tier ${bpsWords(num(c.feeBps))} added`
    case 'setTreasury':
      return `Treasury set to ${String(c.treasury)}`
    case 'setVerified':
      return `${asset(num(c.asset))} ${c.verified === true || c.verified === 'true' ? 'verified' : 'unverified'}`
    case 'setProjectVerified':
      return `Project of ${asset(num(c.asset))} ${c.verified === true || c.verified === 'true' ? 'verified' : 'unverified'}`
    case 'proposeAdmin':
      return `Proposed ${String(c.newAdmin)} as the next admin`
    case 'acceptAdmin':
      return 'Accepted the admin role'
    default:
      return `${entry.action}(${Object.entries(c)
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join(', ')})`
  }
}
