// How the staking pages write a rate: shared by the browser and the create form (which the browser
// opens), so neither imports the other.
import { formatPercent } from '@/lib/pools/figures.ts'

/** 0.1234 as "12.34%" (as the landing page and analytics write it); very large rates compactly. */
export const formatApr = (apr: number | null) => (apr !== null && apr >= 100 ? `${(apr * 100).toLocaleString('en-US', { notation: 'compact', maximumFractionDigits: 1 })}%` : formatPercent(apr))
