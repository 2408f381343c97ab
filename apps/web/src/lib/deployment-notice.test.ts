import { describe, expect, it } from 'vitest'
import { deploymentNotice } from './deployment-notice.ts'

const base = { networkName: 'TestNet', node: 'https://testnet-api.4160.nodely.dev', tinyman: 'Tinyman v2' }

describe('deploymentNotice', () => {
  it('says what a page needs Grove for and points to Swap where Tinyman v2 serves the network', () => {
    const notice = deploymentNotice({ ...base, problem: 'not-deployed', needs: 'The farms page' })!
    expect(notice.title).toBe('This needs a Grove deployment on TestNet')
    expect(notice.text).toBe('The farms page needs Grove’s contracts, which are not deployed on TestNet yet. Swaps work here through Tinyman v2’s pools:')
    expect(notice.toSwap).toBe(true)
    expect(notice.title + notice.text).not.toContain('Grove is not deployed')
  })

  it('names the page itself when it does not say what it needs, and the local venue by its label', () => {
    const notice = deploymentNotice({ ...base, networkName: 'LocalNet', problem: 'not-deployed', tinyman: 'Tinyman v2-compatible (local)' })!
    expect(notice.text).toMatch(/^This page needs Grove’s contracts, which are not deployed on LocalNet yet\. Swaps work here through Tinyman v2-compatible \(local\)’s pools:$/)
  })

  it('says a chart needs Grove’s analytics service, and points to Swap, where Tinyman v2 serves the network without one', () => {
    const notice = deploymentNotice({ ...base, problem: 'not-deployed', analytics: true })!
    expect(notice.title).toBe('Charts need Grove’s analytics service')
    expect(notice.text).toContain('No analytics service is set for TestNet')
    expect(notice.text).toContain('under Settings (Analytics service)')
    expect(notice.toSwap).toBe(true)
  })

  it('says Grove is not deployed, without pointing to Swap, where no venue serves the network', () => {
    const notice = deploymentNotice({ ...base, tinyman: null, problem: 'not-deployed', needs: 'Farms' })!
    expect(notice.title).toBe('Grove is not deployed on this network')
    expect(notice.text).toContain('There are no Grove contracts on TestNet yet')
    expect(notice.toSwap).toBe(false)
  })

  it.each([
    ['with Tinyman v2', 'Tinyman v2'],
    ['without a venue', null],
  ])('reads an unreachable node as unreachable, never as not deployed, %s', (_name, tinyman) => {
    const notice = deploymentNotice({ ...base, tinyman, problem: 'unreachable', needs: 'Farms' })!
    expect(notice).toMatchObject({ tone: 'error', title: 'The node cannot be reached', toSwap: false })
    expect(notice.text).toContain('https://testnet-api.4160.nodely.dev does not answer')
  })

  it('says nothing while the node is being asked or where Grove is deployed', () => {
    expect(deploymentNotice({ ...base, problem: null })).toBeNull()
  })
})
