import { describe, expect, it } from 'vitest'
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js'
import { sha256 } from '../src/crypto/sha256.ts'

const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex')
const text = (s: string): Uint8Array => new TextEncoder().encode(s)

// A seeded xorshift32, so every run hashes the same bytes.
function bytes(seed: number, n: number): Uint8Array {
  let x = seed | 1
  const out = new Uint8Array(n)
  for (let i = 0; i < n; i++) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    out[i] = x & 0xff
  }
  return out
}

describe('the AVM\'s own SHA-256', () => {
  it('gives FIPS 180-4\'s digests of "abc", the 56-byte two-block message and ""', () => {
    expect(toHex(sha256(text('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(toHex(sha256(text('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    )
    expect(toHex(sha256(new Uint8Array()))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
  })

  it('agrees with @noble/hashes on every length from 0 to 1,100 bytes (each padding case and multi-block input)', () => {
    for (let n = 0; n <= 1100; n++) {
      const data = bytes(n + 1, n)
      expect(toHex(sha256(data)), `length ${n}`).toBe(toHex(nobleSha256(data)))
    }
  })

  it('hashes a view into a larger buffer by its own bytes only, and returns a fresh array each time', () => {
    const big = bytes(7, 100)
    const view = big.subarray(10, 42)
    const a = sha256(view)
    const b = sha256(view)
    expect(toHex(a)).toBe(toHex(nobleSha256(big.slice(10, 42))))
    expect(a).not.toBe(b)
    expect(a.length).toBe(32)
  })
})
