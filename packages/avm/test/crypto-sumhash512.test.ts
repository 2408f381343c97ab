import { shake256 } from '@noble/hashes/sha3.js'
import { describe, expect, it } from 'vitest'
import { sumhash512 } from '../src/crypto/sumhash512.ts'

const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex')
const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s)

// github.com/algorand/go-sumhash sumhash512_test.go: testVector and TestSumHash512 (6000 bytes
// of SHAKE256("sumhash input")).
const vectors: { input: Uint8Array; label: string; digest: string }[] = [
  { label: '""', input: utf8(''), digest: '591591c93181f8f90054d138d6fa85b63eeeb416e6fd201e8375ba05d3cb55391047b9b64e534042562cc61944930c0075f906f16710cdade381ee9dd47d10a0' },
  { label: '"a"', input: utf8('a'), digest: 'ea067eb25622c633f5ead70ab83f1d1d76a7def8d140a587cb29068b63cb6407107aceecfdffa92579ed43db1eaa5bbeb4781223a6e07dd5b5a12d5e8bde82c6' },
  { label: '"ab"', input: utf8('ab'), digest: 'ef09d55b6add510f1706a52c4b45420a6945d0751d73b801cbc195a54bc0ade0c9ebe30e09c2c00864f2bd1692eba79500965925e2be2d1ac334425d8d343694' },
  { label: '"abc"', input: utf8('abc'), digest: 'a8e9b8259a93b8d2557434905790114a2a2e979fbdc8aa6fd373315a322bf0920a9b49f3dc3a744d8c255c46cd50ff196415c8245cdbb2899dec453fca2ba0f4' },
  { label: '"abcd"', input: utf8('abcd'), digest: '1d4277f17e522c4607bc2912bb0d0ac407e60e3c86e2b6c7daa99e1f740fe2b4fc928defad8e1ccc4e7d96b79896ffe086836c172a3db40a154d2229484f359b' },
  {
    label: 'Gandhi quote (68 bytes, two blocks)',
    input: utf8('You must be the change you wish to see in the world. -Mahatma Gandhi'),
    digest: '5c5f63ac24392d640e5799c4164b7cc03593feeec85844cc9691ea0612a97caabc8775482624e1cd01fb8ce1eca82a17dd9d4b73e00af4c0468fd7d8e6c2e4b5',
  },
  {
    label: 'Descartes quote (non-ASCII)',
    input: utf8('I think, therefore I am. – Rene Descartes.'),
    digest: '2d4583cdb18710898c78ec6d696a86cc2a8b941bb4d512f9d46d96816d95cbe3f867c9b8bd31964406c847791f5669d60b603c9c4d69dadcb87578e613b60b7a',
  },
  {
    label: '6000 bytes of SHAKE256("sumhash input")',
    input: shake256(utf8('sumhash input'), { dkLen: 6000 }),
    digest: '43dc59ca43da473a3976a952f1c33a2b284bf858894ef7354b8fc0bae02b966391070230dd23e0713eaf012f7ad525f198341000733aa87a904f7053ce1a43c6',
  },
]

describe('sumhash512', () => {
  it.each(vectors)('hashes $label to the go-sumhash digest', ({ input, digest }) => {
    expect(toHex(sumhash512(input))).toBe(digest)
  })
})
