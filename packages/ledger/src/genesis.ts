// The dev network's genesis, as AlgoKit LocalNet's (go-algorand's docker devmode template): id
// `dockernet-v1` (tools recognise a localnet by it), Wallet1, Wallet2 and Wallet3 holding 40/40/20
// of go's 10 billion Algos, online with participation keys for rounds 0–30,000, derived from
// fixed seeds so kmd can hold their keys, plus the fee sink and rewards pool algod's genesis always has.

import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto'
import algosdk from 'algosdk'
import { CURRENT_PROTO, FUTURE_PROTO, type ConsensusParams } from '@grove/avm'
import { sha512_256 } from './hash.ts'

/** PKCS#8 DER header of an ed25519 private key; the 32-byte seed follows it. */
const ED25519_PKCS8 = Buffer.from('302e020100300506032b657004220420', 'hex')

/** An ed25519 private key of node's crypto from its 32-byte seed (kmd signs with it too). */
export function ed25519PrivateKey(seed: Uint8Array): KeyObject {
  return createPrivateKey({ key: Buffer.concat([ED25519_PKCS8, seed]), format: 'der', type: 'pkcs8' })
}

/** The ed25519 public key of a seed, by node's crypto (tweetnacl's scalar multiplication costs tens of ms, a startup's worth). */
function ed25519PublicKey(seed: Uint8Array): Uint8Array {
  const key = ed25519PrivateKey(seed)
  // SPKI DER of an ed25519 key ends with the 32-byte public key
  return new Uint8Array(createPublicKey(key).export({ format: 'der', type: 'spki' }).subarray(-32))
}

/** The genesis id AlgoKit LocalNet uses. */
export const GENESIS_ID = 'dockernet-v1'
/**
 * Which consensus protocol a localnet runs: `current` is go-algorand's ConsensusCurrentVersion (as
 * AlgoKit LocalNet runs since algokit-cli 2.0.6), `future` its vFuture (the next AVM version on top).
 */
export type Consensus = 'current' | 'future'
/** Each consensus's version string, as algod reports it in status, headers, params and genesis. */
export const CONSENSUS_VERSIONS: Readonly<Record<Consensus, string>> = {
  // go-algorand's ConsensusV42 (protocol/consensus.go), its ConsensusCurrentVersion
  current: 'https://github.com/algorandfoundation/specs/tree/268b63433a907455d439995bf916f6b296018f4f',
  future: 'future',
}
/** The consensus parameters the AVM and the ledger apply under each. */
export const CONSENSUS_PARAMS: Readonly<Record<Consensus, ConsensusParams>> = { current: CURRENT_PROTO, future: FUTURE_PROTO }
/** The default consensus's version string (a localnet runs `current` unless told otherwise). */
export const PROTOCOL = CONSENSUS_VERSIONS.current

/** The consensus a version string names; undefined for one this ledger does not run. */
export function consensusOf(version: string): Consensus | undefined {
  return (Object.keys(CONSENSUS_VERSIONS) as Consensus[]).find((c) => CONSENSUS_VERSIONS[c] === version)
}
/** go's gen.TotalMoney: what the template's wallet stakes divide (10 billion Algos). */
const TOTAL_MONEY = 10_000_000_000_000_000n
/** The devmode template's stakes, in percent, for Wallet1..3. */
const STAKES = [40n, 40n, 20n]
/** microAlgos Wallet1 and Wallet2 start with (40% each: 4 billion Algos); Wallet3 holds half that. */
export const GENESIS_ACCOUNT_BALANCE = (TOTAL_MONEY / 100n) * STAKES[0]
/** The participation keys' last round: the docker image's NUM_ROUNDS default (its template's LastPartKeyRound). */
export const GENESIS_VOTE_LAST = 30_000n
/** go's DefaultKeyDilution, which gen uses when the template sets none. */
const DEFAULT_KEY_DILUTION = 10_000n
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
    const publicKey = ed25519PublicKey(seed)
    const secretKey = new Uint8Array([...seed, ...publicKey])
    out.push({
      address: algosdk.encodeAddress(publicKey),
      secretKey,
      mnemonic: algosdk.secretKeyToMnemonic(secretKey),
      balance: (TOTAL_MONEY / 100n) * STAKES[i],
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
 * The fee sink and rewards pool never participate, as in every go genesis; the wallets are online,
 * as the devmode template makes them (tools find the dispenser as the funded account not offline).
 */
export function genesisStatus(address: string): 0 | 1 | 2 {
  return address === FEE_SINK || address === REWARDS_POOL ? 2 : 1
}

/** An online genesis account's registered participation (go's VotingData). */
export interface GenesisParticipation {
  voteId: Uint8Array
  selectionId: Uint8Array
  stateProofId: Uint8Array
  voteFirst: bigint
  voteLast: bigint
  voteKeyDilution: bigint
}

/**
 * The participation keys a wallet is registered with: go generates them at random; ours come from
 * fixed seeds so every fresh localnet has the same genesis (a dev-mode node never votes with them).
 */
export function genesisParticipation(address: string): GenesisParticipation | undefined {
  if (genesisStatus(address) !== 1) return undefined
  let p = participations.get(address)
  if (p === undefined) {
    const enc = (what: string): Uint8Array => new TextEncoder().encode(`grove-localnet-${what}-${address}`)
    p = {
      voteId: ed25519PublicKey(sha512_256(enc('vote'))),
      selectionId: sha512_256(enc('selection')),
      stateProofId: new Uint8Array(createHash('sha512').update(enc('state-proof')).digest()),
      voteFirst: 0n,
      voteLast: GENESIS_VOTE_LAST,
      voteKeyDilution: DEFAULT_KEY_DILUTION,
    }
    participations.set(address, p)
  }
  return { ...p, voteId: p.voteId.slice(), selectionId: p.selectionId.slice(), stateProofId: p.stateProofId.slice() }
}

const participations = new Map<string, GenesisParticipation>()

const hashes = new Map<Consensus, Uint8Array>()

/** SHA512/256 over the canonical msgpack of the genesis id, protocol and allocation (with each account's status and keys). */
export function genesisHash(consensus: Consensus = 'current'): Uint8Array {
  let hash = hashes.get(consensus)
  if (hash === undefined) hashes.set(consensus, (hash = computeGenesisHash(consensus)))
  return hash.slice()
}

/** The consensus whose genesis has this hash; undefined for another genesis. */
export function consensusOfGenesis(hash: Uint8Array): Consensus | undefined {
  return (Object.keys(CONSENSUS_VERSIONS) as Consensus[]).find((c) => Buffer.from(genesisHash(c)).equals(hash))
}

function computeGenesisHash(consensus: Consensus): Uint8Array {
  const alloc = [...genesisAllocation()].map(([addr, amt]) => {
    const p = genesisParticipation(addr)
    const state = new Map<string, unknown>([['algo', amt], ['onl', genesisStatus(addr)]])
    if (p !== undefined) {
      state.set('sel', p.selectionId).set('stprf', p.stateProofId).set('vote', p.voteId).set('voteKD', p.voteKeyDilution).set('voteLst', p.voteLast)
    }
    return new Map<string, unknown>([['addr', addr], ['state', state]])
  })
  const doc = new Map<string, unknown>([['alloc', alloc], ['id', GENESIS_ID], ['proto', CONSENSUS_VERSIONS[consensus]]])
  return sha512_256(new TextEncoder().encode('GE'), algosdk.msgpackRawEncode(doc))
}
