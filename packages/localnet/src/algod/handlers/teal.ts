// /v2/teal/*: compile and disassemble with @grove/avm, as algod's developer API does.
import algosdk from 'algosdk'
import { assemble, disassemble, formatAssemblyError, programHash } from '@grove/avm'
import { badRequest } from '../errors.ts'
import { boolQuery, jsonReply } from '../http.ts'
import type { AlgodReply, AlgodRequest } from '../http.ts'

/** algod's cap on a TEAL request body (MaxTealSourceBytes). */
export const MAX_TEAL_SOURCE_BYTES = 512 * 1024

function limitedBody(req: AlgodRequest): Uint8Array {
  if (req.body.length > MAX_TEAL_SOURCE_BYTES) throw badRequest('http: request body too large')
  return req.body
}

/** POST /v2/teal/compile: base64 bytecode, the program's address and, if asked, the source map. */
export function tealCompile(req: AlgodRequest): AlgodReply {
  const sourcemap = boolQuery(req, 'sourcemap') ?? false
  const source = new TextDecoder().decode(limitedBody(req))
  const result = assemble(source)
  if (!result.ok || !result.program) {
    const errors = result.errors.map(formatAssemblyError)
    // go's ReportMultipleErrors: a lone error gets a count prefix, otherwise up to ten of each kind
    const text =
      errors.length === 1 && result.warnings.length === 0
        ? `1 error: ${errors[0]}\n`
        : [...errors.slice(0, 10), ...result.warnings.slice(0, 10)].map((line) => line + '\n').join('')
    throw badRequest(text)
  }
  return jsonReply({
    hash: algosdk.encodeAddress(programHash(result.program)),
    result: algosdk.bytesToBase64(result.program),
    ...(sourcemap ? { sourcemap: result.sourceMap } : {}),
  })
}

/** POST /v2/teal/disassemble: bytecode in, TEAL text out. */
export function tealDisassemble(req: AlgodRequest): AlgodReply {
  let text: string
  try {
    text = disassemble(limitedBody(req))
  } catch (e) {
    throw badRequest(e instanceof Error ? e.message : String(e))
  }
  return jsonReply({ result: text })
}
