// Splits TEAL source lines into tokens the way go-algorand's tokensFromLine does: spaces, tabs
// and ';' separate (';' is itself a token), '//' starts a comment except inside a string or a
// base64(...) literal, and quoted strings keep their spaces. Columns are UTF-8 byte offsets,
// because algod reports them that way.

/** A token with its 1-based line and 0-based byte column. */
export interface Token {
  str: string
  col: number
  line: number
}

const identity = (i: number): number => i
const isSep = (c: string): boolean => c === ' ' || c === '\t' || c === ';'

const utf8 = new TextEncoder()
/** Length of a string in UTF-8 bytes. */
export function byteLength(s: string): number {
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(s) ? s.length : utf8.encode(s).length
}

/** Tokens of one source line, comments removed. */
export function tokensFromLine(line: string, lineno: number): Token[] {
  const ascii = !/[^\x00-\x7f]/.test(line) // eslint-disable-line no-control-regex
  const col = ascii ? identity : (i: number): number => byteLength(line.slice(0, i))
  const tokens: Token[] = []
  const n = line.length
  let i = 0
  while (i < n && isSep(line[i])) {
    if (line[i] === ';') tokens.push({ str: ';', col: col(i), line: lineno })
    i++
  }
  let start = i
  let inString = false
  let inBase64 = false
  while (i < n) {
    const c = line[i]
    if (!isSep(c)) {
      if (c === '"') {
        if (!inString) {
          if (i === 0 || isSep(line[i - 1])) inString = true
        } else if (line[i - 1] !== '\\') inString = false
      } else if (c === '/') {
        if (i < n - 1 && line[i + 1] === '/' && !inBase64 && !inString) {
          if (start !== i) tokens.push({ str: line.slice(start, i), col: col(start), line: lineno })
          return tokens
        }
      } else if (c === '(') {
        const prefix = line.slice(start, i)
        if (prefix === 'base64' || prefix === 'b64') inBase64 = true
      } else if (c === ')') {
        inBase64 = false
      }
      i++
      continue
    }
    if (!inString) {
      const s = line.slice(start, i)
      tokens.push({ str: s, col: col(start), line: lineno })
      if (c === ';') tokens.push({ str: ';', col: col(i), line: lineno })
      if (inBase64) inBase64 = false
      else if (s === 'base64' || s === 'b64') inBase64 = true
    }
    i++
    if (!inString) {
      while (i < n && isSep(line[i])) {
        if (line[i] === ';') tokens.push({ str: ';', col: col(i), line: lineno })
        i++
      }
      start = i
    }
  }
  if (start < n) tokens.push({ str: line.slice(start, i), col: col(start), line: lineno })
  return tokens
}
