// HTTP errors as data: the one error handler turns these (and schema validation failures) into
// `{ statusCode, error, message }`.

/** A request error with its status code and a message meant for the caller. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message)
  }
}

/** 404 for an id that names nothing. */
export const notFound = (what: string) => new HttpError(404, `${what} does not exist`)
/** 400 for a parameter the schema cannot express (a bad cursor, an inverted range). */
export const badRequest = (message: string) => new HttpError(400, message)

/** The reason phrase of a status code the API answers with. */
export function reason(status: number): string {
  return ({ 400: 'Bad Request', 404: 'Not Found', 405: 'Method Not Allowed', 408: 'Request Timeout', 413: 'Payload Too Large', 415: 'Unsupported Media Type', 429: 'Too Many Requests', 500: 'Internal Server Error', 503: 'Service Unavailable' } as Record<number, string>)[status] ?? 'Error'
}
