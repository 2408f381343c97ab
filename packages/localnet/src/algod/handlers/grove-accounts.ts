// Grove's account cheats (Anvil's anvil_setBalance, anvil_setStorageAt for a token): set what an account holds, for tests. Each
// takes effect in a block of its own, so it is logged, replayed after a restart and in the state delta.
import { badRequest } from '../errors.ts'
import { jsonReply, uintParam } from '../http.ts'
import type { AlgodReply, AlgodRequest } from '../http.ts'
import type { AlgodContext } from '../context.ts'
import { addressParam } from '../params.ts'

/** The refusal of a body that is not `{"amount": <uint64>}`. */
export const amountRefusal = (body: string): string =>
  `the body must be {"amount": <units>} with a whole number from 0 to 18446744073709551615 (a string for more than 2^53), got ${JSON.stringify(body.slice(0, 100))}`

/** `{"amount": n}` from the body: a safe integer, or a decimal string for larger amounts. */
function amountOf(req: AlgodRequest): bigint {
  const text = new TextDecoder().decode(req.body)
  let raw: unknown
  try {
    raw = (JSON.parse(text) as { amount?: unknown } | null)?.amount
  } catch {
    throw badRequest(amountRefusal(text))
  }
  const ok = (typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0) || (typeof raw === 'string' && /^\d{1,20}$/.test(raw) && BigInt(raw) <= 0xffffffffffffffffn)
  if (!ok) throw badRequest(amountRefusal(text))
  return BigInt(raw as number | string)
}

/** POST /grove/v1/accounts/{address}/balance {"amount"}: sets its microAlgos (creating the account); answers {round} of the cheat's block. */
export async function setBalance(ctx: AlgodContext, req: AlgodRequest): Promise<AlgodReply> {
  const address = addressParam(req)
  await ctx.node.setBalance(address, amountOf(req))
  return jsonReply({ round: Number(ctx.node.lastRound()) })
}

/** POST /grove/v1/accounts/{address}/assets/{asset-id} {"amount"}: sets its holding (in base units), opting it in when needed; answers {round}. */
export async function setHolding(ctx: AlgodContext, req: AlgodRequest): Promise<AlgodReply> {
  const address = addressParam(req)
  const asset = uintParam(req, 'asset-id')
  await ctx.node.setHolding(address, asset, amountOf(req))
  return jsonReply({ round: Number(ctx.node.lastRound()) })
}
