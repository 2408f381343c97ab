import { describe, expect, it } from 'vitest'
import { hashWithPrefix, keccak256, sha256, sha3_256, sha512, sha512_256 } from '../src/crypto/hashes.ts'

const hex = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, 'hex'))
const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex')
const abc = new TextEncoder().encode('abc')

// "abc" digests: FIPS 180-4 / FIPS 202 examples (NIST CSRC "Examples with Intermediate Values");
// Keccak-256 of "" is Ethereum's well-known empty hash; 0x666E6F7264 ("fnord") vectors are
// go-algorand's TestKeccak256 and TestSHA512_256 (data/transactions/logic/crypto_test.go).
const cases: { name: string; hash: (d: Uint8Array) => Uint8Array; input: Uint8Array; digest: string }[] = [
  { name: 'sha256 of "abc"', hash: sha256, input: abc, digest: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad' },
  { name: 'sha512_256 of "abc"', hash: sha512_256, input: abc, digest: '53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23' },
  { name: 'sha512_256 of fnord', hash: sha512_256, input: hex('666e6f7264'), digest: '98d2c31612ea500279b6753e5f6e780ca63eba8274049664dad66a2565ed1d2a' },
  { name: 'sha3_256 of "abc"', hash: sha3_256, input: abc, digest: '3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532' },
  { name: 'keccak256 of ""', hash: keccak256, input: new Uint8Array(), digest: 'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470' },
  { name: 'keccak256 of fnord', hash: keccak256, input: hex('666e6f7264'), digest: 'c195eca25a6f4c82bfba0287082ddb0d602ae9230f9cf1f1a40b68f8e2c41567' },
  {
    name: 'sha512 of "abc"',
    hash: sha512,
    input: abc,
    digest:
      'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
  },
  {
    name: 'sha512 of "hello" (go-algorand TestSHA512)',
    hash: sha512,
    input: new TextEncoder().encode('hello'),
    digest:
      '9b71d224bd62f3785d96d46ad3ea3d73319bfbc2890caadae2dff72519673ca72323c3d99ba5c11d7c7acc6e14b8c5da0c4663475c2e5c3adef46f73bcdec043',
  },
]

describe('hashes', () => {
  it.each(cases)('$name', ({ hash, input, digest }) => {
    expect(toHex(hash(input))).toBe(digest)
  })

  it('hashWithPrefix hashes the prefix bytes followed by the data', () => {
    const data = hex('0102')
    expect(toHex(hashWithPrefix('Program', data))).toBe(toHex(sha512_256(new Uint8Array([...new TextEncoder().encode('Program'), 1, 2]))))
  })
})
