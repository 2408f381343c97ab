// Cheat codes as plain functions (Anvil's anvil_mine and friends): each sends one /grove/v1 call to
// a running localnet's algod with its token, so they work against `grove-localnet start`,
// `npm start` and startLocalnet() alike. A refusal is thrown with the localnet's own sentence.
import type { Endpoint } from './start-localnet.ts'

/** A cheat the localnet refused: its HTTP status and its sentence. */
export class CheatError extends Error {
  override name = 'CheatError'
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** Sends one /grove/v1 call (a JSON body, or bytes as they are); resolves with its JSON answer (undefined when empty), or with its bytes when `binary`. */
async function grove(algod: Endpoint, method: 'GET' | 'POST', path: string, body?: unknown, binary = false): Promise<unknown> {
  const raw = body instanceof Uint8Array
  const res = await fetch(`${algod.url.replace(/\/+$/, '')}/grove/v1/${path}`, {
    method,
    headers: { 'X-Algo-API-Token': algod.token, ...(body === undefined ? {} : { 'Content-Type': raw ? 'application/octet-stream' : 'application/json' }) },
    ...(body === undefined ? {} : { body: raw ? body : JSON.stringify(body) }),
  })
  if (binary && res.ok) return new Uint8Array(await res.arrayBuffer())
  const text = await res.text()
  const json: unknown = text === '' ? undefined : JSON.parse(text)
  if (!res.ok) throw new CheatError(res.status, (json as { message?: string } | undefined)?.message ?? `algod answered ${res.status}`)
  return json
}

/** Seals `blocks` empty blocks (1 to 10,000), stamped as any block is; resolves with the last one's round. */
export async function mine(algod: Endpoint, blocks: number): Promise<{ round: number }> {
  return (await grove(algod, 'POST', `mine/${blocks}`)) as { round: number }
}

/** Sets an account's microAlgos (creating it), in a block of its own; resolves with that block's round. */
export async function setBalance(algod: Endpoint, address: string, microAlgos: bigint | number): Promise<{ round: number }> {
  return (await grove(algod, 'POST', `accounts/${address}/balance`, { amount: String(microAlgos) })) as { round: number }
}

/** Sets an account's holding of an asset in base units (opting it in when needed), in a block of its own; resolves with that block's round. */
export async function setHolding(algod: Endpoint, address: string, assetId: bigint | number, amount: bigint | number): Promise<{ round: number }> {
  return (await grove(algod, 'POST', `accounts/${address}/assets/${assetId}`, { amount: String(amount) })) as { round: number }
}

/**
 * Replaces app `appId`'s approval program (and its clear state program when given) with compiled
 * bytes, in a block of its own (Anvil's anvil_setCode); resolves with that block's round.
 */
export async function setProgram(algod: Endpoint, appId: bigint | number, approval: Uint8Array, clear?: Uint8Array): Promise<{ round: number }> {
  const b64 = (b: Uint8Array): string => Buffer.from(b).toString('base64')
  return (await grove(algod, 'POST', `apps/${appId}/program`, { approval: b64(approval), ...(clear === undefined ? {} : { clear: b64(clear) }) })) as { round: number }
}

/** Marks the chain's tip to revert to (Anvil's evm_snapshot); resolves with the snapshot's id and round. */
export async function snapshot(algod: Endpoint): Promise<{ id: number; round: number }> {
  return (await grove(algod, 'POST', 'snapshot')) as { id: number; round: number }
}

/**
 * Returns the whole chain (accounts, apps, boxes, blocks, the indexer's view) to snapshot `id`
 * (Anvil's evm_revert), consuming it and every later one; resolves with the round it is back at and
 * how many writes were undone (what changed since, not the state's size).
 */
export async function revert(algod: Endpoint, id: number): Promise<{ round: number; undone: number }> {
  return (await grove(algod, 'POST', `revert/${id}`)) as { round: number; undone: number }
}

/** The chain as one state file (Anvil's anvil_dumpState): bytes to write to a file, check in, and load later. */
export async function dumpState(algod: Endpoint): Promise<Uint8Array> {
  return (await grove(algod, 'POST', 'state/dump', undefined, true)) as Uint8Array
}

/** Replaces the whole chain with a state file's (Anvil's anvil_loadState); resolves with the round it is at. */
export async function loadState(algod: Endpoint, state: Uint8Array): Promise<{ round: number }> {
  return (await grove(algod, 'POST', 'state/load', state)) as { round: number }
}
