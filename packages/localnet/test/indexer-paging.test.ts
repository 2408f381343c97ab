// The indexer's `next` tokens (src/indexer/paging.ts): each codec reads back what it writes, writes
// what go's indexer writes (idb's EncodeBlockRowNext/EncodeTxnRowNext: little-endian, base64url),
// and refuses a malformed token with a 400 and the indexer's sentence.
import { describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { AlgodError } from '../src/algod/errors.ts'
import { addressKey, addressNext, blockNext, boxNext, idNext, pageById, txnNext, type NextToken } from '../src/indexer/paging.ts'

/** The error `decode(token)` throws. */
function refusal<T>(codec: NextToken<T>, token: string): AlgodError {
  try {
    codec.decode(token)
  } catch (e) {
    if (e instanceof AlgodError) return e
    throw e
  }
  throw new Error(`${token} was accepted`)
}

const ADDRESS = algosdk.encodeAddress(new Uint8Array(32).fill(7))

describe('indexer next tokens', () => {
  describe('round trip', () => {
    it('reads back an address', () => {
      expect(addressNext.decode(addressNext.encode(ADDRESS))).toBe(ADDRESS)
    })

    it('reads back an id, up to the largest uint64', () => {
      for (const id of [0n, 1n, 2n ** 64n - 1n]) expect(idNext.decode(idNext.encode(id))).toBe(id)
    })

    it('reads back a round', () => {
      for (const round of [0n, 1n, 123_456_789n, 2n ** 64n - 1n]) expect(blockNext.decode(blockNext.encode(round))).toBe(round)
    })

    it("reads back a transaction's round and intra", () => {
      for (const place of [{ round: 0n, intra: 0 }, { round: 7n, intra: 3 }, { round: 2n ** 63n, intra: 2 ** 32 - 1 }]) expect(txnNext.decode(txnNext.encode(place))).toEqual(place)
    })

    it('reads back a box name of any bytes', () => {
      const name = Uint8Array.from([0, 255, 1, 62, 63])
      expect(boxNext.decode(boxNext.encode(name))).toEqual(name)
    })
  })

  describe("go indexer's encodings", () => {
    it('writes a round as 8 bytes little-endian in padded base64url', () => {
      expect(blockNext.encode(1n)).toBe('AQAAAAAAAAA=')
      expect(blockNext.encode(0xfbffn)).toBe('__sAAAAAAAA=')
    })

    it('writes a transaction as its round (8 bytes) and intra (4 bytes) little-endian in base64url', () => {
      expect(txnNext.encode({ round: 1n, intra: 2 })).toBe('AQAAAAAAAAACAAAA')
    })

    it('writes an address and an id as themselves, and a box name as b64:', () => {
      expect([addressNext.encode(ADDRESS), idNext.encode(42n), boxNext.encode(new TextEncoder().encode('hi'))]).toEqual([ADDRESS, '42', 'b64:aGk='])
    })

    it('reads a box name in any encoding algod accepts', () => {
      expect(boxNext.decode('str:hi')).toEqual(new TextEncoder().encode('hi'))
    })
  })

  describe('malformed tokens are refused with a 400 and a sentence', () => {
    const cases: { name: string; refuse: () => AlgodError; text: string }[] = [
      { name: 'an address with a bad checksum', refuse: () => refusal(addressNext, ADDRESS.slice(0, -1) + (ADDRESS.endsWith('A') ? 'B' : 'A')), text: 'unable to parse next token: ' },
      { name: 'a non-canonical address', refuse: () => refusal(addressNext, 'not an address'), text: 'unable to parse next token: ' },
      { name: 'an id that is not a number', refuse: () => refusal(idNext, '12a'), text: 'unable to parse next token: strconv.ParseUint: parsing "12a": invalid syntax' },
      { name: 'a negative id', refuse: () => refusal(idNext, '-1'), text: 'unable to parse next token: strconv.ParseUint: parsing "-1": invalid syntax' },
      { name: 'a round token that is not base64url', refuse: () => refusal(blockNext, 'AQAA+AAAAAA='), text: 'unable to parse next token: DecodeBlockRowNext() decode err: illegal base64 data at input byte 0' },
      { name: 'a round token of the wrong length', refuse: () => refusal(blockNext, 'AQAA'), text: 'unable to parse next token: DecodeBlockRowNext() bad next token b: 010000' },
      { name: 'a transaction token that is not base64url', refuse: () => refusal(txnNext, 'abc'), text: 'error while searching for transaction: DecodeTxnRowNext() decode err: illegal base64 data at input byte 0' },
      { name: 'a transaction token of the wrong length', refuse: () => refusal(txnNext, 'AQAAAAAAAAA='), text: 'error while searching for transaction: DecodeTxnRowNext() bad next token b: 0100000000000000' },
      { name: 'a box name without an encoding', refuse: () => refusal(boxNext, 'hi'), text: "SearchForApplicationBoxes received illegal next token (hi): all arguments and box names should be of the form 'encoding:value'" },
    ]
    for (const c of cases) {
      it(`refuses ${c.name}`, () => {
        const e = c.refuse()
        expect(e.status).toBe(400)
        expect(e.message.startsWith(c.text)).toBe(true)
      })
    }
  })

  describe('pageById', () => {
    const items = [5n, 1n, 9n, 3n, 7n].map((id) => ({ id }))

    it('walks every item once in id order, page by page', () => {
      const seen: bigint[] = []
      let token: string | null = null
      for (;;) {
        const { page, next }: { page: { id: bigint }[]; next?: string } = pageById(items, (t) => t.id, 2n, token)
        seen.push(...page.map((t) => t.id))
        if (next === undefined) break
        token = next
      }
      expect(seen).toEqual([1n, 3n, 5n, 7n, 9n])
    })

    it('gives no token after an empty page', () => {
      expect(pageById(items, (t) => t.id, 2n, '9')).toEqual({ page: [], next: undefined })
    })
  })

  it('orders addresses by their bytes, not their text', () => {
    const low = algosdk.encodeAddress(new Uint8Array(32).fill(1))
    // base32's digits come after Z in value but before A in text
    const high = algosdk.encodeAddress(new Uint8Array(32).fill(255))
    expect([high < low, addressKey(low) < addressKey(high)]).toEqual([true, true])
  })
})
