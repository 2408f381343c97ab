// kmd's signatures by node's crypto are tweetnacl's (the reference algosdk signs with) to the byte:
// ed25519 is deterministic, so for any key and message both give the same 64 bytes, and algosdk's
// verifier accepts them.
import { createHash } from 'node:crypto'
import nacl from 'tweetnacl'
import { describe, expect, it } from 'vitest'
import { signDetached } from '../src/kmd/crypto.ts'

describe('kmd signDetached', () => {
  it('signs as tweetnacl does, for 64 seeded random seeds and messages', () => {
    // a hash chain as the seeded source: the same cases on every machine
    let state = new Uint8Array(32)
    const next = () => (state = new Uint8Array(createHash('sha256').update(state).digest()))
    for (let i = 0; i < 64; i++) {
      const seed = next()
      const message = Uint8Array.from({ length: i % 150 }, () => next()[0]!)
      const { secretKey, publicKey } = nacl.sign.keyPair.fromSeed(seed)
      const sig = signDetached(message, secretKey)
      expect(sig).toEqual(nacl.sign.detached(message, secretKey))
      expect(nacl.sign.detached.verify(message, sig, publicKey)).toBe(true)
    }
  })

  it('signs with the key of the secret it is given, not one it signed with before', () => {
    const a = nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(1))
    const b = nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(2))
    const message = new TextEncoder().encode('TX')
    expect(nacl.sign.detached.verify(message, signDetached(message, a.secretKey), a.publicKey)).toBe(true)
    expect(nacl.sign.detached.verify(message, signDetached(message, b.secretKey), b.publicKey)).toBe(true)
    expect(nacl.sign.detached.verify(message, signDetached(message, b.secretKey), a.publicKey)).toBe(false)
  })
})
