import { ed25519 } from '@noble/curves/ed25519.js'
import { describe, expect, it } from 'vitest'
import { elligator2, vrfVerify } from '../src/crypto/vrf.ts'

const hex = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, 'hex'))
const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex')

// ECVRF-ED25519-SHA512-Elligator2 test vectors of draft-irtf-cfrg-vrf-03 as Algorand's libsodium
// fork checks them (go-algorand crypto/libsodium-fork/test/default/vrf.c, the first six rows).
const vectors = [
  { pk: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a', proof: 'b6b4699f87d56126c9117a7da55bd0085246f4c56dbc95d20172612e9d38e8d7ca65e573a126ed88d4e30a46f80a666854d675cf3ba81de0de043c3774f061560f55edc256a787afe701677c0f602900', output: '5b49b554d05c0cd5a5325376b3387de59d924fd1e13ded44648ab33c21349a603f25b84ec5ed887995b33da5e3bfcb87cd2f64521c4c62cf825cffabbe5d31cc', alpha: '' },
  { pk: '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c', proof: 'ae5b66bdf04b4c010bfe32b2fc126ead2107b697634f6f7337b9bff8785ee111200095ece87dde4dbe87343f6df3b107d91798c8a7eb1245d3bb9c5aafb093358c13e6ae1111a55717e895fd15f99f07', output: '94f4487e1b2fec954309ef1289ecb2e15043a2461ecc7b2ae7d4470607ef82eb1cfa97d84991fe4a7bfdfd715606bc27e2967a6c557cfb5875879b671740b7d8', alpha: '72' },
  { pk: 'fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025', proof: 'dfa2cba34b611cc8c833a6ea83b8eb1bb5e2ef2dd1b0c481bc42ff36ae7847f6ab52b976cfd5def172fa412defde270c8b8bdfbaae1c7ece17d9833b1bcf31064fff78ef493f820055b561ece45e1009', output: '2031837f582cd17a9af9e0c7ef5a6540e3453ed894b62c293686ca3c1e319dde9d0aa489a4b59a9594fc2328bc3deff3c8a0929a369a72b1180a596e016b5ded', alpha: 'af82' },
  { pk: '8bddc92da92c0cdec13143a6270ec9d403040cdd4594a4010c48fdd0cfdc1259', proof: 'eec40e8cfa4ea3260ef2c77c459feae19b73af587c478c360276a7960e1442fbea0027f65efe26639eaf6ab51ea54639993d903f9933c99683ce3df4103ae6cc66621c222dfcea3ff4e592055d336b03', output: '98c8113fba551c032cf78fd23a49d9213b6603ce6258be2060d22d3cb006d0d75c54304d9bff507b5fea5ea33c1273c5528550a74c4e4ab765e4793d4137d534', alpha: '7f6819' },
  { pk: '6fe054540159c1cccacafdc00b357be745e6a6f5d88cdd212232d59a62fe700c', proof: '677f422313b3ec0763a7b0f177a41cdf487b0964ccf8335e324a1ac145c791673417f633fdd82d8b6f9016c95ad3f23c809a0dc87a97777b503218d697327c0de9ae970fdcb64ee52aa2e4d4659e3301', output: '3e1fc65dce1e962b0c250dd839aeda46d595105e748fcb5e0c2af7cb4b88b65d2786ca6beb1e6f9e87fc51271463744e6e22fe039bd4dbc7fb1976450b570937', alpha: 'ef97d7cd' },
  { pk: '23c3d11e8add6774703cb37fd640d5dbf7271632717a7b6d93ef81c56e7cfea7', proof: '48c8dd1ee07d9d1187217cbaa0e75bbd86dd9fa6f68b6c50f44282403dc29bbda31db087f868625f85a778eab202c350771b172860176dfeb504cd7fed5c485e9bbc79612153f05e00b3c312e0a4c001', output: '1277372ed92744fef3190e1334d64dc78f562a0d8698ebbbd67732a671fe86f32f6546c41d4544a95106306ce3f73b7ac28d9cc0ac0b16b38d1350b3f45137be', alpha: '26cfa42eec' },
]

describe('vrfVerify', () => {
  it.each(vectors)('verifies the proof for alpha=0x$alpha and returns its output', ({ pk, proof, output, alpha }) => {
    const r = vrfVerify(hex(pk), hex(proof), hex(alpha))
    expect(r.ok).toBe(true)
    expect(toHex(r.output)).toBe(output)
  })

  it.each(vectors)('rejects the proof for alpha=0x$alpha with another message, returning zeros', ({ pk, proof, alpha }) => {
    const r = vrfVerify(hex(pk), hex(proof), hex(alpha + '00'))
    expect(r.ok).toBe(false)
    expect(toHex(r.output)).toBe('00'.repeat(64))
  })

  it('rejects a proof whose c was changed', () => {
    const { pk, proof, alpha } = vectors[1]!
    const p = hex(proof)
    p[40]! ^= 1
    expect(vrfVerify(hex(pk), p, hex(alpha)).ok).toBe(false)
  })

  it('reduces an s ≥ L instead of rejecting it, as libsodium does', () => {
    const { pk, proof, alpha, output } = vectors[0]!
    const p = hex(proof)
    // s + L, little-endian, in the last 32 bytes.
    let s = 0n
    for (let i = 79; i >= 48; i--) s = (s << 8n) | BigInt(p[i]!)
    s += 2n ** 252n + 27742317777372353535851937790883648493n
    for (let i = 48; i < 80; i++) {
      p[i] = Number(s & 0xffn)
      s >>= 8n
    }
    const r = vrfVerify(hex(pk), p, hex(alpha))
    expect(r.ok).toBe(true)
    expect(toHex(r.output)).toBe(output)
  })

  it('rejects small-order and non-canonical public keys and wrong sizes', () => {
    const { proof } = vectors[0]!
    expect(vrfVerify(hex('01' + '00'.repeat(31)), hex(proof), new Uint8Array()).ok).toBe(false)
    expect(vrfVerify(hex('ee' + 'ff'.repeat(30) + '7f'), hex(proof), new Uint8Array()).ok).toBe(false)
    expect(vrfVerify(hex(vectors[0]!.pk), hex(proof).subarray(1), new Uint8Array()).ok).toBe(false)
  })

  it('rejects an all-zero key and proof (go-algorand TestVrfVerify)', () => {
    const r = vrfVerify(new Uint8Array(32), new Uint8Array(80), hex('3344'))
    expect(r.ok).toBe(false)
    expect(toHex(r.output)).toBe('00'.repeat(64))
  })
})

describe('elligator2', () => {
  it('maps to a point in the prime-order subgroup (output is 8·P)', () => {
    const pt = ed25519.Point.fromBytes(elligator2(hex('11'.repeat(31) + '01')))
    expect(pt.isTorsionFree()).toBe(true)
    expect(pt.is0()).toBe(false)
  })
})
