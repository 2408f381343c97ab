// The localnet's servers log each answer of 5xx here: one line of JSON on stderr with what was
// asked and the cause, so a failure is found in `npm start`'s output as in the CLI's.

/** Where the lines go (stderr); a test may read them through `onServerError`. */
let sink: (line: string) => void = (line) => void process.stderr.write(line + '\n')

/** Sends the lines to `to` instead of stderr (until called again); returns the previous sink. */
export function onServerError(to: (line: string) => void): (line: string) => void {
  const previous = sink
  sink = to
  return previous
}

/** Logs a 5xx answer of `service` to `method url`, with the error that caused it. */
export function logServerError(service: 'algod' | 'kmd' | 'indexer', method: string | undefined, url: string | undefined, status: number, error: unknown): void {
  const e = error instanceof Error ? error : new Error(String(error))
  sink(JSON.stringify({ level: 'error', time: new Date().toISOString(), service, method, url, status, error: e.message, stack: e.stack }))
}
