import { describe, expect, it } from 'vitest'
import { parseDashboardTab } from './dashboard-tabs.ts'

describe('parseDashboardTab', () => {
  it.each([
    ['overview', 'overview'],
    ['accounts', 'accounts'],
    ['lock', 'lock'],
    ['projects', 'projects'],
    [null, 'overview'],
    ['LOCK', 'overview'],
    ['admin', 'overview'],
  ])('reads ?tab=%s as %s', (value, tab) => {
    expect(parseDashboardTab(value)).toBe(tab)
  })
})
