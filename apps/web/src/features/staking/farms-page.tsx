import { ProgramBrowser } from './program-browser.tsx'

/** Farms: stake a pool's LP tokens to earn rewards. Kept alive by the layout when left. */
export function FarmsPage() {
  return (
    <ProgramBrowser
      kind="farm"
      title="Farms"
      intro="Stake the LP tokens of a Grove pool to earn rewards on top of trading fees. Rewards accrue every second and can be claimed at any time."
      searchLabel="Search farms by token or pool"
    />
  )
}
