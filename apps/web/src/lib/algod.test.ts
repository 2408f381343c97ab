import { describe, expect, it } from 'vitest'
import { algodBaseUrl } from './algod.ts'

describe('algodBaseUrl', () => {
  it.each([
    [{ server: 'http://127.0.0.1', port: '4001', token: '' }, 'http://127.0.0.1:4001'],
    [{ server: 'https://node.example/', port: '', token: '' }, 'https://node.example'],
  ])('builds %j → %s', (algod, url) => {
    expect(algodBaseUrl(algod)).toBe(url)
  })
})
