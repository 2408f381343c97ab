// Grove's snapshot cheats (Anvil's evm_snapshot / evm_revert): a test marks the chain, changes it,
// and returns to the mark in time proportional to what changed (the ledger's dev-snapshots.ts).
import { AlgodError, badRequest } from '../errors.ts'
import { jsonReply } from '../http.ts'
import type { AlgodReply, AlgodRequest } from '../http.ts'
import type { AlgodContext } from '../context.ts'

/** POST /grove/v1/snapshot: marks the tip; answers {id, round}. */
export async function snapshot(ctx: AlgodContext): Promise<AlgodReply> {
  const { id, round } = await ctx.node.snapshot()
  return jsonReply({ id, round: Number(round) })
}

/** POST /grove/v1/revert/{id}: returns the chain to snapshot `id`, consuming it and every later one; answers {round, undone}. */
export async function revert(ctx: AlgodContext, req: AlgodRequest): Promise<AlgodReply> {
  const raw = req.params.id ?? ''
  if (!/^\d{1,15}$/.test(raw)) throw badRequest(`a snapshot id is the whole number POST /grove/v1/snapshot answered, got ${JSON.stringify(raw.slice(0, 40))}`)
  const { round, undone } = await ctx.node.revert(Number(raw))
  return jsonReply({ round: Number(round), undone })
}

/** POST /grove/v1/state/dump: the chain as one state file (application/octet-stream), to check in and load later. */
export async function dumpState(ctx: AlgodContext): Promise<AlgodReply> {
  return { status: 200, contentType: 'application/octet-stream', body: await ctx.node.dumpState() }
}

/** POST /grove/v1/state/load (body: a state file): replaces the whole chain with the file's; answers {round}. */
export async function loadState(ctx: AlgodContext, req: AlgodRequest): Promise<AlgodReply> {
  if (ctx.loadState === undefined) throw new AlgodError(409, 'this algod cannot load a state (only a localnet started by startLocalnet or grove-localnet can)')
  await ctx.loadState(req.body)
  return jsonReply({ round: Number(ctx.node.lastRound()) })
}
