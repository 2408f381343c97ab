import { describe, expect, it } from 'vitest'
import { swappedWords } from './delivered.ts'

const ALGO = { id: 0, symbol: 'ALGO', decimals: 6 }
const GUSD = { id: 1019, symbol: 'gUSD', decimals: 6 }
const changes = (entries: [bigint, bigint][], fee = 3_000n) => ({ address: 'X', assets: new Map(entries), fee })

describe('the swap toast', () => {
  it('states what algod delivered, the fee apart from the ALGO paid', () => {
    expect(swappedWords(changes([[0n, -1_000_000_000n], [1019n, 202_033_032n]]), ALGO, GUSD)).toBe('Swapped 1,000 ALGO for 202.033032 gUSD')
  })

  it('states what an exact-out swap really took (the refund already back)', () => {
    expect(swappedWords(changes([[1019n, -4_733_489_382n], [0n, 1_500_000n]]), GUSD, ALGO)).toBe('Swapped 4,733.489382 gUSD for 1.5 ALGO')
  })

  it('names only the pair when algod could not say what moved', () => {
    expect(swappedWords(undefined, ALGO, GUSD)).toBe('Swapped ALGO for gUSD')
    expect(swappedWords(changes([]), ALGO, GUSD)).toBe('Swapped ALGO for gUSD')
  })
})
