// The dev network's genesis: id `dockernet-v1` (tools recognise a localnet by it), three
// funded accounts derived from fixed seeds so kmd can hold their keys, plus the fee sink and
// rewards pool algod's genesis always has.

import algosdk from 'algosdk'
import nacl from 'tweetnacl'
import { sha512_256 } from './hash.ts'

/** The genesis id AlgoKit LocalNet uses. */
export const GENESIS_ID = 'dockernet-v1'
/** The consensus protocol reported in status and block headers. */
export const PROTOCOL = 'future'
/** microAlgos each genesis account starts with (4 billion Algos, AlgoKit's localnet figure). */
export const GENESIS_ACCOUNT_BALANCE = 4_000_000_000_000_000n
/** The fee sink (where fees go), as on every Algorand network. */
export const FEE_SINK = 'A7NMWS3NT3IUDMLVO26ULGXGIIOUQ3ND2TXSER6EBGRZNOBOUIQXHIBGDE'
/** The rewards pool. */
export const REWARDS_POOL = '7777777777777777777777777777777777777777777777777774MSJUVU'

/** One funded genesis account with its keys. */
export interface GenesisAccount {
  address: string
  /** 64-byte ed25519 secret key (seed ‖ public key), as algosdk and kmd use. */
  secretKey: Uint8Array
  /** The 25-word mnemonic. */
  mnemonic: string
  /** Starting balance in microAlgos. */
  balance: bigint
}

let derived: GenesisAccount[] | undefined

/** The three funded accounts, always the same keys: seed i = SHA512/256("grove-localnet-genesis-" ‖ i). */
export function genesisAccounts(): GenesisAccount[] {
  // deriving the keys is a scalar multiplication each (milliseconds in tweetnacl), so derive once
  derived ??= deriveGenesisAccounts()
  return derived.map((a) => ({ ...a, secretKey: a.secretKey.slice() }))
}

function deriveGenesisAccounts(): GenesisAccount[] {
  const out: GenesisAccount[] = []
  for (let i = 0; i < 3; i++) {
    const seed = sha512_256(new TextEncoder().encode(`grove-localnet-genesis-${i}`))
    const keys = nacl.sign.keyPair.fromSeed(seed)
    out.push({
      address: algosdk.encodeAddress(keys.publicKey),
      secretKey: keys.secretKey,
      mnemonic: algosdk.secretKeyToMnemonic(keys.secretKey),
      balance: GENESIS_ACCOUNT_BALANCE,
    })
  }
  return out
}

/** The genesis allocation: address → microAlgos (fee sink and rewards pool hold the minimum balance). */
export function genesisAllocation(): Map<string, bigint> {
  const alloc = new Map<string, bigint>()
  for (const a of genesisAccounts()) alloc.set(a.address, a.balance)
  alloc.set(FEE_SINK, 100_000n)
  alloc.set(REWARDS_POOL, 125_000n)
  return alloc
}

/**
 * A genesis account's consensus status (go's `onl`: 0 Offline, 1 Online, 2 NotParticipating).
 * The fee sink and rewards pool never participate, as in every go genesis. go's localnet
 * template brings its wallets online with generated participation keys; a dev-mode node never
 * votes, so ours start Offline without keys (a keyreg brings one online).
 */
export function genesisStatus(address: string): 0 | 1 | 2 {
  return address === FEE_SINK || address === REWARDS_POOL ? 2 : 0
}

/** SHA512/256 over the canonical msgpack of the genesis id, protocol and allocation. */
export function genesisHash(): Uint8Array {
  const alloc = [...genesisAllocation()].map(([addr, amt]) => new Map<string, unknown>([['addr', addr], ['algo', amt]]))
  const doc = new Map<string, unknown>([['alloc', alloc], ['id', GENESIS_ID], ['proto', PROTOCOL]])
  return sha512_256(new TextEncoder().encode('GE'), algosdk.msgpackRawEncode(doc))
}
