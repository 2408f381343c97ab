import { ProgramBrowser } from './program-browser.tsx'

/** Staking pools: stake a single token to earn rewards. Kept alive by the layout when left. */
export function PoolsPage() {
  return (
    <ProgramBrowser
      kind="pool"
      title="Staking pools"
      intro="Stake a single token and earn rewards. Some pools have a minimum stake time; emergency withdrawal always returns your stake but forfeits pending rewards."
      searchLabel="Search staking pools by token"
    />
  )
}
