// Grove's program cheat (Anvil's anvil_setCode): replaces a deployed app's programs on a dev chain,
// so a test can migrate a contract in place (same id, address, state and boxes). It takes effect in
// a block of its own, logged and replayed after a restart like the account cheats.
import { badRequest } from '../errors.ts'
import { jsonReply, uintParam } from '../http.ts'
import type { AlgodReply, AlgodRequest } from '../http.ts'
import type { AlgodContext } from '../context.ts'

/** The refusal of a body that is not `{"approval": <base64>, "clear"?: <base64>}`. */
export const programRefusal = (body: string): string =>
  `the body must be {"approval": "<base64 program>"} with an optional "clear": "<base64 program>" (compiled bytes, as /v2/teal/compile answers), got ${JSON.stringify(body.slice(0, 100))}`

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** A base64 program from the body, or undefined when the field is absent. */
function program(value: unknown, text: string): Uint8Array | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !BASE64.test(value)) throw badRequest(programRefusal(text))
  return new Uint8Array(Buffer.from(value, 'base64'))
}

/** POST /grove/v1/apps/{id}/program {"approval", "clear"?}: replaces the app's programs; answers {round} of the cheat's block. */
export async function setProgram(ctx: AlgodContext, req: AlgodRequest): Promise<AlgodReply> {
  const app = uintParam(req, 'application-id')
  const text = new TextDecoder().decode(req.body)
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    throw badRequest(programRefusal(text))
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || Object.keys(raw).some((k) => k !== 'approval' && k !== 'clear')) throw badRequest(programRefusal(text))
  const body = raw as { approval?: unknown; clear?: unknown }
  const approval = program(body.approval, text)
  if (approval === undefined) throw badRequest(programRefusal(text))
  await ctx.node.setProgram(app, approval, program(body.clear, text))
  return jsonReply({ round: Number(ctx.node.lastRound()) })
}
