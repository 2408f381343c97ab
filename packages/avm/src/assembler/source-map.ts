// Source maps in algod's /v2/teal/compile?sourcemap=true format (go-algorand sourcemap.go):
// one `;`-separated segment per program counter, each a base64-VLQ delta of
// [generated column 0, source index 0, line delta, column delta]; pcs that start no
// instruction get an empty segment.

/** A version 3 source map as algod returns it. */
export interface SourceMap {
  version: 3
  sources: string[]
  names: string[]
  mappings: string
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

function vlq(v: number): string {
  let x = v < 0 ? (-v << 1) | 1 : v << 1
  let out = ''
  while (x >= 32) {
    out += B64[32 | (x & 31)]
    x >>= 5
  }
  return out + B64[x]
}

/** Builds the map from pc → 0-based source line and byte column. */
export function buildSourceMap(sources: string[], locations: Map<number, { line: number; column: number }>): SourceMap {
  let maxPc = 0
  for (const pc of locations.keys()) if (pc > maxPc) maxPc = pc
  const segments: string[] = []
  let prevLine = 0
  let prevCol = 0
  for (let pc = 0; pc <= maxPc; pc++) {
    const loc = locations.get(pc)
    if (!loc) {
      segments.push('')
      continue
    }
    segments.push(vlq(0) + vlq(0) + vlq(loc.line - prevLine) + vlq(loc.column - prevCol))
    prevLine = loc.line
    prevCol = loc.column
  }
  return { version: 3, sources, names: [], mappings: segments.join(';') }
}
